import LocflowCore

/// The explorer's languages. Flows and the command line keep Apple's English identifiers and labels
/// (the `.flow` contract); only what is drawn changes.
public enum Language: String, CaseIterable, Sendable {
    case en, ko

    /// A UI text in this language (English is the key; a missing translation stays English).
    public func callAsFunction(_ english: String) -> String {
        guard self == .ko else { return english }
        return Korean.ui[english] ?? english
    }

    /// One of two texts with values in them: English, or Korean.
    public func pick(_ english: String, _ korean: String) -> String { self == .ko ? korean : english }

    /// A rule and its detail without the source tag (a dimmed action's reason).
    public func reason(_ w: Why) -> String {
        guard self == .ko else { return w.rule.text + (w.detail.map { " (\($0))" } ?? "") }
        return (Korean.rules[w.rule] ?? w.rule.text) + (w.detail.map { " (" + koreanDetail($0) + ")" } ?? "")
    }

    /// An expectation as the log shows it.
    public func expectation(_ flowText: String) -> String {
        guard self == .ko, flowText.hasPrefix("expect ") else { return flowText }
        var words = flowText.dropFirst(7).split(separator: " ", maxSplits: 1).map(String.init)
        guard let key = words.first else { return "확인:" }
        if let ko = Korean.expectationKeys[key] { words[0] = ko }
        // The values, word by word (a quoted label or message is data: left as it is).
        guard words.count > 1, !["buttons", "title", "message"].contains(key) else { return "확인: " + words.joined(separator: " ") }
        let rest = words[1].split(separator: " ").map { Korean.expectationValues[String($0)] ?? String($0) }.joined(separator: " ")
        return "확인: " + words[0] + " " + rest
    }

    /// A prompt button as iOS labels it in this language.
    public func button(_ english: String) -> String {
        guard self == .ko else { return english }
        return Korean.buttons[english] ?? english
    }

    /// A prompt's title as iOS words it in this language.
    public func title(for prompt: Prompt, in world: World) -> String {
        guard self == .ko else { return world.title(for: prompt) }
        let name = "‘\(world.appName)’"
        switch prompt.kind {
        case .whenInUse where world.profile.grantIsAlways: return "\(name)이(가) 사용자의 현재 위치를 사용하려고 합니다."
        case .whenInUse: return "\(name)이(가) 사용자의 위치를 사용하도록 허용하겠습니까?"
        case .alwaysUpgrade: return "\(name)이(가) 앱을 사용하지 않을 때에도 사용자의 위치에 접근하도록 허용하겠습니까?"
        case .temporaryFullAccuracy: return "\(name)이(가) 사용자의 정확한 위치를 사용하려고 합니다"
        case .backgroundReminder: return "\(name)이(가) 백그라운드에서 사용자의 위치를 사용했습니다. 계속 허용하겠습니까?"
        case .legacyAlways: return "\(name)이(가) 앱을 사용하지 않을 때에도 사용자의 위치에 접근하도록 허용하겠습니까?"
        case .legacyWhenInUse: return "\(name)이(가) 앱을 사용하는 동안 사용자의 위치에 접근하도록 허용하겠습니까?"
        case .locationButton: return "\(name)이(가) 사용자의 현재 위치를 사용하도록 허용하겠습니까?"
        case .servicesOff: return "위치 서비스를 켜서 \(name)이(가) 사용자의 위치를 파악하도록 허용"
        case .widget: return "\(name) 위젯이 사용자의 위치를 사용하도록 허용하겠습니까?"
        }
    }

    /// What a diagnostic property means.
    public func meaning(_ d: Diagnostic) -> String {
        guard self == .ko else { return d.meaning }
        return Korean.meanings[d] ?? d.meaning
    }

    /// A Settings option as the page labels it.
    public func settingsLabel(_ c: SettingsChoice, profile: PlatformProfile) -> String {
        guard self == .ko else {
            switch c {
            case .never: return "Never"
            case .askNextTime: return profile.askNextTimeLabel
            case .whileUsing: return "While Using the App"
            case .whileUsingOrWidgets: return "While Using the App or Widgets"
            case .always: return "Always"
            case .unlisted: return "(not listed)"
            }
        }
        switch c {
        case .never: return "안 함"
        case .askNextTime: return profile.askNextTimeLabel == "Ask Next Time" ? "다음 번에 묻기" : "다음 번에 묻기 또는 내가 공유할 때"
        case .whileUsing: return "앱을 사용하는 동안"
        case .whileUsingOrWidgets: return "앱 또는 위젯을 사용하는 동안"
        case .always: return "항상"
        case .unlisted: return "(목록에 없음)"
        }
    }
}

enum Korean {
    static let meanings: [Diagnostic: String] = [
        .authorizationDenied: "앱이 거부되어 중단되었습니다 (위치 서비스가 꺼진 경우 포함).",
        .authorizationDeniedGlobally: "시스템 전체에서 위치 서비스가 꺼져 중단되었습니다.",
        .authorizationRestricted: "앱에 권한이 없고 바꿀 수도 없습니다 (자녀 보호, 기기 관리).",
        .authorizationRequestInProgress: "시스템이 이 앱에 대해 사용자에게 묻고 있으며 아직 답이 없습니다.",
        .insufficientlyInUse: "앱이 충분히 사용 중이 아닙니다: 포그라운드에서 시작했어야 합니다.",
        .serviceSessionRequired: "앱이 명시적 세션을 요구하지만 권한이 필요한 세션을 갖고 있지 않습니다.",
        .alwaysAuthorizationDenied: "항상 허용을 원하는 세션이 사용자에게 항상 허용을 거부당했습니다.",
        .fullAccuracyDenied: "정확한 위치를 원하는 세션이 사용자에게 거부당했습니다.",
        .accuracyLimited: "정확도가 제한됨: 업데이트는 약 15-20분마다만 오고 모니터 이벤트는 보류됩니다.",
        .locationUnavailable: "Core Location이 지금 위치를 파악할 수 없습니다.",
        .stationary: "기기가 움직이지 않아 업데이트가 멈췄습니다.",
        .conditionUnsupported: "이 조건 유형은 모니터링할 수 없습니다.",
        .conditionLimitExceeded: "이 유형의 조건이 너무 많이 모니터링되고 있습니다.",
        .persistenceUnavailable: "모니터링 상태를 영구 저장할 수 없습니다.",
    ]

    /// Button labels as iOS shows them in Korean.
    static let buttons: [String: String] = [
        "Allow Once": "한 번 허용",
        "Allow While Using App": "앱을 사용하는 동안 허용",
        "Don't Allow": "허용 안 함",
        "Keep Only While Using": "사용하는 동안만 유지",
        "Change to Always Allow": "항상 허용으로 변경",
        "Change to Only While Using": "사용하는 동안만 허용으로 변경",
        "Always Allow": "항상 허용",
        "Only While Using the App": "앱을 사용하는 동안에만 허용",
        "Allow": "허용",
        "Settings": "설정",
        "Cancel": "취소",
    ]

    /// The explorer's own text.
    static let ui: [String: String] = [
        // Panes
        "Settings": "설정", "App": "앱", "Diagnostics": "진단", "Session bars": "세션 막대", "Event log": "이벤트 기록",
        // Settings page
        "Privacy & Security": "개인정보 보호 및 보안", "Privacy": "개인정보 보호", "Location": "위치", "Location Services": "위치 서비스",
        "ALLOW LOCATION ACCESS": "위치 접근 허용", "Precise Location": "정확한 위치",
        "System Settings": "시스템 설정", "Watch Settings": "워치 설정",
        "Allow the apps below to determine your location.": "아래 앱이 사용자의 위치를 확인하도록 허용합니다.",
        "Reset Location & Privacy": "위치 및 개인정보 보호 재설정",
        "is not listed: it has never asked for location.": "은(는) 목록에 없습니다: 아직 위치를 요청한 적이 없습니다.",
        "Restricted: the page is locked": "제한됨: 이 페이지는 잠겨 있습니다",
        "(the app reads Always: provisional)": "(앱은 항상으로 읽음: 임시 항상 허용)",
        "(Allow Once in force)": "(한 번 허용 중)",
        "On": "켬", "Off": "끔",
        // App pane
        "status": "상태", "accuracy": "정확도", "callbacks": "콜백", "keys": "키", "timers": "타이머",
        "in use": "사용 중", "not in use": "사용 중 아님", "blue indicator": "파란색 표시",
        "Control Center: using": "제어 센터: 사용 중", "Control Center: recently": "제어 센터: 최근 사용",
        "Settings: ": "설정: ", "not listed": "목록에 없음", "Precise: ": "정확한 위치: ",
        "provisional Always: Settings says While Using": "임시 항상 허용: 설정에는 '앱을 사용하는 동안'",
        "Allow Once: temporary, runs out when not in use": "한 번 허용: 임시, 사용하지 않으면 만료",
        "none running": "없음", "more": "더 보기", "why": "이유", "sources": "출처", "what happened, and why (↑↓ scroll, any other key closes)": "무슨 일이 왜 일어났나 (↑↓ 스크롤, 다른 키를 누르면 닫힘)",
        "[I] rules are the simulator's assumptions": "[I] 규칙은 시뮬레이터의 가정입니다", "provisional": "임시 항상 허용", "Allow Once, temporary": "한 번 허용, 임시", "last: ": "마지막: ", " in ": " 남은 시간 ",
        "CLLocationManager": "CLLocationManager", "iOS 17/18": "iOS 17/18", "Person": "사용자", "System and device": "시스템과 기기",
        "More CLLocationManager": "CLLocationManager 더 보기", "Device: a move brings a prompt": "기기: 이동하면 알림이 뜸",
        "open the app (foreground)": "앱 열기 (포그라운드)", "leave the app (background)": "앱 떠나기 (백그라운드)",
        "swipe the app away (force quit)": "앱 쓸어 올려 닫기 (강제 종료)", "tap CLLocationButton": "CLLocationButton 탭",
        "suspend the app": "앱 일시 중단", "terminate the app": "앱 종료", "relaunch in the background": "백그라운드에서 다시 실행",
        "background-use reminder": "백그라운드 사용 알림", "device stops (stationary)": "기기 멈춤", "device moves": "기기 이동",
        "lose the fix (noFix)": "위치 확인 불가", "fix available again": "위치 다시 확인",
        "turn Airplane mode on": "에어플레인 모드 켜기", "turn Airplane mode off": "에어플레인 모드 끄기", "restart the device": "기기 재시동",
        "Airplane mode: denied": "에어플레인 모드: denied",
        "does nothing now": "지금은 효과 없음", "not possible": "불가능",
        // Diagnostics
        "delivering:": "전달 중:", "No sources yet. CLServiceSession, liveUpdates, CLMonitor events and CLBackgroundActivitySession report diagnostics.":
            "아직 진단 소스가 없습니다. CLServiceSession, liveUpdates, CLMonitor 이벤트, CLBackgroundActivitySession이 진단을 보고합니다.",
        "No sources yet. liveUpdates and CLMonitor events report diagnostics.": "아직 진단 소스가 없습니다. liveUpdates와 CLMonitor 이벤트가 진단을 보고합니다.",
        "No sources yet. CLServiceSession, liveUpdates and CLBackgroundActivitySession report diagnostics.":
            "아직 진단 소스가 없습니다. CLServiceSession, liveUpdates, CLBackgroundActivitySession이 진단을 보고합니다.",
        "to read what a property means": "로 속성의 의미 보기",
        "nothing in the way": "막는 것 없음", "true": "개 참", "every property, and what each means": "모든 속성과 각각의 의미",
        // Bars and log
        "time": "시간", "prompts/taps": "알림/탭", "process": "프로세스",
        "fg": "포그라운드", "bg": "백그라운드", "suspended": "일시 중단됨", "terminated": "종료됨", "tap": "탭", "callback": "콜백", "prompt": "알림",
        "nothing for this filter yet": "이 필터에 해당하는 기록이 아직 없습니다",
        "system prompt": "시스템 알림", "map": "지도", "map: precise": "지도: 정확한 위치", "map: approximate": "지도: 대략적인 위치",
        "you are here": "현재 위치", "~ around here ~": "~ 이 근처 ~", "waiting": "대기", "prompt on screen": "알림 표시 중",
        // "paused" is the explorer's clock; "suspended" is the app's lifecycle: two words.
        "paused": "멈춤", "playing the tour": "투어 재생 중", "end of the tour": "투어 끝", "tour paused": "투어 멈춤", "step": "단계",
        // Footer and help
        "tap button": "버튼 탭", "choose": "선택", "Precise switch": "정확한 위치 스위치", "next pane": "다음 창",
        "previous pane": "이전 창", "select": "선택", "page up/down": "페이지 위/아래", "do it": "실행",
        "foreground": "포그라운드", "background": "백그라운드", "force quit": "강제 종료", "system terminate": "시스템 종료",
        "system relaunch": "시스템 재실행", "Location Services on/off": "위치 서비스 켬/끔", "Precise on/off (Settings)": "정확한 위치 켬/끔 (설정)",
        "pause/run": "멈춤/실행", "slower / faster": "느리게 / 빠르게", "jump +1s +10s +1m +10m +1h": "+1초/10초/1분/10분/1시간",
        "undo": "실행 취소", "redo / next flow step": "다시 실행 / 다음 단계", "log filter": "기록 필터",
        "zoom bars in/out": "막대 확대/축소", "scroll bars / follow now": "막대 이동 / 현재로", "record .flow": ".flow 녹화",
        "command": "명령", "help": "도움말", "run": "실행", "complete": "완성", "earlier lines": "이전 줄", "leave the line": "줄 나가기",
        "this prompt has no Precise switch": "이 알림에는 정확한 위치 스위치가 없습니다", "quit": "종료", "help: every key (↑↓ scroll, any other key closes)": "도움말: 모든 키 (↑↓ 스크롤, 다른 키를 누르면 닫힘)",
        ":pin, :platform P: pin what is on screen as expect lines; replay the history on another iOS version": "“:pin”, “:platform P”: 화면에 보이는 것을 “expect” 줄로 고정; 기록 전체를 다른 iOS 버전에서 다시 실행",
        "any .flow statement, e.g. user settings never, wait 90s, expect status denied": "모든 .flow 문장, 예: “user settings never”, “wait 90s”, “expect status denied”",
        "a pane, an item, a prompt button or a footer key does the same as its key": "창, 항목, 알림 버튼, 아래쪽 키를 클릭해도 같은 동작",
        "assumptions: ": "가정: ",
        "Try w (the app asks when in use) or a (Always); Tab and arrows reach every action; ? lists every key; : takes any .flow statement":
            "w (사용하는 동안 요청) 또는 a (항상 요청)를 눌러 보세요. Tab과 화살표로 모든 동작, ?로 모든 키, :로 .flow 문장 입력",
        "in-use grace ends": "사용 중 유예 끝", "suspension": "일시 중단", "Allow Once runs out": "한 번 허용 만료",
        "relaunch window closes": "재실행 창 닫힘", "reduced-accuracy fix": "대략적 위치 수신",
        // Log, details, status line
        "holds": "맞음", "found": "실제", "REFUSED: ": "거부됨: ", "refused: ": "거부됨: ", "no longer in use": "더 이상 사용 중 아님",
        "full": "정확", "reduced": "대략", "none": "없음", "completion": "완료", "temporary": "임시",
        "Always": "항상", "Temporary": "임시", "explicit": "명시적", "session": "세션", "kept": "보존됨", "REC": "녹화",
        "F to filter": "F로 거르기", "for the whole why": "로 전체 이유", "all": "전체", "person": "사용자", "app": "앱",
        "system": "시스템", "device": "기기", "timer": "타이머", "click: ": "클릭: ",
        "nothing to undo": "실행 취소할 것이 없습니다", "nothing to redo": "다시 실행할 것이 없습니다",
        "recording stopped": "녹화 멈춤", "recording to a .flow file, step by step": ".flow 파일로 단계마다 녹화 중",
        "log shows": "기록 필터:", "no change": "변화 없음", "lines": "줄",
        // Presenter
        "off the tour": "투어 밖", "tour": "투어", "steps": "단계", "line": "행",
        "Your own steps: → or ← returns to the tour at step": "직접 한 단계입니다: → 또는 ←로 투어의 다음 단계로 돌아갑니다:",
        "end of the tour: ← goes back, q quits": "투어 끝: ←로 뒤로, q로 종료",
        "tour paused: Space plays on, → and ← step": "투어 멈춤: Space로 계속, →와 ←로 한 단계씩",
        "next": "다음", "back": "뒤로", "pause": "멈춤", "play": "재생", "back to the tour": "투어로 돌아가기",
        "read the whole message": "메시지 전체 읽기", "message up/down": "메시지 위/아래",
        "pin: expect what you see": "고정: 화면을 확인 문장으로", "other iOS version": "다른 iOS 버전", "next iOS version": "다음 iOS 버전",
        // Session bars
        "events": "이벤트", "other event": "다른 이벤트", "both": "둘 다", "brief prompt": "짧은 알림", "held by the app": "앱이 가짐", "kept by the system": "시스템이 보존",
        "running": "실행 중", "bg activity": "백그라운드 활동", "active": "활성", "held, not active": "가졌지만 비활성",
        "relaunch win": "재실행 창", "open": "열림",
        // Session bars, step by step (issue 36)
        "app reads": "앱이 읽음", "in Settings": "설정", "the person's choice": "사용자의 선택", "counts as in use": "사용 중으로 셈",
        "on screen": "화면에 보임", "not running": "실행 안 됨", "held by app": "앱이 가짐", "kept by system": "시스템이 보존", "ended": "끝남",
        "person taps": "사용자가 탭", "app is told": "앱이 알림 받음", "other": "그 밖", "up": "떠 있음", "briefly": "잠깐",
        "time passes": "시간이 흐름", "earlier": "이전",
        "not asked yet": "아직 묻지 않음", "restricted": "제한됨", "denied": "거부됨", "when in use": "사용하는 동안", "when in use, once": "사용하는 동안, 한 번",
        "always": "항상", "always, provisional": "항상, 임시", ", precise for now": ", 지금만 정확", ", approximate": ", 대략",
        "session bars in real time (t: step by step)": "세션 막대: 실제 시간 (t: 단계별)",
        "session bars step by step: long waits are breaks (t: real time)": "세션 막대: 단계별, 긴 대기는 끊어서 표시 (t: 실제 시간)",
        "session bars in real time, the whole history in the width (t: step by step)": "세션 막대: 실제 시간, 전체 기록을 한 화면에 (t: 단계별)",
        "bars: steps / real time": "막대: 단계별 / 실제 시간", "bars: fit all time": "막대: 전체 시간 맞춤",
        "presenting: only the tour's keys act (→ next, ← back, Space, q); m gives every key": "발표 중: 투어 키만 동작합니다 (→ 다음, ← 뒤로, Space, q). m을 누르면 모든 키",
        "every key acts: an app key takes the demo off the tour (→ returns; m: tour keys only)": "모든 키 동작: 앱 키는 투어를 벗어납니다 (→ 돌아가기, m: 투어 키만)",
        "tour keys only (m: every key)": "투어 키만 (m: 모든 키)",
        "Precise Location on, in Settings: the app is now in the background (f brings it back)": "설정에서 정확한 위치 켬: 앱은 이제 백그라운드입니다 (f로 돌아옴)",
        "Precise Location off, in Settings: the app is now in the background (f brings it back)": "설정에서 정확한 위치 끔: 앱은 이제 백그라운드입니다 (f로 돌아옴)",
        "person in Settings": "사용자는 설정에 있음", "the whole why": "전체 이유", "new service session": "새 서비스 세션", "every key": "모든 키", "tour keys only": "투어 키만",
        // Format 1.1
        "location": "위치", "no fix yet": "아직 위치 없음", "no auto-pause": "자동 일시 정지 안 함", "showsBgIndicator": "배경 표시 속성 켬",
        "add the widget": "위젯 추가", "remove the widget": "위젯 제거", "arrive at a place (visit)": "장소 도착 (방문)",
        "requestLocation times out": "requestLocation 시간 초과", "automatic pause": "자동 일시 정지",
        "Live Activity ends": "실시간 현황 종료", "App Clip grant resets (04:00)": "앱 클립 허용 재설정 (04:00)",
        "updates": "업데이트", "delivering": "전달 중", "started, not delivering": "시작됨, 전달 안 됨", "fix": "위치", "fixes": "위치", "last": "마지막", "Live Activity": "실시간 현황", "visits": "방문", "beacons": "비콘",
    ]
}
