import LocflowCore
import LocflowFlow

/// Recording: the file is the current branch of the history, as the model saw it (never a
/// re-measurement of the wall clock). After every input the explorer compares what the file holds
/// with the branch: finished steps are appended; when an undo (or a platform switch) changed what
/// was already written, the whole file is rewritten (the driver does that atomically).
extension ExplorerState {
    /// Input in, effects out; the recording follows the history after every input.
    public mutating func update(_ input: Input) -> [Effect] {
        handle(input) + syncRecording()
    }

    var recordingHeader: [String] {
        let v11 = configLines.contains("version 1") && (0..<finishedSteps).contains(where: stepIsVersion11)
        return ["# Recorded with locflow on \(world.profile.platform.displayName).", ""]
            + configLines.map { v11 && $0 == "version 1" ? "version 1.1" : $0 }
    }

    /// Whether step `i` is written with a version 1.1 word (a pin always is: `expect fixes`).
    /// A flow opened with `version 1` takes any statement in the explorer; its recording then
    /// declares 1.1 (which only adds words), or `check` could not read it.
    func stepIsVersion11(_ i: Int) -> Bool {
        switch history.steps[i].kind {
        case .event(let e): Statement.step(e).v11Word != nil
        case .expect(let x): Statement.expect(x).v11Word != nil
        case .pin(let xs): xs.contains { Statement.expect($0).v11Word != nil }
        }
    }

    /// The applied steps that are finished (a wait the running clock is still growing is not).
    var finishedSteps: Int {
        let n = history.applied
        if n > 0, n == history.steps.count, history.steps[n - 1].isClockWait { return n - 1 }
        return n
    }

    /// The lines step `i` of the branch is written as: a refused step is followed by
    /// `expect refused` (so the file replays as it happened), a pin by its expect lines.
    func recordingLines(ofStep i: Int) -> [String] {
        let step = history.steps[i]
        switch step.kind {
        case .expect(.refused): return []
        case .expect(let x): return [x.flowText]
        case .pin(let xs): return ["# pinned at \(formatClock(history.time(ofStep: i)))"] + xs.map(\.flowText)
        case .event(let e): return [e.flowText] + (history.refusedSteps.contains(i) ? ["expect refused"] : [])
        }
    }

    /// The whole file the recording should be now: header, then the finished steps.
    public var recordingText: [String] {
        recordingHeader + (0..<finishedSteps).flatMap(recordingLines(ofStep:))
    }

    /// What to write so the file equals the branch: appended lines, or a rewrite.
    mutating func syncRecording() -> [Effect] {
        guard recording else { return [] }
        let finished = finishedSteps
        if recordingStale || finished < recordedSteps {
            recordingStale = false
            recordedSteps = finished
            return [.rewriteRecording(recordingText)]
        }
        // The first 1.1 step of a `version 1` recording: its header becomes `version 1.1`.
        if configLines.contains("version 1"), (recordedSteps..<finished).contains(where: stepIsVersion11),
           !(0..<recordedSteps).contains(where: stepIsVersion11) {
            recordedSteps = finished
            return [.rewriteRecording(recordingText)]
        }
        var out: [Effect] = []
        while recordedSteps < finished {
            out += recordingLines(ofStep: recordedSteps).map(Effect.record)
            recordedSteps += 1
        }
        return out
    }

    /// Everything finished and not yet written, then the end (every way out, signals included).
    public mutating func flushRecording() -> [Effect] {
        history.finishClockWait()
        guard recording else { return [] }
        let pending = syncRecording()
        recording = false
        return pending + [.endRecording]
    }
}
