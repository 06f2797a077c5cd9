import Dispatch
import Foundation
import LocflowCore

/// The model checker's engine: breadth-first search over canonical worlds (see
/// `World.canonicalize`) from the start, over every action of the person, the app, the system
/// and the device (`StateSearch.defaultActions`). States are fingerprints in a compact table; a
/// state's world lives only while it waits in the frontier. Breadth first, so the first path
/// found to a state is a shortest one.
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
    public static let stateLimit = Int(Int32.max)

    public let config: AppConfig
    public let bounds: Bounds
    /// The actions tried in every state (taps come from the prompt on screen).
    public let actions: [Event]
    /// Every action a parent link may name: `actions`, then each tap seen.
    public private(set) var actionTable: [Event]
    private var tapIndex: [String: UInt16] = [:]

    private var visited = FingerprintSet()
    /// The states of the part merged when the search was cut short, up to the cut (see `coverCut`).
    private var cut: ClosedRange<Int>?
    private var parentState: [UInt32] = []
    private var parentAction: [UInt16] = []
    /// `levelStarts[d]` is the first state found at depth d.
    public private(set) var levelStarts: [Int] = []
    /// Transitions taken (steps that were not refused), duplicates included.
    public private(set) var transitions = 0
    /// The search stopped at `bounds.maxStates`, or when `stop` asked it to.
    public private(set) var truncated = false
    /// Asked after each new state is visited: the search stops there, as at `bounds.maxStates`
    /// (the same states on any number of threads). `explore --stop-at-first`.
    public var stop: StopRequest?
    /// The search stopped because `stop` asked it to, once the answer was known.
    public var stoppedEarly: Bool { truncated && stop?.reason == .answerKnown }
    /// Why `stop` stopped the search, if it did.
    public var stopReason: StopRequest.Reason? { truncated ? stop?.reason : nil }
    /// Nothing new was left to find: every state's every action was tried.
    public private(set) var exhausted = false
    /// Rules that decided at least one transition or refusal.
    public private(set) var firedRules = RuleSet()
    /// For each entry of `actionTable`: it was possible in at least one state.
    public private(set) var enabled: [Bool] = []
    /// Edges between distinct states (kept only when asked for).
    public let keepEdges: Bool
    public private(set) var edgeFrom: [UInt32] = []
    public private(set) var edgeTo: [UInt32] = []
    public private(set) var edgeAction: [UInt16] = []
    /// Largest frontier held at once (worlds in memory).
    public private(set) var peakFrontier = 0

    public init(config: AppConfig, bounds: Bounds = Bounds(), keepEdges: Bool = false) {
        self.config = config
        self.bounds = bounds
        self.keepEdges = keepEdges
        actions = StateSearch.defaultActions(config, families: bounds.families, waits: bounds.waits, sessions: bounds.sessions)
        actionTable = actions
        enabled = Array(repeating: false, count: actions.count)
    }

    /// States found so far.
    public var count: Int { parentState.count }
    /// The depth of the deepest state found.
    public var depth: Int { max(0, levelStarts.count - 1) }
    /// Bytes the stored states take (fingerprint table, parent links, edges if kept).
    public var storedBytes: Int {
        visited.bytes + parentState.capacity * 4 + parentAction.capacity * 2
            + edgeFrom.capacity * 4 + edgeTo.capacity * 4 + edgeAction.capacity * 2
    }

    public func depth(of state: Int) -> Int {
        var lo = 0, hi = levelStarts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if levelStarts[mid] <= state { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    /// States at the depth bound whose actions were not tried (their futures are unknown).
    public func unexpanded(_ state: Int) -> Bool {
        guard let limit = bounds.depth else { return truncated }
        return depth(of: state) >= limit || truncated
    }

    /// Runs the search. `visit` sees each new state once (its number and canonical world), in
    /// breadth-first order; `progress` is called every few thousand states. Both are called by
    /// one thread at a time, not always the same one.
    ///
    /// The frontier goes in parts, expanded by the threads (stepping, canonical form,
    /// fingerprint, a look-up in the visited set, which the merge may be adding to) and
    /// merged one at a time in order (`SearchSchedule`), so the numbering, the shortest paths
    /// and every output are the same on any number of threads. A successor a worker did not find
    /// is looked up again by the merge, the one thread that inserts.
    public mutating func run(visit: (Int, World) -> Void = { _, _ in }, progress: ((StateSearch) -> Void)? = nil) {
        var start = World(config: config)
        start.canonicalize(keepLastOutputs: bounds.keepLastOutputs)
        _ = visited.insert(start.fingerprint, id: 0)
        parentState = [UInt32.max]
        parentAction = [UInt16.max]
        levelStarts = [0]
        visit(0, start)
        // The start is a state too: a bound of one is reached at once.
        if count >= bounds.maxStates || stop?.requested == true { truncated = true; return }
        if let limit = bounds.depth, limit <= 0 { return }
        // Each reserved for as many worlds as the search may find: a level holds at most that many.
        let levels = bounds.reserveLevels ? [WorldBuffer(reserving: bounds.maxStates), WorldBuffer(reserving: bounds.maxStates)]
            : [WorldBuffer(), WorldBuffer()]
        levels[0].append(copying: start)
        let schedule = SearchSchedule(levels: levels, chunk: bounds.partSize, workers: workers, depthLimit: bounds.depth,
                                      view: visited.view, actions: actions.count)
        let (actions, keep, keepEdges, workers) = (self.actions, bounds.keepLastOutputs, self.keepEdges, self.workers)
        var cutLevel: (level: Int, base: Int)?
        withoutActuallyEscaping(visit) { visit in
            withUnsafeMutablePointer(to: &self) { me in
                nonisolated(unsafe) let (me, visit, progress) = (me, visit, progress)
                nonisolated(unsafe) var lastProgress = 0
                nonisolated(unsafe) var cutAt: (level: Int, base: Int)?
                let work: @Sendable (Int) -> Void = { _ in
                    var job = schedule.take()
                    while true {
                        switch job {
                        case .stop:
                            return
                        case .expand(let part):
                            part.buffer.removeAll()  // a spare one still holds the worlds of its last part
                            var e = Expansion(known: part.view, actions: actions.count, keepEdges: keepEdges, worlds: part.buffer)
                            var actions = actions  // this part's own (see `expand`)
                            let frontier = schedule.levels[part.level % 2]
                            for j in part.range {
                                World.read(frontier.world(at: j)) { e.expand($0, from: part.base + j, &actions, keepLastOutputs: keep) }
                            }
                            job = schedule.handIn(part, e)
                        case .merge(let part, let e):
                            // This thread alone touches the search's fields until `merged`.
                            let (levelEnded, outcome) = me.pointee.merge(part, e, schedule, visit)
                            if outcome == .finish && me.pointee.truncated { cutAt = (part.level, part.base) }
                            if let progress, me.pointee.count - lastProgress >= 4096 {
                                lastProgress = me.pointee.count
                                progress(me.pointee)
                            }
                            let visited = me.pointee.visited
                            job = schedule.merged(part, view: visited.view, levelEnded: levelEnded, outcome: outcome) { visited.release(before: $0) }
                        }
                    }
                }
                // One thread: no dispatch at all (`--threads 1` means one).
                if workers == 1 { work(0) } else { DispatchQueue.concurrentPerform(iterations: workers, execute: work) }
                cutLevel = cutAt
            }
        }
        guard let (level, base) = cutLevel else { return }
        // The states found at the next depth before the cut are at that depth (its start is
        // recorded only when a level ends: they would read one step shallower).
        let frontier = levels[level % 2]
        if count > base + frontier.count { levelStarts.append(base + frontier.count) }
        coverCut(frontier, base: base)
    }

    /// Merges a part (see `merge(_:_:_:)`) and says whether its level ended with it (the largest
    /// frontier so far noted, the next level's start, the level's worlds let go) and whether the
    /// search is over: cut short, out of levels, or at its depth bound.
    private mutating func merge(_ part: SearchSchedule.Part, _ e: Expansion, _ schedule: SearchSchedule,
                                _ visit: (Int, World) -> Void) -> (levelEnded: Bool, outcome: SearchSchedule.Outcome) {
        let next = schedule.levels[(part.level + 1) % 2]
        merge(e, next, visit)
        if truncated { return (false, .finish) }
        let size = part.range.upperBound
        guard size == schedule.mergeLevelSize else { return (false, .goOn) }
        peakFrontier = max(peakFrontier, size + next.count)
        if next.isEmpty { exhausted = true; return (true, .finish) }
        levelStarts.append(part.base + size)
        if let limit = bounds.depth, part.level + 1 >= limit { return (true, .finish) }
        schedule.levels[part.level % 2].removeAll()  // read by no part now: every one is merged
        return (true, .goOn)
    }

    /// The threads that expand the frontier: `bounds.threads`, 1 to 8.
    private var workers: Int { max(1, min(8, bounds.threads)) }

    /// One thread a core, at most 8.
    public static let defaultThreads = max(1, min(8, ProcessInfo.processInfo.activeProcessorCount))

    /// What a worker found from a slice of the frontier.
    struct Expansion {
        /// Successors in order (see `Listed`; one array, not one for each field: each append
        /// asked whether the array was its own). A successor already known by a named action is
        /// only counted in `knownSteps` (most successors: the merge has nothing to do with
        /// them), unless the edges are kept.
        var listed: [Listed] = []
        var knownSteps = 0
        let keepEdges: Bool

        /// A successor for the merge: its fingerprint; the steps counted in `knownSteps` before
        /// it (so a search cut short at its state bound counts exactly the steps before the
        /// cut); its parent; its action (an index into `actions`, or for a tap -1 - its label's
        /// index in `tapLabels`); and `slot`: a state already in the visited set when the batch
        /// began as -1 - its number, else the index of the world kept in `worlds`.
        struct Listed {
            let f: UInt64
            let knownBefore: Int32, from: Int32, slot: Int32
            let action: Int16
        }
        /// The labels of the taps listed, each once (a handful: compared, not hashed; a
        /// dictionary of them by position, and the merge's by label, cost 2% of the instructions).
        var tapLabels: [String] = []
        let worlds: WorldBuffer
        var fired = RuleSet()
        /// For each of `actions`: possible in at least one state of the slice.
        var enabled: [Bool]
        /// The visited set's table when the part was handed out (the merge may still add to it).
        let known: FingerprintSet.View

        /// `worlds`: an empty buffer for the successors kept.
        init(known: FingerprintSet.View, actions: Int, keepEdges: Bool, worlds: WorldBuffer = WorldBuffer()) {
            self.known = known
            self.keepEdges = keepEdges
            enabled = Array(repeating: false, count: actions)
            self.worlds = worlds
        }

        /// The transition each step is taken into (see `World.stepForSearch(_:rules:scratch:asked:)`).
        var scratch = Transition(event: .wait(0), time: 0, quiet: true)

        /// The first state this part expanded.
        var firstState = -1

        /// `actions` is `inout` only so that each step reads its event in place: passed by value,
        /// an element was copied and destroyed, strings and all, for every action of every
        /// state (4% of the instructions). Nothing changes it.
        ///
        /// The state's successors are all built first, each past the end of `worlds` where it
        /// would be kept, and each look-up asked for as soon as its fingerprint is known; then
        /// they are looked up in order (`settle`), a whole state's steps after the first was asked
        /// for. Each looked up one step after it was built, a look-up still waited for memory,
        /// most of all after a step without effect, which takes no time.
        mutating func expand(_ world: World, from state: Int, _ actions: inout [Event], keepLastOutputs: Bool) {
            if firstState < 0 { firstState = state }
            let taps = world.prompt.map { world.buttons(for: $0) } ?? []
            successors.start(room: taps.count + actions.count)
            built = 0
            worlds.makeRoom(taps.count + actions.count)
            // A tap on one of the prompt's own buttons is never refused nor without effect.
            for label in taps { _ = build(world, .user(.tap(label)), action: -1 - tapNumber(label), keepLastOutputs) }
            // Through a pointer: through the array's element the step was not inlined.
            actions.withUnsafeMutableBufferPointer { actions in
                for k in actions.indices { step(world, &actions[k], k, keepLastOutputs) }
            }
            settle(state)
        }

        /// One action's step (inlined in the one loop that calls it: a call a step cost 2% of
        /// the instructions).
        @inline(__always)
        mutating func step(_ world: World, _ event: inout Event, _ k: Int, _ keep: Bool) {
            // A refused step changes nothing: asked first, it costs no copy of the world.
            if case .wait = event {} else if let r = world.refusalRule(for: event) {
                fired.insert(r)
                return
            }
            // A step without effect is a loop back to this state: no copy, no canonical form,
            // no fingerprint, no look-up.
            if let r = world.noEffectRule(event) {
                fired.insert(r)
                markEnabled(k)
                successors.append(Successor(f: 0, action: Int32(truncatingIfNeeded: k), room: -1))
                return
            }
            if build(world, event, action: k, keep) { markEnabled(k) }
        }

        /// Builds a successor where it would be kept (the next place past the end of `worlds`),
        /// asks for its look-up and lists it (`a` as `Listed.action` gives it); false when the
        /// step was refused.
        @inline(__always)
        mutating func build(_ world: World, _ event: Event, action a: Int, _ keep: Bool) -> Bool {
            let w = worlds.room(built)
            World.initialize(w, copying: world)
            guard let f = stepped(&w.pointee, event, keep) else { World.deinitialize(w); return false }
            known.prefetch(f)
            successors.append(Successor(f: f, action: Int32(truncatingIfNeeded: a), room: Int32(truncatingIfNeeded: built)))
            built += 1
            return true
        }

        /// Notes an action possible, written only the first time (each write to the array asked
        /// whether it was its own: 0.7% of the instructions, for every step).
        @inline(__always) mutating func markEnabled(_ k: Int) { if !enabled[k] { enabled[k] = true } }

        /// A successor of the state being expanded, in the order of the steps: its fingerprint,
        /// its action (as `Listed.action` gives it) and the place past the end of `worlds` where
        /// its world was built (`room`), -1 for a step without effect (a loop, no world).
        struct Successor {
            let f: UInt64
            let action: Int32, room: Int32
        }
        let successors = Successors()

        /// The successors of the state being expanded, in room made for all its steps at once
        /// (an array asked whether it was its own at each append: 0.9% of the instructions).
        final class Successors {
            private(set) var base = UnsafeMutablePointer<Successor>.allocate(capacity: 1)
            private(set) var count = 0
            private var capacity = 1
            deinit { base.deallocate() }

            /// Empties the list, with room for `n`.
            @inline(__always) func start(room n: Int) {
                count = 0
                if n > capacity { base.deallocate(); capacity = n; base = .allocate(capacity: n) }
            }

            @inline(__always) func append(_ s: Successor) {
                precondition(count < capacity, "more successors than steps")
                (base + count).initialize(to: s)
                count += 1
            }
        }
        /// Worlds built past the end of `worlds` for the state being expanded.
        var built = 0

        /// Looks up the state's successors in order: a known one's world is ended where it was
        /// built, a new one's kept (moved down to the end of `worlds` first if a known one was
        /// built before it).
        @inline(__always)
        mutating func settle(_ state: Int) {
            let first = worlds.room(0)
            let view = known
            var kept = 0
            for i in 0..<successors.count {
                let s = successors.base[i]
                if s.room < 0 { known(0, Int(s.action), state) { state }; continue }
                let w = first + Int(s.room)
                if let slot = view.slot(of: s.f) {
                    World.deinitialize(w)
                    known(s.f, Int(s.action), state) { view.id(at: slot) }
                    continue
                }
                list(s.f, Int(s.action), state, slot: Int32(truncatingIfNeeded: worlds.count))
                if kept != Int(s.room) { World.moveInitialize(first + kept, from: w, count: 1) }
                worlds.commit()
                kept += 1
            }
        }

        /// Steps the successor in place (through `inout`: through `pointee` each question the
        /// search asks of it copied it first), its fingerprint, or nil when the step was refused.
        @inline(__always)
        mutating func stepped(_ w: inout World, _ event: Event, _ keep: Bool) -> UInt64? {
            if w.stepForSearch(event, rules: &fired, scratch: &scratch, asked: true) { return nil }
            w.canonicalize(keepLastOutputs: keep)
            return w.fingerprint
        }

        /// A successor already in the visited set: counted, or listed when the merge needs it
        /// (an edge kept, or a tap, whose action is numbered in the order taps are met).
        /// `a`: the action as `Listed.action` gives it; `id` the state's number (read only when
        /// listed: the visited set keeps numbers apart from fingerprints, a second cache line).
        @inline(__always)
        mutating func known(_ f: UInt64, _ a: Int, _ state: Int, id: () -> Int) {
            if a >= 0 && !keepEdges { knownSteps += 1; return }
            list(f, a, state, slot: Int32(truncatingIfNeeded: -1 - id()))
        }

        /// Lists a successor for the merge (see `Listed`).
        @inline(__always)
        mutating func list(_ f: UInt64, _ a: Int, _ state: Int, slot s: Int32) {
            listed.append(Listed(f: f, knownBefore: Int32(truncatingIfNeeded: knownSteps), from: Int32(truncatingIfNeeded: state),
                                 slot: s, action: Int16(truncatingIfNeeded: a)))
        }

        /// The index of a tap's label in `tapLabels`, added when new.
        @inline(__always)
        mutating func tapNumber(_ label: String) -> Int {
            if let j = tapLabels.firstIndex(of: label) { return j }
            tapLabels.append(label)
            return tapLabels.count - 1
        }
    }

    private mutating func merge(_ e: Expansion, _ next: WorldBuffer, _ visit: (Int, World) -> Void) {
        var counted = 0  // of e.knownSteps
        // The action of each of the part's tap labels, found when first met (so that taps are
        // numbered in the order the merge meets them).
        var tapActions = [Int](repeating: -1, count: e.tapLabels.count)
        for i in e.listed.indices {
            let l = e.listed[i]
            // Cut short: the rules and actions of the part's states up to the cut are counted
            // again from them (`coverCut`), not the whole part's, which depend on its size.
            if truncated { cut = e.firstState...Int(e.listed[i - 1].from); return }
            transitions += Int(l.knownBefore) - counted
            counted = Int(l.knownBefore)
            var k = Int(l.action)
            if k < 0 {
                let j = -1 - k
                if tapActions[j] < 0 { tapActions[j] = tapAction(e.tapLabels[j]) }
                k = tapActions[j]
            }
            enabled[k] = true
            transitions += 1
            let from = Int(l.from)
            // Found by the worker: no second look. Else found by a merge the worker's view of
            // the visited set did not show yet, or new.
            let f = l.f
            let (inserted, to) = l.slot < 0 ? (false, Int(-1 - l.slot)) : visited.insert(f, id: count)
            if keepEdges && to != from {
                edgeFrom.append(UInt32(from)); edgeTo.append(UInt32(to)); edgeAction.append(UInt16(k))
            }
            guard inserted else { continue }
            // A new state's world is always kept: it was not in the visited set when the batch began.
            let world = e.worlds[Int(l.slot)]
            parentState.append(UInt32(from))
            parentAction.append(UInt16(k))
            World.read(world) { visit(to, $0) }
            next.append(copyOf: world)
            if count >= bounds.maxStates || stop?.requested == true { truncated = true }
        }
        if truncated, let last = e.listed.last { cut = e.firstState...Int(last.from); return }
        transitions += e.knownSteps - counted
        cover(e)
    }

    /// The rules that fired and the actions possible in an expansion's states.
    private mutating func cover(_ e: Expansion) {
        firedRules.formUnion(e.fired)
        for k in e.enabled.indices where e.enabled[k] { enabled[k] = true }
    }

    /// A search cut short counts the rules that fired and the actions possible in every state
    /// expanded up to the one whose successor reached the bound (`cut`), whatever the parts
    /// the frontier was shared in: those states are stepped again here.
    private mutating func coverCut(_ frontier: WorldBuffer, base: Int) {
        guard let cut else { return }
        var e = Expansion(known: visited.view, actions: actions.count, keepEdges: false)
        var actions = actions
        for state in cut { World.read(frontier[state - base]) { e.expand($0, from: state, &actions, keepLastOutputs: bounds.keepLastOutputs) } }
        cover(e)
    }

    private mutating func tapAction(_ label: String) -> Int {
        if let k = tapIndex[label] { return Int(k) }
        let k = actionTable.count
        actionTable.append(.user(.tap(label)))
        enabled.append(false)
        tapIndex[label] = UInt16(k)
        return k
    }

    /// The shortest sequence of actions from the start to a state.
    public func path(to state: Int) -> [Event] {
        var out: [Event] = []
        var s = state
        while s > 0 {
            out.append(actionTable[Int(parentAction[s])])
            s = Int(parentState[s])
        }
        return out.reversed()
    }

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

/// A request to stop a search, set by its `visit` (which the merge calls, on the thread that
/// reads it next: no other thread touches it), with why.
public final class StopRequest: @unchecked Sendable {
    public enum Reason: Sendable, Equatable {
        /// `--stop-at-first`, or `paths` with the paths it wanted.
        case answerKnown
        /// Ctrl-C.
        case interrupted
        /// The process passed the memory limit (its bytes).
        case memory(Int)
    }
    public private(set) var reason: Reason?
    public var requested: Bool {
        get { reason != nil }
        set { reason = newValue ? (reason ?? .answerKnown) : nil }
    }
    /// The first reason given stays.
    public func request(_ why: Reason) { if reason == nil { reason = why } }
    public init() {}
}
