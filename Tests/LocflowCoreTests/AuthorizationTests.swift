import Testing
@testable import LocflowCore
import LocflowFlow

@Suite("State model: what the app reads vs what Settings shows")
struct StateModelTests {
    @Test func startIsNotDeterminedUnlistedWithOneLaunchCallback() {
        let s = Sim()
        #expect(s.world.status == .notDetermined)
        #expect(s.world.settingsChoice == .unlisted)
        #expect(s.world.settingsOptions.isEmpty)
        #expect(s.world.callbacks == 1)
        #expect(s.world.lastCallback == StatusPair(.notDetermined, .fullAccuracy))
        #expect(s.world.lifecycle == .foreground)
    }

    @Test func provisionalAlwaysReadsAlwaysWhileSettingsShowsWhileUsing() {
        var s = Sim()
        s.do(.app(.requestAlwaysAuthorization))
        s.tap("Allow While Using App")
        #expect(s.world.status == .authorizedAlways)
        #expect(s.world.settingsChoice == .whileUsing)
        #expect(s.world.isProvisionalAlways)
    }

    @Test func allowOnceReadsWhenInUseWithAskNextTime() {
        var s = Sim()
        s.do(.app(.requestWhenInUseAuthorization))
        s.tap("Allow Once")
        #expect(s.world.status == .authorizedWhenInUse)
        #expect(s.world.settingsChoice == .askNextTime)
        #expect(s.world.isTemporaryWhenInUse)
    }

    @Test func locationServicesOffDeniesButKeepsTheChoice() {
        var s = Sim()
        s.do(.app(.requestWhenInUseAuthorization))
        s.tap("Allow While Using App")
        s.do(.user(.settingsLocationServices(false)))
        #expect(s.world.status == .denied)
        #expect(s.world.settingsChoice == .whileUsing)
        s.do(.user(.settingsLocationServices(true)))
        #expect(s.world.status == .authorizedWhenInUse)
    }

    /// "Location services are unavailable because the device is in Airplane mode": denied, the
    /// stored choice kept and back afterwards, the delegate told both times. [A S215]
    @Test func airplaneModeDeniesAndKeepsTheChoice() {
        var s = Sim()
        s.do(.app(.requestWhenInUseAuthorization))
        s.tap("Allow While Using App")
        s.do(.app(.session(id: "a", goal: .whenInUse, fullAccuracyKey: nil)))
        let on = s.do(.device(.airplaneMode(true)))
        #expect(s.status == .denied && s.world.settingsChoice == .whileUsing && s.world.locationServicesOn)
        #expect(Sim.rules(on).contains(.airplaneModeOn) && s.world.lastCallback?.status == .denied)
        #expect(s.world.diagnostics(.session("a")) == [.authorizationDenied])
        s.do(.device(.airplaneMode(false)))
        #expect(s.status == .authorizedWhenInUse && s.world.lastCallback?.status == .authorizedWhenInUse)
        #expect(s.world.diagnostics(.session("a")).isEmpty)
        // Switching it to what it already is changes nothing, and says so.
        #expect(Sim.rules(s.do(.device(.airplaneMode(false)))) == [.airplaneModeUnchanged])
    }

    @Test func restrictedWins() {
        let s = Sim { $0.restricted = true }
        #expect(s.world.status == .restricted)
    }

    /// Location Services off (or Airplane mode): every app reads denied, a restricted one too,
    /// and reads restricted again when they come back; the assumption servicesOffOverridesRestricted
    /// false keeps it restricted throughout.
    @Test(arguments: [true, false])
    func servicesOffAndRestricted(_ overrides: Bool) {
        var s = Sim { $0.restricted = true; _ = $0.assumptions.set("servicesOffOverridesRestricted", .boolean(overrides)) }
        let off = s.do(.user(.settingsLocationServices(false)))
        #expect(s.status == (overrides ? .denied : .restricted))
        // The trace says that an assumption decided it.
        #expect(Sim.rules(off).contains(.restrictedServicesOff) && off[0].why.contains { $0.detail?.hasPrefix("servicesOffOverridesRestricted") == true })
        s.do(.user(.foreground))
        #expect(off.flatMap(\.callbacks).map(\.status) == (overrides ? [.denied] : []))
        s.do(.user(.settingsLocationServices(true)), .user(.foreground))
        #expect(s.status == .restricted && s.world.lastCallback?.status == .restricted)
        s.do(.device(.airplaneMode(true)))
        #expect(s.status == (overrides ? .denied : .restricted))
    }

    @Test(arguments: [Platform.ios12, .ios13, .ios13_4])
    func accuracyIsAlwaysFullBeforeIOS14(_ p: Platform) {
        var s = Sim(p)
        s.do(.app(.requestWhenInUseAuthorization))
        s.tap(p == .ios12 ? "Allow" : "Allow While Using App")
        #expect(s.world.accuracy == .fullAccuracy)
    }

    @Test func accuracyReadsFullWhileNotDetermined() {
        let s = Sim { $0.info.defaultAccuracyReduced = true }
        #expect(s.world.record.precise == false)
        #expect(s.world.accuracy == .fullAccuracy)
    }
}

@Suite("Delegate callbacks")
struct CallbackTests {
    @Test func noCallbackWhileThePromptIsUp() {
        var s = Sim()
        let t = s.do(.app(.requestWhenInUseAuthorization))
        #expect(t.flatMap(\.callbacks).isEmpty)
        #expect(s.world.callbacks == 1)
    }

    @Test func noCallbackWhenNothingChanged() {
        var s = Sim(.ios13_4)
        s.do(.app(.requestWhenInUseAuthorization))
        s.tap("Allow While Using App")
        s.do(.app(.requestAlwaysAuthorization))
        let t = s.do(.user(.tap("Keep Only While Using")))
        #expect(t.flatMap(\.callbacks).isEmpty)
        #expect(Sim.rules(t).contains(.upgradeKeep))
    }

    @Test func heldWhileSuspendedDeliveredOnceOnResume() {
        var s = Sim()
        s.do(.app(.requestWhenInUseAuthorization))
        s.tap("Allow While Using App")
        s.do(.user(.background))
        s.wait(6)
        #expect(s.world.lifecycle == .suspended)
        let held = s.do(.user(.settings(.never)))
        #expect(Sim.rules(held).contains(.callbackHeldWhileSuspended))
        s.do(.user(.settings(.always)))
        #expect(s.world.callbacks == 2)
        let resumed = s.do(.user(.foreground))
        #expect(resumed.flatMap(\.callbacks) == [StatusPair(.authorizedAlways, .fullAccuracy)])
    }

    @Test func everyLaunchDeliversOne() {
        var s = Sim()
        s.do(.system(.terminate), .system(.relaunch))
        #expect(s.world.callbacks == 2)
        s.do(.user(.forceQuit), .user(.foreground))
        #expect(s.world.callbacks == 3)
    }
}

@Suite("requestWhenInUseAuthorization")
struct WhenInUseTests {
    @Test func promptsFromNotDeterminedInTheForeground() {
        var s = Sim()
        let t = s.do(.app(.requestWhenInUseAuthorization))
        #expect(s.world.prompt?.kind == .whenInUse)
        #expect(Sim.rules(t) == [.whenInUsePrompt])
    }

    @Test func doesNothingInTheBackground() {
        var s = Sim()
        s.do(.user(.background))
        let t = s.do(.app(.requestWhenInUseAuthorization))
        #expect(s.world.prompt == nil && s.world.promptQueue.isEmpty)
        #expect(Sim.rules(t).contains(.requestNotInUse))
    }

    @Test func doesNothingWithoutTheKey() {
        var s = Sim { $0.info.whenInUseDescription = nil }
        let t = s.do(.app(.requestWhenInUseAuthorization))
        #expect(s.world.prompt == nil)
        #expect(Sim.rules(t).contains(.missingWhenInUseKey))
    }

    @Test func doesNothingOnceDecided() {
        var s = Sim()
        s.do(.app(.requestWhenInUseAuthorization))
        s.tap("Don't Allow")
        let t = s.do(.app(.requestWhenInUseAuthorization))
        #expect(s.world.prompt == nil)
        #expect(Sim.rules(t).contains(.whenInUseNeedsNotDetermined))
    }

    @Test func secondRequestWhileThePromptIsUpIsIgnored() {
        var s = Sim()
        s.do(.app(.requestWhenInUseAuthorization))
        let t = s.do(.app(.requestWhenInUseAuthorization))
        #expect(s.world.promptQueue.isEmpty)
        #expect(Sim.rules(t).contains(.requestWhilePrompting))
    }

    @Test func servicesOffShowsTheWarning() {
        var s = Sim { $0.locationServicesOn = false }
        s.do(.app(.requestWhenInUseAuthorization))
        #expect(s.world.prompt?.kind == .servicesOff)
        #expect(s.world.promptButtons == ["Settings", "Cancel"])
        // It names Settings' privacy menu as the version does: "Privacy" before iOS 16.
        #expect(s.world.message(for: s.world.prompt!).hasSuffix("Settings › Privacy & Security."))
        var old = Sim(.ios15) { $0.locationServicesOn = false }
        old.do(.app(.requestWhenInUseAuthorization))
        #expect(old.world.message(for: old.world.prompt!).hasSuffix("Settings › Privacy."))
    }
}

@Suite("requestAlwaysAuthorization")
struct AlwaysTests {
    @Test func branchA_ios13_4_immediateUpgrade() {
        var s = Sim(.ios13_4)
        s.do(.app(.requestWhenInUseAuthorization))
        s.tap("Allow While Using App")
        s.do(.app(.requestAlwaysAuthorization))
        #expect(s.world.prompt?.kind == .alwaysUpgrade)
        let t = s.do(.user(.tap("Change to Always Allow")))
        #expect(s.world.status == .authorizedAlways && s.world.isPermanentAlways)
        #expect(t.flatMap(\.callbacks).count == 1)
    }

    @Test func branchA_ios13_0_provisionalWithoutPrompt() {
        var s = Sim(.ios13)
        s.do(.app(.requestWhenInUseAuthorization))
        s.tap("Allow While Using App")
        let t = s.do(.app(.requestAlwaysAuthorization))
        #expect(s.world.prompt == nil)
        #expect(s.world.isProvisionalAlways)
        #expect(Sim.rules(t).contains(.ios13ProvisionalFromWhenInUse))
    }

    @Test func branchB_ignoredAfterAllowOnce_oneShotKeptByDefault() {
        var s = Sim()
        s.do(.app(.requestWhenInUseAuthorization))
        s.tap("Allow Once")
        let t = s.do(.app(.requestAlwaysAuthorization))
        #expect(s.world.prompt == nil)
        #expect(Sim.rules(t) == [.alwaysIgnoredAfterAllowOnce])
        #expect(s.world.record.alwaysRequestUsed == false)
        #expect(t.first?.refusal == nil)  // ignored is not refused: the call happened
    }

    @Test func branchB_assumptionUsesTheOneShot() {
        var s = Sim { $0.assumptions.ignoredAlwaysRequestUsesOneShot = true }
        s.do(.app(.requestWhenInUseAuthorization))
        s.tap("Allow Once")
        s.do(.app(.requestAlwaysAuthorization))
        #expect(s.world.record.alwaysRequestUsed)
    }

    @Test func branchC_twoPrompts_deferredSecond() {
        var s = Sim()
        s.do(.app(.requestAlwaysAuthorization))
        #expect(s.world.prompt?.kind == .whenInUse)
        s.tap("Allow While Using App")
        s.do(.app(.startMonitoringSignificantLocationChanges), .user(.background))
        s.wait(20)
        let t = s.do(.device(.move))
        #expect(s.world.prompt?.kind == .alwaysUpgrade)
        #expect(Sim.rules(t).contains(.deferredUpgradePrompt))
        let answer = s.do(.user(.tap("Change to Always Allow")))
        #expect(answer.flatMap(\.callbacks).isEmpty)   // the status was already authorizedAlways
        #expect(s.world.isPermanentAlways)
    }

    @Test func branchC_keepOnDeferredPromptGivesWhenInUse() {
        var s = Sim()
        s.do(.app(.requestAlwaysAuthorization))
        s.tap("Allow While Using App")
        s.do(.app(.startMonitoringRegion("r")), .system(.terminate), .device(.exitRegion("r")))
        s.tap("Keep Only While Using")
        #expect(s.world.status == .authorizedWhenInUse)
        #expect(s.world.lifecycle == .terminated)
    }

    @Test func oneShot() {
        var s = Sim(.ios13_4)
        s.do(.app(.requestWhenInUseAuthorization))
        s.tap("Allow While Using App")
        s.do(.app(.requestAlwaysAuthorization))
        s.tap("Keep Only While Using")
        let t = s.do(.app(.requestAlwaysAuthorization))
        #expect(s.world.prompt == nil)
        #expect(Sim.rules(t) == [.alwaysOneShot])
    }

    @Test func branchD_nothingFromDenied() {
        var s = Sim()
        s.do(.app(.requestWhenInUseAuthorization))
        s.tap("Don't Allow")
        let t = s.do(.app(.requestAlwaysAuthorization))
        #expect(Sim.rules(t).contains(.alwaysNothingToDo))
    }

    @Test func missingAlwaysKeyDoesNothing() {
        var s = Sim { $0.info.alwaysAndWhenInUseDescription = nil }
        let t = s.do(.app(.requestAlwaysAuthorization))
        #expect(s.world.prompt == nil)
        #expect(Sim.rules(t).contains(.missingAlwaysKey))
    }

    @Test(arguments: [Platform.ios12, .ios13_4, .ios18])
    func legacyAlwaysKeyIsNoAlias(_ platform: Platform) {
        var s = Sim(platform) { $0.info.alwaysAndWhenInUseDescription = nil; $0.info.alwaysDescription = "old" }
        let t = s.do(.app(.requestAlwaysAuthorization))
        #expect(s.world.prompt == nil)
        #expect(Sim.rules(t).contains(.missingAlwaysKey))
        #expect(t.last?.why.contains { $0.detail?.contains("NSLocationAlwaysUsageDescription") == true } == true)
        #expect(s.world.config.alwaysMessage == nil)
        s.do(.app(.requestWhenInUseAuthorization))
        s.tap(platform == .ios12 ? "Allow" : "Allow While Using App")
        #expect(!s.world.settingsOptions.contains(.always))
    }

    @Test func visionOSTreatsAlwaysAsWhenInUse() {
        var s = Sim(.visionos)
        s.do(.app(.requestAlwaysAuthorization))
        s.tap("Allow While Using App")
        #expect(s.world.status == .authorizedWhenInUse)
        #expect(!s.world.settingsOptions.contains(.always))
    }

    @Test func ios12ThreeOptions() {
        var s = Sim(.ios12)
        s.do(.app(.requestAlwaysAuthorization))
        #expect(s.world.promptButtons == ["Only While Using the App", "Always Allow", "Don't Allow"])
        s.tap("Only While Using the App")
        #expect(s.world.status == .authorizedWhenInUse)
        #expect(!s.world.record.provisionalAlways)
    }

    /// The iOS 12 prompts' answers are explained by iOS 12's own rules, which name its buttons,
    /// not by the iOS 13+ ones ("Allow While Using App" is not on these prompts). [D S47][I]
    @Test func ios12AnswersCiteTheLegacyRules() {
        let cases: [(Event, String, Rule, AuthorizationStatus)] = [
            (.app(.requestWhenInUseAuthorization), "Allow", .legacyWhileUsing, .authorizedWhenInUse),
            (.app(.requestWhenInUseAuthorization), "Don't Allow", .legacyDontAllow, .denied),
            (.app(.requestAlwaysAuthorization), "Only While Using the App", .legacyWhileUsing, .authorizedWhenInUse),
            (.app(.requestAlwaysAuthorization), "Always Allow", .legacyAlwaysAllow, .authorizedAlways),
            (.app(.requestAlwaysAuthorization), "Don't Allow", .legacyDontAllow, .denied),
        ]
        for (request, button, rule, status) in cases {
            var s = Sim(.ios12)
            s.do(request)
            let rules = Sim.rules(s.do(.user(.tap(button))))
            #expect(rules.contains(rule) && !rules.contains(.allowWhileUsing) && !rules.contains(.dontAllow), "\(button): \(rules)")
            #expect(s.status == status, "\(button)")
        }
    }

    /// "You may call requestAlwaysAuthorization() when the current authorization status is
    /// either: Not Determined, When In Use" [A S1]: on iOS 12 the upgrade shows the Always prompt
    /// (it was withdrawn in the same step, as if the when-in-use answer had answered it).
    @Test func ios12UpgradeFromWhenInUse() {
        var s = Sim(.ios12)
        s.do(.app(.requestWhenInUseAuthorization))
        s.tap("Allow")
        s.do(.app(.requestAlwaysAuthorization))
        #expect(s.world.prompt?.kind == .legacyAlways)
        s.tap("Always Allow")
        #expect(s.world.status == .authorizedAlways && s.world.settingsChoice == .always)
        // One shot: a second request does nothing.
        var k = Sim(.ios12)
        k.do(.app(.requestWhenInUseAuthorization))
        k.tap("Allow")
        k.do(.app(.requestAlwaysAuthorization))
        k.tap("Only While Using the App")
        let t = k.do(.app(.requestAlwaysAuthorization))
        #expect(k.world.prompt == nil && k.world.status == .authorizedWhenInUse && Sim.rules(t).contains(.alwaysOneShot))
    }
}

@Suite("Temporary full accuracy")
struct TemporaryAccuracyTests {
    func reduced() -> Sim {
        var s = Sim()
        s.do(.app(.requestWhenInUseAuthorization), .user(.precise(false)))
        s.tap("Allow While Using App")
        return s
    }

    @Test func grantedThenEndsWhenNotInUse() {
        var s = reduced()
        s.do(.app(.requestTemporaryFullAccuracyAuthorization("Nav")))
        #expect(s.world.completion == .pending)
        s.tap("Allow Once")
        #expect(s.world.completion == .nil)
        #expect(s.world.accuracy == .fullAccuracy)
        #expect(s.world.record.precise == false)
        s.do(.user(.background))
        s.wait(9)
        #expect(s.world.accuracy == .fullAccuracy)
        s.wait(1)
        #expect(s.world.accuracy == .reducedAccuracy)
    }

    @Test(arguments: ["unknownKey", "background", "notAuthorized", "alreadyFull"])
    func declinedWithoutPrompt(_ why: String) {
        var s = why == "notAuthorized" ? Sim() : reduced()
        var key = "Nav"
        switch why {
        case "unknownKey": key = "Nope"
        case "background": s.do(.user(.background))
        case "alreadyFull": s.do(.user(.settingsPrecise(true)), .user(.foreground))
        default: break
        }
        s.do(.app(.requestTemporaryFullAccuracyAuthorization(Name(key))))
        #expect(s.world.completion == .promptDeclined)
        #expect(s.world.prompt == nil)
    }
}

@Suite("CLLocationButton, other classic facts")
struct ClassicTests {
    @Test func locationButtonFirstTapConfirmsThenSilent() {
        var s = Sim(.ios15)
        s.do(.user(.locationButton))
        #expect(s.world.prompt?.kind == .locationButton)
        s.tap("Allow Once")
        #expect(s.world.isTemporaryWhenInUse)
        s.do(.system(.terminate), .user(.foreground), .user(.locationButton))
        #expect(s.world.prompt == nil)
        #expect(s.world.isTemporaryWhenInUse)
    }

    /// Without NSLocationWhenInUseUsageDescription the button grants nothing, confirmed or not. [A S15c][I]
    @Test func locationButtonWithoutTheWhenInUseKeyGrantsNothing() {
        var s = Sim(.ios15) { $0.info.whenInUseDescription = nil; $0.info.alwaysAndWhenInUseDescription = nil }
        #expect(Sim.rules(s.do(.user(.locationButton))) == [.locationButtonMissingKey])
        #expect(s.world.prompt == nil && s.status == .notDetermined)
        // The key is checked before anything else the button would do, once the app is in front.
        s.do(.user(.background))
        #expect(Sim.rules(s.do(.user(.locationButton))) == [.locationButtonNeedsForeground])
    }

    /// Location Services off, or unavailable in Airplane mode: the button can grant nothing,
    /// and the app reads denied as before. [A S215][I]
    @Test func locationButtonGrantsNothingWhileLocationIsUnavailable() {
        for off in [Event.device(.airplaneMode(true)), .user(.settingsLocationServices(false))] {
            var s = Sim(.ios15)
            s.do(off)
            if case .user = off { s.do(.user(.foreground)) }
            #expect(Sim.rules(s.do(.user(.locationButton))) == [.locationButtonBlocked], "\(off)")
            #expect(s.world.prompt == nil && s.status == .denied && !s.world.record.temporaryGrant, "\(off)")
        }
    }

    @Test func locationButtonIgnoredBeforeIOS15AndOnVisionOS() {
        for p in [Platform.ios14, .visionos] {
            var s = Sim(p)
            s.do(.user(.locationButton))
            #expect(s.world.prompt == nil)
        }
    }

    @Test func startingWhileDeniedReportsKCLErrorDenied() {
        var s = Sim()
        s.do(.app(.requestWhenInUseAuthorization))
        s.tap("Don't Allow")
        s.do(.app(.startUpdatingLocation))
        #expect(s.world.lastError == .denied)
    }

    @Test func backgroundUpdatesWithoutTheModeCrash() {
        var s = Sim { $0.info.backgroundModes = [] }
        let t = s.do(.app(.allowsBackgroundLocationUpdates(true)))
        #expect(s.world.lifecycle == .terminated)
        #expect(Sim.rules(t).contains(.backgroundUpdatesCrash))
    }
}
