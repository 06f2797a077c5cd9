import Testing
@testable import LocflowCore
import LocflowFlow

/// iOS 16+: "apps that are actively tracking the user's location or that recently activated
/// Core Location appear in Control Center" [A S1]; "recently" is `controlCenterRecentWindow` [I].
@Suite("Control Center lists apps that use location (iOS 16+)")
struct ControlCenterTests {
    func whenInUse(_ platform: Platform = .ios16, _ configure: (inout AppConfig) -> Void = { _ in }) -> Sim {
        var s = Sim(platform, configure: configure)
        s.do(.app(.requestWhenInUseAuthorization))
        s.tap("Allow While Using App")
        return s
    }

    @Test func usingWhileUpdatesRunRecentlyForTheWindowThenNone() {
        var s = whenInUse()
        #expect(s.world.controlCenter == .none)
        #expect(s.world.controlCenterReason == "the app has not used location")
        s.do(.app(.startUpdatingLocation))
        #expect(s.world.controlCenter == .using)
        #expect(s.world.controlCenterReason == "the app tracks the location now: standard updates run")
        s.wait(30)
        s.do(.app(.stopUpdatingLocation))
        #expect(s.world.controlCenter == .recently)
        #expect(s.world.locationUsedAt == 30_000)
        s.do(.wait(5 * 60_000 - 1))
        #expect(s.world.controlCenter == .recently)
        s.do(.wait(1))
        #expect(s.world.controlCenter == .none)
        #expect(s.world.controlCenterReason == "the app last used location at 0:30, controlCenterRecentWindow (5m) or more ago")
    }

    /// Tracking that a timer ends inside a wait (automatic pausing here) counts until the timer,
    /// not until the wait began.
    @Test func trackingEndedByATimerCountsUntilTheTimer() {
        var s = whenInUse()
        s.do(.device(.stationary), .app(.startUpdatingLocation))
        s.wait(17 * 60)
        #expect(s.world.process.paused)
        #expect(s.world.locationUsedAt == 15 * 60_000)
        #expect(s.world.controlCenter == .recently)
        s.wait(3 * 60)
        #expect(s.world.controlCenter == .none)
    }

    /// Leaving the foreground stops updates that may not continue in the background; updates that
    /// do continue keep the app listed as using location, and a suspended app does not track.
    @Test func backgroundAndSuspension() {
        var s = whenInUse()
        s.do(.app(.startUpdatingLocation), .user(.background))
        #expect(s.world.controlCenter == .recently)
        var b = whenInUse()
        b.do(.app(.allowsBackgroundLocationUpdates(true)), .app(.startUpdatingLocation), .user(.background))
        b.wait(60)
        #expect(b.world.lifecycle == .background && b.world.controlCenter == .using)
        b.do(.system(.suspend))
        #expect(b.world.controlCenter == .recently)
    }

    @Test func requestLocationTracksUntilItEnds() {
        var s = whenInUse()
        s.do(.device(.noFix), .app(.requestLocation))
        #expect(s.world.controlCenter == .using)
        #expect(s.world.controlCenterReason.hasSuffix("requestLocation is looking for a fix"))
        s.wait(10)
        #expect(s.world.lastError == .locationUnknown && s.world.controlCenter == .recently)
        // With a fix the request ends at once: the location it brought is a recent use.
        var f = whenInUse()
        f.do(.app(.requestLocation))
        #expect(f.world.fixes == 1 && f.world.controlCenter == .recently)
    }

    /// Monitoring is not tracking; the location a significant change brings is a use.
    @Test func monitoringIsNotTrackingButItsLocationIsAUse() {
        var s = whenInUse()
        s.do(.app(.startMonitoringSignificantLocationChanges))
        #expect(s.world.controlCenter == .none)
        s.wait(60)
        s.do(.device(.move))
        #expect(s.world.fixes == 1 && s.world.controlCenter == .recently && s.world.locationUsedAt == 60_000)
    }

    @Test func liveUpdatesThatDeliverAreTracking() {
        var s = whenInUse(.ios17)
        s.do(.app(.liveUpdates(true)))
        #expect(s.world.controlCenter == .using)
        s.do(.device(.stationary))
        #expect(s.world.controlCenter == .recently)
    }

    @Test func beforeIOS16AndOnVisionOSNoListing() {
        for p in [Platform.ios15, .visionos] {
            var s = whenInUse(p)
            s.do(.app(.startUpdatingLocation))
            #expect(s.world.controlCenter == .none)
            #expect(s.world.controlCenterReason.contains("lists no apps in Control Center"), "\(p)")
        }
    }

    @Test func theWindowIsAnAssumption() {
        var s = whenInUse { c in _ = c.assumptions.set("controlCenterRecentWindow", .duration(60 * 60_000)) }
        s.do(.app(.startUpdatingLocation), .app(.stopUpdatingLocation))
        s.wait(59 * 60)
        #expect(s.world.controlCenter == .recently)
        var none = whenInUse { c in _ = c.assumptions.set("controlCenterRecentWindow", .duration(0)) }
        none.do(.app(.startUpdatingLocation), .app(.stopUpdatingLocation))
        #expect(none.world.controlCenter == .none)
    }

    /// Control Center is shown, never read by a rule: the canonical form drops when the app used location.
    @Test func theCanonicalFormDropsTheTime() {
        var s = whenInUse()
        s.do(.app(.startUpdatingLocation), .app(.stopUpdatingLocation))
        #expect(s.world.locationUsedAt != nil)
        #expect(s.world.canonical().locationUsedAt == nil)
    }
}
