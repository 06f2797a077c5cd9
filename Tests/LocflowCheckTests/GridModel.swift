@testable import LocflowCheck

/// The engine's own toy model: a token on a grid of `width` × `height` squares, moved one square
/// at a time (refused at the edges), or left where it is (a step without effect). From the corner
/// at the start the square offers its own action, a warp to the far corner. A state also counts
/// the moves made, which the canonical form forgets: without it the space would never end.
///
/// Small enough to check by hand and with a plain breadth-first search (`reference`), and with
/// the engine's every path: refusals, loops, own actions, canonical forms, fingerprints.
struct GridModel: CheckableModel {
    struct State: Hashable {
        var x: Int
        var y: Int
        /// Moves made so far: not part of the state (the canonical form sets it to 0).
        var moves = 0
        /// Its square in words: a reference, so that a state is not plain bytes (the buffers
        /// must copy and end it).
        var label: String
    }

    enum Action: Hashable {
        case left, right, up, down, stay
        /// The corner's own action (`ownActions`).
        case warp
    }

    let width: Int
    let height: Int
    let actions: [Action] = [.left, .right, .up, .down, .stay]

    /// How many refusals the steps met.
    struct Notes: StepNotes {
        var refusals = 0
        mutating func absorb(_ other: Notes) { refusals += other.refusals }
    }

    func makeNotes() -> Notes { Notes() }

    func initialState() -> State { State(x: 0, y: 0, label: "square 0,0") }

    func ownActions(of state: State) -> [Action] { state.x == 0 && state.y == 0 ? [.warp] : [] }

    func effect(of action: Action, in s: State, notes: inout Notes) -> StepEffect {
        let refused: Bool
        switch action {
        case .left: refused = s.x == 0
        case .right: refused = s.x == width - 1
        case .up: refused = s.y == 0
        case .down: refused = s.y == height - 1
        case .stay: return .loop
        case .warp: refused = false
        }
        if refused { notes.refusals += 1; return .refused }
        return .changes
    }

    func step(_ s: inout State, _ action: Action, notes: inout Notes) -> Bool {
        switch action {
        case .left: s.x -= 1
        case .right: s.x += 1
        case .up: s.y -= 1
        case .down: s.y += 1
        case .stay: break
        case .warp: (s.x, s.y) = (width - 1, height - 1)
        }
        s.moves += 1
        s.label = "square \(s.x),\(s.y)"
        return true
    }

    func canonicalize(_ s: inout State) {
        s.moves = 0
    }

    func fingerprint(_ s: State) -> UInt64 {
        var z = UInt64(truncatingIfNeeded: s.x) &* 0x9E37_79B9_7F4A_7C15 ^ UInt64(truncatingIfNeeded: s.y)
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Every canonical state's distance from the start, by a plain breadth-first search.
    func reference() -> [State: Int] {
        var distance = [initialState().canonical(self): 0]
        var frontier = [initialState()]
        while !frontier.isEmpty {
            var next: [State] = []
            for s in frontier {
                var notes = makeNotes()
                for a in ownActions(of: s) + actions where a == .warp || effect(of: a, in: s, notes: &notes) == .changes {
                    var t = s
                    guard step(&t, a, notes: &notes) else { continue }
                    canonicalize(&t)
                    if distance[t] == nil { distance[t] = distance[s.canonical(self)]! + 1; next.append(t) }
                }
            }
            frontier = next
        }
        return distance
    }
}

extension GridModel.State {
    func canonical(_ model: GridModel) -> Self {
        var s = self
        model.canonicalize(&s)
        return s
    }
}
