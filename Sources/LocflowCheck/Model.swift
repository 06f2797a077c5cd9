/// What the engine (`BreadthFirstSearch`) needs of a model to check it: its states and actions,
/// the start, what an action does in a state, the canonical form and the fingerprint. The model
/// writes no hash table, no copy of a search's buffers and no thread: those are the engine's.
///
/// A step goes in two halves, so that the engine copies a state only for a step that changes it:
/// `effect(of:in:notes:)` asks, before any copy, whether the action is refused or leaves the state
/// as it is (a loop back to it: no copy, no canonical form, no fingerprint, no look-up); then
/// `step(_:_:notes:)` takes it on a copy the engine built where the successor would be kept.
///
/// The engine is generic and specialized for each model (the module is built with cross-module
/// optimization: docs/speed.md): every requirement is called directly, and most are inlined.
public protocol CheckableModel: Sendable {
    associatedtype State
    associatedtype Action: Hashable
    /// What a part of the frontier's steps note besides their successors (which rules fired, say),
    /// and any room the steps reuse; each thread has its own, absorbed in order by the merge.
    associatedtype Notes: StepNotes

    /// The actions tried in every state, in this order, after the state's own.
    var actions: [Action] { get }

    /// The start, in canonical form.
    func initialState() -> State

    /// Actions only this state offers (the buttons of a prompt on screen), tried first: never
    /// refused before the step nor without effect, so `effect` is not asked of them. Numbered
    /// after `actions` in the order the merge first meets them (the same on any threads).
    func ownActions(of state: State) -> [Action]

    /// What one of `actions` does in a state, asked before the state is copied.
    func effect(of action: Action, in state: State, notes: inout Notes) -> StepEffect

    /// Takes a step on a copy of the state; false when it was refused after all (the engine then
    /// ends the copy, which may be left part-way).
    func step(_ state: inout State, _ action: Action, notes: inout Notes) -> Bool

    /// Puts a state in canonical form: two states that behave alike become equal.
    func canonicalize(_ state: inout State)

    /// A 64-bit hash of a canonical state: the visited set keeps only these (hash compaction).
    func fingerprint(_ state: State) -> UInt64

    /// Empty notes for a part.
    func makeNotes() -> Notes

    /// Initializes `destination` with a copy of `source` (a model whose states are plain bytes
    /// may copy the bytes; the default is Swift's copy).
    static func initialize(_ destination: UnsafeMutablePointer<State>, copying source: State)
    /// Moves `count` states into uninitialized memory, leaving `source` uninitialized.
    static func moveInitialize(_ destination: UnsafeMutablePointer<State>, from source: UnsafeMutablePointer<State>, count: Int)
    /// Ends the state at `p`, leaving its memory uninitialized.
    static func deinitialize(_ p: UnsafeMutablePointer<State>)
}

extension CheckableModel {
    @inline(__always) public func ownActions(of state: State) -> [Action] { [] }

    @inline(__always) public static func initialize(_ destination: UnsafeMutablePointer<State>, copying source: State) {
        destination.initialize(to: source)
    }

    @inline(__always) public static func moveInitialize(_ destination: UnsafeMutablePointer<State>,
                                                        from source: UnsafeMutablePointer<State>, count: Int) {
        destination.moveInitialize(from: source, count: count)
    }

    @inline(__always) public static func deinitialize(_ p: UnsafeMutablePointer<State>) { p.deinitialize(count: 1) }
}

/// What an action does in a state, asked before the state is copied.
public enum StepEffect: Sendable {
    /// Not possible here: no successor.
    case refused
    /// Possible, and leaves the state as it is: an edge back to it.
    case loop
    /// Possible, and may change the state: the engine copies it and takes the step.
    case changes
}

/// A part's notes (`CheckableModel.Notes`).
public protocol StepNotes {
    /// Adds what another part noted.
    mutating func absorb(_ other: Self)
}

/// Reads the state at `p` in place: read through `pointee` an address-only value was copied first
/// (the compiler cannot know that nothing else writes the memory meanwhile); `inout` is exclusive.
@inline(__always) public func withState<S, R>(at p: UnsafeMutablePointer<S>, _ body: (S) throws -> R) rethrows -> R {
    try inPlace(&p.pointee, body)
}

@inline(__always) func inPlace<S, R>(_ s: inout S, _ body: (S) throws -> R) rethrows -> R { try body(s) }

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
