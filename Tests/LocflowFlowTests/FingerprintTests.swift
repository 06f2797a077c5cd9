import Testing
import Foundation
@testable import LocflowCore
@testable import LocflowFlow
@testable import LocflowExplore

/// The model checker's hand-written fingerprint and its quiet steps: fast, and no less sound.
@Suite("explore: fingerprints and quiet steps")
struct FingerprintTests {
    /// Every stored property of the world's types is hashed: a structured field added later
    /// fails here until `World.fingerprint` reads it and `fingerprintFields` names it; the plain
    /// blocks hold exactly the declared fields (World.fields).
    @Test func everyStoredPropertyIsHashed() {
        var config = AppConfig()
        config.platform = .ios18
        let w = World(config: config)
        let samples: [(String, Any)] = [
            ("World", w), ("ProcessState", ProcessState()),
            ("Prompt", Prompt(kind: .whenInUse, origin: .requestWhenInUse)),
            ("ServiceSession", ServiceSession(id: "a", goal: .whenInUse, fullAccuracyKey: nil, qualified: true)),
            ("WorldLists", WorldLists()), ("NameList", NameList(["lobby"])),
        ]
        for (name, value) in samples {
            let stored = Set(Mirror(reflecting: value).children.compactMap(\.label))
            let hashed = World.fingerprintFields[name] ?? []
            #expect(stored == hashed, "\(name): not hashed \(stored.subtracting(hashed).sorted()), gone \(hashed.subtracting(stored).sorted())")
        }
        for (owner, block) in [("World", PlainFields()), ("ProcessState", ProcessPlain()), ("AppRecord", AppRecord())] as [(String, Any)] {
            // A stored section keeps its booleans as the bits of one word, `flags`.
            let stored = Mirror(reflecting: block).children.compactMap(\.label)
            let declared = World.declaredFields.filter { $0.owner == owner }
            let expected = owner == "AppRecord" ? declared.map(\.name) : declared.filter { $0.type != "Bool" }.map(\.name) + ["flags"]
            #expect(stored == expected, "\(owner)")
        }
        // Every type a world holds is in the list or declared (a new nested struct or class
        // needs its own entry: the monitored names and a process's beacon ranging are classes; a
        // `ShortList` shows its elements, as an array does).
        let declared: Set<String> = ["PlainFields", "ProcessPlain", "AppRecord", "Time", "StatusPair", "ProcessStream"]
        var types: Set<String> = []
        func walk(_ value: Any) {
            let m = Mirror(reflecting: value)
            if m.displayStyle == .struct || m.displayStyle == .class { types.insert(String(describing: m.subjectType)) }
            for c in m.children where c.label != "configBox" && c.label != "passedByAddress" { walk(c.value) }
        }
        var full = w
        for e: Event in [.app(.session(id: "a", goal: .whenInUse, fullAccuracyKey: nil)), .app(.liveUpdates(true)),
                         .app(.requestLocation), .app(.requestWhenInUseAuthorization)] { _ = full.step(e) }
        walk(full)
        walk(Self.fullWorld())  // a process that ranges beacons
        #expect(types.isSuperset(of: ["WorldLists", "NameList", "ServiceSession", "Prompt"]), "\(types.sorted())")
        let unknown = types.subtracting(World.fingerprintFields.keys).subtracting(declared)
        #expect(unknown.isEmpty, "\(unknown.sorted())")
    }

    /// Every declared field counts as its declaration says (World.fields), read from the table
    /// the build writes (`World.declaredFields`): no test lists the fields. A field's every sample
    /// value that changes the canonical world changes its fingerprint; a field that is not
    /// history (nor the simulator's budget) changes the canonical world for some sample in some
    /// world; history never does.
    @Test func everyDeclaredFieldCountsAsDeclared() {
        // Worlds where every field is read: an Allow Once grant (`notInUseSince`), the deferred
        // upgrade on screen (`promptShownAt`), standard updates running, force-quit relaunches off.
        var config = AppConfig()
        config.assumptions.forceQuitBlocksRelaunch = true
        var a = Self.fullWorld(config)
        a.record.temporaryGrant = true
        a.prompt = Prompt(kind: .alwaysUpgrade, origin: .deferredUpgrade(trigger: "visit"))
        a.process.standardUpdates = true
        let b = Self.fullWorld()
        #expect(World.declaredFields.count > 60)
        for f in World.declaredFields {
            var reached = false
            for (base, keep) in [(a, true), (a, false), (b, false)] {
                var c0 = base
                c0.canonicalize(keepLastOutputs: keep)
                for v in f.probe.variants(base) {
                    var c = v
                    c.canonicalize(keepLastOutputs: keep)
                    if f.identity == .history || f.identity == .budget {
                        #expect(c == c0, "\(f.owner).\(f.name) is dropped, but the canonical form keeps it")
                    } else if c != c0 {
                        reached = true
                        #expect(c.fingerprint != c0.fingerprint, "\(f.owner).\(f.name) changes the state but not the fingerprint")
                    }
                }
            }
            #expect(reached || f.identity == .history || f.identity == .budget, "\(f.owner).\(f.name): no sample value changes the state")
        }
    }

    /// Each small type's codes are its own: distinct for distinct values, and within its bits.
    @Test func everyCodeIsItsOwn() {
        func check<T: FingerprintCode>(_: T.Type) {
            let codes = T.samples.map(\.code)
            #expect(Set(codes).count == T.samples.count, "\(T.self): two values share a code")
            #expect(codes.allSatisfy { $0 < 1 << UInt64(T.codeBits) }, "\(T.self): a code past its bits")
        }
        check(AuthorizationStatus.self); check(AccuracyAuthorization.self); check(SettingsChoice.self); check(Lifecycle.self)
        check(PromptKind.self); check(SessionGoal.self); check(SessionState.self); check(CompletionResult.self)
        check(LocationError.self); check(DesiredAccuracy.self); check(ActivityType.self); check(FixKind.self)
        check(StatusPair?.self); check(ProcessStream?.self); check(FixKind?.self); check(AppRecord.self); check(Bool.self)
        // Each code fits the slot the fingerprint gives it (placed when World.fields is read).
        #expect(World.fingerprintSlots.count > 15)
        for slot in World.fingerprintSlots { #expect(slot.codeBits <= slot.slotBits, "\(slot.field): \(slot.codeBits) bits in a slot of \(slot.slotBits)") }
    }

    /// A time's nil is `Int.min`, which no time reaches; times themselves can be negative (a
    /// canonical past time under a horizon longer than `canonicalNow`) and stay times.
    @Test func aNegativeTimeIsNotNil() {
        var config = AppConfig()
        config.assumptions.inUseGrace = VirtualTime.maxDuration
        var w = World(config: config)
        w.now = 1 << 41
        w.foregroundLeftAt = 0
        w.canonicalize()
        #expect(w.foregroundLeftAt == World.canonicalNow - (1 << 41))
        #expect(w != { var n = w; n.foregroundLeftAt = nil; return n }())
        #expect(Time(-1).value == -1 && Time(nil).value == nil && Time(0) != Time(nil))
    }

    /// A world with something in every optional and every array, so each field can be changed.
    static func fullWorld(_ config: AppConfig = AppConfig()) -> World {
        var w = World(config: config)
        w.now = 1 << 40
        w.foregroundLeftAt = 3; w.notInUseSince = 4; w.suspendAt = 5; w.relaunchWindowEndsAt = 6; w.promptShownAt = 7
        w.nextReducedFixAt = 8; w.setLastFixAt(9); w.standardFixDue = 10; w.liveFixDue = 11; w.autoPauseAt = 12
        w.liveActivityStartedAt = 13; w.appClipResetAt = 14
        w.sessions = [ServiceSession(id: "a", goal: .whenInUse, fullAccuracyKey: "Nav", qualified: false)]
        w.regions = ["office"]; w.monitorConditions = ["home"]; w.beaconRegions = ["lobby"]
        w.prompt = Prompt(kind: .whenInUse, origin: .session(id: "a"), purposeKey: "Nav", showsPreciseSwitch: true, precise: true)
        w.promptQueue = [Prompt(kind: .alwaysUpgrade, origin: .requestAlways)]
        w.lastCallback = StatusPair(.authorizedWhenInUse, .fullAccuracy)
        w.lastFix = .approximate
        w.process.lastDelivered = StatusPair(.authorizedWhenInUse, .fullAccuracy)
        w.process.liveUpdates = ProcessStream(qualified: false)
        w.process.monitor = ProcessStream(qualified: false)
        w.process.backgroundActivity = ProcessStream(qualified: false)
        w.process.locationRequest = LocationRequest(deadline: 20, held: false)
        w.process.beaconRanging = ["lobby"]
        return w
    }

    /// One change to each field `fingerprintFields` lists, each of which must change the
    /// fingerprint (a field listed but not hashed fails here); the table of changes covers the list.
    @Test func changingAnyOneFieldChangesTheFingerprint() {
        typealias Change = (inout World) -> Void
        let changes: [String: [String: Change]] = [
            "World": [
                "plain": { $0.moving.toggle() }, "process": { $0.process.paused.toggle() }, "lists": { $0.regions.removeAll() },
                "prompt": { $0.prompt = nil }, "sessions": { $0.sessions.removeAll() }, "promptQueue": { $0.promptQueue.removeAll() },
            ],
            "WorldLists": [
                "regions": { $0.regions = ["offices"] }, "monitorConditions": { $0.monitorConditions.append("work") },
                "beaconRegions": { $0.beaconRegions = [] },
            ],
            "ProcessState": ["plain": { $0.process.paused.toggle() }, "ranging": { $0.process.beaconRanging = [] }],
            "NameList": ["names": { $0.process.beaconRanging = ["lobby", "gate"] }],
            // The names, and their order (which `next` numbers).
            "NameSet": ["places": { $0.regions.append("gate") }, "next": { $0.regions = ["gate", "office"] }],
            "Prompt": [
                "kind": { $0.promptQueue[0].kind = .backgroundReminder }, "origin": { $0.prompt!.origin = .session(id: "b") },
                "purposeKey": { $0.prompt!.purposeKey = nil }, "showsPreciseSwitch": { $0.promptQueue[0].showsPreciseSwitch.toggle() },
                "precise": { $0.prompt!.precise.toggle() },
            ],
            "ServiceSession": [
                "id": { $0.sessions[0].id = "b" }, "goal": { $0.sessions[0].goal = .always }, "fullAccuracyKey": { $0.sessions[0].fullAccuracyKey = nil },
                "state": { $0.sessions[0].state = .lapsed }, "held": { $0.sessions[0].held.toggle() },
                "qualified": { $0.sessions[0].qualified.toggle() }, "fullAccuracyDeclined": { $0.sessions[0].fullAccuracyDeclined.toggle() },
            ],
            "Name": ["number": { $0.sessions[0].fullAccuracyKey = "Other" }],
        ]
        let base = Self.fullWorld()
        for (type, fields) in World.fingerprintFields {
            // The configuration never changes in a search; the others hold nothing (`pad` is always zero).
            let listed = fields.subtracting(["configBox", "passedByAddress"])
            #expect(Set(changes[type]?.keys.map { $0 } ?? []) == listed, "\(type): the table of changes does not cover the listed fields")
            for (field, change) in changes[type] ?? [:] {
                var w = base
                change(&w)
                #expect(w != base, "\(type).\(field): the change changed nothing")
                #expect(w.fingerprint != base.fingerprint, "\(type).\(field) is listed but does not reach the fingerprint")
            }
        }
    }

    /// Every world the search keeps is canonical already, under every action group: the history
    /// the fingerprint leaves out holds its starting value in each (so leaving it out merges no
    /// two states).
    @Test func everySearchedWorldIsCanonical() {
        for platform in [Platform.ios18, .ios14] {
            var config = AppConfig()
            config.platform = platform
            let bounds = StateSearch.Bounds(depth: 4, families: Set(StateSearch.Family.allCases), sessions: 2)
            var search = StateSearch(config: config, bounds: bounds)
            var seen = 0
            search.run(visit: { _, w in
                seen += 1
                #expect(w.canonical() == w)
            })
            #expect(seen > 1000)
        }
    }

    /// The lists are one reference shared by copies and copied on write: a change to one world's
    /// lists leaves every copy as it was, and worlds with equal lists are equal however made.
    @Test func aCopysListsAreItsOwn() {
        let base = Self.fullWorld()
        var a = base, b = base
        a.sessions[0].held.toggle(); a.promptQueue.removeAll(); a.regions.append("gate")
        b.monitorConditions = []; b.beaconRegions.append("hall"); b.process.beaconRanging = []
        #expect(base == Self.fullWorld() && a != base && b != base && a != b)
        #expect(base.sessions[0].held == Self.fullWorld().sessions[0].held && base.regions == ["office"] && base.process.beaconRanging == ["lobby"])
        a.sessions[0].held.toggle(); a.promptQueue = base.promptQueue; a.regions.removeLast()
        #expect(a == base && a.hashValue == base.hashValue && a.fingerprint == base.fingerprint)
        // The monitored names are let go when all three are empty, and a world that never had
        // any is equal to one that had them and let them go.
        var c = World(config: AppConfig()), d = c
        #expect(c.lists == nil)
        c.regions = ["office"]; c.monitorConditions = ["home"]
        #expect(c.lists != nil && c != d)
        c.regions.removeAll(); c.monitorConditions = []
        #expect(c.lists == nil && c == d && c.fingerprint == d.fingerprint)
        d.beaconRegions.append("lobby"); d.beaconRegions.removeLast()
        #expect(d.lists == nil)
    }

    /// A long list tells its length, and which list an element is in.
    @Test func aLongListStillTellsItsLength() {
        var a = World(config: AppConfig())
        a.regions = NameSet((0..<1024).map { "r\($0)" })
        var b = a, c = a, d = a
        b.regions.append("x")
        c.regions.removeLast()
        d.monitorConditions = ["r1023"]; d.regions.removeLast()
        #expect(Set([a, b, c, d].map(\.fingerprint)).count == 4)
    }

    /// A name is hashed by its bytes, eight to a word: every length around the word's edges and
    /// both sides of a small string's 15 bytes tells its own, a change in any byte (the last of a
    /// word, the first of the next) reaches the fingerprint, and the same name made another way
    /// (read from a file, cut from a longer one, bridged through Foundation) hashes the same.
    @Test func aNameIsHashedByItsBytesHoweverItWasMade() {
        func world(_ name: String) -> World {
            var w = World(config: AppConfig())
            w.regions = [name]
            return w
        }
        var seen: Set<UInt64> = []
        for n in 0...33 {
            let name = String(repeating: "x", count: n)
            #expect(seen.insert(world(name).fingerprint).inserted, "length \(n) collides")
            for i in [0, 7, 8, 14, 15, 16, n - 1] where i >= 0 && i < n {
                var bytes = Array(name.utf8)
                bytes[i] = UInt8(ascii: "y")
                #expect(world(String(decoding: bytes, as: UTF8.self)).fingerprint != world(name).fingerprint, "byte \(i) of \(n)")
            }
        }
        for name in ["a", "세션", "quinze-octets!!", "sixteen-bytes!!!", "a much longer name, well past a small string", "e\u{301}"] {
            let made = [
                String(decoding: Array(name.utf8), as: UTF8.self),
                String(("<" + name + ">").dropFirst().dropLast()),
                String(NSString(string: name)),
                String(describing: NSMutableString(string: name)),
            ]
            for other in made { #expect(world(other).fingerprint == world(name).fingerprint, "\(name) made another way") }
        }
    }

    /// A nil time against 0, two words apart from another time against nil (found in review:
    /// with a multiplication alone, a difference in the top bit cancelled out).
    @Test func differencesInTheTopBitDoNotCancel() {
        var a = World(config: AppConfig()), b = a
        a.foregroundLeftAt = nil; a.suspendAt = 1 << 34
        b.foregroundLeftAt = 0; b.suspendAt = nil
        #expect(a != b && a.fingerprint != b.fingerprint)
        var c = World(config: AppConfig()), d = c
        c.notInUseSince = nil; c.relaunchWindowEndsAt = 1 << 34
        d.notInUseSince = 0; d.relaunchWindowEndsAt = nil
        #expect(c != d && c.fingerprint != d.fingerprint)
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
                let before = walk.world
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
                // The search's own step, and its question before copying the world. It keeps no
                // history the canonical form drops (when the app last used location), so its world
                // is the same state, not the same value.
                var searched = before
                var searchRules = RuleSet()
                let refused = searched.stepForSearch(e, rules: &searchRules)
                // (A wait refused for its timers leaves the search's copy part-way: it is thrown away.)
                #expect((searched.canonical() == walk.world.canonical() || loudRefusal == .timerLimit) && searchRules == loudRules.union(loudRefusal)
                        && refused == (loudRefusal != nil), "seed \(seed), \(e.flowText)")
                var kept = searched
                kept.plain.locationUsedAt = walk.world.plain.locationUsedAt
                #expect(kept == walk.world || loudRefusal == .timerLimit, "only the history differs: seed \(seed), \(e.flowText)")
                if case .wait = e {} else { #expect(before.refusal(for: e, details: false)?.rule == loudRefusal, "seed \(seed), \(e.flowText)") }
                // Told that both questions were asked (and said nil), it steps alike.
                if before.refusal(for: e) == nil && before.withoutEffect(e) == nil {
                    var asked = before
                    var askedRules = RuleSet()
                    #expect(!asked.stepForSearch(e, rules: &askedRules, asked: true))
                    #expect(asked == searched && askedRules == searchRules, "seed \(seed), \(e.flowText)")
                }
            }
        }
    }

    @Test func ruleOrdinalsAreTheirPlaceInAllCases() {
        #expect(Rule.allCases.count <= RuleSet.capacity)
        for (i, r) in Rule.allCases.enumerated() {
            #expect(r.ordinal == i, "\(r)")
            #expect(Rule(name: r.name) == r && r.name == "\(r)" && r.name.first?.isLowercase == true, "\(r)")
        }
        #expect(Rule(name: "noSuchRule") == nil)
        var set = RuleSet()
        set.insert(.allowOnce); set.insert(Rule.allCases.last!)
        #expect(set.rules == Rule.allCases.filter { $0 == .allowOnce || $0 == Rule.allCases.last! })
    }
}

extension RuleSet {
    /// The set with one more rule (or the same set for nil).
    func union(_ rule: Rule?) -> RuleSet {
        var out = self
        if let rule { out.insert(rule) }
        return out
    }
}
