import Testing
@testable import LocflowCore
import LocflowFlow

/// docs/flow-format.md §5.5: suspended and terminated delivery, resuming on a new fix
/// or at a monitor's condition event, and what visionOS does not offer.
@Suite("Delivery in the background")
struct DeliveryTests {
    /// An app with permanent Always, in the foreground, holding a `.always` session on iOS 18.
    static func always(_ platform: Platform = .ios18) -> Sim {
        var s = Sim(platform)
        s.do(.app(.requestWhenInUseAuthorization))
        s.tap(platform == .ios12 ? "Allow" : "Allow While Using App")
        s.do(.user(.settings(.always)), .user(.foreground))
        if platform.profile.hasServiceSessions { s.do(.app(.session(id: "a", goal: .always, fullAccuracyKey: nil))) }
        #expect(s.world.isPermanentAlways, "\(summary(s.world))")
        return s
    }

    static func whenInUse(_ platform: Platform = .ios18) -> Sim {
        var s = Sim(platform)
        s.do(.app(.requestWhenInUseAuthorization))
        s.tap("Allow While Using App")
        return s
    }

    @Test func alwaysLiveUpdatesKeepTheAppRunningWhileTheDeviceMoves() {
        var s = Self.always()
        s.do(.app(.liveUpdates(true)), .user(.background))
        s.wait(3600)
        #expect(s.world.lifecycle == .background)
        #expect(s.world.delivering(.liveUpdates))
        #expect(!s.world.inUse)
    }

    @Test func aStationaryDeviceLetsTheAppBeSuspendedAndAMoveResumesIt() {
        var s = Self.always()
        s.do(.app(.liveUpdates(true)), .user(.background))
        s.wait(60)
        s.do(.device(.stationary))
        s.wait(5)
        #expect(s.world.lifecycle == .suspended)
        // Stationary: nothing new to hand over, no fix counted, but nothing blocks the stream
        // (docs/flow-format.md §5.5): it still delivers, and the next move resumes the app.
        #expect(s.world.delivering(.liveUpdates) && !s.world.liveUpdatesYield)
        let fixes = s.world.fixes
        s.wait(60)
        #expect(s.world.fixes == fixes && s.world.lifecycle == .suspended)
        let t = s.do(.device(.move))
        #expect(Sim.rules(t).contains(.liveUpdatesResume))
        #expect(t.last?.outputs.contains(.resumed) == true)
        #expect(s.world.lifecycle == .background)
        #expect(s.world.delivering(.liveUpdates))
        s.wait(600)
        #expect(s.world.lifecycle == .background)
    }

    @Test func noFixLetsTheAppBeSuspendedAndAFixResumesIt() {
        var s = Self.always()
        s.do(.app(.liveUpdates(true)), .user(.background), .device(.noFix))
        s.wait(20)
        #expect(s.world.lifecycle == .suspended)
        let t = s.do(.device(.fix))
        #expect(Sim.rules(t).contains(.liveUpdatesResume))
        #expect(s.world.lifecycle == .background)
    }

    @Test func systemSuspendOfADeliveringAppIsUndoneByTheNextMove() {
        var s = Self.always()
        s.do(.app(.liveUpdates(true)), .user(.background))
        s.wait(30)
        s.do(.system(.suspend))
        #expect(s.world.lifecycle == .suspended)
        #expect(s.world.delivering(.liveUpdates))  // Core Location resumes it to deliver
        #expect(!s.world.delivering(.standard))
        s.do(.device(.move))
        #expect(s.world.lifecycle == .background)
    }

    @Test func heldCallbacksArriveWhenLiveUpdatesResumeTheApp() {
        var s = Self.always()
        s.do(.app(.liveUpdates(true)), .user(.background), .device(.stationary))
        s.wait(30)
        #expect(s.world.lifecycle == .suspended)
        let before = s.world.callbacks
        s.do(.user(.settingsPrecise(false)))
        #expect(s.world.callbacks == before)  // held while suspended
        let t = s.do(.device(.move))
        #expect(s.world.callbacks == before + 1)
        #expect(t.last?.callbacks.last?.accuracy == .reducedAccuracy)
    }

    @Test func whenInUseLiveUpdatesWithoutABackgroundSessionAreNotResumed() {
        var s = Self.whenInUse()
        s.do(.app(.liveUpdates(true)), .user(.background))
        s.wait(30)
        #expect(s.world.lifecycle == .suspended)
        #expect(!s.world.delivering(.liveUpdates))
        let t = s.do(.device(.move))
        #expect(!Sim.rules(t).contains(.liveUpdatesResume))
        #expect(s.world.lifecycle == .suspended)
    }

    @Test func aBackgroundActivitySessionDeliversToASuspendedApp() {
        var s = Self.whenInUse()
        s.do(.app(.backgroundActivity(true)), .app(.liveUpdates(true)), .user(.background))
        s.wait(120)
        #expect(s.world.lifecycle == .background)
        s.do(.system(.suspend))
        #expect(s.world.delivering(.liveUpdates))
        s.do(.device(.move))
        #expect(s.world.lifecycle == .background)
    }

    @Test func alwaysWithoutAnAlwaysSessionIsNotResumedOnIOS18() {
        var s = Sim()
        s.do(.app(.requestWhenInUseAuthorization))
        s.tap("Allow While Using App")
        s.do(.user(.settings(.always)), .user(.foreground), .app(.liveUpdates(true)), .user(.background))
        s.wait(30)
        #expect(s.world.lifecycle == .suspended)
        #expect(!s.world.delivering(.liveUpdates))
        s.do(.device(.move))
        #expect(s.world.lifecycle == .suspended)
    }

    @Test func iOS17AlwaysIsEnoughForResume() {
        var s = Self.always(.ios17)
        s.do(.app(.liveUpdates(true)), .user(.background), .device(.stationary))
        s.wait(30)
        #expect(s.world.lifecycle == .suspended)
        s.do(.device(.move))
        #expect(s.world.lifecycle == .background)
        #expect(s.world.delivering(.liveUpdates))
    }

    @Test func terminatedStreamsDeliverNothingButSignificantChangesDo() {
        var s = Self.always()
        s.do(.app(.liveUpdates(true)), .app(.monitor(true)), .app(.startUpdatingLocation),
             .app(.allowsBackgroundLocationUpdates(true)), .app(.startMonitoringSignificantLocationChanges),
             .user(.background), .system(.terminate))
        #expect(!s.world.delivering(.standard))
        #expect(!s.world.delivering(.liveUpdates))
        #expect(!s.world.delivering(.monitor))
        #expect(s.world.delivering(.significantChanges))
    }

    /// Without a fix standard updates have nothing to hand over (kCLErrorLocationUnknown, no fix
    /// counted), but they still deliver: the fix coming back reaches the app at once.
    @Test func standardUpdatesWithoutAFixStillDeliver() {
        var s = Self.always()
        s.do(.app(.startUpdatingLocation))
        s.do(.device(.noFix))
        let fixes = s.world.fixes
        #expect(s.world.delivering(.standard) && s.world.lastError == .locationUnknown)
        s.wait(60)
        #expect(s.world.fixes == fixes)
        s.do(.device(.fix))
        #expect(s.world.delivering(.standard) && s.world.fixes == fixes + 1)
    }

    @Test func suspendedStandardUpdatesAreHeld() {
        var s = Self.always()
        s.do(.app(.startUpdatingLocation), .app(.allowsBackgroundLocationUpdates(true)), .user(.background))
        s.wait(60)
        #expect(s.world.lifecycle == .background)
        #expect(s.world.delivering(.standard))
        s.do(.system(.suspend))
        #expect(!s.world.delivering(.standard))
    }

    @Test func aMonitorThatDeliversResumesTheAppAtItsEvent() {
        var s = Self.always()
        s.do(.app(.monitor(true)), .app(.monitorAdd("home")), .user(.background))
        s.wait(30)
        #expect(s.world.lifecycle == .suspended)
        #expect(s.world.delivering(.monitor))
        let t = s.do(.device(.exitRegion("home")))
        #expect(Sim.rules(t).contains(.monitorEventResumes))
        #expect(t.last?.outputs.contains(.locationEvent("monitor event home", delivered: true)) == true)
        #expect(s.world.lifecycle == .background)
    }

    @Test func aMonitorThatDoesNotDeliverLeavesTheAppSuspended() {
        var s = Self.whenInUse()
        s.do(.app(.monitor(true)), .app(.monitorAdd("home")), .user(.background))
        s.wait(30)
        #expect(!s.world.delivering(.monitor))
        let t = s.do(.device(.exitRegion("home")))
        #expect(Sim.rules(t).contains(.monitorEventWithheld))
        #expect(s.world.lifecycle == .suspended)
    }

    @Test func visionOSHasNoSignificantChangesNoMonitorAndNoBackgroundUpdates() {
        var s = Self.whenInUse(.visionos)
        var t = s.do(.app(.startMonitoringSignificantLocationChanges))
        #expect(Sim.rules(t).contains(.visionOSUnavailable))
        #expect(!s.world.delivering(.significantChanges))
        t = s.do(.app(.monitor(true)))
        #expect(Sim.rules(t).contains(.visionOSUnavailable))
        s.do(.app(.monitorAdd("home")))
        #expect(!s.world.delivering(.monitor))
        s.do(.app(.startUpdatingLocation), .app(.allowsBackgroundLocationUpdates(true)))
        #expect(s.world.delivering(.standard))  // in the foreground it works
        s.do(.user(.background))
        #expect(!s.world.delivering(.standard))
        #expect(!s.world.indicatorShown)
        s.wait(30)
        #expect(!s.world.inUse)
        #expect(s.world.lifecycle == .suspended)
        t = s.do(.device(.exitRegion("home")))
        #expect(Sim.rules(t).contains(.visionOSUnavailable))
    }

    @Test func visionOSBackgroundActivityKeepsNothingInUse() {
        var s = Self.whenInUse(.visionos)
        let t = s.do(.app(.backgroundActivity(true)))
        #expect(Sim.rules(t).contains(.visionOSNotInUseInBackground))
        s.do(.app(.liveUpdates(true)), .user(.background))
        #expect(s.world.inUse)  // the short time after the person looks away
        s.wait(30)
        #expect(!s.world.inUse)
        #expect(!s.world.indicatorShown)
        #expect(!s.world.delivering(.liveUpdates))
    }
}

/// Provisional Always and an iterated monitor: the condition event of an app that is not in use
/// needs Always, so the deferred upgrade prompt comes first (docs/flow-format.md §5.2 "Processes,
/// sessions and streams"; requestAlwaysAuthorization). [A S1]
@Suite("Provisional Always and CLMonitor")
struct ProvisionalMonitorTests {
    static func provisional(_ platform: Platform) -> Sim {
        var s = Sim(platform)
        s.do(.app(.requestAlwaysAuthorization))
        s.tap("Allow While Using App")
        #expect(s.world.isProvisionalAlways, "\(summary(s.world))")
        s.do(.app(.monitorAdd("home")), .app(.monitor(true)), .user(.background))
        s.wait(60)
        #expect(s.world.lifecycle == .suspended)
        return s
    }

    @Test func aSuspendedIteratingAppGetsTheDeferredPromptAndAllowResumesIt() {
        var s = Self.provisional(.ios17)
        #expect(!s.world.delivering(.monitor))
        let t = s.do(.device(.exitRegion("home")))
        #expect(Sim.rules(t).contains(.deferredUpgradePrompt))
        #expect(s.world.prompt?.kind == .alwaysUpgrade)
        #expect(s.world.lifecycle == .suspended)
        let a = s.do(.user(.tap("Change to Always Allow")))
        #expect(Sim.rules(a).contains(.deferredUpgradeAllow))
        #expect(a.last?.outputs.contains(.locationEvent("monitor event home", delivered: true)) == true)
        #expect(s.world.lifecycle == .background)
        #expect(s.world.delivering(.monitor))
    }

    @Test func keepOnlyWhileUsingDropsTheEventAndLeavesTheAppSuspended() {
        var s = Self.provisional(.ios17)
        s.do(.device(.exitRegion("home")))
        let k = s.do(.user(.tap("Keep Only While Using")))
        #expect(k.last?.outputs.contains(.locationEvent("monitor event home", delivered: false)) == true)
        #expect(s.world.status == .authorizedWhenInUse)
        #expect(s.world.lifecycle == .suspended)
    }

    @Test func inUseTheEventIsDeliveredWithoutAPrompt() {
        var s = Sim(.ios17)
        s.do(.app(.requestAlwaysAuthorization))
        s.tap("Allow While Using App")
        s.do(.app(.monitorAdd("home")), .app(.monitor(true)))
        let t = s.do(.device(.exitRegion("home")))
        #expect(Sim.rules(t).contains(.monitorEventDelivered))
        #expect(s.world.prompt == nil)
    }
}

extension ProvisionalMonitorTests {
    /// iOS 18: without a `.always` session even permanent Always would not let the event through,
    /// so it brings no prompt and is withheld; with one, the deferred prompt comes first. [A S18, S8, S1]
    @Test func iOS18NeedsAnAlwaysSessionForTheDeferredPrompt() {
        var s = Self.provisional(.ios18)
        var t = s.do(.device(.exitRegion("home")))
        #expect(s.world.prompt == nil)
        #expect(Sim.rules(t).contains(.monitorEventWithheld))
        #expect(s.world.lifecycle == .suspended)

        // With a .always session held since the foreground, the deferred prompt comes first.
        var w = Sim(.ios18)
        w.do(.app(.requestAlwaysAuthorization))
        w.tap("Allow While Using App")
        w.do(.app(.session(id: "geo", goal: .always, fullAccuracyKey: nil)))
        #expect(w.world.prompt == nil)  // provisional Always already reads authorizedAlways
        w.do(.app(.monitorAdd("home")), .app(.monitor(true)), .user(.background))
        w.wait(60)
        #expect(w.world.lifecycle == .suspended)
        t = w.do(.device(.exitRegion("home")))
        #expect(Sim.rules(t).contains(.deferredUpgradePrompt))
        w.tap("Change to Always Allow")
        #expect(w.world.lifecycle == .background)
        #expect(w.world.delivering(.monitor))
    }
}

/// *Extension*: `expect delivering regions` for classic region monitoring. It says what the
/// region's next exit would do: reach the app's code (at once, or by resuming or relaunching it).
@Suite("Classic region monitoring: delivering regions")
struct RegionDeliveryTests {
    /// Delivering agrees with what the next exit does, over the lifecycle and authorization.
    func agrees(_ s: Sim, _ why: String) {
        var next = s
        let delivered = next.do(.device(.exitRegion("office"))).flatMap(\.outputs).contains(.locationEvent("region office exit", delivered: true))
        #expect(s.world.delivering(.regions) == delivered, "\(why): \(summary(s.world))")
    }

    @Test func whenInUseInUseOnlyAlwaysEverywhereReducedNever() {
        var w = Sim()
        w.do(.app(.requestWhenInUseAuthorization))
        w.tap("Allow While Using App")
        #expect(!w.world.delivering(.regions))
        w.do(.app(.startMonitoringRegion("office")))
        #expect(w.world.delivering(.regions)); agrees(w, "when in use, foreground")
        w.do(.user(.background)); w.wait(30)
        #expect(!w.world.delivering(.regions)); agrees(w, "when in use, not in use")
        w.do(.user(.settings(.always)))
        #expect(w.world.delivering(.regions)); agrees(w, "Always, background")
        w.do(.system(.terminate))
        #expect(w.world.delivering(.regions)); agrees(w, "Always, terminated")
        w.do(.user(.foreground), .user(.settingsPrecise(false)), .user(.foreground))
        #expect(!w.world.delivering(.regions)); agrees(w, "reduced accuracy")
        // iOS 12: a when-in-use app cannot use region monitoring at all. [A S12]
        var old = Sim(.ios12)
        old.do(.app(.requestWhenInUseAuthorization))
        old.tap("Allow")
        old.do(.app(.startMonitoringRegion("office")))
        #expect(!old.world.delivering(.regions)); agrees(old, "iOS 12 when in use")
    }
}
