import Testing
@testable import LocflowCore
import LocflowFlow

/// Format 1.1 (flow-format §8): one test per behaviour, each against its rule.
@Suite("§8 Format 1.1: fixes, requestLocation, pausing")
struct FixesAndPausingTests {
    func whenInUse(_ configure: (inout AppConfig) -> Void = { _ in }) -> Sim {
        var s = Sim(configure: configure)
        s.do(.app(.requestWhenInUseAuthorization))
        s.tap("Allow While Using App")
        return s
    }

    @Test func preciseFixesEverySecondWhileMovingNoneWhileStationary() {
        var s = whenInUse()
        let t = s.do(.app(.startUpdatingLocation))
        #expect(Sim.rules(t).contains(.fixAtStart))
        #expect(s.world.fixes == 1 && s.world.lastFix == .precise)
        s.wait(10)
        #expect(s.world.fixes == 11)
        s.do(.device(.stationary))
        s.wait(60)
        #expect(s.world.fixes == 11)
        s.do(.device(.move))
        s.wait(3)
        #expect(s.world.fixes == 14)
    }

    /// A wait that brings periodic fixes says so (it said "no timer was due" while thousands
    /// arrived), with how many and the last; a wait that brings none still says time passed.
    @Test func aWaitThatBringsFixesSaysHowMany() {
        var s = whenInUse()
        s.do(.app(.startUpdatingLocation))
        let t = s.do(.wait(3_000))
        let why = t.last!.why
        #expect(why.map(\.rule) == [.fixesArrive], "\(why)")
        #expect(why.first?.detail == "3 locations during the wait, the last precise at 0:03", "\(why)")
        #expect(!Sim.rules(t).contains(.timePasses))
        s.do(.device(.stationary))
        #expect(Sim.rules(s.do(.wait(5_000))) == [.timePasses])
        #expect(s.log.last?.why.first?.detail == "no timer was due")
        // A wait whose timers fired does not say none was due (it did while two fired).
        var b = Sim()
        b.do(.user(.background))
        let waited = b.do(.wait(60_000))
        #expect(waited.count == 3 && waited.last?.why.map(\.rule) == [.timePasses])
        #expect(waited.last?.why.first?.detail == "after the 2 timers it fired", "\(waited.last?.why ?? [])")
    }

    /// A delivered significant location change hands the app a location: it counts as a fix
    /// (`expect fixes` is every location the app's code received); one held back does not.
    @Test func aDeliveredSignificantChangeIsAFix() {
        var s = whenInUse()
        s.do(.app(.startMonitoringSignificantLocationChanges))
        let t = s.do(.device(.move))
        #expect(s.world.fixes == 1 && s.world.lastFix == .precise, "\(t.flatMap(\.outputs))")
        #expect(t.flatMap(\.outputs).contains(.fix(.precise, source: "significant-change monitoring")))
        s.do(.user(.settingsPrecise(false)), .user(.foreground))
        s.do(.device(.move))
        #expect(s.world.fixes == 2 && s.world.lastFix == .approximate)
        // Without a fix on the device the event carries no location.
        s.do(.device(.noFix))
        s.do(.device(.move))
        #expect(s.world.fixes == 2)
        s.do(.device(.fix))
        // A when-in-use app that is not in use gets no event, so no location.
        s.do(.user(.background))
        s.wait(30)
        s.do(.device(.move))
        #expect(s.world.fixes == 2)
    }

    @Test func reducedAccuracyGivesApproximateFixesOnTheSlowCadence() {
        var s = Sim()
        s.do(.app(.requestWhenInUseAuthorization), .user(.precise(false)))
        s.tap("Allow While Using App")
        s.do(.app(.desiredAccuracy(.bestForNavigation)), .app(.startUpdatingLocation))
        #expect(s.world.lastFix == .approximate)
        s.wait(15 * 60 - 1)
        #expect(s.world.fixes == 1)
        s.wait(1)
        #expect(s.world.fixes == 2)
    }

    @Test func kilometerIsStillPreciseReducedIsApproximate() {
        var s = whenInUse()
        s.do(.app(.desiredAccuracy(.threeKilometers)), .app(.requestLocation))
        #expect(s.world.lastFix == .precise)
        s.do(.app(.desiredAccuracy(.reduced)), .app(.requestLocation))
        #expect(s.world.lastFix == .approximate)
        #expect(s.world.fixes == 2)
    }

    @Test func backToFullAccuracyTheFastCadenceAppliesAtOnce() {
        var s = whenInUse()
        s.do(.app(.desiredAccuracy(.reduced)), .app(.startUpdatingLocation))
        s.wait(15 * 60)
        #expect(s.world.fixes == 2 && s.world.lastFix == .approximate)
        s.do(.app(.desiredAccuracy(.best)))
        s.wait(1)
        #expect(s.world.fixes == 3 && s.world.lastFix == .precise)
    }

    @Test func requestLocationTimesOutWithoutAFix() {
        var s = whenInUse()
        s.do(.device(.noFix), .app(.requestLocation))
        s.wait(9)
        #expect(s.world.lastError == .none)
        s.wait(1)
        #expect(s.world.lastError == .locationUnknown)
        #expect(Sim.rules(s.log.suffix(3)).contains(.requestLocationTimesOut))
        #expect(s.world.process.locationRequest == nil)
    }

    @Test func requestLocationNotDeterminedIsDroppedDeniedFailsAtOnce() {
        var s = Sim()
        let t = s.do(.app(.requestLocation))
        #expect(Sim.rules(t).contains(.requestLocationNotDetermined))
        #expect(s.world.prompt == nil && s.world.fixes == 0 && s.world.lastError == .none)
        s.do(.app(.requestWhenInUseAuthorization))
        s.tap("Don't Allow")
        s.do(.app(.requestLocation))
        #expect(s.world.lastError == .denied)
    }

    @Test func requestLocationIsHeldWhileNotInUseAndCancelledByStartUpdating() {
        var s = whenInUse { $0.assumptions.suspendDelay = 600_000 }
        s.do(.user(.background))
        s.wait(11)
        s.do(.app(.requestLocation))
        s.wait(60)
        #expect(s.world.fixes == 0 && s.world.lastError == .none)
        s.do(.user(.foreground))
        #expect(s.world.fixes == 1)
        s.do(.device(.noFix), .app(.requestLocation), .app(.startUpdatingLocation), .device(.fix))
        // The fix that comes is the start of standard updates, not the cancelled request.
        #expect(s.world.process.locationRequest == nil)
    }

    @Test func standardUpdatesWithoutAFixReportLocationUnknownOnce() {
        var s = whenInUse()
        s.do(.app(.startUpdatingLocation))
        let t = s.do(.device(.noFix))
        #expect(t.last!.outputs.contains(.error(.locationUnknown)))
        let again = s.do(.wait(60_000))
        #expect(!again.contains { $0.outputs.contains(.error(.locationUnknown)) })
        #expect(s.world.lastError == .locationUnknown)
    }

    @Test func automaticPauseAfterTheDelayAndNeverByItselfBack() {
        var s = whenInUse()
        s.do(.app(.allowsBackgroundLocationUpdates(true)), .app(.startUpdatingLocation), .user(.background))
        #expect(s.world.indicatorShown)
        s.do(.device(.stationary))
        s.wait(15 * 60 - 1)
        #expect(!s.world.process.paused)
        s.wait(1)
        #expect(s.world.process.paused)
        #expect(s.log.last(where: { $0.event == .timer(.autoPause) })?.outputs.contains(.paused) == true)
        #expect(!s.world.indicatorShown && !s.world.inUse)
        #expect(s.world.pendingTimers.contains { $0.kind == .suspend })
        s.do(.device(.move))
        #expect(s.world.process.paused)
        // When-in-use, from the background: cannot restart.
        let t = s.do(.app(.startUpdatingLocation))
        #expect(Sim.rules(t).contains(.pauseCannotRestartInBackground))
        #expect(s.world.process.paused)
        s.do(.user(.foreground), .app(.startUpdatingLocation))
        #expect(!s.world.process.paused)
    }

    @Test func moveRestartsThePauseTimerAndFalseDisablesIt() {
        var s = whenInUse()
        s.do(.app(.startUpdatingLocation), .device(.stationary))
        s.wait(10 * 60)
        s.do(.device(.move), .device(.stationary))
        s.wait(10 * 60)
        #expect(!s.world.process.paused)
        s.wait(5 * 60)
        #expect(s.world.process.paused)
        var off = whenInUse()
        off.do(.app(.pausesLocationUpdatesAutomatically(false)), .app(.startUpdatingLocation), .device(.stationary))
        off.wait(3600)
        #expect(!off.world.process.paused)
    }

    @Test func pauseEndsWithTheProcess() {
        var s = whenInUse()
        s.do(.app(.startUpdatingLocation), .device(.stationary))
        s.wait(15 * 60)
        #expect(s.world.process.paused)
        s.do(.user(.forceQuit), .user(.foreground))
        #expect(!s.world.process.paused)
    }
}

@Suite("§8 Format 1.1: indicator, Live Activities, App Clips, widgets")
struct IndicatorLiveActivityAppClipWidgetTests {
    func always() -> Sim {
        var s = Sim()
        s.do(.app(.requestWhenInUseAuthorization))
        s.tap("Allow While Using App")
        s.do(.app(.requestAlwaysAuthorization))
        s.tap("Change to Always Allow")
        return s
    }

    @Test func indicatorPropertyIsReadWhenTheAppMovesToTheBackground() {
        var s = always()
        s.do(.app(.allowsBackgroundLocationUpdates(true)), .app(.startUpdatingLocation), .user(.background))
        s.wait(11)
        #expect(!s.world.indicatorShown && !s.world.inUse)
        // Set while in the background: not read until the next move to the background.
        s.do(.app(.showsBackgroundLocationIndicator(true)))
        #expect(!s.world.indicatorShown)
        s.do(.user(.foreground), .user(.background))
        s.wait(11)
        #expect(s.world.indicatorShown && s.world.inUse)
    }

    @Test func liveActivityKeepsAWhenInUseAppsLiveUpdatesEligible() {
        var s = Sim(.ios18) { $0.assumptions.suspendDelay = 3_600_000 }
        s.do(.app(.requestWhenInUseAuthorization))
        s.tap("Allow While Using App")
        s.do(.app(.liveUpdates(true)), .user(.background))
        s.wait(11)
        #expect(s.world.diagnostics(.liveUpdates).contains(.insufficientlyInUse))
        #expect(!s.world.delivering(.liveUpdates))
        s.do(.user(.foreground), .app(.liveActivity(true)), .user(.background))
        s.wait(11)
        #expect(!s.world.diagnostics(.liveUpdates).contains(.insufficientlyInUse))
        #expect(s.world.delivering(.liveUpdates))
        #expect(!s.world.indicatorShown && !s.world.inUse)
        // It does not keep standard updates running.
        s.do(.app(.allowsBackgroundLocationUpdates(false)), .app(.startUpdatingLocation))
        #expect(!s.world.delivering(.standard))
        s.wait(8 * 3600)
        #expect(!s.world.liveActivityActive)
        #expect(s.world.diagnostics(.liveUpdates).contains(.insufficientlyInUse))
    }

    @Test func liveActivityFromTheBackgroundStartsNothing() {
        var s = Sim()
        s.do(.user(.background))
        let t = s.do(.app(.liveActivity(true)))
        #expect(t.last!.refusal == nil)
        #expect(Sim.rules(t).contains(.liveActivityNeedsForeground))
        #expect(!s.world.liveActivityActive)
    }

    @Test func appClipNeverGetsAlwaysAndResetsAtFour() {
        var s = Sim { $0.appClip = true; $0.assumptions.startTimeOfDay = 23 * 3_600_000 }
        s.do(.app(.requestAlwaysAuthorization))
        #expect(s.world.prompt == nil && !s.world.record.alwaysRequestUsed)
        s.do(.app(.requestWhenInUseAuthorization))
        s.tap("Allow While Using App")
        #expect(!s.world.settingsOptions.contains(.always))
        #expect(s.world.refusal(for: .user(.settings(.always))) != nil)
        s.do(.app(.session(id: "a", goal: .always, fullAccuracyKey: nil)))
        #expect(s.world.prompt == nil && s.world.promptQueue.isEmpty)
        let callbacks = s.world.callbacks
        s.wait(5 * 3600 - 1)  // 23:00 + 5h = 04:00
        #expect(s.world.status == .authorizedWhenInUse)
        s.wait(1)
        #expect(s.world.status == .notDetermined)
        #expect(s.world.callbacks == callbacks + 1)
    }

    @Test func addingTheWidgetAsksUnlessTheAssumptionIsOff() {
        var quiet = Sim { $0.widget = true; $0.assumptions.addWidgetAsks = false }
        quiet.do(.app(.requestWhenInUseAuthorization))
        quiet.tap("Allow While Using App")
        quiet.do(.user(.addWidget))
        #expect(quiet.world.prompt == nil)
        var asks = Sim { $0.widget = true }  // Apple: the system asks [A S17b]
        asks.do(.app(.requestWhenInUseAuthorization))
        asks.tap("Allow While Using App")
        asks.do(.user(.background), .user(.addWidget))
        #expect(asks.world.prompt?.kind == .widget)  // shown by the system, the app in the background
        #expect(asks.world.promptButtons == ["Allow", "Don't Allow"])
        let callbacks = asks.world.callbacks
        asks.tap("Allow")
        #expect(asks.world.settingsChoice == .whileUsingOrWidgets && asks.world.widgetUpdates && asks.world.callbacks == callbacks)
        asks.do(.user(.removeWidget), .user(.addWidget))
        #expect(asks.world.prompt == nil)  // already extended: nothing to ask
    }

    @Test func widgetsAndWidgetUpdates() {
        var s = Sim { $0.widget = true }
        s.do(.app(.requestWhenInUseAuthorization))
        s.tap("Allow While Using App")
        #expect(!s.world.widgetUpdates)
        let callbacks = s.world.callbacks
        s.do(.user(.settings(.whileUsingOrWidgets)), .user(.foreground))
        #expect(s.world.widgetUpdates && s.world.status == .authorizedWhenInUse && s.world.callbacks == callbacks)
        s.do(.user(.addWidget), .user(.background))
        s.wait(11)
        #expect(!s.world.inUse)
        var plain = Sim()
        #expect(plain.world.refusal(for: .user(.addWidget))?.rule == .widgetNotShipped)
        plain.do(.app(.requestAlwaysAuthorization))
        plain.tap("Allow While Using App")
        #expect(plain.world.widgetUpdates)  // provisional Always reads authorizedAlways
    }
}

@Suite("§8 Format 1.1: visits, beacons, force quit")
struct VisitsBeaconsForceQuitTests {
    func always(_ configure: (inout AppConfig) -> Void = { _ in }) -> Sim {
        var s = Sim(configure: configure)
        s.do(.app(.requestWhenInUseAuthorization))
        s.tap("Allow While Using App")
        s.do(.app(.requestAlwaysAuthorization))
        s.tap("Change to Always Allow")
        return s
    }

    @Test func visitsRelaunchAnAlwaysAppAndSurviveReducedAccuracy() {
        var s = always()
        s.do(.app(.startMonitoringVisits), .user(.settingsPrecise(false)), .system(.terminate))
        #expect(s.world.delivering(.visits))
        s.do(.device(.visit))
        #expect(s.world.lifecycle == .background)
    }

    @Test func whenInUseVisitsOnlyInUse() {
        var s = Sim()
        s.do(.app(.requestWhenInUseAuthorization))
        s.tap("Allow While Using App")
        s.do(.app(.startMonitoringVisits))
        #expect(s.world.delivering(.visits))
        s.do(.user(.background))
        s.wait(11)
        #expect(!s.world.delivering(.visits))
        s.do(.system(.terminate), .device(.visit))
        #expect(s.world.lifecycle == .terminated)
    }

    @Test func reducedAccuracyStopsBeaconsAndBeaconRegions() {
        var s = always()
        s.do(.app(.startRangingBeacons("b")), .app(.startMonitoringBeaconRegion("b")))
        #expect(s.world.delivering(.beacons) && s.world.delivering(.beaconRegions))
        s.do(.user(.settingsPrecise(false)), .user(.foreground))
        #expect(!s.world.delivering(.beacons) && !s.world.delivering(.beaconRegions))
    }

    @Test func rangingNeverRelaunchesBeaconRegionsDo() {
        var s = always()
        s.do(.app(.startRangingBeacons("b")), .system(.terminate))
        #expect(!s.world.delivering(.beacons))
        s.do(.device(.enterBeacon("b")))
        #expect(s.world.lifecycle == .terminated)
        s.do(.app(.startMonitoringBeaconRegion("r")))  // refused: not running
        s.do(.system(.relaunch), .app(.startMonitoringBeaconRegion("r")), .system(.terminate), .device(.enterBeacon("r")))
        #expect(s.world.lifecycle == .background)
    }

    @Test func forceQuitBlocksRelaunchOnlyWithTheAssumption() {
        var blocked = always { $0.assumptions.forceQuitBlocksRelaunch = true }
        blocked.do(.app(.startMonitoringSignificantLocationChanges), .user(.forceQuit))
        #expect(!blocked.world.delivering(.significantChanges))
        let t = blocked.do(.device(.move))
        #expect(Sim.rules(t).contains(.forceQuitBlocksRelaunch))
        #expect(blocked.world.lifecycle == .terminated)
        blocked.do(.user(.foreground), .system(.terminate), .device(.move))
        #expect(blocked.world.lifecycle == .background)  // opened since: relaunches again

        var def = always()
        def.do(.app(.startMonitoringSignificantLocationChanges), .user(.forceQuit), .device(.move))
        #expect(def.world.lifecycle == .background)
    }
}
