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

/// An assumption is declared once: its stored property and its entry in `Assumptions.catalogue`.
/// `set`, `described` and the parser read the catalogue; these tests hold the two together.
@Suite("Each assumption: one stored property, one catalogue entry")
struct AssumptionCatalogueTests {
    /// The stored properties of `Assumptions`, by name, in declaration order, with their values.
    static func stored(_ a: Assumptions) -> [(name: String, value: Any)] {
        Mirror(reflecting: a).children.map { ($0.label ?? "?", $0.value) }
    }

    /// A property's value as the `Value` its entry's kind takes.
    static func value(_ any: Any, _ kind: Assumptions.Kind) -> Assumptions.Value? {
        switch (kind, any) {
        case (.duration, let v as Millis): .duration(v)
        case (.count, let v as Int): .count(v)
        case (.boolean, let v as Bool): .boolean(v)
        case (.timeOfDay, let v as Millis): .timeOfDay(v)
        default: nil
        }
    }

    /// A value its assumption accepts that is not the default.
    static func other(_ value: Assumptions.Value) -> Assumptions.Value {
        switch value {
        case .duration(let v): .duration(v + 1_000)
        case .count(let v): .count(v + 1)
        case .boolean(let v): .boolean(!v)
        case .timeOfDay(let v): .timeOfDay((v + 60_000) % 86_400_000)
        }
    }

    /// The value as `described` writes it.
    static func text(_ value: Assumptions.Value) -> String {
        switch value {
        case .duration(let v): formatDuration(v)
        case .count(let v): String(v)
        case .boolean(let v): String(v)
        case .timeOfDay(let v): formatTimeOfDay(v)
        }
    }

    @Test func everyStoredPropertyHasExactlyOneEntryAndEveryEntryAProperty() {
        let properties = Self.stored(Assumptions()).map(\.name)
        let names = Assumptions.catalogue.map(\.name)
        for p in properties {
            let n = names.filter { $0 == p }.count
            #expect(n == 1, "the stored property Assumptions.\(p) has \(n) entries in Assumptions.catalogue (give it exactly one)")
        }
        for name in Set(names) where !properties.contains(name) {
            #expect(Bool(false), "the catalogue entry \(name) names no stored property of Assumptions")
        }
        // In the order they are declared, so that the entry sits where the property does.
        #expect(names == properties, "Assumptions.catalogue lists the assumptions in the order the stored properties are declared")
        #expect(Assumptions().described.map(\.name) == names)
    }

    @Test func eachDefaultRoundTripsThroughSetAndDescribed() throws {
        let defaults = Assumptions()
        let stored = Dictionary(uniqueKeysWithValues: Self.stored(defaults).map { ($0.name, $0.value) })
        // From a world where every assumption is changed, setting each default restores it.
        var changed = defaults
        for entry in Assumptions.catalogue {
            let d = try #require(stored[entry.name].flatMap { Self.value($0, entry.kind) },
                                 "\(entry.name): Assumptions has no stored property of that name and kind (\(entry.kind.rawValue))")
            #expect(changed.set(entry.name, Self.other(d)) == nil, "\(entry.name)")
        }
        var restored = changed
        for entry in Assumptions.catalogue {
            let d = try #require(stored[entry.name].flatMap { Self.value($0, entry.kind) })
            #expect(restored.set(entry.name, d) == nil, "\(entry.name)")
            let described = restored.described.first { $0.name == entry.name }?.value
            #expect(described == Self.text(d), "\(entry.name): described \(described ?? "nothing") after setting its default \(Self.text(d))")
        }
        #expect(restored == defaults)
        #expect(restored.described.map(\.value) == defaults.described.map(\.value))
    }

    @Test func eachEntryWritesAndReadsItsOwnProperty() throws {
        let defaults = Assumptions()
        let before = Self.stored(defaults)
        for entry in Assumptions.catalogue {
            let d = try #require(before.first { $0.name == entry.name }.flatMap { Self.value($0.value, entry.kind) },
                                 "\(entry.name): Assumptions has no stored property of that name and kind (\(entry.kind.rawValue))")
            var a = defaults
            let new = Self.other(d)
            #expect(a.set(entry.name, new) == nil, "\(entry.name)")
            // The property of that name holds the new value, and no other property changed.
            for (name, value) in Self.stored(a) {
                let old = before.first { $0.name == name }!.value
                if name == entry.name {
                    #expect(Self.value(value, entry.kind) == new, "set(\(entry.name)) did not write Assumptions.\(entry.name)")
                } else {
                    #expect(String(describing: value) == String(describing: old), "set(\(entry.name)) changed Assumptions.\(name)")
                }
            }
            #expect(a.described.first { $0.name == entry.name }?.value == Self.text(new), "described does not read Assumptions.\(entry.name)")
        }
    }

    /// The messages `set` gives, word for word (`check` prints them at the `assume` line).
    @Test func setRefusesAsItAlwaysHas() {
        var a = Assumptions()
        #expect(a.set("suspendDelay", .duration(-1)) == "assumption suspendDelay takes a duration of at most 100 years (876000h)")
        #expect(a.set("nothing", .duration(Int.max)) == "assumption nothing takes a duration of at most 100 years (876000h)")
        #expect(a.set("nothing", .boolean(true)) == "unknown assumption 'nothing'")
        #expect(a.set("suspendDelay", .boolean(true)) == "assumption suspendDelay takes a duration")
        #expect(a.set("monitorConditionLimit", .duration(5)) == "assumption monitorConditionLimit takes a count")
        #expect(a.set("addWidgetAsks", .count(1)) == "assumption addWidgetAsks takes a boolean")
        #expect(a.set("startTimeOfDay", .duration(0)) == "assumption startTimeOfDay takes a time of day")
        #expect(a.set("autoPauseDelay", .timeOfDay(0)) == "assumption autoPauseDelay takes a duration")
        #expect(a.set("reducedAccuracyInterval", .duration(0)) == "reducedAccuracyInterval must be longer than 0ms")
        #expect(a.set("preciseFixInterval", .duration(0)) == "preciseFixInterval must be longer than 0ms")
        #expect(a.set("startTimeOfDay", .timeOfDay(86_400_000)) == "startTimeOfDay must be a time of day from 00:00 to 23:59")
        #expect(a.set("startTimeOfDay", .timeOfDay(-1)) == "startTimeOfDay must be a time of day from 00:00 to 23:59")
        #expect(a == Assumptions(), "a refused value changes nothing")
        #expect(a.set("reducedAccuracyInterval", .duration(1)) == nil && a.reducedAccuracyInterval == 1)
        #expect(a.set("startTimeOfDay", .timeOfDay(86_340_000)) == nil && a.startTimeOfDay == 86_340_000)
        #expect(a.set("suspendDelay", .duration(VirtualTime.maxDuration)) == nil && a.suspendDelay == VirtualTime.maxDuration)
        #expect(a.set("monitorConditionLimit", .count(0)) == nil && a.monitorConditionLimit == 0)
    }
}
