import Testing
@testable import LocflowCore

/// The behavior reference's open questions that decide behavior are named assumptions: the
/// default is its reading, and changing the assumption changes what the model does.
@Suite("Open questions as assumptions")
struct OpenQuestionAssumptionTests {
    /// Behavior reference §7.1, §12: whether iOS 17 liveUpdates prompts by itself (assumed not).
    @Test func ios17LiveUpdatesPromptOnlyWithTheAssumption() {
        var off = Sim(.ios17)
        let started = off.do(.app(.liveUpdates(true)))
        #expect(off.world.prompt == nil && off.status == .notDetermined)
        #expect(Sim.rules(started).contains(.ios17NoImplicitPrompt))

        var on = Sim(.ios17) { $0.assumptions.ios17LiveUpdatesPrompts = true }
        #expect(on.world.config.assumptions.described.contains { $0 == ("ios17LiveUpdatesPrompts", "true") })
        on.do(.app(.liveUpdates(true)))
        #expect(on.world.prompt?.kind == .whenInUse, "\(summary(on.world))")
        on.tap("Allow While Using App")
        #expect(on.status == .authorizedWhenInUse && on.world.delivering(.liveUpdates))

        // Only from notDetermined, only on iOS 17 (iOS 18 asks through its implicit session,
        // iOS 16 has no liveUpdates), and only as a request could ask: not without the key.
        var denied = Sim(.ios17) { $0.assumptions.ios17LiveUpdatesPrompts = true }
        denied.do(.app(.requestWhenInUseAuthorization))
        denied.tap("Don't Allow")
        denied.do(.app(.liveUpdates(true)))
        #expect(denied.world.prompt == nil)
        var noKey = Sim(.ios17) { $0.assumptions.ios17LiveUpdatesPrompts = true; $0.info.whenInUseDescription = nil }
        noKey.do(.app(.liveUpdates(true)))
        #expect(noKey.world.prompt == nil)
        var ios18 = Sim(.ios18) { $0.assumptions.ios17LiveUpdatesPrompts = false }
        ios18.do(.app(.liveUpdates(true)))
        #expect(ios18.world.prompt?.kind == .whenInUse)
    }
}

@Suite("Open questions as assumptions: iOS 18 Always and the classic services")
struct ClassicAlwaysSessionAssumptionTests {
    /// An Always app on iOS 18 with significant changes, gone from the foreground and terminated.
    static func terminatedAlwaysApp(covers: Bool, alwaysSession: Bool) -> Sim {
        var s = Sim(.ios18) { $0.assumptions.alwaysSessionCoversClassicAPIs = covers }
        s.do(.app(.requestWhenInUseAuthorization))
        s.tap("Allow While Using App")
        s.do(.user(.settings(.always)), .user(.foreground), .app(.startMonitoringSignificantLocationChanges),
             .app(.startMonitoringRegion("home")))
        if alwaysSession { s.do(.app(.session(id: "bg", goal: .always, fullAccuracyKey: nil))) }
        s.do(.user(.background))
        s.wait(60)
        s.do(.system(.terminate))
        return s
    }

    /// Behavior reference §7.4, §12: whether the iOS 18 Always-requires-a-session rule applies
    /// to the classic CLLocationManager services (assumed not).
    @Test func significantChangesNeedAnAlwaysSessionOnlyWithTheAssumption() {
        var plain = Self.terminatedAlwaysApp(covers: false, alwaysSession: false)
        #expect(plain.world.delivering(.significantChanges) && plain.world.delivering(.regions))
        plain.do(.device(.move))
        #expect(plain.world.lifecycle == .background, "\(summary(plain.world))")

        var covered = Self.terminatedAlwaysApp(covers: true, alwaysSession: false)
        #expect(!covered.world.delivering(.significantChanges) && !covered.world.delivering(.regions))
        let moved = covered.do(.device(.move))
        #expect(covered.world.lifecycle == .terminated)
        #expect(Sim.rules(moved).contains(.classicNeedsAlwaysSession))
        let exited = covered.do(.device(.exitRegion("home")))
        #expect(covered.world.lifecycle == .terminated && Sim.rules(exited).contains(.classicNeedsAlwaysSession))

        var withSession = Self.terminatedAlwaysApp(covers: true, alwaysSession: true)
        #expect(withSession.world.delivering(.significantChanges))
        withSession.do(.device(.move))
        #expect(withSession.world.lifecycle == .background)
    }

    @Test func inUseAndBeforeIOS18NothingChanges() {
        var s = Sim(.ios18) { $0.assumptions.alwaysSessionCoversClassicAPIs = true }
        s.do(.app(.requestWhenInUseAuthorization))
        s.tap("Allow While Using App")
        s.do(.user(.settings(.always)), .user(.foreground), .app(.startMonitoringSignificantLocationChanges))
        #expect(s.world.delivering(.significantChanges))

        var ios17 = Sim(.ios17) { $0.assumptions.alwaysSessionCoversClassicAPIs = true }
        ios17.do(.app(.requestWhenInUseAuthorization))
        ios17.tap("Allow While Using App")
        ios17.do(.user(.settings(.always)), .app(.startMonitoringSignificantLocationChanges), .system(.terminate))
        #expect(ios17.world.delivering(.significantChanges))
    }

    /// Provisional Always: no deferred upgrade prompt for an event that Always would not deliver.
    @Test func noDeferredPromptWithoutTheSession() {
        var s = Sim(.ios18) { $0.assumptions.alwaysSessionCoversClassicAPIs = true }
        s.do(.app(.requestAlwaysAuthorization))
        s.tap("Allow While Using App")
        s.do(.app(.startMonitoringSignificantLocationChanges), .user(.background))
        s.wait(60)
        s.do(.system(.terminate), .device(.move))
        #expect(s.world.prompt == nil && s.world.promptQueue.isEmpty, "\(summary(s.world))")
    }
}
