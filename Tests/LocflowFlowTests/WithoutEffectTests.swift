import Testing
@testable import LocflowCore
@testable import LocflowFlow

/// `World.withoutEffect`: a step that can be taken but changes nothing. The reducer stops there
/// without settling, and the model checker counts it as a loop without copying the world; both
/// are right only if settling such a world would change nothing and note no rule.
@Suite("steps without effect")
struct WithoutEffectTests {
    static let platforms: [Platform] = [.ios12, .ios13, .ios14, .ios15, .ios17, .ios18, .visionos]

    /// Every action a search can try, on the platform.
    static func actions(_ config: AppConfig) -> [Event] {
        StateSearch.defaultActions(config, families: Set(StateSearch.Family.allCases), sessions: 2)
    }

    /// nil when settling `world` (as the skipped part of the step would) leaves it as it is.
    static func settlingChanges(_ world: World, _ event: Event, canonical: Bool) -> String? {
        var w = world
        var t = Transition(event: event, time: w.now)
        w.noteLocationUse()
        w.settle(into: &t)
        if canonical { w.canonicalize() }
        if w != world { return "\(event.flowText): settling changed the world" }
        if !t.why.isEmpty || !t.outputs.isEmpty {
            return "\(event.flowText): settling noted \(t.why.map { "\($0.rule)" }) \(t.outputs.map(\.text))"
        }
        return nil
    }

    /// Worlds along random walks (as a flow meets them: not canonical).
    @Test(arguments: platforms)
    func settlingAWorldAStepLeavesAloneChangesNothing(_ platform: Platform) {
        var config = AppConfig()
        config.platform = platform
        let actions = Self.actions(config)
        var asked = 0
        for seed in UInt64(1)...40 {
            var walk = RandomWalk(config: config, seed: seed &* 31)
            for _ in 0..<40 {
                walk.run(1)
                for e in actions where walk.world.refusal(for: e) == nil {
                    guard walk.world.withoutEffect(e) != nil else { continue }
                    asked += 1
                    if let d = Self.settlingChanges(walk.world, e, canonical: false) { Issue.record("seed \(seed): \(d)") }
                }
            }
        }
        #expect(asked > 500, "only \(asked) steps without effect: the test would not test much")
    }

    /// The canonical worlds a search expands (canonical forms are not always settled ones).
    @Test(arguments: platforms)
    func settlingACanonicalWorldAStepLeavesAloneChangesNothing(_ platform: Platform) {
        var config = AppConfig()
        config.platform = platform
        let actions = Self.actions(config)
        var search = StateSearch(config: config, bounds: .init(depth: 6))
        var asked = 0
        search.run { n, world in
            guard n % 7 == 0 else { return }
            for e in actions where world.refusal(for: e) == nil && world.withoutEffect(e) != nil {
                asked += 1
                if let d = Self.settlingChanges(world, e, canonical: true) { Issue.record("state \(n): \(d)") }
            }
        }
        #expect(asked > 100, "only \(asked) steps without effect")
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

    /// The search's shortcut (a loop, no copy) finds what stepping every try in full finds: the
    /// same states, transitions, rules and possible actions, level by level.
    @Test(arguments: [Platform.ios14, .ios18])
    func theSearchFindsWhatFullStepsFind(_ platform: Platform) {
        var config = AppConfig()
        config.platform = platform
        let depth = 5
        var search = StateSearch(config: config, bounds: .init(depth: depth))
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
