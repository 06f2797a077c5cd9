import Foundation

/// How the search's threads share its work (`BreadthFirstSearch.run`): the frontier of each level is cut
/// into parts, handed out in order; a thread expands a part (steps, canonical forms, fingerprints,
/// look-ups in a view of the visited set) and hands it back; the parts are merged strictly in the
/// order they were handed out, one at a time, by whichever thread is free (so the numbering, the
/// shortest paths and every output are the same on any number of threads).
///
/// Nothing waits for a round to end: a thread that hands back the part next in order merges it;
/// one that cannot merge takes the next part. Parts of the next level are handed out as soon as
/// the merge has put a whole part's worth of its states in place, before the level ends. With
/// rounds (a batch expanded while the one before was merged, then the new states put into the
/// visited set while no worker ran) a thread waited 9-13% of the time on two cores: for the
/// round's last part, for the thread pool to wake, and between rounds.
///
/// Everything here is under `condition`'s lock, but `levels` (never changed) and `mergeLevelSize`
/// (changed only by the merging thread, which reads it); the search's own fields are the merging
/// thread's alone (`merging` passes them from one thread to the next, through the lock).
final class SearchSchedule<Model: CheckableModel>: @unchecked Sendable {
    /// A slice of one level's frontier for a thread to expand.
    struct Part {
        /// Its place in the merge's order.
        let seq: Int
        let level: Int
        let range: Range<Int>
        /// The state number of the level's first world.
        let base: Int
        /// The visited set's table for the part's look-ups (the merge may still add to it).
        let view: FingerprintSet.View
        /// Where its kept successors go (emptied by the thread that expands it).
        let buffer: StateBuffer<Model>
    }

    /// What a thread does next.
    enum Job {
        case expand(Part)
        /// Merge this part (in order; no other thread merges meanwhile), then call `merged`.
        case merge(Part, Expansion<Model>)
        case stop
    }

    private let condition = NSCondition()
    /// The two levels' buffers: level k's states are in `levels[k % 2]`.
    let levels: [StateBuffer<Model>]
    private let chunk: Int
    private let depthLimit: Int?
    /// Parts handed out but not yet merged, at most (16 a thread: enough to go on expanding while
    /// the merge grows the visited set, mostly; few enough that the views stay fresh).
    private let window: Int
    /// The next level's states may be handed out while the merge still adds to their buffer
    /// (which must not move: both buffers reserved their room).
    private let early: Bool

    private var finished = false
    private var merging = false
    private var nextSeq = 0
    private var nextToMerge = 0
    private var done: [Int: (Part, Expansion<Model>)] = [:]
    /// The view generation of each part being expanded (tables older than all are freed).
    private var inFlight: [Int: Int] = [:]
    /// The level being merged: its number, its first state's number and its size.
    private var mergeLevel = 0
    private var mergeBase = 0
    private(set) var mergeLevelSize: Int
    /// Worlds of the level after it that the merge has put in place so far.
    private var nextLevelCount = 0
    /// Where the parts handed out stand: a level (the merged one or the next) and a state in it.
    private var handLevel = 0
    private var handFrom = 0
    private var view: FingerprintSet.View
    private var spare: [StateBuffer<Model>] = []
    /// Room a part's buffer starts with: the most a part has kept so far, with room past the end
    /// for one state's successors (a buffer that grew moved every state it held).
    private var partRoom: Int
    private let actions: Int

    init(levels: [StateBuffer<Model>], chunk: Int, workers: Int, depthLimit: Int?, view: FingerprintSet.View, actions: Int) {
        self.levels = levels
        self.chunk = max(1, chunk)
        self.depthLimit = depthLimit
        window = 16 * max(1, workers)
        early = levels.allSatisfy(\.reserved)
        mergeLevelSize = levels[0].count
        self.view = view
        partRoom = 2 * self.chunk + actions
        self.actions = actions
    }

    /// The next job, once there is one: a part to merge comes first (the one next in order, when
    /// it is back and no one merges), then a part to expand; else the thread waits.
    func take() -> Job {
        condition.lock()
        defer { condition.unlock() }
        return nextJob()
    }

    /// Hands back an expanded part and takes the next job.
    func handIn(_ part: Part, _ e: Expansion<Model>) -> Job {
        condition.lock()
        defer { condition.unlock() }
        inFlight[part.seq] = nil
        done[part.seq] = (part, e)
        // Another thread may be waiting to merge it, or for room in the window.
        condition.broadcast()
        return nextJob()
    }

    /// What the merge of a part ends in.
    enum Outcome {
        /// More parts of the level follow (or the level ended and the next goes on).
        case goOn
        /// The search is over (the levels ran out, the depth bound, or the state bound).
        case finish
    }

    /// The merge of `part` is over (`view`: the visited set now; `levelEnded`: the part was its
    /// level's last). `release` is given the oldest view generation still read. Returns the next job.
    func merged(_ part: Part, view: FingerprintSet.View, levelEnded: Bool, outcome: Outcome, release: (Int) -> Void) -> Job {
        condition.lock()
        defer { condition.unlock() }
        merging = false
        nextToMerge += 1
        spare.append(part.buffer)
        partRoom = max(partRoom, part.buffer.count + actions + 4)
        self.view = view
        let next = levels[(part.level + 1) % 2]
        if outcome == .finish {
            finished = true
        } else if levelEnded {
            mergeBase += mergeLevelSize
            mergeLevel += 1
            mergeLevelSize = next.count
            nextLevelCount = 0
        } else {
            nextLevelCount = next.count
        }
        // Tables grown out of that no part reads any more.
        release(inFlight.values.reduce(view.generation, min))
        condition.broadcast()
        return nextJob()
    }

    private func nextJob() -> Job {
        while true {
            if finished { return .stop }
            if !merging, let (part, e) = done.removeValue(forKey: nextToMerge) {
                merging = true
                return .merge(part, e)
            }
            if let part = handOut() { return .expand(part) }
            condition.wait()
        }
    }

    /// The next part, if one can be handed out now.
    private func handOut() -> Part? {
        guard nextSeq - nextToMerge < window else { return nil }
        // Every part of the level before is merged: on to the level being merged.
        if handLevel < mergeLevel { (handLevel, handFrom) = (mergeLevel, 0) }
        // Every part of the level being merged is out: on to the next, which the merge fills.
        if handLevel == mergeLevel && handFrom >= mergeLevelSize { (handLevel, handFrom) = (mergeLevel + 1, 0) }
        if let depthLimit, handLevel >= depthLimit { return nil }
        let known = handLevel == mergeLevel
        let available = known ? mergeLevelSize : early ? nextLevelCount : 0
        let hi = min(handFrom + chunk, available)
        // A level still growing gives whole parts only (its end is not known yet).
        guard hi > handFrom, known || hi - handFrom == chunk else { return nil }
        let part = Part(seq: nextSeq, level: handLevel, range: handFrom..<hi, base: known ? mergeBase : mergeBase + mergeLevelSize,
                        view: view, buffer: spare.popLast() ?? StateBuffer<Model>(capacity: partRoom))
        inFlight[nextSeq] = view.generation
        nextSeq += 1
        handFrom = hi
        return part
    }
}
