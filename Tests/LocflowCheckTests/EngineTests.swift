import Testing
@testable import LocflowCheck

/// The engine on its own toy model (`GridModel`): the states, edges, depths and shortest paths a
/// plain search finds, on any number of threads and parts, and a search stopped or cut short.
@Suite("engine: breadth-first search")
struct EngineTests {
    static func search(_ model: GridModel, threads: Int = 1, part: Int = 64, reserved: Bool = true, depth: Int? = nil,
                       maxStates: Int = 4_000_000, stop: StopRequest? = nil,
                       visit: (Int, GridModel.State) -> Void = { _, _ in }) -> BreadthFirstSearch<GridModel> {
        var options = SearchOptions(depth: depth, maxStates: maxStates, threads: threads, keepEdges: true)
        options.partSize = part
        options.reserveLevels = reserved
        var s = BreadthFirstSearch(model: model, options: options)
        s.stop = stop
        s.run(visit: visit)
        return s
    }

    /// A 7 × 5 grid: 35 states, the far corner one warp away from the start, so the deepest
    /// state is as far from both corners as it can be.
    @Test func theCountsAreTheGrids() {
        let model = GridModel(width: 7, height: 5)
        var seen: [GridModel.State] = []
        let s = Self.search(model) { n, state in
            #expect(n == seen.count)
            seen.append(state)
        }
        let reference = model.reference()
        #expect(s.count == 35 && reference.count == 35 && Set(seen).count == 35)
        #expect(s.exhausted && !s.truncated)
        // Moves between distinct squares, both ways, and the warp.
        let moves = 2 * (7 - 1) * 5 + 2 * 7 * (5 - 1)
        #expect(s.edgeFrom.count == moves + 1)
        // Every move, every stay (a loop: no edge), the warp.
        #expect(s.transitions == moves + 35 + 1)
        // Refusals: one for each edge square's each edge.
        #expect(s.notes.refusals == 2 * 7 + 2 * 5)
        #expect(s.depth == reference.values.max()! && s.depth == 5)
        // Every action was possible somewhere, the warp numbered after the model's.
        #expect(s.actionTable == [.left, .right, .up, .down, .stay, .warp] && s.enabled == Array(repeating: true, count: 6))
        // Visited in breadth-first order, each at its distance, the levels as the distances say.
        for (n, state) in seen.enumerated() {
            #expect(s.depth(of: n) == reference[state], "state \(n)")
        }
        for d in 0...s.depth {
            #expect(s.levelStarts[d] == reference.values.filter { $0 < d }.count)
        }
    }

    /// Each state's path is a shortest one, and taken from the start it leads to the state.
    @Test func pathsAreShortestAndLeadToTheirStates() {
        let model = GridModel(width: 6, height: 9)
        var seen: [GridModel.State] = []
        let s = Self.search(model) { _, state in seen.append(state) }
        let reference = model.reference()
        for (n, state) in seen.enumerated() {
            let path = s.path(to: n)
            #expect(path.count == reference[state])
            var t = model.initialState()
            var notes = model.makeNotes()
            for a in path { #expect(model.step(&t, a, notes: &notes)) }
            #expect(t.canonical(model) == state)
        }
        #expect(s.path(to: 0).isEmpty)
        #expect(seen.firstIndex(of: GridModel.State(x: 5, y: 8, label: "square 5,8")).map { s.path(to: $0) } == [.warp])
    }

    /// The same graph, edge for edge and state for state, on 1, 2 and 3 threads, in parts of
    /// any size, in buffers that reserve their room or grow.
    @Test func theGraphIsTheSameOnAnyThreads() {
        let model = GridModel(width: 60, height: 45)
        func run(_ threads: Int, _ part: Int, _ reserved: Bool) -> (BreadthFirstSearch<GridModel>, [GridModel.State]) {
            var seen: [GridModel.State] = []
            let s = Self.search(model, threads: threads, part: part, reserved: reserved) { _, state in seen.append(state) }
            return (s, seen)
        }
        let (one, states) = run(1, 64, true)
        #expect(one.count == 60 * 45 && one.depth == model.reference().values.max())
        for (threads, part, reserved) in [(2, 64, true), (3, 1, true), (3, 5, false), (2, 7, true), (8, 2, true)] {
            let (other, otherStates) = run(threads, part, reserved)
            #expect(otherStates == states, "\(threads) threads, parts of \(part)")
            #expect(other.edgeFrom == one.edgeFrom && other.edgeTo == one.edgeTo && other.edgeAction == one.edgeAction
                    && other.levelStarts == one.levelStarts && other.transitions == one.transitions
                    && other.peakFrontier == one.peakFrontier && other.notes.refusals == one.notes.refusals,
                    "\(threads) threads, parts of \(part)")
        }
    }

    /// A depth bound: the states within it, no more, and the search says it was not exhausted.
    @Test func aDepthBoundKeepsTheNearStates() {
        let model = GridModel(width: 30, height: 30)
        let reference = model.reference()
        for threads in [1, 3] {
            let s = Self.search(model, threads: threads, part: 3, depth: 4)
            #expect(s.count == reference.values.filter { $0 <= 4 }.count && s.depth == 4 && !s.exhausted && !s.truncated)
        }
        let start = Self.search(model, depth: 0)
        #expect(start.count == 1 && start.transitions == 0)
    }

    /// Stopped by its `visit` once a state is found, and cut at a number of states: the same
    /// states, steps and notes on any threads and parts.
    @Test func aSearchStoppedOrCutIsTheSameOnAnyThreads() {
        let model = GridModel(width: 50, height: 50)
        let goal = GridModel.State(x: 20, y: 3, label: "square 20,3")
        func stopped(_ threads: Int, _ part: Int) -> BreadthFirstSearch<GridModel> {
            let stop = StopRequest()
            return Self.search(model, threads: threads, part: part, stop: stop) { _, state in if state == goal { stop.request(.answerKnown) } }
        }
        let first = stopped(1, 64)
        #expect(first.truncated && !first.exhausted && first.stop?.reason == .answerKnown)
        // Stopped at the goal: the last state found, at its distance.
        #expect(first.path(to: first.count - 1).count == 23 && first.count < 50 * 50)
        for (threads, part) in [(2, 64), (3, 1), (3, 9)] {
            let other = stopped(threads, part)
            #expect(other.count == first.count && other.transitions == first.transitions && other.edgeTo == first.edgeTo
                    && other.notes.refusals == first.notes.refusals && other.enabled == first.enabled, "\(threads) threads, parts of \(part)")
        }
        let cut = Self.search(model, maxStates: 100)
        #expect(cut.count == 100 && cut.truncated && !cut.exhausted)
        for (threads, part) in [(2, 64), (3, 1), (2, 13)] {
            let other = Self.search(model, threads: threads, part: part, maxStates: 100)
            #expect(other.count == 100 && other.transitions == cut.transitions && other.levelStarts == cut.levelStarts
                    && other.notes.refusals == cut.notes.refusals && other.enabled == cut.enabled, "\(threads) threads, parts of \(part)")
        }
        let one = Self.search(model, maxStates: 1)
        #expect(one.count == 1 && one.truncated && one.transitions == 0)
    }

    /// The buffers copy, move and end states that hold references (a string) through the model's
    /// hooks: each stays equal to what went in, through growth and removal.
    @Test func aBufferKeepsStatesAsTheyWere() {
        let states = (0..<50).map { GridModel.State(x: $0, y: -$0, moves: $0, label: "s\($0)") }
        for buffer in [StateBuffer<GridModel>(capacity: 1), StateBuffer<GridModel>(reserving: 10), StateBuffer<GridModel>(reserving: 100)] {
            for s in states { buffer.append(copying: s) }
            #expect(buffer.count == 50 && !buffer.isEmpty)
            for i in 0..<50 { #expect(buffer[i].pointee == states[i]) }
            let other = StateBuffer<GridModel>()
            for i in 0..<50 { other.append(copyOf: buffer[i]) }
            buffer.removeAll()
            #expect(buffer.isEmpty)
            for i in 0..<50 { #expect(other[i].pointee == states[i]) }
        }
    }
}
