import LocflowCore

/// A worker's part of the search (see `StateSearch.run`): each world of a slice of the frontier
/// stepped by every action, each successor's look-up in the visited set one step later while its
/// slot is fetched, and what the merge needs listed in the order of the steps.
extension StateSearch {
    /// What a worker found from a slice of the frontier.
    struct Expansion {
        /// Successors in order: fingerprint, parent, action (an index into `actions`, or for a
        /// tap -1 - its label's index in `tapLabels`) and `slot`: a state already in the visited
        /// set when the batch began as -1 - its number, else the index of the world kept in
        /// `worlds`. A successor already known by a named action is only counted in `knownSteps`
        /// (most successors: the merge has nothing to do with them), unless the edges are kept.
        var fingerprints: [UInt64] = []
        var knownSteps = 0
        /// For each listed successor, the steps counted in `knownSteps` before it (so a search
        /// cut short at its state bound counts exactly the steps before the cut).
        var knownBefore: [Int32] = []
        let keepEdges: Bool
        var from: [Int32] = []
        var action: [Int16] = []
        var slot: [Int32] = []
        /// The labels of the taps listed, each once (a handful: compared, not hashed; a
        /// dictionary of them by position, and the merge's by label, cost 2% of the instructions).
        var tapLabels: [String] = []
        let worlds: WorldBuffer
        var fired = RuleSet()
        /// For each of `actions`: possible in at least one state of the slice.
        var enabled: [Bool]
        /// The visited set as it was when the batch began (only read while workers run).
        let known: FingerprintSet

        /// `worlds`: room for the successors kept, made at once.
        init(known: FingerprintSet, actions: Int, keepEdges: Bool, worlds room: Int = 16) {
            self.known = known
            self.keepEdges = keepEdges
            enabled = Array(repeating: false, count: actions)
            worlds = WorldBuffer(capacity: room)
        }

        /// The transition each step is taken into (see `World.stepForSearch(_:rules:scratch:asked:)`).
        var scratch = Transition(event: .wait(0), time: 0, quiet: true)

        /// The first state this part expanded.
        var firstState = -1

        /// `actions` is `inout` only so that each step reads its event in place: passed by value,
        /// an element was copied and destroyed, strings and all, for every action of every
        /// state (4% of the instructions). Nothing changes it.
        mutating func expand(_ world: World, from state: Int, _ actions: inout [Event], keepLastOutputs: Bool) {
            if firstState < 0 { firstState = state }
            if let p = world.prompt {
                for label in world.buttons(for: p) { var tap = Event.user(.tap(label)); step(world, &tap, -1, label, state, keepLastOutputs) }
            }
            for k in actions.indices { step(world, &actions[k], k, nil, state, keepLastOutputs) }
        }

        @inline(__always)
        mutating func step(_ world: World, _ event: inout Event, _ k: Int, _ label: String?, _ state: Int, _ keep: Bool) {
            // A refused step changes nothing: asked first, it costs no copy of the world. A tap
            // on one of the prompt's own buttons is never refused nor without effect.
            if label != nil {} else if case .wait = event {} else if let r = world.refusalRule(for: event) {
                fired.insert(r)
                return
            }
            // A step without effect is a loop back to this state: no copy, no canonical form,
            // no fingerprint, no look-up.
            if label == nil, let r = world.noEffectRule(event) {
                fired.insert(r)
                if k >= 0 { enabled[k] = true }
                settlePending()  // successors are counted and listed in the order of their steps
                known(state, 0, k, state)  // its fingerprint is not read: the state is known (never a tap)
                return
            }
            // The successor is built past the end of `worlds`, beside the one waiting (if any).
            worlds.makeRoom(carrying: pending.at < 0 ? nil : pending.at)
            let at = pending.at < 0 ? 0 : 1 - pending.at
            let w = worlds.room(at)
            World.initialize(w, copying: world)
            guard let f = stepped(&w.pointee, event, keep) else { World.deinitialize(w); return }
            if k >= 0 { enabled[k] = true }
            // Its look-up waits for the next step: the slot's cache line comes meanwhile.
            known.prefetch(f)
            let kept = settlePending()
            pending = Pending(f: f, action: label.map { -1 - tapNumber($0) } ?? k, state: state, at: kept ? 0 : at)
        }

        /// A successor stepped whose look-up waits (see `step`): its fingerprint, its action (as
        /// `action` lists it), the state it came from; its world lies at `room(at)`. None while
        /// `at` is -1 (an optional cost more to test and clear than this sentinel).
        struct Pending {
            let f: UInt64, action: Int, state: Int
            var at: Int
            static let none = Pending(f: 0, action: 0, state: 0, at: -1)
        }
        var pending = Pending.none

        /// Looks up the waiting successor: known, its world is ended; new, it is kept (moved to
        /// `room(0)` first if it lies at `room(1)`). True when it was kept: the world built
        /// beside it then lies at `room(0)`.
        @discardableResult @inline(__always)
        mutating func settlePending() -> Bool {
            let p = pending
            if p.at < 0 { return false }
            pending.at = -1
            if let id = known.find(p.f) {
                World.deinitialize(worlds.room(p.at))
                known(id, p.f, p.action, p.state)
                return false
            }
            list(p.f, p.action, p.state, slot: Int32(worlds.count))
            if p.at == 1 { WorldBuffer.swap(worlds.room(0), worlds.room(1)) }
            worlds.commit()
            return true
        }

        /// The part's last look-up (after its last step).
        mutating func finish() { settlePending() }

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
        /// `a`: the action as `action` lists it.
        @inline(__always)
        mutating func known(_ id: Int, _ f: UInt64, _ a: Int, _ state: Int) {
            if a >= 0 && !keepEdges { knownSteps += 1; return }
            list(f, a, state, slot: Int32(truncatingIfNeeded: -1 - id))
        }

        /// Lists a successor for the merge (see `fingerprints`).
        @inline(__always)
        mutating func list(_ f: UInt64, _ a: Int, _ state: Int, slot s: Int32) {
            fingerprints.append(f)
            knownBefore.append(Int32(truncatingIfNeeded: knownSteps))
            from.append(Int32(truncatingIfNeeded: state))
            action.append(Int16(truncatingIfNeeded: a))
            slot.append(s)
        }

        /// The index of a tap's label in `tapLabels`, added when new.
        @inline(__always)
        mutating func tapNumber(_ label: String) -> Int {
            if let j = tapLabels.firstIndex(of: label) { return j }
            tapLabels.append(label)
            return tapLabels.count - 1
        }
    }
}
