import Dispatch
import Foundation

/// How far a search goes and how (`BreadthFirstSearch`).
public struct SearchOptions: Sendable {
    /// Steps from the start; nil explores until nothing new is found.
    public var depth: Int?
    /// A safety cap: the search stops (and says so) at this many states.
    public var maxStates: Int
    /// Threads that expand the frontier, 1 to 8: the graph found is the same on any number.
    public var threads: Int
    /// Keep the edges between distinct states (`BreadthFirstSearch.edgeFrom` and the others).
    public var keepEdges: Bool
    /// States a thread expands at a time (nothing found may depend on it).
    public var partSize = 64
    /// The levels' buffers reserve their room (off: buffers that grow, and move, as where the
    /// system refuses the reservation, hand out no part of a level before it is merged).
    public var reserveLevels = true

    public init(depth: Int? = nil, maxStates: Int = 4_000_000, threads: Int = SearchOptions.defaultThreads, keepEdges: Bool = false) {
        self.depth = depth
        self.maxStates = min(maxStates, SearchOptions.stateLimit)
        self.threads = threads
        self.keepEdges = keepEdges
    }

    /// One thread a core, at most 8.
    public static let defaultThreads = max(1, min(8, ProcessInfo.processInfo.activeProcessorCount))
    /// The most states a search can number (parent links and edges hold 32-bit numbers).
    public static let stateLimit = Int(Int32.max)
}

/// The model checker's engine: breadth-first search over a model's canonical states
/// (`CheckableModel`) from its start, over its actions. States are fingerprints in a compact table
/// (`FingerprintSet`); a state itself lives only while it waits in the frontier. Breadth first, so
/// the first path found to a state is a shortest one; states are numbered in the order found.
///
/// The frontier goes in parts, expanded by the threads (steps, canonical forms, fingerprints, a
/// look-up in the visited set, which the merge may be adding to) and merged one at a time in
/// order (`SearchSchedule`), so the numbering, the shortest paths and every output are the same on
/// any number of threads. A successor a worker did not find is looked up again by the merge, the
/// one thread that inserts.
public struct BreadthFirstSearch<Model: CheckableModel> {
    public typealias State = Model.State
    public typealias Action = Model.Action

    public let model: Model
    public let options: SearchOptions
    /// Every action a parent link or an edge may name: the model's `actions`, then each state's
    /// own action in the order first met.
    public private(set) var actionTable: [Action]
    private var ownIndex: [Action: Int] = [:]

    private var visited = FingerprintSet()
    /// The states of the part merged when the search was cut short, up to the cut (see `coverCut`).
    private var cut: ClosedRange<Int>?
    /// Each state's parent on a shortest path and the action from it (none for the start).
    private var parentState: [UInt32] = []
    private var parentAction: [UInt16] = []
    /// `levelStarts[d]` is the first state found at depth d.
    public private(set) var levelStarts: [Int] = []
    /// Transitions taken (steps that were not refused), duplicates included.
    public private(set) var transitions = 0
    /// The search stopped at `options.maxStates`, or when `stop` asked it to.
    public private(set) var truncated = false
    /// Asked after each new state is visited: the search stops there, as at `options.maxStates`
    /// (the same states on any number of threads).
    public var stop: StopRequest?
    /// Nothing new was left to find: every state's every action was tried.
    public private(set) var exhausted = false
    /// What the steps noted, all parts' together.
    public private(set) var notes: Model.Notes
    /// For each entry of `actionTable`: it was possible in at least one state.
    public private(set) var enabled: [Bool]
    /// Edges between distinct states, in the order found (kept only when `options.keepEdges`).
    public private(set) var edgeFrom: [UInt32] = []
    public private(set) var edgeTo: [UInt32] = []
    public private(set) var edgeAction: [UInt16] = []
    /// Largest frontier held at once (states in memory).
    public private(set) var peakFrontier = 0

    public init(model: Model, options: SearchOptions = SearchOptions()) {
        precondition(model.actions.count <= PartAction.maxIndex, "too many actions for the engine")
        self.model = model
        self.options = options
        actionTable = model.actions
        enabled = Array(repeating: false, count: model.actions.count)
        notes = model.makeNotes()
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

    /// The depth of a state (its level).
    public func depth(of state: Int) -> Int {
        var lo = 0, hi = levelStarts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if levelStarts[mid] <= state { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    /// The shortest sequence of actions from the start to a state.
    public func path(to state: Int) -> [Action] {
        var out: [Action] = []
        var s = state
        while s > 0 {
            out.append(actionTable[Int(parentAction[s])])
            s = Int(parentState[s])
        }
        return out.reversed()
    }

    /// The threads that expand the frontier: `options.threads`, 1 to 8.
    private var workers: Int { max(1, min(8, options.threads)) }

    /// Runs the search. `visit` sees each new state once (its number and canonical state), in
    /// breadth-first order; `progress` is called every few thousand states. Both are called by
    /// one thread at a time, not always the same one.
    public mutating func run(visit: (Int, State) -> Void = { _, _ in }, progress: ((BreadthFirstSearch) -> Void)? = nil) {
        let start = model.initialState()
        _ = visited.insert(model.fingerprint(start), id: 0)
        parentState = [UInt32.max]
        parentAction = [UInt16.max]
        levelStarts = [0]
        visit(0, start)
        // The start is a state too: a bound of one is reached at once.
        if count >= options.maxStates || stop?.requested == true { truncated = true; return }
        if let limit = options.depth, limit <= 0 { return }
        // Each reserved for as many states as the search may find: a level holds at most that many.
        let levels = options.reserveLevels ? [StateBuffer<Model>(reserving: options.maxStates), StateBuffer<Model>(reserving: options.maxStates)]
            : [StateBuffer<Model>(), StateBuffer<Model>()]
        levels[0].append(copying: start)
        let schedule = SearchSchedule<Model>(levels: levels, chunk: options.partSize, workers: workers, depthLimit: options.depth,
                                             view: visited.view, actions: model.actions.count)
        let (model, keepEdges, workers) = (self.model, options.keepEdges, self.workers)
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
                            part.buffer.removeAll()  // a spare one still holds the states of its last part
                            var e = Expansion(model: model, known: part.view, keepEdges: keepEdges, states: part.buffer)
                            let frontier = schedule.levels[part.level % 2]
                            var actions = model.actions  // this part's own (see `Expansion.expand`)
                            actions.withUnsafeMutableBufferPointer { actions in
                                for j in part.range {
                                    withState(at: frontier.state(at: j)) { e.expand($0, from: part.base + j, actions) }
                                }
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
                // One thread: no dispatch at all (`threads` 1 means one).
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
    /// frontier so far noted, the next level's start, the level's states let go) and whether the
    /// search is over: cut short, out of levels, or at its depth bound.
    private mutating func merge(_ part: SearchSchedule<Model>.Part, _ e: Expansion<Model>, _ schedule: SearchSchedule<Model>,
                                _ visit: (Int, State) -> Void) -> (levelEnded: Bool, outcome: SearchSchedule<Model>.Outcome) {
        let next = schedule.levels[(part.level + 1) % 2]
        merge(e, next, visit)
        if truncated { return (false, .finish) }
        let size = part.range.upperBound
        guard size == schedule.mergeLevelSize else { return (false, .goOn) }
        peakFrontier = max(peakFrontier, size + next.count)
        if next.isEmpty { exhausted = true; return (true, .finish) }
        levelStarts.append(part.base + size)
        if let limit = options.depth, part.level + 1 >= limit { return (true, .finish) }
        schedule.levels[part.level % 2].removeAll()  // read by no part now: every one is merged
        return (true, .goOn)
    }

    /// Merges a part's successors in order: numbers the new states, links them to their parents,
    /// shows them to `visit` and puts them in the next level.
    private mutating func merge(_ e: Expansion<Model>, _ next: StateBuffer<Model>, _ visit: (Int, State) -> Void) {
        var counted = 0  // of e.knownSteps
        // The table number of each of the part's own actions, found when first met (so that they
        // are numbered in the order the merge meets them).
        var ownNumbers = [Int](repeating: -1, count: e.ownActions.count)
        for i in e.listed.indices {
            let l = e.listed[i]
            // Cut short: the notes and actions of the part's states up to the cut are counted
            // again from them (`coverCut`), not the whole part's, which depend on its size.
            if truncated { cut = e.firstState...Int(e.listed[i - 1].from); return }
            transitions += Int(l.knownBefore) - counted
            counted = Int(l.knownBefore)
            var k = l.action.index
            if l.action.isOwn {
                if ownNumbers[k] < 0 { ownNumbers[k] = tableNumber(e.ownActions[k]) }
                k = ownNumbers[k]
            }
            enabled[k] = true
            transitions += 1
            let from = Int(l.from)
            // Found by the worker: no second look. Else found by a merge the worker's view of the
            // visited set did not show yet, or new.
            let inserted: Bool, to: Int, kept: Int
            switch l.target {
            case .known(let state): (inserted, to, kept) = (false, Int(state), -1)
            case .kept(let at): (inserted, to) = visited.insert(l.f, id: count); kept = Int(at)
            }
            if options.keepEdges && to != from {
                edgeFrom.append(UInt32(from)); edgeTo.append(UInt32(to)); edgeAction.append(UInt16(k))
            }
            guard inserted else { continue }
            // A new state's own is always kept: it was not in the visited set when the part began.
            let state = e.states[kept]
            parentState.append(UInt32(from))
            parentAction.append(UInt16(k))
            withState(at: state) { visit(to, $0) }
            next.append(copyOf: state)
            if count >= options.maxStates || stop?.requested == true { truncated = true }
        }
        if truncated, let last = e.listed.last { cut = e.firstState...Int(last.from); return }
        transitions += e.knownSteps - counted
        cover(e)
    }

    /// The notes and the actions possible of an expansion's states.
    private mutating func cover(_ e: Expansion<Model>) {
        notes.absorb(e.notes)
        for k in e.enabled.indices where e.enabled[k] { enabled[k] = true }
    }

    /// A search cut short counts the notes and the actions possible of every state expanded up
    /// to the one whose successor reached the bound (`cut`), whatever the parts the frontier was
    /// shared in: those states are stepped again here.
    private mutating func coverCut(_ frontier: StateBuffer<Model>, base: Int) {
        guard let cut else { return }
        var e = Expansion(model: model, known: visited.view, keepEdges: false)
        var actions = model.actions
        actions.withUnsafeMutableBufferPointer { actions in
            for state in cut { withState(at: frontier[state - base]) { e.expand($0, from: state, actions) } }
        }
        cover(e)
    }

    /// The number of a state's own action in `actionTable`, added when new.
    private mutating func tableNumber(_ a: Action) -> Int {
        if let k = ownIndex[a] { return k }
        let k = actionTable.count
        actionTable.append(a)
        enabled.append(false)
        ownIndex[a] = k
        return k
    }
}
