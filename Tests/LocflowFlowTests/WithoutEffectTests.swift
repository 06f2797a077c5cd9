import Testing
@testable import LocflowCore
@testable import LocflowFlow
@testable import LocflowExplore

/// `World.withoutEffect`: a step that can be taken but changes nothing. The reducer stops there
/// without settling, and the model checker counts it as a loop without copying the world; both
/// are right only if settling such a world would change nothing and note no rule.
@Suite("steps without effect")
struct WithoutEffectTests {
    static let platforms: [Platform] = [.ios12, .ios13, .ios14, .ios15, .ios17, .ios18, .visionos]

    /// The configurations that change what settling does: the device, the keys, the assumptions
    /// about prompts, App Clips and widgets.
    static func configs(_ p: Platform) -> [(String, AppConfig)] {
        var base = AppConfig()
        base.platform = p
        var out = [("default", base)]
        func add(_ name: String, _ change: (inout AppConfig) -> Void) { var c = base; change(&c); out.append((name, c)) }
        add("restricted") { $0.restricted = true }
        add("services off") { $0.locationServicesOn = false }
        add("restricted, services off") { $0.restricted = true; $0.locationServicesOn = false }
        add("restricted wins") { $0.restricted = true; $0.locationServicesOn = false; $0.assumptions.servicesOffOverridesRestricted = false }
        add("App Clip") { $0.appClip = true }
        add("widget that asks") { $0.widget = true; $0.assumptions.addWidgetAsks = true }
        add("no when-in-use key") { $0.info.whenInUseDescription = nil }
        add("no Always key") { $0.info.alwaysAndWhenInUseDescription = nil }
        add("prompts dismissed") { $0.assumptions.promptReturnsAfterBackground = false }
        add("reduced by default") { $0.info.defaultAccuracyReduced = true }
        return out
    }

    /// Every action a search can try, on the platform.
    static func actions(_ config: AppConfig) -> [Event] {
        StateSearch.defaultActions(config, families: Set(StateSearch.Family.allCases), sessions: 2)
    }

    /// nil when settling `world` once more (as a step without effect would) leaves it as it is.
    static func settlingChanges(_ world: World, canonical: Bool) -> String? {
        var w = world
        var t = Transition(event: .wait(0), time: w.now)
        w.noteLocationUse()
        w.settle(into: &t, statusBefore: world.status)
        if canonical { w.canonicalize() }
        if w != world {
            var a = "", b = ""
            dump(world, to: &a); dump(w, to: &b)
            let la = a.split(separator: "\n"), lb = b.split(separator: "\n")
            let changed = zip(la, lb).filter { $0 != $1 }.prefix(4).map { "\($0.0) → \($0.1)" }
            return "settling again changed the world: " + changed.joined(separator: " | ")
        }
        if !t.why.isEmpty || !t.outputs.isEmpty {
            return "settling again noted \(t.why.map { "\($0.rule)" }) \(t.outputs.map(\.text))"
        }
        return nil
    }

    /// A world a step leaves is at rest: settling it again changes nothing and notes nothing.
    /// So a step without effect, which does not settle, is right to leave it as it is. Worlds
    /// along random walks (as a flow meets them).
    @Test(arguments: platforms)
    func everyWorldAWalkReachesIsAtRest(_ platform: Platform) {
        for (name, config) in Self.configs(platform) {
            for seed in UInt64(1)...30 {
                var walk = RandomWalk(config: config, seed: seed &* 7919)
                for n in 0..<60 {
                    walk.run(1)
                    if let d = Self.settlingChanges(walk.world, canonical: false) {
                        Issue.record("\(name), seed \(seed), step \(n + 1): \(d)")
                        return
                    }
                }
            }
        }
    }

    /// The canonical worlds a search expands, every action group, two sessions.
    @Test(arguments: platforms)
    func everyStateASearchReachesIsAtRest(_ platform: Platform) {
        for (name, config) in Self.configs(platform) {
            // Deeper for the default configuration; the others change less of what settles.
            var search = StateSearch(config: config, bounds: .init(depth: name == "default" ? 4 : 3, families: Set(StateSearch.Family.allCases), sessions: 2))
            var bad: String?
            search.run { n, world in
                if bad == nil, let d = Self.settlingChanges(world, canonical: true) { bad = "\(name), state \(n): \(d)" }
            }
            if let bad { Issue.record("\(bad)") }
        }
    }

    /// Steps without effect are asked in all those worlds.
    @Test func stepsWithoutEffectAreCommon() {
        var asked = 0
        for (_, config) in Self.configs(.ios18) {
            var walk = RandomWalk(config: config, seed: 5)
            for _ in 0..<60 {
                walk.run(1)
                asked += Self.actions(config).filter { walk.world.refusal(for: $0) == nil && walk.world.withoutEffect($0) != nil }.count
            }
        }
        #expect(asked > 500, "only \(asked) steps without effect: the tests above would not test much")
    }

    /// Where the handler keeps a guard of its own (Settings from the foreground leaves the app
    /// first), running the step in full away from the foreground changes nothing either.
    @Test func settingsAlreadySoAndAwayFromTheForegroundChangeNothing() {
        var w = World()
        _ = w.step(.app(.requestWhenInUseAuthorization))
        _ = w.step(.user(.tap("Allow While Using App")))
        _ = w.step(.user(.background))
        for e: Event in [.user(.settings(.whileUsing)), .user(.settingsPrecise(true)), .user(.settingsLocationServices(true)),
                         .user(.background), .system(.reminder), .user(.locationButton), .app(.requestWhenInUseAuthorization)] {
            let why = w.withoutEffect(e)
            #expect(why != nil, "\(e.flowText)")
            var full = w
            var t = Transition(event: e, time: w.now)
            switch e {
            case .user(let a): full.user(a, &t)
            case .system(let a): full.system(a, &t)
            case .app(let a): full.app(a, &t)
            default: break
            }
            // The guarded handlers (background, reminder, button, request) act when called
            // directly; the others decide for themselves and must change nothing.
            if case .user(.settings) = e { #expect(full == w && t.why.map(\.rule) == [why!.rule]) }
            if case .user(.settingsPrecise) = e { #expect(full == w && t.why.map(\.rule) == [why!.rule]) }
            if case .user(.settingsLocationServices) = e { #expect(full == w && t.why.map(\.rule) == [why!.rule]) }
            // Stepped, it says its one rule and nothing else.
            var stepped = w
            let ts = stepped.step(e)
            #expect(stepped == w && ts.count == 1 && ts[0].why == [why!] && ts[0].outputs.isEmpty, "\(e.flowText)")
        }
        // In the foreground the same Settings step leaves the app: an effect.
        _ = w.step(.user(.foreground))
        #expect(w.withoutEffect(.user(.settings(.whileUsing))) == nil)
        #expect(w.withoutEffect(.user(.background)) == nil)
    }

    /// The search's shortcut (a loop, no copy) keeps its books as a plain breadth-first search
    /// over `stepForSearch` does: the same states, transitions, rules and possible actions.
    /// On one thread too, whose batches are smaller: a level of ios18 at this depth is several
    /// batches, each merged while the next is expanded (without the states it finds).
    @Test(arguments: [(Platform.ios14, 2), (.ios18, 2), (.ios18, 1)])
    func theSearchCountsItsLoopsAsAPlainSearchDoes(_ platform: Platform, threads: Int) {
        var config = AppConfig()
        config.platform = platform
        let depth = 5
        var bounds = StateSearch.Bounds(depth: depth)
        bounds.threads = threads
        var search = StateSearch(config: config, bounds: bounds)
        search.run()
        var start = World(config: config)
        start.canonicalize()
        var seen: Set<World> = [start]
        var frontier = [start]
        var transitions = 0, loops = 0
        var rules = RuleSet()
        var possible: Set<String> = []
        for _ in 0..<depth {
            var next: [World] = []
            for w in frontier {
                let taps = w.prompt.map { p in w.buttons(for: p).map { Event.user(.tap($0)) } } ?? []
                for e in taps + search.actions {
                    var v = w
                    if v.stepForSearch(e, rules: &rules) { continue }
                    transitions += 1
                    possible.insert(e.flowText)
                    v.canonicalize()
                    if v == w { loops += 1 }
                    if seen.insert(v).inserted { next.append(v) }
                }
            }
            frontier = next
        }
        #expect(search.count == seen.count)
        #expect(search.transitions == transitions)
        #expect(search.firedRules == rules)
        let enabled = Set(search.actionTable.indices.filter { search.enabled[$0] }.map { search.actionTable[$0].flowText })
        #expect(enabled == possible)
        #expect(loops > transitions / 5, "loops: \(loops) of \(transitions)")
    }
}
