import Testing
@testable import LocflowCore

/// macOS 26 and watchOS 26 (issue 37): each rule of theirs, as a behaviour.
@Suite struct MacOSTests {
    @Test func allowGrantsAlwaysAndNeverWhenInUse() {
        var s = Sim(.macos26)
        let ts = s.do(.app(.requestWhenInUseAuthorization))
        #expect(Sim.rules(ts).contains(.macOSPrompt))
        #expect(s.world.promptButtons == ["Don't Allow", "Allow"])
        #expect(s.world.prompt.map { s.world.title(for: $0) } == "“LocationMonitorSample” would like to use your current location.")
        s.tap("Allow")
        #expect(s.status == .authorizedAlways, "\(summary(s.world))")
        #expect(s.world.settingsChoice == .always)
        #expect(Sim.rules(s.log).contains(.macOSAllow))
    }

    @Test func alwaysRequestShowsTheSamePrompt() {
        var s = Sim(.macos26)
        let ts = s.do(.app(.requestAlwaysAuthorization))
        #expect(Sim.rules(ts).contains(.macOSOneRequest))
        #expect(s.world.prompt?.kind == .whenInUse)
        #expect(s.world.prompt?.showsPreciseSwitch == false)
        s.tap("Don't Allow")
        #expect(s.status == .denied)
    }

    @Test func theUsageKeyIsNSLocationUsageDescription() {
        var s = Sim(.macos26) { $0.info.usageDescription = nil }
        s.do(.app(.requestWhenInUseAuthorization))
        #expect(s.world.prompt == nil)
        #expect(s.status == .notDetermined)
        // The iOS keys alone do not make a macOS app ask; the macOS key alone does.
        var t = Sim(.macos26) { $0.info = AppInfo(usageDescription: "Shows the map.") }
        t.do(.app(.requestAlwaysAuthorization))
        #expect(t.world.prompt?.kind == .whenInUse)
        #expect(t.world.message(for: t.world.prompt!) == "Shows the map.")
    }

    @Test func settingsIsASwitch() {
        var s = Sim(.macos26)
        s.do(.app(.requestWhenInUseAuthorization))
        s.tap("Allow")
        #expect(s.world.settingsOptions == [.never, .always])
        #expect(!s.world.settingsShowsPrecise)
        #expect(s.world.refusal(for: .user(.settings(.whileUsing)))?.rule == .settingsOptionNotOffered)
        #expect(s.world.refusal(for: .user(.settings(.askNextTime)))?.rule == .settingsOptionNotOffered)
        #expect(s.world.refusal(for: .user(.settingsPrecise(false)))?.rule == .settingsNoPrecise)
        s.do(.user(.settings(.never)))
        #expect(s.status == .denied)
    }

    @Test func neverSuspendedAndAlwaysInUse() {
        var s = Sim(.macos26)
        s.do(.app(.requestWhenInUseAuthorization))
        s.tap("Allow")
        s.do(.app(.startUpdatingLocation), .user(.background))
        s.wait(3600)
        #expect(s.world.lifecycle == .background)
        #expect(s.world.inUse)
        #expect(s.world.delivering(.standard))
        #expect(s.world.refusal(for: .system(.suspend))?.rule == .macOSNoSuspension)
    }

    @Test func sessionsAndBackgroundActivityAreRefused() {
        let s = Sim(.macos26)
        let refusals: [(AppCall, String)] = [
            (.session(id: Name("nav"), goal: .whenInUse, fullAccuracyKey: nil), "CLServiceSession"),
            (.backgroundActivity(true), "CLBackgroundActivitySession"),
            (.showsBackgroundLocationIndicator(true), "showsBackgroundLocationIndicator"),
        ]
        for (call, api) in refusals {
            let why = s.world.refusal(for: .app(call))
            #expect(why?.rule == .platformLacksCall)
            #expect(why?.detail == "\(api) is unavailable on macOS 26")
        }
        #expect(s.world.refusal(for: .app(.monitor(true))) == nil)
        #expect(s.world.refusal(for: .app(.liveUpdates(true))) == nil)
        #expect(s.world.refusal(for: .user(.locationButton))?.rule == .platformLacksCall)
    }
}

@Suite struct WatchOSTests {
    @Test func promptsAndSettingsAreIOS18s() {
        var s = Sim(.watchos26)
        s.do(.app(.requestWhenInUseAuthorization))
        #expect(s.world.promptButtons == ["Allow Once", "Allow While Using App", "Don't Allow"])
        s.tap("Allow While Using App")
        #expect(s.status == .authorizedWhenInUse)
        #expect(s.world.settingsOptions == [.never, .askNextTime, .whileUsing, .always])
    }

    @Test func theAppMustRunToAsk() {
        var s = Sim(.watchos26)
        s.do(.user(.background), .app(.requestWhenInUseAuthorization))
        #expect(s.world.prompt == nil)
        #expect(Sim.rules(s.log).contains(.requestNotInUse))
    }

    @Test func noLaunchingServicesAndNoMonitor() {
        let s = Sim(.watchos26)
        let calls: [AppCall] = [.monitor(true), .monitorAdd("home"), .startMonitoringSignificantLocationChanges,
                                .startMonitoringRegion("home"), .startMonitoringVisits, .startRangingBeacons("lobby"), .liveActivity(true)]
        for call in calls {
            #expect(s.world.refusal(for: .app(call))?.rule == .platformLacksCall, "\(call)")
        }
        #expect(s.world.refusal(for: .app(.session(id: Name("nav"), goal: .always, fullAccuracyKey: nil))) == nil)
        #expect(s.world.refusal(for: .app(.backgroundActivity(true))) == nil)
    }

    /// The background-use reminder is iOS's, from iOS 13: a Mac app with Always, or an iOS 12
    /// app, is told the platform shows none, not that it lacks Always.
    @Test func theReminderIsIOSs() {
        var mac = Sim(.macos26) { $0.info.usageDescription = "Shows you on the map." }
        mac.do(.app(.requestWhenInUseAuthorization))
        mac.tap("Allow")
        mac.do(.user(.background))
        #expect(mac.world.status == .authorizedAlways)
        #expect(mac.world.noEffectRule(.system(.reminder)) == .reminderUnavailable)
        #expect(Sim(.ios12).world.noEffectRule(.system(.reminder)) == .reminderUnavailable)
        #expect(Sim(.ios18).world.noEffectRule(.system(.reminder)) == .reminderNeedsAlways)
    }

    @Test func aComplicationKeepsTheAppInUse() {
        var s = Sim(.watchos26) { $0.widget = true }
        s.do(.app(.requestWhenInUseAuthorization))
        s.tap("Allow While Using App")
        let ts = s.do(.user(.addWidget))
        #expect(Sim.rules(ts).contains(.watchComplicationInUse))
        #expect(s.world.prompt == nil)  // no widget prompt: the complication is the app's
        s.do(.user(.background))
        s.wait(60)
        #expect(s.world.inUse)
        #expect(s.world.lifecycle == .background)
        s.do(.user(.removeWidget))
        s.wait(60)
        #expect(!s.world.inUse)
        #expect(s.world.lifecycle == .suspended)
    }

    @Test func theComplicationAssumptionOff() {
        var s = Sim(.watchos26) { $0.widget = true; $0.assumptions.watchComplicationInUse = false }
        s.do(.app(.requestWhenInUseAuthorization))
        s.tap("Allow While Using App")
        s.do(.user(.addWidget), .user(.background))
        s.wait(60)
        #expect(!s.world.inUse)
    }

    @Test func iPhonePlatformsRefuseNothingNew() {
        for p in Platform.allCases where p.profile.isPhoneLike {
            let s = Sim(p)
            #expect(s.world.refusal(for: .app(.monitor(true))) == nil, "\(p)")
        }
    }
}
