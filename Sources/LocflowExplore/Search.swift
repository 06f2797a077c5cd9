import LocflowCheck
import LocflowCore
import LocflowFlow

public typealias StopRequest = LocflowCheck.StopRequest

/// The model checker: the engine's breadth-first search (`BreadthFirstSearch`, in LocflowCheck)
/// over locflow's model (`LocationModel`): canonical worlds (see `World.canonicalize`) from the
/// start, over every action of the person, the app, the system and the device
/// (`StateSearch.defaultActions`). Breadth first, so the first path found to a state is a
/// shortest one. This type holds the bounds in locflow's words and what the search found.
public struct StateSearch {
    public struct Bounds: Sendable {
        /// Steps from the start; nil explores until nothing new is found.
        public var depth: Int?
        /// A safety cap: the search stops (and says so) at this many states.
        public var maxStates: Int
        public var families: Set<Family>
        public var waits: [Millis]
        /// Explicit sessions (iOS 18): 0, 1 (`a`, when in use or Always) or 2 (and `b`, with full accuracy).
        public var sessions: Int
        /// Keep the latest callback and completion result in the state (a condition reads them).
        public var keepLastOutputs = false
        /// Threads that expand the frontier (`--threads N`), 1 to 8: not a bound of the space,
        /// which is the same for any number (docs/speed.md has the figures for one and two).
        public var threads = StateSearch.defaultThreads
        /// Worlds a worker expands at a time (tests vary it: nothing found may depend on it).
        var partSize = 64
        /// The levels' buffers reserve their room (tests turn it off: buffers that grow, and move,
        /// as where the system refuses the reservation, hand out no part of a level before it is
        /// merged).
        var reserveLevels = true
        public init(depth: Int? = nil, maxStates: Int = 4_000_000, families: Set<Family> = StateSearch.defaultFamilies,
                    waits: [Millis] = StateSearch.defaultWaits, sessions: Int = 1) {
            self.depth = depth
            self.maxStates = min(maxStates, StateSearch.stateLimit)
            self.families = families
            self.waits = waits
            self.sessions = sessions
        }

        /// The bounds in words, for the summary.
        public var text: String {
            let fam = families == StateSearch.defaultFamilies ? "default actions" : families == Set(Family.allCases) ? "all actions"
                : "actions " + Family.allCases.filter { families.contains($0) }.map(\.rawValue).joined(separator: ",")
            return "\(fam), waits " + waits.map(formatDuration).joined(separator: ",") + ", \(sessions) session\(sessions == 1 ? "" : "s")"
                + (depth.map { ", depth \($0)" } ?? "")
        }
    }

    /// The most states a search can number (parent links and successors hold 31-bit numbers).
    public static let stateLimit = SearchOptions.stateLimit

    public let config: AppConfig
    public let bounds: Bounds
    /// The actions tried in every state (taps come from the prompt on screen).
    public let actions: [Event]
    /// Edges between distinct states (kept only when asked for).
    public let keepEdges: Bool
    /// The engine, over locflow's model.
    private var engine: BreadthFirstSearch<LocationModel>

    public init(config: AppConfig, bounds: Bounds = Bounds(), keepEdges: Bool = false) {
        self.config = config
        self.bounds = bounds
        self.keepEdges = keepEdges
        actions = StateSearch.defaultActions(config, families: bounds.families, waits: bounds.waits, sessions: bounds.sessions)
        var options = SearchOptions(depth: bounds.depth, maxStates: bounds.maxStates, threads: bounds.threads, keepEdges: keepEdges)
        options.partSize = bounds.partSize
        options.reserveLevels = bounds.reserveLevels
        engine = BreadthFirstSearch(model: LocationModel(config: config, actions: actions, keepLastOutputs: bounds.keepLastOutputs),
                                    options: options)
    }

    /// Every action a parent link may name: `actions`, then each tap seen.
    public var actionTable: [Event] { engine.actionTable }
    /// `levelStarts[d]` is the first state found at depth d.
    public var levelStarts: [Int] { engine.levelStarts }
    /// Transitions taken (steps that were not refused), duplicates included.
    public var transitions: Int { engine.transitions }
    /// The search stopped at `bounds.maxStates`, or when `stop` asked it to.
    public var truncated: Bool { engine.truncated }
    /// Asked after each new state is visited: the search stops there, as at `bounds.maxStates`
    /// (the same states on any number of threads). `explore --stop-at-first`.
    public var stop: StopRequest? {
        get { engine.stop }
        set { engine.stop = newValue }
    }
    /// The search stopped because `stop` asked it to, once the answer was known.
    public var stoppedEarly: Bool { truncated && stop?.reason == .answerKnown }
    /// Why `stop` stopped the search, if it did.
    public var stopReason: StopRequest.Reason? { truncated ? stop?.reason : nil }
    /// Nothing new was left to find: every state's every action was tried.
    public var exhausted: Bool { engine.exhausted }
    /// Rules that decided at least one transition or refusal.
    public var firedRules: RuleSet { engine.notes.fired }
    /// For each entry of `actionTable`: it was possible in at least one state.
    public var enabled: [Bool] { engine.enabled }
    public var edgeFrom: [UInt32] { engine.edgeFrom }
    public var edgeTo: [UInt32] { engine.edgeTo }
    public var edgeAction: [UInt16] { engine.edgeAction }
    /// Largest frontier held at once (worlds in memory).
    public var peakFrontier: Int { engine.peakFrontier }

    /// States found so far.
    public var count: Int { engine.count }
    /// The depth of the deepest state found.
    public var depth: Int { engine.depth }
    /// Bytes the stored states take (fingerprint table, parent links, edges if kept).
    public var storedBytes: Int { engine.storedBytes }

    public func depth(of state: Int) -> Int { engine.depth(of: state) }

    /// States at the depth bound whose actions were not tried (their futures are unknown).
    public func unexpanded(_ state: Int) -> Bool {
        guard let limit = bounds.depth else { return truncated }
        return depth(of: state) >= limit || truncated
    }

    /// Runs the search. `visit` sees each new state once (its number and canonical world), in
    /// breadth-first order; `progress` is called every few thousand states. Both are called by
    /// one thread at a time, not always the same one (`BreadthFirstSearch.run`).
    public mutating func run(visit: (Int, World) -> Void = { _, _ in }, progress: ((StateSearch) -> Void)? = nil) {
        let shell = self
        engine.run(visit: visit, progress: progress.map { progress in
            { engine in
                var s = shell
                s.engine = engine
                progress(s)
            }
        })
    }

    /// The threads that expand the frontier when not told: one a core, at most 8.
    public static let defaultThreads = SearchOptions.defaultThreads

    /// The shortest sequence of actions from the start to a state.
    public func path(to state: Int) -> [Event] { engine.path(to: state) }

    /// The shortest path as a runnable flow: configuration, steps, then the given expectations.
    public func flow(to state: Int, configLines: [String], expectations: [String] = [], title: String) -> String {
        var lines = ["# \(title)"]
        if !configLines.isEmpty { lines += [""] + configLines }
        lines.append("")
        lines += path(to: state).map(\.flowText)
        lines += expectations
        return lines.joined(separator: "\n") + "\n"
    }
}

/// locflow's model as the engine checks it: worlds, events, the reducer's search step, the
/// canonical form and the fingerprint (LocflowCore), with the shortcuts the reducer offers (a
/// refusal or a step without effect known before the world is copied).
struct LocationModel: CheckableModel {
    let config: AppConfig
    let actions: [Event]
    /// Keep the latest callback and completion result in the canonical form.
    let keepLastOutputs: Bool

    /// The rules that decided the steps, and the transition each step is taken into (see
    /// `World.stepForSearch(_:rules:scratch:asked:)`).
    struct Notes: StepNotes {
        var fired = RuleSet()
        var scratch = Transition(event: .wait(0), time: 0, quiet: true)
        mutating func absorb(_ other: Notes) { fired.formUnion(other.fired) }
    }

    func makeNotes() -> Notes { Notes() }

    func initialState() -> World {
        var start = World(config: config)
        start.canonicalize(keepLastOutputs: keepLastOutputs)
        return start
    }

    /// A tap on one of the prompt's own buttons (never refused nor without effect).
    @inline(__always) func ownActions(of world: World) -> [Event] {
        guard let prompt = world.prompt else { return [] }
        return world.buttons(for: prompt).map { .user(.tap($0)) }
    }

    /// A refused step changes nothing: asked first, it costs no copy of the world (a wait is
    /// refused only for the timers it would fire, which the step finds). A step without effect
    /// is a loop back to the state.
    @inline(__always) func effect(of event: Event, in world: World, notes: inout Notes) -> StepEffect {
        if case .wait = event {} else if let r = world.refusalRule(for: event) {
            notes.fired.insert(r)
            return .refused
        }
        if let r = world.noEffectRule(event) {
            notes.fired.insert(r)
            return .loop
        }
        return .changes
    }

    @inline(__always) func step(_ world: inout World, _ event: Event, notes: inout Notes) -> Bool {
        !world.stepForSearch(event, rules: &notes.fired, scratch: &notes.scratch, asked: true)
    }

    @inline(__always) func canonicalize(_ world: inout World) { world.canonicalize(keepLastOutputs: keepLastOutputs) }

    @inline(__always) func fingerprint(_ world: World) -> UInt64 { world.fingerprint }

    // A world is copied, moved and ended as Swift does any value (its value witnesses).
    @inline(__always) static func initialize(_ destination: UnsafeMutablePointer<World>, copying source: World) {
        destination.initialize(to: source)
    }

    @inline(__always) static func moveInitialize(_ destination: UnsafeMutablePointer<World>, from source: UnsafeMutablePointer<World>, count: Int) {
        destination.moveInitialize(from: source, count: count)
    }

    @inline(__always) static func deinitialize(_ p: UnsafeMutablePointer<World>) { p.deinitialize(count: 1) }
}

/// The search's buffers of worlds (tests).
typealias WorldBuffer = StateBuffer<LocationModel>
