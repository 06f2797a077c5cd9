import Testing
@testable import LocflowCore
@testable import LocflowFlow

/// The model checker's hand-written fingerprint and its quiet steps: fast, and no less sound.
@Suite("explore: fingerprints and quiet steps")
struct FingerprintTests {
    /// Every stored property of the world's types is hashed: a field added later fails here
    /// until `World.fingerprint` reads it and `fingerprintFields` names it.
    @Test func everyStoredPropertyIsHashed() {
        var config = AppConfig()
        config.platform = .ios18
        let w = World(config: config)
        let samples: [(String, Any)] = [
            ("World", w), ("AppRecord", AppRecord()), ("ProcessState", ProcessState()),
            ("ProcessStream", ProcessStream(startedAt: 0, qualified: true)), ("LocationRequest", LocationRequest()),
            ("StatusPair", StatusPair(.notDetermined, .fullAccuracy)),
            ("Prompt", Prompt(kind: .whenInUse, origin: .requestWhenInUse)),
            ("ServiceSession", ServiceSession(id: "a", goal: .whenInUse, fullAccuracyKey: nil, qualified: true, createdAt: 0)),
        ]
        for (name, value) in samples {
            let stored = Set(Mirror(reflecting: value).children.compactMap(\.label))
            let hashed = World.fingerprintFields[name] ?? []
            #expect(stored == hashed, "\(name): not hashed \(stored.subtracting(hashed).sorted()), gone \(hashed.subtracting(stored).sorted())")
        }
        // Every type a world holds is in the list (a new nested struct needs its own entry).
        var types: Set<String> = []
        func walk(_ value: Any) {
            let m = Mirror(reflecting: value)
            if m.displayStyle == .struct { types.insert(String(describing: m.subjectType)) }
            for c in m.children where c.label != "box" { walk(c.value) }
        }
        var full = w
        for e: Event in [.app(.session(id: "a", goal: .whenInUse, fullAccuracyKey: nil)), .app(.liveUpdates(true)),
                         .app(.requestLocation), .app(.requestWhenInUseAuthorization)] { _ = full.step(e) }
        walk(full)
        #expect(types.subtracting(World.fingerprintFields.keys).isEmpty, "\(types.subtracting(World.fingerprintFields.keys).sorted())")
    }

    /// Over the worlds random walks reach, two canonical worlds share a fingerprint exactly when
    /// they are equal; and each single field changed changes the fingerprint.
    @Test(arguments: [Platform.ios12, .ios14, .ios17, .ios18, .visionos])
    func equalFingerprintsExactlyForEqualWorlds(_ platform: Platform) {
        var config = AppConfig()
        config.platform = platform
        var byPrint: [UInt64: World] = [:]
        var distinct = 0
        for seed in UInt64(1)...60 {
            var walk = RandomWalk(config: config, seed: seed)
            for _ in 0..<40 {
                walk.run(1)
                let c = walk.world.canonical()
                if let seen = byPrint[c.fingerprint] {
                    #expect(seen == c, "seed \(seed): two different worlds share fingerprint \(c.fingerprint)")
                } else {
                    byPrint[c.fingerprint] = c
                    distinct += 1
                }
            }
        }
        #expect(distinct >= 50, "only \(distinct) distinct worlds")
        let w = World(config: config)
        var changed: [World] = []
        var x = w; x.moving.toggle(); changed.append(x)
        x = w; x.record.precise.toggle(); changed.append(x)
        x = w; x.process.paused.toggle(); changed.append(x)
        x = w; x.regions = ["office"]; changed.append(x)
        x = w; x.regions = ["offices"]; changed.append(x)
        x = w; x.beaconRegions = ["office"]; changed.append(x)
        x = w; x.suspendAt = 5; changed.append(x)
        x = w; x.relaunchWindowEndsAt = 5; changed.append(x)
        x = w; x.lifecycle = .background; changed.append(x)
        x = w; x.prompt = Prompt(kind: .whenInUse, origin: .session(id: "a")); changed.append(x)
        x = w; x.prompt = Prompt(kind: .whenInUse, origin: .session(id: "b")); changed.append(x)
        x = w; x.promptQueue = [Prompt(kind: .whenInUse, origin: .session(id: "a"))]; changed.append(x)
        let prints = Set(([w] + changed).map(\.fingerprint))
        #expect(prints.count == changed.count + 1)
    }

    /// A quiet step (rules as a set, without their texts or the outputs) changes the world
    /// exactly as a full one, and notes the same rules.
    @Test(arguments: [Platform.ios14, .ios18])
    func quietStepsChangeTheWorldAlike(_ platform: Platform) {
        var config = AppConfig()
        config.platform = platform
        for seed in UInt64(1)...30 {
            var walk = RandomWalk(config: config, seed: seed)
            for _ in 0..<40 {
                let e = walk.nextEvent()
                var quiet = walk.world
                var loudRules = RuleSet(), quietRules = RuleSet()
                var loudRefusal: Rule?, quietRefusal: Rule?
                walk.world.step(e) { t, _ in
                    for why in t.why { loudRules.insert(why.rule) }
                    #expect(t.rules == { var r = RuleSet(); for w in t.why { r.insert(w.rule) }; return r }())
                    #expect(t.lastRule == t.why.last?.rule)
                    loudRefusal = loudRefusal ?? t.refusal?.rule
                }
                quiet.step(e, quiet: true) { t, _ in
                    quietRules.formUnion(t.rules); quietRefusal = quietRefusal ?? t.refusal?.rule
                    #expect(t.why.isEmpty && t.outputs.isEmpty)
                }
                #expect(quiet == walk.world, "seed \(seed), \(e.flowText)")
                #expect(quietRules == loudRules && quietRefusal == loudRefusal, "seed \(seed), \(e.flowText)")
            }
        }
    }

    @Test func ruleOrdinalsAreTheirPlaceInAllCases() {
        #expect(Rule.allCases.count <= RuleSet.capacity)
        for (i, r) in Rule.allCases.enumerated() { #expect(r.ordinal == i, "\(r)") }
        var set = RuleSet()
        set.insert(.allowOnce); set.insert(Rule.allCases.last!)
        #expect(set.rules == Rule.allCases.filter { $0 == .allowOnce || $0 == Rule.allCases.last! })
    }
}
