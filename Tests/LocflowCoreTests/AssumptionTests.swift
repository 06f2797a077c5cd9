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
