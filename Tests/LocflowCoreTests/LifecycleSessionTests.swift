import Testing
@testable import LocflowCore
import LocflowFlow

@Suite("In use, Allow Once, timers")
struct InUseTests {
    @Test func graceThenNotInUse() {
        var s = Sim()
        s.do(.user(.background))
        #expect(s.world.inUse)
        s.wait(9)
        #expect(s.world.inUse)
        s.wait(1)
        #expect(!s.world.inUse)
    }

    @Test func allowOnceRunsOutExactlyAfterGracePlusAllowOnceGrace() {
        var s = Sim()
        s.do(.app(.requestWhenInUseAuthorization))
        s.tap("Allow Once")
        s.do(.user(.background))
        s.wait(69)
        #expect(s.world.status == .authorizedWhenInUse)
        s.wait(1)
        #expect(s.world.status == .notDetermined)
        let fired = s.log.compactMap { t -> (TimerKind, Millis)? in
            if case .timer(let k) = t.event { return (k, t.time) } else { return nil }
        }
        #expect(fired.map(\.0) == [.suspend, .inUseEnds, .allowOnceExpires])
        #expect(fired.map(\.1) == [5_000, 10_000, 70_000])
    }

    @Test func assumptionsChangeTheTimers() {
        var s = Sim {
            $0.assumptions.inUseGrace = 2_000
            $0.assumptions.allowOnceGrace = 3_000
            $0.assumptions.suspendDelay = 1_000
        }
        s.do(.app(.requestWhenInUseAuthorization))
        s.tap("Allow Once")
        s.do(.user(.background))
        s.wait(1)
        #expect(s.world.lifecycle == .suspended)
        s.wait(4)
        #expect(s.world.status == .notDetermined)
    }

    @Test func timersFireInTimeOrderEachAsItsOwnTransition() {
        var s = Sim()
        s.do(.user(.background))
        let ts = s.do(.wait(60_000))
        #expect(ts.map(\.event) == [.timer(.suspend), .timer(.inUseEnds), .wait(60_000)])
        #expect(ts.map(\.time) == [5_000, 10_000, 60_000])
    }

    @Test func indicatorKeepsTheAppInUse() {
        var s = Sim()
        s.do(.app(.requestWhenInUseAuthorization))
        s.tap("Allow While Using App")
        s.do(.app(.allowsBackgroundLocationUpdates(true)), .app(.startUpdatingLocation), .user(.background))
        s.wait(600)
        #expect(s.world.inUse && s.world.indicatorShown)
        #expect(s.world.lifecycle == .background)
    }
}

@Suite("Refused steps")
struct RefusedTests {
    @Test(arguments: [
        Event.user(.tap("Allow")), .user(.precise(true)), .user(.settings(.always)), .user(.settingsPrecise(false)),
        .system(.suspend), .system(.relaunch), .app(.invalidate("x")),
    ])
    func refusedStepsChangeNothing(_ e: Event) {
        var s = Sim()
        let before = s.world
        let t = s.do(e)
        #expect(t.count == 1 && t[0].isRefused)
        #expect(s.world == before)
    }

    @Test func appCallsAreRefusedWhileSuspendedOrTerminated() {
        var s = Sim()
        s.do(.user(.background))
        s.wait(6)
        #expect(s.do(.app(.startUpdatingLocation))[0].isRefused)
        s.do(.system(.terminate))
        #expect(s.do(.app(.requestWhenInUseAuthorization))[0].isRefused)
    }

    @Test func refusedSettingsDoesNotBackgroundTheApp() {
        var s = Sim()
        s.do(.app(.requestWhenInUseAuthorization))
        s.tap("Allow While Using App")
        s.do(.app(.requestAlwaysAuthorization))  // ios18: immediate upgrade prompt
        s.tap("Keep Only While Using")
        let t = s.do(.user(.settings(.whileUsingOrWidgets)))
        #expect(t[0].isRefused)
        #expect(s.world.lifecycle == .foreground)
    }

    @Test func sessionIDHeldTwiceIsRefused() {
        var s = Sim()
        s.do(.app(.session(id: "a", goal: .none, fullAccuracyKey: nil)))
        #expect(s.do(.app(.session(id: "a", goal: .none, fullAccuracyKey: nil)))[0].isRefused)
    }
}

@Suite("Settings")
struct SettingsTests {
    @Test func optionsPerPlatformAndKeys() {
        var s = Sim(.ios12)
        s.do(.app(.requestWhenInUseAuthorization))
        s.tap("Allow")
        #expect(s.world.settingsOptions == [.never, .whileUsing, .always])

        var w = Sim { $0.widget = true }
        w.do(.app(.requestWhenInUseAuthorization))
        w.tap("Allow While Using App")
        #expect(w.world.settingsOptions == [.never, .askNextTime, .whileUsing, .whileUsingOrWidgets, .always])

        // The app's own plist key does not do it: the widget extension's does (`widget true`). [A S17b]
        var p = Sim { $0.info.widgetWantsLocation = true }
        p.do(.app(.requestWhenInUseAuthorization))
        p.tap("Allow While Using App")
        #expect(p.world.settingsOptions == [.never, .askNextTime, .whileUsing, .always])
    }

    @Test func settingsAlwaysIgnoresTheOneShotAndIsPermanent() {
        var s = Sim()
        s.do(.app(.requestAlwaysAuthorization))
        s.tap("Allow While Using App")
        s.do(.user(.settings(.always)))
        #expect(s.world.isPermanentAlways)
        #expect(s.world.settingsChoice == .always)
    }

    @Test func resetClearsEverythingIncludingTheOneShot() {
        var s = Sim()
        s.do(.app(.requestAlwaysAuthorization))
        s.tap("Allow While Using App")
        s.do(.user(.settingsReset), .user(.foreground))
        #expect(s.world.record == AppRecord())
        s.do(.app(.requestAlwaysAuthorization))
        #expect(s.world.prompt?.kind == .whenInUse)
    }

    @Test func settingsLeavesTheApp() {
        var s = Sim()
        s.do(.app(.requestWhenInUseAuthorization))
        s.tap("Allow While Using App")
        let t = s.do(.user(.settings(.never)))
        #expect(Sim.rules(t).prefix(2) == [.settingsLeavesApp, .toBackground])
        #expect(s.world.lifecycle == .background)
    }
}

@Suite("Prompts")
struct PromptTests {
    @Test func buttonOrderPerVersion() {
        var a = Sim(.ios13)
        a.do(.app(.requestWhenInUseAuthorization))
        #expect(a.world.promptButtons == ["Allow While Using App", "Allow Once", "Don't Allow"])
        var b = Sim(.ios14)
        b.do(.app(.requestWhenInUseAuthorization))
        #expect(b.world.promptButtons == ["Allow Once", "Allow While Using App", "Don't Allow"])
        #expect(b.world.prompt?.showsPreciseSwitch == true)
        var c = Sim(.ios13)
        c.do(.app(.requestWhenInUseAuthorization))
        #expect(c.world.prompt?.showsPreciseSwitch == false)
    }

    @Test func labelsMatchIgnoringCaseAndApostrophes() {
        var s = Sim()
        s.do(.app(.requestWhenInUseAuthorization))
        s.tap("don’t allow")
        #expect(s.world.status == .denied)
    }

    @Test func onePromptAtATimeOthersQueue() {
        var s = Sim()
        s.do(.app(.requestWhenInUseAuthorization), .user(.precise(false)))
        s.tap("Allow While Using App")
        s.do(.app(.requestTemporaryFullAccuracyAuthorization("Nav")))
        s.do(.app(.session(id: "nav", goal: .whenInUse, fullAccuracyKey: "Nav")))
        #expect(s.world.prompt?.kind == .temporaryFullAccuracy)
        #expect(s.world.promptQueue.isEmpty)  // the session's need is the same request: not asked twice
    }

    @Test func titleNamesTheApp() {
        var s = Sim { $0.info.displayName = "Trail" }
        s.do(.app(.requestWhenInUseAuthorization))
        #expect(s.world.title(for: s.world.prompt!) == "Allow “Trail” to use your location?")
    }

    @Test func stringsOverrideTheMessage() {
        var s = Sim { $0.strings["NSLocationWhenInUseUsageDescription"] = "위치가 필요합니다" }
        s.do(.app(.requestWhenInUseAuthorization))
        #expect(s.world.message(for: s.world.prompt!) == "위치가 필요합니다")
    }
}

@Suite("iOS 17/18: sessions, implicit sessions, diagnostics")
struct SessionTests {
    func authorized(_ configure: (inout AppConfig) -> Void = { _ in }) -> Sim {
        var s = Sim(configure: configure)
        s.do(.app(.requestWhenInUseAuthorization))
        s.tap("Allow While Using App")
        return s
    }

    @Test func diagnosticTypesHaveExactlyApplesProperties() {
        #expect(DiagnosticType.serviceSession.properties.count == 8)
        #expect(DiagnosticType.backgroundActivity.properties.count == 6)
        #expect(DiagnosticType.locationUpdate.properties.contains(.stationary))
        #expect(!DiagnosticType.monitorEvent.properties.contains(.stationary))
        #expect(!DiagnosticType.locationUpdate.properties.contains(.alwaysAuthorizationDenied))
        #expect(DiagnosticType.monitorEvent.properties.contains(.conditionLimitExceeded))
    }

    @Test func implicitSessionPromptsOnIOS18NotIOS17() {
        var a = Sim(.ios18)
        a.do(.app(.liveUpdates(true)))
        #expect(a.world.prompt?.kind == .whenInUse)
        var b = Sim(.ios17)
        b.do(.app(.liveUpdates(true)))
        #expect(b.world.prompt == nil)
    }

    @Test func explicitKeyTurnsImplicitSessionsOff() {
        var s = Sim { $0.info.requireExplicitServiceSession = true }
        s.do(.app(.monitor(true)))
        #expect(s.world.prompt == nil)
        #expect(s.world.diagnostics(.monitor) == [.serviceSessionRequired])
    }

    /// The assumption explicitSessionKeyCoversClassicAPIs: with the explicit-session key, the
    /// classic services wait for an explicit session too; by default they do not.
    @Test func theExplicitKeyHoldsTheClassicServicesOnlyUnderTheAssumption() {
        for covers in [false, true] {
            var s = authorized { $0.info.requireExplicitServiceSession = true; _ = $0.assumptions.set("explicitSessionKeyCoversClassicAPIs", .boolean(covers)) }
            s.do(.app(.startUpdatingLocation), .app(.startMonitoringRegion("office")))
            #expect(s.world.delivering(.standard) == !covers && s.world.delivering(.regions) == !covers, "\(covers)")
            let exit = s.do(.device(.exitRegion("office")))
            #expect(exit.flatMap(\.outputs).contains(.locationEvent("region office exit", delivered: !covers)))
            #expect(Sim.rules(exit).contains(.explicitSessionHoldsClassic) == covers)
            s.do(.app(.session(id: "a", goal: .whenInUse, fullAccuracyKey: nil)))
            #expect(s.world.delivering(.standard) && s.world.delivering(.regions), "\(covers)")
        }
    }

    @Test func noneSessionCountsOnlyWithAuthorization() {
        var s = Sim { $0.info.requireExplicitServiceSession = true }
        s.do(.app(.session(id: "q", goal: .none, fullAccuracyKey: nil)))
        #expect(s.world.serviceSessionRequired)
        #expect(s.world.prompt == nil)
        s.do(.app(.requestWhenInUseAuthorization))
        s.tap("Allow While Using App")
        #expect(!s.world.serviceSessionRequired)
    }

    /// alwaysAuthorizationDenied is the person's answer: not while the upgrade prompt still waits
    /// for one (it was true from the moment the prompt came up). [A S8, S52]
    @Test func alwaysAuthorizationDeniedOnlyOnceThePersonAnswered() {
        var s = authorized()
        s.do(.app(.session(id: "a", goal: .always, fullAccuracyKey: nil)))
        #expect(s.world.prompt?.kind == .alwaysUpgrade)
        #expect(s.world.diagnostics(.session("a")) == [.authorizationRequestInProgress])
        s.tap("Keep Only While Using")
        #expect(s.world.diagnostics(.session("a")) == [.alwaysAuthorizationDenied])
        // From notDetermined: the when-in-use prompt, then the upgrade prompt, then the answer.
        var n = Sim()
        n.do(.app(.session(id: "a", goal: .always, fullAccuracyKey: nil)))
        n.tap("Allow While Using App")
        #expect(n.world.prompt?.kind == .alwaysUpgrade)
        #expect(n.world.diagnostics(.session("a")) == [.authorizationRequestInProgress])
        n.tap("Keep Only While Using")
        #expect(n.world.diagnostics(.session("a")) == [.alwaysAuthorizationDenied])
    }

    /// fullAccuracyDenied: a session with a purpose key at reduced accuracy because the person
    /// declined its prompt or turned Precise off; not for the app's own default of reduced. [A S8]
    @Test func fullAccuracyDeniedWhenThePersonTurnedPreciseOff() {
        var s = authorized()
        s.do(.app(.session(id: "n", goal: .whenInUse, fullAccuracyKey: "Nav")))
        #expect(!s.world.diagnostics(.session("n")).contains(.fullAccuracyDenied))
        s.do(.user(.settingsPrecise(false)))
        #expect(s.world.accuracy == .reducedAccuracy)
        #expect(s.world.diagnostics(.session("n")).contains(.fullAccuracyDenied))
        s.do(.user(.settingsPrecise(true)))
        #expect(!s.world.diagnostics(.session("n")).contains(.fullAccuracyDenied))
        // The app's own reduced default is not the person's refusal. The session asks at once
        // (the full-accuracy prompt): while it asks, nothing is denied; with the question gone
        // unanswered (taken off here, as a backgrounded app's would be) still nothing is.
        var r = Sim { $0.info.defaultAccuracyReduced = true }
        r.do(.app(.requestWhenInUseAuthorization))
        r.tap("Allow While Using App")
        r.do(.app(.session(id: "n", goal: .whenInUse, fullAccuracyKey: "Nav")))
        #expect(r.world.accuracy == .reducedAccuracy && r.world.prompt?.kind == .temporaryFullAccuracy)
        #expect(r.world.diagnostics(.session("n")) == [.authorizationRequestInProgress])
        r.world.prompt = nil
        r.world.promptQueue = []
        #expect(r.world.diagnostics(.session("n")).isEmpty, "the app's default is not the person's refusal")
        // Declining the prompt is.
        var d = Sim { $0.info.defaultAccuracyReduced = true }
        d.do(.app(.requestWhenInUseAuthorization))
        d.tap("Allow While Using App")
        d.do(.app(.session(id: "n", goal: .whenInUse, fullAccuracyKey: "Nav")))
        d.tap(d.world.buttons(for: d.world.prompt!).last!)
        #expect(d.world.diagnostics(.session("n")) == [.fullAccuracyDenied], "\(d.world.diagnostics(.session("n")))")
    }

    @Test func sessionCreatedInBackgroundIsInsufficientlyInUseUntilForeground() {
        var s = authorized()
        s.do(.user(.background))
        s.wait(6)
        s.do(.system(.terminate), .system(.relaunch))
        s.do(.app(.session(id: "late", goal: .whenInUse, fullAccuracyKey: nil)))
        #expect(s.world.diagnostics(.session("late")).contains(.insufficientlyInUse))
        s.do(.user(.foreground))
        #expect(!s.world.diagnostics(.session("late")).contains(.insufficientlyInUse))
    }

    /// In use includes the few seconds after leaving the foreground [A S12]; a session created
    /// then counts as created while in use [A S8], and the trace says why (it is an inference:
    /// a WWDC24 talk says "in the foreground"). After the grace it is insufficientlyInUse.
    @Test func aSessionCreatedInTheGraceCountsAsInUseAndSaysSo() {
        var s = authorized()
        s.do(.user(.background))
        s.wait(2)
        let t = s.do(.app(.session(id: "grace", goal: .whenInUse, fullAccuracyKey: nil)))
        #expect(Sim.rules(t).contains(.sessionCreatedInUseAway))
        #expect(!s.world.diagnostics(.session("grace")).contains(.insufficientlyInUse))
        var u = authorized()
        u.do(.user(.background))
        u.wait(6)
        u.do(.system(.terminate), .system(.relaunch))
        let late = u.do(.app(.session(id: "late", goal: .whenInUse, fullAccuracyKey: nil)))
        #expect(Sim.rules(late).contains(.sessionInsufficientlyInUse) && !Sim.rules(late).contains(.sessionCreatedInUseAway))
        // A .always session starts being held only in the foreground: in the grace it is
        // insufficientlyInUse, and Always gives it nothing in the background. [A S18 via D S52]
        var a = Sim()
        a.do(.app(.requestWhenInUseAuthorization))
        a.tap("Allow While Using App")
        a.do(.user(.settings(.always)), .user(.foreground))
        a.do(.app(.liveUpdates(true)), .user(.background))
        a.wait(2)
        let always = a.do(.app(.session(id: "late", goal: .always, fullAccuracyKey: nil)))
        #expect(Sim.rules(always).contains(.sessionInsufficientlyInUse) && !Sim.rules(always).contains(.sessionCreatedInUseAway))
        a.wait(60)
        #expect(a.world.diagnostics(.session("late")).contains(.insufficientlyInUse) && !a.world.delivering(.liveUpdates))
        // In the foreground there is nothing to explain.
        s.do(.user(.foreground))
        #expect(!Sim.rules(s.do(.app(.session(id: "front", goal: .whenInUse, fullAccuracyKey: nil)))).contains(.sessionCreatedInUseAway))
    }

    @Test func alwaysNeedsAQualifiedAlwaysSessionForBackgroundDelivery() {
        var s = authorized()
        s.do(.user(.settings(.always)), .user(.foreground), .app(.liveUpdates(true)), .user(.background))
        s.wait(20)
        #expect(s.world.diagnostics(.liveUpdates).contains(.insufficientlyInUse))
        s.do(.user(.foreground), .app(.session(id: "bg", goal: .always, fullAccuracyKey: nil)), .user(.background))
        s.wait(20)
        #expect(!s.world.diagnostics(.liveUpdates).contains(.insufficientlyInUse))
    }

    @Test func keptSessionsLapseWhenNotRecreatedWithinTheWindow() {
        var s = authorized()
        s.do(.app(.session(id: "a", goal: .whenInUse, fullAccuracyKey: nil)),
             .app(.session(id: "b", goal: .whenInUse, fullAccuracyKey: nil)))
        s.do(.system(.terminate))
        s.wait(3600)
        #expect(s.world.session("a")?.state == .active)
        s.do(.system(.relaunch))
        s.wait(2)
        s.do(.app(.session(id: "a", goal: .whenInUse, fullAccuracyKey: nil)))
        #expect(s.do(.app(.invalidate("b")))[0].isRefused)  // kept, not re-created: not held
        s.wait(3)
        #expect(s.world.session("a")?.state == .active)
        #expect(s.world.session("b")?.state == .lapsed)
    }

    @Test func lapsedIDMayBeReused() {
        var s = authorized()
        s.do(.app(.session(id: "a", goal: .whenInUse, fullAccuracyKey: nil)), .system(.terminate), .user(.foreground))
        s.wait(6)
        #expect(s.world.session("a")?.state == .lapsed)
        s.do(.app(.session(id: "a", goal: .none, fullAccuracyKey: nil)))
        #expect(s.world.session("a")?.state == .active)
        #expect(s.world.session("a")?.goal == SessionGoal.none)
    }

    /// "Change to Only While Using" on the reminder is a no to Always: the .always session does
    /// not ask again, and says alwaysAuthorizationDenied. [A S7, S8] (It asked again before.)
    @Test func theReminderDowngradeIsANoToAlways() {
        var s = authorized()
        s.do(.user(.settings(.always)), .user(.foreground), .app(.session(id: "a", goal: .always, fullAccuracyKey: nil)))
        #expect(s.world.prompt == nil && !s.world.record.alwaysRequestUsed)
        s.do(.system(.reminder))
        s.tap("Change to Only While Using")
        #expect(s.world.status == .authorizedWhenInUse && s.world.prompt == nil)
        #expect(s.world.diagnostics(.session("a")) == [.alwaysAuthorizationDenied])
        s.do(.app(.requestAlwaysAuthorization))
        #expect(s.world.prompt == nil)
    }

    /// A .always session created while not in use qualifies only on top of a session that keeps
    /// the app eligible there; a when-in-use session does not. [A S18, S8]
    @Test func layeringInTheBackgroundNeedsASessionInEffectThere() {
        var s = authorized { $0.assumptions.suspendDelay = 600_000 }
        s.do(.app(.session(id: "base", goal: .whenInUse, fullAccuracyKey: nil)), .user(.settings(.always)), .user(.foreground),
             .app(.liveUpdates(true)), .user(.background))
        s.wait(60)
        s.do(.app(.session(id: "up", goal: .always, fullAccuracyKey: nil)))
        #expect(s.world.diagnostics(.session("up")).contains(.insufficientlyInUse))
        #expect(!s.world.delivering(.liveUpdates))
        // On top of a .always session started in the foreground, it does.
        var a = authorized { $0.assumptions.suspendDelay = 600_000 }
        a.do(.user(.settings(.always)), .user(.foreground), .app(.session(id: "base", goal: .always, fullAccuracyKey: nil)), .user(.background))
        a.wait(60)
        a.do(.app(.session(id: "nav", goal: .whenInUse, fullAccuracyKey: nil)))
        #expect(!a.world.diagnostics(.session("nav")).contains(.insufficientlyInUse))
    }

    /// Only a matching session rejoins a kept one at a background launch: the same ID with
    /// another goal is a new session, created out of use. [A S8, S6]
    @Test func aMismatchedSessionDoesNotRejoin() {
        var s = authorized()
        s.do(.user(.settings(.always)), .user(.foreground), .app(.session(id: "a", goal: .whenInUse, fullAccuracyKey: nil)),
             .user(.background))
        s.wait(6)
        s.do(.system(.terminate), .system(.relaunch))
        let t = s.do(.app(.session(id: "a", goal: .always, fullAccuracyKey: nil)))
        #expect(!Sim.rules(t).contains(.sessionRejoined) && Sim.rules(t).contains(.keptSessionNotMatched))
        #expect(t.flatMap(\.outputs).contains(.sessionLapsed("a")))
        #expect(s.world.diagnostics(.session("a")).contains(.insufficientlyInUse))
        // The kept .always session it replaces does not make it layered (it did: it was judged
        // before the kept one was overwritten).
        var k = authorized()
        k.do(.user(.settings(.always)), .user(.foreground), .app(.session(id: "nav", goal: .always, fullAccuracyKey: nil)),
             .app(.monitorAdd("home")), .app(.monitor(true)), .user(.background))
        k.wait(60)
        k.do(.system(.terminate), .device(.exitRegion("home")))
        #expect(k.world.lifecycle == .background)
        k.do(.app(.session(id: "nav", goal: .whenInUse, fullAccuracyKey: nil)))
        #expect(k.world.diagnostics(.session("nav")).contains(.insufficientlyInUse))
        var m = authorized()
        m.do(.user(.settings(.always)), .user(.foreground), .app(.session(id: "a", goal: .always, fullAccuracyKey: nil)),
             .user(.background))
        m.wait(6)
        m.do(.system(.terminate), .system(.relaunch))
        #expect(Sim.rules(m.do(.app(.session(id: "a", goal: .always, fullAccuracyKey: nil)))).contains(.sessionRejoined))
        #expect(m.world.diagnostics(.session("a")).isEmpty)
    }

    @Test func layeringUsesTheHighestGoal() {
        var s = authorized()
        s.do(.app(.session(id: "base", goal: .whenInUse, fullAccuracyKey: nil)),
             .app(.session(id: "up", goal: .always, fullAccuracyKey: nil)))
        #expect(s.world.effectiveGoal == .always)
        #expect(s.world.prompt?.kind == .alwaysUpgrade)
    }

    @Test func backgroundActivityNeedsTheBackgroundMode() {
        var s = authorized { $0.info.backgroundModes = [] }
        s.do(.app(.backgroundActivity(true)), .user(.background))
        #expect(!s.world.indicatorShown)
        s.wait(6)
        #expect(s.world.lifecycle == .suspended)
    }

    /// A background activity session outlives a terminated process, and Core Location keeps it
    /// "so it can relaunch or resume the app": a CLMonitor event relaunches a when-in-use app,
    /// which rejoins the session at once. Without the kept session the event is withheld. [A S18, S31]
    @Test func aKeptBackgroundActivitySessionLetsAMonitorEventRelaunchTheApp() {
        var s = authorized()
        s.do(.app(.backgroundActivity(true)), .app(.monitorAdd("home")), .app(.monitor(true)), .user(.background))
        s.wait(60)
        s.do(.system(.terminate))
        let t = s.do(.device(.exitRegion("home")))
        #expect(s.world.lifecycle == .background && Sim.rules(t).contains(.keptBackgroundActivityRelaunches))
        #expect(!Sim.rules(t).contains(.eventRelaunches))
        s.do(.app(.backgroundActivity(true)))
        #expect(s.world.backgroundActivityActive && s.world.indicatorShown)
        var none = authorized()
        none.do(.app(.monitorAdd("home")), .app(.monitor(true)), .user(.background))
        none.wait(60)
        none.do(.system(.terminate), .device(.exitRegion("home")))
        #expect(none.world.lifecycle == .terminated)
    }

    @Test func backgroundActivityRejoinsAtRelaunch() {
        var s = authorized()
        s.do(.app(.backgroundActivity(true)), .user(.background), .system(.terminate), .system(.relaunch))
        s.do(.app(.backgroundActivity(true)))
        #expect(s.world.backgroundActivityActive)
        var late = authorized()
        late.do(.app(.backgroundActivity(true)), .user(.background), .system(.terminate), .system(.relaunch))
        late.wait(6)
        late.do(.app(.backgroundActivity(true)))
        #expect(!late.world.backgroundActivityActive)
    }

    @Test func iOS17UpdatesCarryOnlyIsStationary() {
        var s = Sim(.ios17)
        s.do(.app(.liveUpdates(true)), .app(.monitor(true)), .app(.session(id: "a", goal: .whenInUse, fullAccuracyKey: nil)))
        #expect(s.world.diagnosticsUnavailable(.liveUpdates) == nil)
        #expect(s.world.diagnosticsUnavailable(.monitor) != nil)
        #expect(s.world.diagnosticSources == [.liveUpdates])
        #expect(s.world.diagnostics(.liveUpdates).isEmpty)
        s.do(.device(.stationary))
        #expect(s.world.diagnostics(.liveUpdates) == [.stationary])
        #expect(s.world.diagnosticProperties(.liveUpdates) == [.stationary])
    }

    @Test func conditionLimit() {
        var s = authorized { $0.assumptions.monitorConditionLimit = 1 }
        s.do(.app(.monitor(true)), .app(.monitorAdd("a")))
        #expect(!s.world.diagnostics(.monitor).contains(.conditionLimitExceeded))
        s.do(.app(.monitorAdd("b")))
        #expect(s.world.diagnostics(.monitor).contains(.conditionLimitExceeded))
    }

    @Test func reducedAccuracyFixesArriveOnTheCadence() {
        var s = Sim()
        s.do(.app(.liveUpdates(true)), .user(.precise(false)))
        s.tap("Allow While Using App")
        s.wait(3600)
        #expect(s.world.reducedFixes == 4)
    }
}

@Suite("Determinism")
struct DeterminismTests {
    @Test func sameEventsSameWorld() {
        let events: [Event] = [.app(.requestAlwaysAuthorization), .user(.tap("Allow While Using App")),
                               .app(.liveUpdates(true)), .user(.background), .wait(120_000), .system(.terminate),
                               .device(.move), .user(.foreground)]
        var a = Sim(), b = Sim()
        for e in events { a.do(e); b.do(e) }
        #expect(a.world == b.world)
        #expect(a.log == b.log)
    }

    @Test func everyRuleHasTextAndASource() {
        for r in Rule.allCases {
            #expect(!r.text.isEmpty)
            #expect(["A", "D", "R", "I"].contains(where: { r.source.hasPrefix($0) }), "\(r) has source \(r.source)")
        }
    }
}

@Suite("Settings choices against grants")
struct SettingsGrantTests {
    @Test func pickingTheSelectedAskNextTimeKeepsAnAllowOnceGrant() {
        var s = Sim()
        s.do(.app(.requestWhenInUseAuthorization))
        s.tap("Allow Once")
        let t = s.do(.user(.settings(.askNextTime)))
        #expect(Sim.rules(t).contains(.settingsSameChoice))
        #expect(s.world.isTemporaryWhenInUse)
    }

    @Test func neverRevokesAnAllowOnceGrant() {
        var s = Sim()
        s.do(.app(.requestWhenInUseAuthorization))
        s.tap("Allow Once")
        s.do(.user(.settings(.never)))
        #expect(s.world.status == .denied)
        #expect(!s.world.record.temporaryGrant)
    }

    @Test func settingsWhileUsingOnAProvisionalAppIsTheSelectedRow() {
        var s = Sim()
        s.do(.app(.requestAlwaysAuthorization))
        s.tap("Allow While Using App")
        s.do(.user(.settings(.whileUsing)))
        #expect(s.world.isProvisionalAlways)  // the row was already selected: nothing changes
        s.do(.user(.settings(.never)), .user(.settings(.whileUsing)))
        #expect(s.world.status == .authorizedWhenInUse)
    }
}
