/// An action as a part of the frontier numbers it: one of the model's `actions` (by its index),
/// or one of the part's own (`Expansion.ownActions`, by its index there), which the merge numbers
/// in the search's action table when it first meets it. 15 bits for the index (the engine holds
/// the model to fewer actions than that).
struct PartAction {
    private let code: UInt16
    private static let ownBit: UInt16 = 0x8000
    static let maxIndex = Int(ownBit) - 1

    static func fixed(_ k: Int) -> PartAction { PartAction(code: UInt16(truncatingIfNeeded: k)) }
    static func own(_ j: Int) -> PartAction { PartAction(code: ownBit | UInt16(truncatingIfNeeded: j)) }
    private init(code: UInt16) { self.code = code }

    /// One of the state's own actions (else one of the model's `actions`).
    @inline(__always) var isOwn: Bool { code & PartAction.ownBit != 0 }
    /// Its index in the model's `actions` or in the part's `ownActions`.
    @inline(__always) var index: Int { Int(code & ~PartAction.ownBit) }
}

/// Where a listed successor's state is: already in the visited set when its part was looked up
/// (its state number), or new to the part's view (its place in the part's buffer of states).
enum Target {
    case known(state: Int32)
    case kept(at: Int32)
}

/// A successor of the state being expanded, in the order of the steps: its fingerprint, its
/// action and where its state was built past the end of the part's buffer (`room`), nil for a step
/// without effect (a loop: no state built).
struct Successor {
    let f: UInt64
    let action: PartAction
    let room: Int32?
}

/// The successors of the state being expanded, in room made for all its steps at once (an array
/// asked whether it was its own at each append: 0.9% of the instructions).
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

/// What a thread found from a part of the frontier: the successors the merge must see, in
/// order, and the states of the new ones; the steps to states already known only counted.
struct Expansion<Model: CheckableModel> {
    typealias State = Model.State
    typealias Action = Model.Action

    let model: Model
    /// Successors in order (see `Listed`; one array, not one for each field: each append asked
    /// whether the array was its own). A successor already known by one of the model's `actions`
    /// is only counted in `knownSteps` (most successors: the merge has nothing to do with them),
    /// unless the edges are kept.
    var listed: [Listed] = []
    var knownSteps = 0
    let keepEdges: Bool

    /// A successor for the merge: its fingerprint; the steps counted in `knownSteps` before it (so
    /// a search cut short at its state bound counts exactly the steps before the cut); its parent;
    /// where its state is; its action. 24 bytes.
    struct Listed {
        let f: UInt64
        let knownBefore: Int32, from: Int32
        let target: Target
        let action: PartAction
    }
    /// The states' own actions listed, each once (a handful: compared, not hashed; a dictionary
    /// of them by position, and the merge's by label, cost 2% of the instructions).
    var ownActions: [Action] = []
    /// The new successors' states (`Target.kept`).
    let states: StateBuffer<Model>
    var notes: Model.Notes
    /// For each of the model's `actions`: possible in at least one state of the part.
    var enabled: [Bool]
    /// The visited set's table when the part was handed out (the merge may still add to it).
    let known: FingerprintSet.View
    /// The first state this part expanded.
    var firstState = -1
    let successors = Successors()
    /// States built past the end of `states` for the state being expanded.
    var built = 0

    /// `states`: an empty buffer for the successors kept.
    init(model: Model, known: FingerprintSet.View, keepEdges: Bool, states: StateBuffer<Model> = StateBuffer()) {
        self.model = model
        self.known = known
        self.keepEdges = keepEdges
        self.states = states
        notes = model.makeNotes()
        enabled = Array(repeating: false, count: model.actions.count)
    }

    /// Expands one state. `actions` are the model's, mutable only so that each step reads its
    /// action in place: an element passed by value was copied and destroyed, strings and all,
    /// for every action of every state (4% of the instructions). Nothing changes them.
    ///
    /// The state's successors are all built first, each past the end of `states` where it would
    /// be kept, and each look-up asked for as soon as its fingerprint is known; then they are
    /// looked up in order (`settle`), a whole state's steps after the first was asked for. Each
    /// looked up one step after it was built, a look-up still waited for memory, most of all
    /// after a step without effect, which takes no time.
    mutating func expand(_ state: State, from number: Int, _ actions: UnsafeMutableBufferPointer<Action>) {
        if firstState < 0 { firstState = number }
        let own = model.ownActions(of: state)
        successors.start(room: own.count + actions.count)
        built = 0
        states.makeRoom(own.count + actions.count)
        for a in own { _ = build(state, a, as: .own(ownNumber(a))) }
        for k in actions.indices { step(state, &actions[k], k) }
        settle(number)
    }

    /// One of the model's actions (inlined in the one loop that calls it: a call a step cost 2%
    /// of the instructions).
    @inline(__always)
    mutating func step(_ state: State, _ action: inout Action, _ k: Int) {
        switch model.effect(of: action, in: state, notes: &notes) {
        case .refused:
            return
        case .loop:
            markEnabled(k)
            successors.append(Successor(f: 0, action: .fixed(k), room: nil))
        case .changes:
            if build(state, action, as: .fixed(k)) { markEnabled(k) }
        }
    }

    /// Builds a successor where it would be kept (the next place past the end of `states`), asks
    /// for its look-up and lists it; false when the step was refused.
    @inline(__always)
    mutating func build(_ state: State, _ action: Action, as a: PartAction) -> Bool {
        let p = states.room(built)
        Model.initialize(p, copying: state)
        guard let f = stepped(&p.pointee, action) else { Model.deinitialize(p); return false }
        known.prefetch(f)
        successors.append(Successor(f: f, action: a, room: Int32(truncatingIfNeeded: built)))
        built += 1
        return true
    }

    /// Steps the successor in place (through `inout`: through `pointee` each question asked of
    /// it copied it first), its fingerprint, or nil when the step was refused.
    @inline(__always)
    mutating func stepped(_ s: inout State, _ action: Action) -> UInt64? {
        guard model.step(&s, action, notes: &notes) else { return nil }
        model.canonicalize(&s)
        return model.fingerprint(s)
    }

    /// Notes an action possible, written only the first time (each write to the array asked
    /// whether it was its own: 0.7% of the instructions, for every step).
    @inline(__always) mutating func markEnabled(_ k: Int) { if !enabled[k] { enabled[k] = true } }

    /// Looks up the state's successors in order: a known one's state is ended where it was built,
    /// a new one's kept (moved down to the end of `states` first if a known one was built before it).
    @inline(__always)
    mutating func settle(_ from: Int) {
        let first = states.room(0)
        let view = known
        var kept = 0
        for i in 0..<successors.count {
            let s = successors.base[i]
            guard let room = s.room else { known(0, s.action, from) { from }; continue }
            let p = first + Int(room)
            if let slot = view.slot(of: s.f) {
                Model.deinitialize(p)
                known(s.f, s.action, from) { view.id(at: slot) }
                continue
            }
            list(s.f, s.action, from, .kept(at: Int32(truncatingIfNeeded: states.count)))
            if kept != Int(room) { Model.moveInitialize(first + kept, from: p, count: 1) }
            states.commit()
            kept += 1
        }
    }

    /// A successor already in the visited set: counted, or listed when the merge needs it (an edge
    /// kept, or one of the state's own actions, numbered in the order the merge meets them). `id`
    /// gives its state number (read only when listed: the visited set keeps numbers apart from
    /// fingerprints, a second cache line).
    @inline(__always)
    mutating func known(_ f: UInt64, _ a: PartAction, _ from: Int, id: () -> Int) {
        if !a.isOwn && !keepEdges { knownSteps += 1; return }
        list(f, a, from, .known(state: Int32(truncatingIfNeeded: id())))
    }

    @inline(__always)
    mutating func list(_ f: UInt64, _ a: PartAction, _ from: Int, _ target: Target) {
        listed.append(Listed(f: f, knownBefore: Int32(truncatingIfNeeded: knownSteps), from: Int32(truncatingIfNeeded: from),
                             target: target, action: a))
    }

    /// The index of a state's own action in `ownActions`, added when new.
    @inline(__always)
    mutating func ownNumber(_ a: Action) -> Int {
        if let j = ownActions.firstIndex(of: a) { return j }
        ownActions.append(a)
        return ownActions.count - 1
    }
}
