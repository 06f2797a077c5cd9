import LocflowCore

/// Korean for the model's words: each rule's sentence, events, outputs and states as the log,
/// the status line and the details show them. Apple's identifiers stay as Apple writes them.
extension Korean {
    static let rules: [Rule: String] = [
        .launchByPerson: "사용자가 앱을 엽니다: 새 프로세스가 포그라운드에서 시작되고 CLLocationManager 하나를 만듭니다",
        .systemRelaunch: "시스템이 앱을 백그라운드에서 실행합니다. 앱은 CLLocationManager 하나를 만듭니다",
        .systemTerminate: "시스템이 앱의 프로세스를 끝냅니다",
        .forceQuit: "사용자가 앱 전환기에서 앱을 쓸어 올려 닫습니다: 프로세스가 끝납니다",
        .toBackground: "앱이 포그라운드를 떠납니다. 유예 시간 동안은 계속 사용 중입니다",
        .toForeground: "앱이 포그라운드로 돌아옵니다",
        .alreadyForeground: "앱이 이미 포그라운드에 있습니다: 바뀌는 것이 없습니다",
        .alreadyNotForeground: "앱이 포그라운드에 있지 않습니다: 떠날 것이 없습니다",
        .alreadyTerminated: "앱이 실행 중이 아닙니다: 끝낼 것이 없습니다",
        .suspended: "시스템이 백그라운드의 앱을 일시 중단합니다: 앱의 코드가 멈춥니다",
        .suspendAfterDelay: "연속 백그라운드 위치가 없는 백그라운드 앱은 suspendDelay 뒤에 일시 중단됩니다",
        .suspendNeedsBackground: "시스템의 일시 중단에는 백그라운드의 앱이 필요합니다",
        .relaunchNeedsTerminated: "시스템의 재실행에는 실행 중이 아닌 앱이 필요합니다",
        .resumeDeliversHeld: "일시 중단된 앱이 다시 실행됩니다. 중단된 동안 보류된 변경이 이제 한 번 전달되며, 마지막으로 전달된 값과 같으면 전달되지 않습니다 (애플 문서: 권한이 바뀔 때 호출)",
        .callbackAtLaunch: "CLLocationManager를 만들면 현재 권한이 delegate에 전달됩니다",
        .callbackOnChange: "앱이 읽는 권한이 바뀌었습니다: delegate가 호출됩니다",
        .callbackHeldWhileSuspended: "일시 중단된 앱은 권한 변경으로 깨어나지 않습니다: 콜백은 다시 실행될 때까지 기다립니다",
        .appNotRunning: "앱의 코드가 실행 중이 아니어서 아무것도 호출할 수 없습니다",
        .inUseGraceEnds: "포그라운드를 떠난 뒤의 유예 시간이 끝났습니다: 앱은 더 이상 사용 중이 아닙니다",
        .requestNotInUse: "요청은 효과가 없습니다: 알림을 보이려면 앱이 포그라운드에 있어야 합니다",
        .missingWhenInUseKey: "요청은 효과가 없습니다: Info.plist에 NSLocationWhenInUseUsageDescription이 없습니다",
        .missingAlwaysKey: "항상 허용을 요청할 수 없습니다: Info.plist에 NSLocationAlwaysAndWhenInUseUsageDescription이 없습니다",
        .requestRestricted: "요청은 효과가 없습니다: 이 앱의 위치 접근은 제한되어 있습니다",
        .requestWhilePrompting: "요청은 효과가 없습니다: 권한 알림이 이미 떠 있습니다",
        .whenInUseNeedsNotDetermined: "requestWhenInUseAuthorization은 상태가 notDetermined일 때만 알림을 띄웁니다",
        .whenInUsePrompt: "notDetermined에서 requestWhenInUseAuthorization은 사용하는 동안 허용 알림을 띄웁니다",
        .legacyWhenInUsePrompt: "iOS 12: requestWhenInUseAuthorization은 버튼 두 개짜리 알림을 띄웁니다",
        .visionOSAlwaysIsWhenInUse: "visionOS에서 requestAlwaysAuthorization은 requestWhenInUseAuthorization으로 처리됩니다",
        .alwaysOneShot: "requestAlwaysAuthorization 무시됨: 앱마다 한 번만 통하며 이미 사용했습니다",
        .alwaysFromNotDetermined: "notDetermined에서 requestAlwaysAuthorization은 먼저 사용하는 동안 허용 알림을 띄웁니다",
        .legacyAlwaysPrompt: "iOS 12: requestAlwaysAuthorization은 선택지 세 개짜리 알림을 띄웁니다",
        .alwaysIgnoredAfterAllowOnce: "requestAlwaysAuthorization 무시됨: 앱이 한 번 허용을 가지고 있습니다",
        .ignoredAlwaysUsesOneShot: "무시된 항상 허용 요청도 한 번뿐인 요청을 써 버립니다 (가정 ignoredAlwaysRequestUsesOneShot)",
        .immediateUpgrade: "iOS 13.4+: 영구적인 사용하는 동안 허용에서 항상 허용을 요청하면 곧바로 업그레이드 알림이 뜹니다",
        .ios13ProvisionalFromWhenInUse: "iOS 13.0-13.3: 사용하는 동안 허용에서 항상 허용을 요청하면 알림 없이 임시 항상 허용이 됩니다",
        .liveUpdatesResume: "일시 중단된 앱이 받을 수 있는 liveUpdates를 반복합니다: Core Location이 새 업데이트와 함께 앱을 백그라운드에서 다시 실행합니다 (기기가 위치를 가지고 움직이는 동안 계속 실행)",
        .monitorEventResumes: "일시 중단된 앱이 전달할 수 있는 모니터를 반복합니다: 조건 이벤트가 앱을 백그라운드에서 다시 실행합니다",
        .visionOSUnavailable: "visionOS의 호환 iPad 또는 iPhone 앱에서는 쓸 수 없습니다: 아무것도 하지 않고 아무것도 전달하지 않습니다",
        .visionOSNotInUseInBackground: "visionOS는 사용자가 앱을 보는 동안과 그 직후만 사용 중으로 칩니다: 백그라운드에서 사용 중을 유지하는 것은 없습니다",
        .clockLimit: "가상 시계는 10,000년을 넘지 않습니다: 그 너머의 대기는 거부됩니다 (iOS가 아닌 locflow의 한계)",
        .timerLimit: "한 번의 대기는 타이머를 최대 100,000개, 한 번의 실행은 1,000,000개까지 실행합니다: 그 너머의 대기는 거부됩니다 (iOS가 아닌 locflow의 한계)",
        .alwaysNothingToDo: "denied, restricted, 항상 허용 상태에서 requestAlwaysAuthorization은 효과가 없습니다",
        .needsIOS14: "iOS 14 이상이 필요합니다",
        .needsIOS17: "iOS 17 이상이 필요합니다",
        .needsIOS18: "iOS 18 이상이 필요합니다",
        .purposeKeyMissing: "목적 키가 NSLocationTemporaryUsageDescriptionDictionary에 없습니다: 알림 없이 kCLErrorPromptDeclined",
        .temporaryInBackground: "백그라운드에서 requestTemporaryFullAccuracyAuthorization은 kCLErrorPromptDeclined로 실패합니다",
        .temporaryNotAuthorized: "권한 없이 requestTemporaryFullAccuracyAuthorization은 kCLErrorPromptDeclined로 실패합니다",
        .temporaryAlreadyFull: "정확한 위치가 이미 허용된 상태에서 requestTemporaryFullAccuracyAuthorization은 kCLErrorPromptDeclined로 실패합니다",
        .temporaryPrompt: "requestTemporaryFullAccuracyAuthorization은 목적 문구와 함께 임시 정확한 위치 알림을 띄웁니다",
        .servicesOffPrompt: "위치 서비스가 꺼져 있습니다: 위치를 쓰면 시스템 경고가 뜹니다",
        .noPrompt: "화면에 알림이 없습니다",
        .noSuchButton: "화면의 알림에 그런 버튼이 없습니다",
        .promptHasNoPreciseSwitch: "화면의 알림에 정확한 위치 스위치가 없습니다",
        .promptPreciseSwitch: "알림 지도의 정확한 위치 스위치가 앱의 정확한 위치 설정을 정합니다",
        .allowOnce: "한 번 허용: 임시 authorizedWhenInUse. 설정에는 다음 번에 묻기 (iOS 17부터: 다음 번에 묻기 또는 내가 공유할 때)",
        .allowWhileUsing: "앱을 사용하는 동안 허용: 영구적인 authorizedWhenInUse",
        .provisionalAlways: "항상 허용이 요청되었습니다: 앱을 사용하는 동안 허용은 임시 항상 허용이 됩니다 (앱은 authorizedAlways, 설정은 앱을 사용하는 동안)",
        .dontAllow: "허용 안 함: denied. 이후의 요청은 효과가 없습니다",
        .legacyWhileUsing: "iOS 12: 허용(또는 앱을 사용하는 동안만)은 영구적인 authorizedWhenInUse를 줍니다",
        .legacyDontAllow: "iOS 12: 허용 안 함은 denied를 줍니다. 이후의 요청은 효과가 없습니다",
        .legacyAlwaysAllow: "iOS 12: 항상 허용은 authorizedAlways를 줍니다",
        .upgradeAllow: "항상 허용으로 변경: 영구적인 authorizedAlways",
        .upgradeKeep: "사용하는 동안만 유지: 상태는 authorizedWhenInUse 그대로이므로 콜백이 없습니다",
        .deferredUpgradePrompt: "임시 항상 허용이 항상 허용이 필요한 이벤트를 만납니다: 시스템이 업그레이드 알림을 띄웁니다. 보통 앱이 실행 중이 아닐 때입니다",
        .deferredUpgradeAllow: "미뤄진 알림에서 항상 허용으로 변경: 항상 허용이 영구적이 되고 콜백은 없습니다 (상태는 이미 authorizedAlways). 알림이 뜬 뒤 곧 답하면 그 이벤트가 전달됩니다",
        .deferredEventDropped: "항상 허용되었지만 알림이 뜬 뒤 곧바로는 아닙니다: 알림을 부른 이벤트는 버려집니다 (가정 deferredUpgradeAnswerWindow)",
        .deferredUpgradeKeep: "미뤄진 알림에서 사용하는 동안만 유지: 상태가 authorizedWhenInUse가 되고 이벤트는 버려집니다",
        .temporaryFullAccuracyGranted: "앱이 사용 중인 동안 임시 정확한 위치가 허용됩니다",
        .temporaryFullAccuracyDeclined: "임시 정확한 위치 거절: 정확도는 대략적인 채로 남습니다",
        .completionNilWhenShown: "알림이 떴다면 답이 무엇이든 완료 처리기의 오류는 nil입니다",
        .temporaryFullAccuracyEnds: "앱이 더 이상 사용 중이 아니면 임시 정확한 위치가 끝납니다",
        .reminderShown: "영구적인 항상 허용을 가진 앱에 주기적인 백그라운드 사용 알림이 뜹니다",
        .reminderNeedsAlways: "백그라운드 사용 알림은 영구적인 항상 허용을 가진 앱에만 뜹니다 (iOS 13+)",
        .reminderUnavailable: "백그라운드 사용 알림은 iOS 13부터 iOS에만 있습니다: 이 플랫폼에서는 뜨지 않습니다",
        .reminderDowngrade: "사용하는 동안만 허용으로 변경: 상태가 authorizedWhenInUse가 됩니다. 사용자가 항상 허용을 거절했으므로 요청이나 세션이 다시 묻지 않습니다",
        .reminderKeep: "항상 허용: 바뀌는 것이 없습니다",
        .servicesOffSettings: "사용자가 설정을 열려고 앱을 떠납니다",
        .servicesOffCancel: "경고가 닫힙니다. 위치 서비스는 꺼진 채로 남습니다",
        .promptWaitsForForeground: "앱이 포그라운드를 떠났습니다: 알림은 사라졌다가 앱이 돌아오면 다시 뜹니다 (가정 promptReturnsAfterBackground)",
        .promptDismissedByLeaving: "앱이 포그라운드를 떠났습니다: 알림은 답 없이 닫힙니다",
        .promptWithdrawn: "기다리던 알림이 거둬집니다: 그 질문은 그사이에 답이 나왔습니다",
        .allowOnceExpires: "한 번 허용은 사용하지 않은 채 allowOnceGrace(60초, inUseGrace 10초 뒤: 앱을 떠난 뒤 70초)가 지나면 만료됩니다: 상태가 notDetermined로 돌아갑니다 (가정)",
        .allowOnceEndsWithProcess: "한 번 허용은 프로세스와 함께 끝납니다",
        .locationButtonUnavailable: "CLLocationButton은 iOS 15가 필요하고 visionOS에서는 무시됩니다",
        .locationButtonNeedsForeground: "앱이 포그라운드에 있을 때만 버튼을 탭할 수 있습니다",
        .locationButtonCovered: "시스템 알림이 앱을 덮고 있습니다: 버튼을 탭할 수 없습니다",
        .locationButtonAlreadyAuthorized: "앱은 이미 권한이 있습니다: 버튼은 위치만 가져옵니다",
        .restrictedServicesOff: "앱이 제한되어 있습니다: 위치 서비스를 끄면 (또는 에어플레인 모드) 다른 앱처럼 denied를 읽는지는 가정입니다 (Apple은 두 경우를 각각 말할 뿐 함께는 말하지 않음)",
        .locationButtonBlocked: "위치가 제한되었거나, 꺼져 있거나, 에어플레인 모드로 쓸 수 없습니다: 버튼은 아무것도 허용할 수 없습니다",
        .locationButtonMissingKey: "버튼은 아무것도 허용하지 않습니다: Info.plist에 NSLocationWhenInUseUsageDescription이 없고, Apple은 앱을 사용하는 동안의 모든 접근에 이 키를 요구합니다 (그때 버튼이 무엇을 보이는지는 문서화되지 않음)",
        .locationButtonFirstTap: "CLLocationButton을 처음 탭하면 사용자에게 확인을 묻습니다",
        .locationButtonConfirmed: "확인됨: 한 번 허용처럼 임시 authorizedWhenInUse",
        .locationButtonCancelled: "사용자가 위치 버튼 확인을 거절했습니다",
        .locationButtonGrant: "확인된 CLLocationButton을 다시 탭하면 알림 없이 일회성 권한을 줍니다",
        .settingsUnlisted: "요청한 적 없는 앱은 설정에 나오지 않아 거기서 바꿀 수 없습니다",
        .settingsRestricted: "페이지가 잠겨 있습니다: 이 앱의 위치 접근은 제한되어 있습니다",
        .settingsOptionNotOffered: "앱의 설정 페이지에 그 선택지가 없습니다",
        .settingsLeavesApp: "사용자가 설정을 열려고 앱을 떠납니다",
        .settingsSameChoice: "그 선택지는 이미 선택되어 있습니다: 바뀌는 것이 없습니다",
        .settingsChoice: "설정에서의 선택은 상태를 바로 정합니다 (여기서 항상은 영구적이며 한 번뿐인 제한을 따르지 않습니다)",
        .settingsPrecise: "설정의 앱별 정확한 위치 스위치",
        .settingsNoPrecise: "정확한 위치는 iOS 14부터 있습니다",
        .locationServicesOff: "위치 서비스 끔: 모든 앱이 denied를 읽습니다. 앱마다의 선택은 보존됩니다",
        .locationServicesOn: "위치 서비스 켬: 각 앱이 저장된 선택으로 돌아갑니다",
        .resetLocationPrivacy: "위치 및 개인정보 보호 재설정: 앱이 notDetermined로 돌아가 다시 물을 수 있습니다 (한 번뿐인 요청도)",
        .updatesWithoutAuthorization: "권한을 요청하지 않은 업데이트는 알림을 띄우지도, 전달되지도 않습니다",
        .backgroundStartFails: "사용하는 동안 허용 앱이 백그라운드에서 업데이트를 시작하면 실패합니다",
        .backgroundUpdatesCrash: "UIBackgroundModes에 location 없이 allowsBackgroundLocationUpdates = true는 치명적 오류입니다: 프로세스가 끝납니다",
        .deniedError: "denied 상태에서 서비스를 시작하면 delegate에 kCLErrorDenied가 보고됩니다",
        .ios12WhenInUseNoAlwaysServices: "iOS 12: 사용하는 동안 허용 앱은 항상 허용이 필요한 서비스를 쓸 수 없습니다",
        .reducedAccuracyNoRegions: "대략적인 위치: 영역 모니터링을 쓸 수 없습니다",
        .regionNotMonitored: "앱이 그 ID의 영역이나 조건을 모니터링하지 않습니다",
        .eventNeedsAuthorization: "이벤트가 전달되지 않습니다: 앱에 권한이 없습니다",
        .eventDeliveredInUse: "앱이 사용 중이므로 이벤트가 전달됩니다",
        .eventDroppedWhilePrompting: "권한 알림이 대기 중입니다: 이벤트는 버려집니다",
        .eventRelaunches: "항상 허용: 이벤트가 종료된 앱을 백그라운드에서 다시 실행합니다",
        .eventResumes: "항상 허용: 이벤트가 일시 중단된 앱을 백그라운드에서 다시 실행합니다",
        .whenInUseNoBackgroundEvents: "사용하는 동안 허용 앱은 위치 이벤트로 실행되거나 다시 실행되지 않습니다",
        .monitorEventDelivered: "CLMonitor 이벤트가 전달됩니다",
        .monitorEventWithheld: "CLMonitor 이벤트가 전달되지 않습니다",
        .conditionLimit: "조건이 monitorConditionLimit보다 많습니다: conditionLimitExceeded",
        .deviceMoves: "기기가 움직입니다: 새 위치를 얻을 수 있습니다",
        .deviceStationary: "기기가 멈춥니다: 업데이트가 멈추고 마지막 업데이트는 정지 상태를 알립니다",
        .deviceNoFix: "Core Location이 위치를 파악할 수 없습니다",
        .deviceFix: "Core Location이 다시 위치를 파악할 수 있습니다",
        .airplaneModeOn: "에어플레인 모드: 위치 서비스를 쓸 수 없어 모든 앱의 상태가 denied가 됩니다 (저장된 선택은 유지)",
        .airplaneModeOff: "에어플레인 모드 끔: 앱의 권한이 이전 상태로 돌아갑니다",
        .airplaneModeUnchanged: "에어플레인 모드가 이미 그렇습니다: 바뀌는 것이 없습니다",
        .reducedAccuracyCadence: "대략적인 위치: reducedAccuracyInterval마다 위치 하나",
        .timePasses: "가상 시간이 흐릅니다",
        .standardStarted: "표준 업데이트가 시작됩니다. allowsBackgroundLocationUpdates가 켜져 있으면 백그라운드에서도 계속됩니다 (앱을 사용하는 동안 권한이면 포그라운드에서 시작했을 때만)",
        .standardStopped: "표준 업데이트가 멈춥니다",
        .backgroundUpdatesSet: "allowsBackgroundLocationUpdates가 설정됩니다 (true는 UIBackgroundModes에 location이 있어야 하고, false는 언제나 됩니다)",
        .significantChangesStarted: "중요한 위치 변경 서비스가 시작됩니다. 실행을 넘어 유지되고, 그 이벤트는 항상 허용 앱을 실행할 수 있습니다",
        .significantChangesStopped: "중요한 위치 변경 서비스가 멈춥니다",
        .regionStarted: "영역 모니터링이 시작됩니다. 실행을 넘어 유지되고, 그 이벤트는 항상 허용 앱을 실행할 수 있습니다",
        .regionStopped: "그 영역의 모니터링이 멈춥니다",
        .streamStarted: "앱이 반복을 시작합니다. 받을 수 있는 동안 업데이트가 옵니다",
        .streamStopped: "앱이 반복을 멈춥니다",
        .conditionAdded: "모니터에 조건이 추가됩니다. 조건은 실행을 넘어 유지됩니다",
        .backgroundActivityStarted: "앱이 CLBackgroundActivitySession을 만듭니다",
        .relaunchWindowCloses: "재실행 창이 닫힙니다: 이전 프로세스가 가졌지만 다시 만들지 않은 것은 버려집니다",
        .alreadyRunning: "이 프로세스에서 이미 실행 중입니다: 바뀌는 것이 없습니다",
        .implicitSession: "iOS 18: 암시적인 사용하는 동안 세션을 가집니다 (알림을 띄울 수 있음)",
        .ios17NoImplicitPrompt: "iOS 17: liveUpdates를 반복해도 아무것도 요청하지 않습니다. 앱이 직접 권한을 요청해야 합니다 (가정 ios17LiveUpdatesPrompts false: Apple의 iOS 17 자료는 스스로 묻는다고 하지 않습니다)",
        .ios17LiveUpdatesPrompt: "iOS 17: notDetermined에서 liveUpdates를 반복하면 iOS 18처럼 사용하는 동안 알림이 뜹니다 (가정 ios17LiveUpdatesPrompts true)",
        .explicitSessionRequired: "NSLocationRequireExplicitServiceSession: 암시적 세션이 꺼져 있어 명시적 CLServiceSession이 필요합니다",
        .backgroundActivityNeedsForeground: "새 CLBackgroundActivitySession은 포그라운드에서 시작했을 때만 활성화됩니다",
        .backgroundActivityNeedsMode: "CLBackgroundActivitySession에는 UIBackgroundModes의 location이 필요합니다: 활성화되지 않습니다",
        .backgroundActivityInvalidated: "“invalidate()”는 백그라운드 활동 세션을 끝내고 표시를 없앱니다",
        .backgroundActivityLapses: "백그라운드 활동 세션이 곧바로 다시 합류하지 않았습니다: 끝납니다",
        .sessionCreated: "앱이 CLServiceSession을 만들어 가집니다",
        .sessionRejoined: "앱이 이전 프로세스에서 보존된 세션을 재실행 창 안에 다시 만듭니다: 이어집니다",
        .sessionAlreadyHeld: "실행 중인 프로세스가 이미 그 ID의 세션을 가지고 있습니다",
        .sessionInsufficientlyInUse: "사용 중이 아닐 때 만든 세션은 앱이 포그라운드로 올 때까지 insufficientlyInUse를 보고합니다",
        .sessionCreatedInUseAway: "포그라운드는 아니지만 앱이 사용 중일 때 (포그라운드를 떠난 뒤 몇 초의 유예, 또는 백그라운드 표시기) 만들었습니다: .whenInUse나 .none 세션은 Apple이 세션을 만들라고 하는 '사용 중'에 만든 것으로 칩니다 (.always 세션은 포그라운드가 필요함)",
        .sessionInvalidated: "“invalidate()”는 세션을 끝냅니다. 다시는 활성화되지 않습니다",
        .invalidateUnknown: "invalidate에는 실행 중인 프로세스가 가진 세션이 필요합니다",
        .sessionsOutliveProcess: "세션은 프로세스보다 오래 갑니다: 시스템이 앱의 다음 실행을 위해 보존합니다",
        .explicitSessionHoldsClassic: "NSLocationRequireExplicitServiceSession이 있고 명시적 세션이 없습니다: 기존 서비스도 기다립니다 (가정 explicitSessionKeyCoversClassicAPIs, 끔)",
        .keptSessionNotMatched: "목표나 목적 키가 다른 세션은 같은 ID로 보존된 세션에 다시 참여하지 않습니다: 보존된 세션은 끝납니다",
        .keptBackgroundActivityRelaunches: "종료된 앱을 위해 보존된 백그라운드 활동 세션이 있으면 CLMonitor 이벤트가 앱을 백그라운드에서 다시 실행합니다. 앱은 곧바로 세션에 다시 참여해야 합니다 (사용하는 동안 허용 앱은 가정 backgroundActivityRelaunchesWhenInUse, 켬)",
        .relaunchWindowOpens: "시스템은 실행 뒤 relaunchWindow 동안 이전 프로세스의 세션을 보존합니다",
        .sessionLapses: "재실행 창 안에 다시 만들지 않았습니다: 앱의 관심이 없어져 세션이 소멸합니다",
        .rejoinWithinWindow: "재실행 창 안에 다시 시작했습니다: 이전 프로세스가 가졌던 것에 다시 합류합니다",
        .sessionGoalPrompts: "notDetermined에서 사용하는 동안 목표: 앱이 포그라운드에 오면 Core Location이 한 번 묻습니다",
        .sessionAlwaysFromNotDetermined: "notDetermined에서 항상 목표: 먼저 사용하는 동안 허용 알림, 그다음 업그레이드 알림 (가정 alwaysSessionAsksTwice, 켬)",
        .sessionAlwaysUpgrade: "영구적인 사용하는 동안 허용에서 항상 목표: 업그레이드 알림, 한 번 (한 번뿐인 요청)",
        .sessionAlwaysAsksOnce: "notDetermined에서 항상 목표는 한 번 묻습니다: 앱을 사용하는 동안 허용은 임시 항상 허용이 됩니다 (가정 alwaysSessionAsksTwice false)",
        .classicNeedsAlwaysSession: "iOS 18: 포그라운드에서 시작한 .always 세션이 없어 앱이 사용 중이 아닐 때 이 이벤트에는 항상 권한이 효력이 없습니다 (가정 alwaysSessionCoversClassicAPIs: Apple은 liveUpdates와 CLMonitor 이벤트에 대해서만 그렇게 말합니다)",
        .resetKeepsOneShot: "재설정은 사용한 항상 허용 요청을 그대로 둡니다 (가정 resetClearsAlwaysRequest false)",
        .sessionFullAccuracyPrompt: "fullAccuracyPurposeKey를 가진 세션: Core Location이 임시 정확한 위치를 묻습니다",
        // Format 1.1
        .requestLocationStarted: "requestLocation은 desiredAccuracy로 위치 하나를 요청하고 멈춥니다",
        .requestLocationFix: "requestLocation이 위치 하나를 locationManager(_:didUpdateLocations:)에 전달하고 멈춥니다",
        .requestLocationWaits: "아직 위치가 없습니다: requestLocation은 실패하기 전에 requestLocationTimeout까지 기다립니다",
        .requestLocationTimesOut: "제때 위치를 얻지 못했습니다: requestLocation이 kCLErrorLocationUnknown으로 실패합니다",
        .requestLocationNotDetermined: "notDetermined에서 requestLocation은 묻지도 알리지도 않습니다: 요청은 버려집니다",
        .requestLocationHeld: "사용 중이 아닌 사용하는 동안 허용 앱은 위치를 받지 못합니다: 요청은 앱이 다시 사용 중일 때까지 기다립니다",
        .requestLocationCancelled: "startUpdatingLocation이나 stopUpdatingLocation은 대기 중인 requestLocation을 취소합니다 (위치도 오류도 없음)",
        .fixesArrive: "시간이 흐르는 동안 위치가 계속 전달됩니다: 기기가 움직이는 동안 preciseFixInterval마다 (대략적인 표준 업데이트는 reducedAccuracyInterval마다)",
        .fixAtStart: "위치 전달이 시작됩니다: 곧바로 위치 하나 (대략적 정확도에서는 대략적), 그다음 기기가 움직이는 동안 preciseFixInterval마다 (대략적이면 reducedAccuracyInterval마다)",
        .desiredAccuracySet: "desiredAccuracy가 설정됩니다. 표준 업데이트와 requestLocation에만 영향을 줍니다 (대략적 정확도 권한에서는 효과 없음)",
        .desiredAccuracyReducedFixes: "desiredAccuracy kCLLocationAccuracyReduced: 정확한 위치 권한이 없을 때처럼 한 시간에 몇 번 대략적 위치",
        .locationUnknownError: "위치 없이 표준 업데이트 중: delegate가 kCLErrorLocationUnknown을 받습니다 (한 번)",
        .pausesAutomaticallySet: "pausesLocationUpdatesAutomatically가 설정됩니다 (Apple의 기본값은 true)",
        .activityTypeSet: "activityType이 기록됩니다. 자동 일시 정지의 단서입니다 (locflow는 지연을 바꾸지 않습니다)",
        .autoPaused: "기기가 autoPauseDelay 동안 멈춰 있었습니다: Core Location이 표준 업데이트를 일시 정지하고 locationManagerDidPauseLocationUpdates를 부릅니다",
        .pausedStaysPaused: "일시 정지된 업데이트는 저절로 다시 시작하지 않습니다: 앱이 위치 서비스를 다시 시작해야 합니다",
        .pauseRestarted: "startUpdatingLocation이 일시 정지된 업데이트를 다시 시작합니다",
        .pauseCannotRestartInBackground: "사용하는 동안 허용 앱은 백그라운드에서 일시 정지된 업데이트를 다시 시작할 수 없습니다",
        .indicatorPropertySet: "showsBackgroundLocationIndicator가 설정됩니다. 항상 허용 앱에만 의미가 있고 앱이 백그라운드로 갈 때 읽힙니다",
        .liveActivityStarted: "실시간 현황이 시작됩니다. 사용하는 동안 허용 앱의 liveUpdates와 CLMonitor 이벤트를 백그라운드에서도 받게 합니다 (파란색 표시 없음)",
        .liveActivityStopped: "앱이 실시간 현황을 끝냅니다",
        .liveActivityExpires: "실시간 현황이 liveActivityMaxDuration 뒤에 끝납니다",
        .liveActivityNeedsForeground: "실시간 현황은 앱이 포그라운드에 있을 때만 시작할 수 있습니다: 아무것도 시작되지 않습니다",
        .liveActivityUnavailable: "실시간 현황에는 iOS 16.1이 필요합니다 (visionOS 제외): 아무것도 시작되지 않습니다",
        .visitsStarted: "방문 서비스가 시작됩니다. 실행이 바뀌어도 유지되며 그 이벤트는 항상 허용 앱을 실행할 수 있습니다",
        .visitsStopped: "방문 서비스가 멈춥니다",
        .visitsNotMonitored: "앱이 방문을 모니터링하지 않습니다: 방문은 아무에게도 전달되지 않습니다",
        .visitsUnavailable: "visionOS의 iPad 앱에서는 방문 서비스가 아무것도 하지 않습니다",
        .beaconRangingStarted: "이 프로세스의 비콘 범위 측정이 시작됩니다. 앱을 실행하거나 다시 깨우지 않습니다",
        .beaconRangingStopped: "비콘 범위 측정이 멈춥니다",
        .beaconRegionStarted: "비콘 영역 모니터링이 시작됩니다. 실행이 바뀌어도 유지되며 그 이벤트는 항상 허용 앱을 실행할 수 있습니다",
        .beaconRegionStopped: "그 비콘 영역의 모니터링이 멈춥니다",
        .beaconRanged: "측정된 비콘이 실행 중인 앱에 전달됩니다",
        .beaconRangingWithheld: "측정된 비콘이 전달되지 않습니다",
        .beaconNotMonitored: "앱이 그 ID의 비콘을 측정하지도 모니터링하지도 않습니다",
        .reducedAccuracyNoBeacons: "대략적 정확도: 비콘 범위 측정과 비콘 영역을 쓸 수 없습니다",
        .widgetAdded: "사용자가 앱의 위젯을 추가합니다. 권한을 바꾸지 않으며 앱을 사용 중으로 만들지 않습니다",
        .widgetRemoved: "사용자가 앱의 위젯을 제거합니다. 권한은 그대로입니다",
        .widgetNotShipped: "앱에 위치를 원하는 위젯이 없습니다 (widget true 없음)",
        .appClipNoAlways: "앱 클립은 항상 허용을 요청할 수 없습니다: requestAlwaysAuthorization은 효과가 없습니다",
        .appClipSessionWhenInUse: "앱 클립의 .always 세션은 사용하는 동안 허용만 묻습니다",
        .appClipGrantResets: "앱 클립의 위치 권한은 다음 오전 4시에 재설정됩니다 (Apple: 다음 날 오전 4시): 상태가 notDetermined로 돌아갑니다",
        .forceQuitBlocksRelaunch: "사용자가 앱을 강제 종료했습니다: 사용자가 다시 열거나 기기가 재시동될 때까지 이벤트가 앱을 실행하지 않습니다 (가정 forceQuitBlocksRelaunch, 끔: iOS 26.4.2에 대한 개발자 보고 하나)",
        .deviceRestart: "기기가 재시동됩니다: 모든 프로세스가 끝나고 메모리에만 있던 것(한 번 허용, 임시 전체 정확도, 알림, 보존된 세션과 스트림)도 사라집니다. 권한과 설정은 그대로입니다",
        .restartEndsSessions: "시스템이 앱의 다음 실행을 위해 보존한 세션은 재시동으로 끝납니다 (재실행 창도 함께)",
        .restartLiftsForceQuit: "재시동 후에는 강제 종료된 앱도 다시 실행될 수 있습니다",
        .platformLacksCall: "이 플랫폼에는 이 API가 없습니다 (애플의 지원 목록에 이 플랫폼의 버전이 없습니다): 호출은 거부됩니다",
        .macOSPrompt: "macOS는 NSLocationUsageDescription으로 한 번 묻습니다: 알림의 버튼은 허용 안 함과 허용입니다 (그 문구와 순서는 locflow의 것입니다: 애플 문서에는 없습니다)",
        .macOSOneRequest: "macOS에는 사용하는 동안 단계가 없습니다: requestAlwaysAuthorization도 requestWhenInUseAuthorization과 같은 알림 하나를 보여 줍니다",
        .macOSAllow: "macOS에서 허용은 authorizedAlways(macOS의 authorized)를 줍니다: authorizedWhenInUse는 macOS의 상태가 아니며, 시스템 설정에는 앱의 스위치가 켜져 있습니다",
        .macOSNoSuspension: "macOS는 백그라운드의 앱을 일시 중단하지 않습니다: 실행 중인 앱은 언제나 사용 중입니다",
        .watchComplicationInUse: "앱의 컴플리케이션이 현재 시계 화면에 있습니다: 앱은 백그라운드에서 실행되는 동안 사용 중입니다 (가정 watchComplicationInUse, 켬)",
        .restartKeepsMonitoring: "영역, 중요 위치 변경, 방문, 비콘 영역, CLMonitor 조건 모니터링은 재시동 후에도 유지됩니다: 다음 이벤트가 항상 허용 앱을 실행합니다",
        .widgetAsks: "위젯을 추가하면 시스템이 앱의 위치 권한을 위젯에도 넓힐지 묻습니다 (애플 문서; 가정 addWidgetAsks 켬. 알림의 문구와 버튼은 locflow의 것)",
        .widgetPromptAllow: "허용: 앱 또는 위젯을 사용하는 동안. 상태는 authorizedWhenInUse 그대로라 콜백이 없습니다",
        .widgetPromptDeny: "허용 안 함: 앱의 권한은 앱을 사용하는 동안 그대로입니다",
    ]

    static let lifecycles: [Lifecycle: String] = [.foreground: "포그라운드", .background: "백그라운드", .suspended: "일시 중단됨", .terminated: "종료됨"]
    /// What an `expect` line checks, and the values it names (the log and the presenter's captions).
    static let expectationKeys = [
        "status": "상태", "accuracy": "정확도", "settings": "설정", "prompt": "알림", "lifecycle": "생명주기",
        "inUse": "사용 중", "callbacks": "콜백 수", "callback": "콜백", "diagnostics": "진단", "diagnostic": "진단",
        "delivering": "전달", "session": "세션", "completion": "완료", "error": "오류", "indicator": "파란색 표시",
        "buttons": "버튼", "title": "제목", "message": "메시지", "refused": "거부됨", "locationServicesEnabled": "locationServicesEnabled",
        "fix": "받은 위치", "fixes": "받은 위치 수", "paused": "업데이트 일시 정지", "widgetUpdates": "위젯 업데이트",
        "controlCenter": "제어 센터"]
    static let expectationValues: [String: String] = {
        var values = ["none": "없음", "on": "켬", "off": "끔", "precise": "정확한 위치", "options": "선택지", "approximate": "대략적 위치",
                      "using": "사용 중", "recently": "최근 사용"]
        for l in Lifecycle.allCases { values[l.rawValue] = lifecycles[l] ?? l.rawValue }
        return values
    }()
    /// The names of the events that reach an app (the trace's outputs and the rules' details).
    static let eventNames = ["significant location change": "중요한 위치 변경", "background location update": "백그라운드 위치 업데이트",
                             "visit": "방문"]
    /// An event's name in Korean: "monitor event home", "region office exit", "beacon region lobby enter"; nil for another text.
    static func eventName(_ e: String) -> String? {
        if let name = eventNames[e] { return name }
        let words = e.split(separator: " ").map(String.init)
        if words.count == 3, words[0] == "monitor", words[1] == "event" { return "CLMonitor 이벤트 “\(words[2])”" }
        if words.count == 3, words[0] == "region", words[2] == "exit" { return "영역 “\(words[1])” 나감" }
        if words.count == 3, words[0] == "beacons", words[2] == "ranged" { return "비콘 “\(words[1])” 거리 측정" }
        if words.count == 4, words[0] == "beacon", words[1] == "region" {
            return "비콘 영역 “\(words[2])” " + (words[3] == "enter" ? "들어감" : "나감")
        }
        return nil
    }
    /// Rules' details that are whole phrases.
    static let detailPhrases = [
        "standard updates": "표준 업데이트", "significant-change service": "중요한 위치 변경 서비스",
        "background location updates": "백그라운드 위치 업데이트", "background activity session": "CLBackgroundActivitySession",
        "Location Services are on": "위치 서비스가 켜져 있습니다", "accuracy is already full": "이미 정확한 위치입니다",
        "app holds only a temporary grant": "앱에 임시 허용만 있습니다", "app no longer has Always": "앱에 더 이상 항상 허용이 없습니다",
        "widgets already share the app's authorization": "위젯이 이미 앱의 권한을 함께 씁니다",
        "a Live Activity": "실시간 현황", "a background activity session": "CLBackgroundActivitySession",
        "no Live Activity is running": "실행 중인 실시간 현황 없음", "not delivering": "전달하지 않음",
        "app is not authorized": "앱에 권한이 없습니다", "reduced accuracy": "대략적 위치",
        "a when-in-use app that is not in use": "사용하는 동안 허용 앱이 사용 중이 아닙니다",
        "only the deprecated NSLocationAlwaysUsageDescription is there, which iOS 11 and later do not read":
            "더 이상 쓰지 않는 NSLocationAlwaysUsageDescription만 있고, iOS 11부터는 이 키를 읽지 않습니다",
    ]
    static let actors: [Actor: String] = [.person: "사용자", .app: "앱", .system: "시스템", .device: "기기", .timer: "타이머"]
}

extension Language {
    /// A rule with its detail and source, in this language.
    public func why(_ w: Why) -> String {
        guard self == .ko else { return w.text }
        let text = Korean.rules[w.rule] ?? w.rule.text
        let detail = w.detail.map { " (" + koreanDetail($0) + ")" } ?? ""
        return text + detail + " [\(w.rule.source)]"
    }

    /// The fragments the model adds to a rule: "the app is suspended", "status is denied".
    func koreanDetail(_ d: String) -> String {
        // timePasses.
        if d == "no timer was due" { return "만기된 타이머 없음" }
        if d.hasPrefix("after the ") && d.hasSuffix(" it fired") {
            let n = d.dropFirst("after the ".count).split(separator: " ").first.map(String.init) ?? ""
            return "타이머 " + (Int(n).map { "\($0)개" } ?? "1개") + "가 만기된 다음"
        }
        // fixesArrive: "N location(s) during the wait, the last KIND at T".
        if let during = d.range(of: " during the wait, the last "), let at = d.range(of: " at ", range: during.upperBound..<d.endIndex) {
            let n = d[..<during.lowerBound].split(separator: " ").first.map(String.init) ?? ""
            let kind = d[during.upperBound..<at.lowerBound] == "precise" ? "정확한 위치" : "대략적 위치"
            return "기다리는 동안 위치 \(n)개, 마지막은 \(kind) (\(d[at.upperBound...]))"
        }
        // Whole fragments first (the replacements below would leave them half English).
        if d.hasPrefix("servicesOffOverridesRestricted false") { return "가정 servicesOffOverridesRestricted false: 어느 쪽이든 restricted를 읽습니다" }
        if d.hasPrefix("servicesOffOverridesRestricted") { return "가정 servicesOffOverridesRestricted: 위치 서비스가 꺼져 있거나 에어플레인 모드인 동안 denied, 그 밖에는 restricted를 읽습니다" }
        if d.hasPrefix("no session "), d.hasSuffix(" is held") { return "잡고 있는 세션 " + d.dropFirst("no session ".count).dropLast(" is held".count) + " 없음" }
        if d == "no .always session held" { return "잡고 있는 .always 세션 없음" }
        // platformLacksCall: "API is unavailable on PLATFORM".
        if let r = d.range(of: " is unavailable on ") { return "\(d[r.upperBound...])에는 \(d[..<r.lowerBound])이(가) 없습니다" }
        if d.hasPrefix("no purpose key ") { return "목적 키 " + d.dropFirst("no purpose key ".count) + " 없음" }
        if d == "not authorized for background events" { return "백그라운드 이벤트를 받을 권한 없음" }
        let bare = d.hasPrefix("the ") ? String(d.dropFirst(4)) : d
        if let phrase = Korean.detailPhrases[bare] ?? Korean.detailPhrases[d] { return phrase }
        if bare.hasPrefix("status is now ") { return "이제 상태: " + bare.dropFirst("status is now ".count) }
        // A withdrawn prompt: "KIND: REASON".
        if let colon = d.range(of: ": "), !d[..<colon.lowerBound].contains(" ") {
            return d[..<colon.lowerBound] + ": " + koreanDetail(String(d[colon.upperBound...]))
        }
        if let e = Korean.eventName(d) { return e }
        var out = d
        if let l = Lifecycle(rawValue: d) { return Korean.lifecycles[l] ?? d }
        for l in Lifecycle.allCases { out = out.replacingOccurrences("the app is \(l.rawValue)", "앱: " + (Korean.lifecycles[l] ?? l.rawValue)) }
        out = out.replacingOccurrences("status is ", "상태: ")
        out = out.replacingOccurrences(" prompt has ", " 알림의 버튼: ")
        out = out.replacingOccurrences(" is not offered; the page offers ", " 없음. 페이지의 선택지: ")
        out = out.replacingOccurrences(" is kept from the previous process and not re-created", " 세션은 이전 프로세스에서 보존되었고 다시 만들지 않았습니다")
        out = out.replacingOccurrences(" prompt", " 알림")
        out = out.replacingOccurrences("session ", "세션 ")
        out = out.replacingOccurrences("the ", "")
        return out
    }

    public func lifecycle(_ l: Lifecycle) -> String { self == .ko ? Korean.lifecycles[l] ?? l.rawValue : l.rawValue }
    public func actor(_ a: Actor) -> String { self == .ko ? Korean.actors[a] ?? a.rawValue : a.rawValue }

    /// A step as the log shows it: the `.flow` statement in English, a sentence in Korean
    /// (Apple's names kept).
    public func event(_ e: Event) -> String {
        guard self == .ko else { return e.flowText }
        switch e {
        case .app(let call):
            switch call {
            case .requestTemporaryFullAccuracyAuthorization(let key): return "앱: requestTemporaryFullAccuracyAuthorization(\"\(key)\")"
            case .allowsBackgroundLocationUpdates(let on): return "앱: allowsBackgroundLocationUpdates = \(on)"
            case .startMonitoringRegion(let id): return "앱: startMonitoring(\"\(id)\")"
            case .stopMonitoringRegion(let id): return "앱: stopMonitoring(\"\(id)\")"
            case .session(let id, let goal, let key): return "앱: CLServiceSession(.\(goal.rawValue)" + (key.map { ", \"\($0)\"" } ?? "") + ") \(id)"
            case .invalidate(let id): return "앱: \(id).invalidate()"
            case .liveUpdates(let on): return "앱: liveUpdates " + (on ? "시작" : "멈춤")
            case .monitor(let on): return "앱: CLMonitor " + (on ? "시작" : "멈춤")
            case .monitorAdd(let id): return "앱: CLMonitor.add(\(id))"
            case .backgroundActivity(let on): return on ? "앱: CLBackgroundActivitySession()" : "앱: CLBackgroundActivitySession.invalidate()"
            // Properties the app sets, as Swift writes them.
            case .desiredAccuracy(let a): return "앱: desiredAccuracy = .\(a.rawValue)"
            case .activityType(let t): return "앱: activityType = .\(t.rawValue)"
            case .pausesLocationUpdatesAutomatically(let on): return "앱: pausesLocationUpdatesAutomatically = \(on)"
            case .showsBackgroundLocationIndicator(let on): return "앱: showsBackgroundLocationIndicator = \(on)"
            case .liveActivity(let on): return "앱: 실시간 현황 " + (on ? "시작" : "끝냄")
            // Beacons by the constraint's or the region's name, as the regions are.
            case .startRangingBeacons(let id): return "앱: startRangingBeacons(\"\(id)\")"
            case .stopRangingBeacons(let id): return "앱: stopRangingBeacons(\"\(id)\")"
            case .startMonitoringBeaconRegion(let id): return "앱: startMonitoring(beaconRegion: \"\(id)\")"
            case .stopMonitoringBeaconRegion(let id): return "앱: stopMonitoring(beaconRegion: \"\(id)\")"
            // The others as Swift writes a call: its word, its arguments in the parentheses.
            default: return "앱: " + call.callText
            }
        case .user(let action):
            switch action {
            case .tap(let label): return "사용자: ‘\(button(label))’ 탭"
            case .precise(let on): return "사용자: 알림의 정확한 위치 " + (on ? "켬" : "끔")
            case .settings(let c): return "사용자: 설정에서 ‘\(Language.ko.settingsLabel(c, profile: Platform.ios18.profile))’"
            case .settingsPrecise(let on): return "사용자: 설정의 정확한 위치 " + (on ? "켬" : "끔")
            case .settingsLocationServices(let on): return "사용자: 위치 서비스 " + (on ? "켬" : "끔")
            case .settingsReset: return "사용자: 위치 및 개인정보 보호 재설정"
            case .background: return "사용자: 앱 떠나기 (백그라운드)"
            case .foreground: return "사용자: 앱 열기 (포그라운드)"
            case .forceQuit: return "사용자: 앱 강제 종료"
            case .locationButton: return "사용자: CLLocationButton 탭"
            case .addWidget: return "사용자: 위젯 추가"
            case .removeWidget: return "사용자: 위젯 제거"
            }
        case .system(let action):
            switch action {
            case .suspend: return "시스템: 앱 일시 중단"
            case .terminate: return "시스템: 앱 종료"
            case .relaunch: return "시스템: 백그라운드에서 재실행"
            case .reminder: return "시스템: 백그라운드 사용 알림"
            }
        case .device(let action):
            switch action {
            case .move: return "기기: 이동"
            case .stationary: return "기기: 멈춤"
            case .noFix: return "기기: 위치 확인 불가"
            case .fix: return "기기: 위치 다시 확인"
            case .exitRegion(let id): return "기기: 영역 \(id)에서 나감"
            case .visit: return "기기: 장소 방문"
            case .enterBeacon(let id): return "기기: 비콘 \(id) 범위에 들어감"
            case .exitBeacon(let id): return "기기: 비콘 \(id) 범위에서 나감"
            case .airplaneMode(let on): return on ? "기기: 에어플레인 모드 켬" : "기기: 에어플레인 모드 끔"
            case .restart: return "기기: 재시동"
            }
        case .wait(let ms): return "대기 " + koreanDuration(ms)
        case .timer(let kind): return "타이머: " + self(kind.label)
        }
    }

    /// 90s as 1분 30초.
    public func koreanDuration(_ ms: Millis) -> String {
        var parts: [String] = []
        let s = ms / 1000
        if s >= 3600 { parts.append("\(s / 3600)시간") }
        if s % 3600 >= 60 { parts.append("\(s % 3600 / 60)분") }
        if s % 60 > 0 || parts.isEmpty && ms % 1000 == 0 { parts.append("\(s % 60)초") }
        if ms % 1000 > 0 { parts.append("\(ms % 1000)밀리초") }
        return parts.joined(separator: " ")
    }

    /// What a step made observable.
    public func output(_ o: Output) -> String {
        guard self == .ko else { return o.text }
        switch o {
        case .callback(let p): return "콜백: \(p.text)"
        case .promptShown(let k): return "알림 표시: \(k.rawValue)"
        case .promptAnswered(let k, let b): return "알림 \(k.rawValue)에 ‘\(button(b))’ 선택"
        case .promptHidden(let k): return "알림 숨김: \(k.rawValue)"
        case .completion(let r): return "완료: \(r.rawValue)"
        case .error(let e): return "didFailWithError: \(e == .denied ? "kCLErrorDenied" : e == .locationUnknown ? "kCLErrorLocationUnknown" : "-")"
        case .launched(let bg): return bg ? "백그라운드에서 실행됨" : "실행됨"
        case .terminated: return "프로세스 끝남"
        case .suspended: return "일시 중단됨"
        case .resumed: return "다시 실행됨"
        case .locationEvent(let e, let d):
            let name = Korean.eventName(e) ?? e
            return "\(name) " + (d ? "전달됨" : "전달 안 됨")
        case .sessionLapsed(let id): return "세션 \(id) 소멸"
        case .reducedFix: return "대략적 위치 전달됨"
        case .fix(let k, let source):
            return (k == .precise ? "정확한" : "대략적") + " 위치 전달됨 (" + (source == "standard updates" ? "표준 업데이트" : source == "significant-change monitoring" ? "중요한 위치 변경 서비스" : source) + ")"
        case .paused: return "locationManagerDidPauseLocationUpdates (업데이트 일시 정지)"
        case .liveActivity(let on): return on ? "실시간 현황 시작됨" : "실시간 현황 끝남"
        }
    }
}

extension Language {
    /// Why Control Center lists the app as it does (`World.controlCenterReason`), in this language.
    public func controlCenterReason(_ w: World) -> String {
        guard self == .ko else { return w.controlCenterReason }
        guard w.profile.listsAppsInControlCenter else { return "\(w.profile.platform.displayName)의 제어 센터는 앱을 나열하지 않습니다 (iOS 16부터)" }
        let window = koreanDuration(w.assumptions.controlCenterRecentWindow)
        switch w.controlCenter {
        case .using:
            let what = switch w.tracking {
            case .liveUpdates: "liveUpdates 전달 중"
            case .requestLocation: "requestLocation이 위치를 찾는 중"
            default: "표준 업데이트 실행 중"
            }
            return "앱이 지금 위치를 추적합니다: \(what)"
        case .recently:
            return "앱이 \(formatClock(w.locationUsedAt ?? w.now))에 마지막으로 위치를 사용했습니다 (controlCenterRecentWindow \(window) 이내)"
        case .none:
            guard let t = w.locationUsedAt else { return "앱이 위치를 사용한 적이 없습니다" }
            return "앱이 \(formatClock(t))에 마지막으로 위치를 사용했습니다 (controlCenterRecentWindow \(window)보다 오래 전)"
        }
    }
}
