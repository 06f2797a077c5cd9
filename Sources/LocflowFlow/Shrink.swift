import Foundation
import LocflowCore

/// `locflow shrink FILE.flow`: reduces a failing flow to a minimal one that still fails the same
/// way. The first failure is the target (an expectation that does not hold, or a step that is
/// refused); a candidate fails "the same way" when that failure, and no other, happens with the
/// same finding: the same expectation finding the same value, decided by the same rule, or the
/// same step refused by the same rule. Delta debugging (Zeller's ddmin) over the steps before it, adjacent waits merged
/// first, then each wait shortened as far as the failure allows.
public struct Shrinker {
    public let flow: Flow
    public let baseDirectory: String
    /// Runs of the flow tried.
    public private(set) var runs = 0

    public init(flow: Flow, baseDirectory: String) {
        self.flow = flow
        self.baseDirectory = baseDirectory
    }

    public struct Outcome {
        /// The steps kept, with their lines in the input.
        public var lines: [FlowLine]
        /// The failing line of the input.
        public var target: FlowLine
        /// The input's failure (its message cites the input's lines).
        public var failure: Failure
        public var originalSteps: Int
        public var steps: Int
    }

    /// The finding of a candidate's one failure at the target, nil when it fails otherwise.
    private func finding(of target: FlowLine, lines: [FlowLine]) throws(FlowError) -> Finding? {
        let candidate = Flow(file: flow.file, lines: flow.config + lines + [target], description: [])
        let result = try FlowRunner(flow: candidate, baseDirectory: baseDirectory).run()
        guard result.failures.count == 1, result.failures[0].line == target.line else { return nil }
        return result.failures[0].finding
    }

    private mutating func fails(_ lines: [FlowLine], _ target: FlowLine, _ wanted: Finding) -> Bool {
        runs += 1
        return (try? finding(of: target, lines: lines)) == wanted
    }

    /// The minimal flow, or nil when nothing fails.
    public mutating func shrink() throws(FlowError) -> Outcome? {
        let first = try FlowRunner(flow: flow, baseDirectory: baseDirectory).run()
        guard let failure = first.failures.first else { return nil }
        let body = flow.body
        guard let t = body.firstIndex(where: { $0.line == failure.line }) else { return nil }
        let target = body[t]
        // Steps only: expectations do not change the world (`expect refused` belongs to its step).
        var lines = body[..<t].filter { if case .step = $0.statement { true } else { false } }
        // A refused step that is the finding is one of the steps counted (it stays in the output).
        let own = if case .step = target.statement { 1 } else { 0 }
        let originalSteps = lines.count + own
        guard try finding(of: target, lines: lines) == failure.finding else {
            // Failing only together with other expectations' lines: keep the flow as it is.
            return Outcome(lines: Array(body[..<t]), target: target, failure: failure, originalSteps: originalSteps, steps: originalSteps)
        }
        let wanted = failure.finding
        lines = mergeWaits(lines, target, wanted)
        lines = ddmin(lines, target, wanted)
        lines = shortenWaits(lines, target, wanted)
        lines = ddmin(lines, target, wanted)
        return Outcome(lines: lines, target: target, failure: failure, originalSteps: originalSteps, steps: lines.count + own)
    }

    /// ddmin: removes ever smaller chunks while the failure stays. After a removal the scan goes
    /// on from where it was (not from the start), and at single steps it repeats until a whole
    /// pass removes nothing: the result is 1-minimal, in a linear number of runs per pass.
    private mutating func ddmin(_ input: [FlowLine], _ target: FlowLine, _ wanted: Finding) -> [FlowLine] {
        var lines = input
        var n = 2
        while !lines.isEmpty {
            let chunk = max(1, (lines.count + n - 1) / n)
            var reduced = false
            var start = 0
            while start < lines.count {
                let end = min(lines.count, start + chunk)
                let complement = Array(lines[..<start] + lines[end...])
                if fails(complement, target, wanted) {
                    lines = complement
                    reduced = true
                } else {
                    start = end
                }
            }
            if reduced {
                n = max(n - 1, 2)
            } else {
                if chunk == 1 { break }
                n = min(lines.count, n * 2)
            }
        }
        return lines
    }

    private func wait(_ l: FlowLine) -> Millis? {
        if case .step(.wait(let ms)) = l.statement { return ms }
        return nil
    }

    private func withWait(_ l: FlowLine, _ ms: Millis) -> FlowLine {
        var out = l
        out.statement = .step(.wait(ms))
        out.source = "wait \(formatDuration(ms))"
        out.comment = nil
        return out
    }

    /// Adjacent waits become one (when the failure stays), a run's total written as waits of at
    /// most `VirtualTime.maxDuration` each (longer, the flow would not parse: 100 waits of
    /// 876000h once became one `wait 87600000h`). Every run is merged in one candidate first, the
    /// common case; only when that changes the failure is each run tried alone. So the runs of
    /// the flow tried grow with the number of runs of waits, never with the waits in a run
    /// (merging pair by pair ran the flow once a wait: 8,000 waits took 17 s).
    private mutating func mergeWaits(_ input: [FlowLine], _ target: FlowLine, _ wanted: Finding) -> [FlowLine] {
        // The runs of two or more adjacent waits, as index ranges.
        var runs: [Range<Int>] = []
        var i = 0
        while i < input.count {
            var j = i
            while j < input.count, wait(input[j]) != nil { j += 1 }
            if j - i >= 2 { runs.append(i..<j) }
            i = max(j, i + 1)
        }
        guard !runs.isEmpty else { return input }
        func merged(_ chosen: [Range<Int>]) -> [FlowLine] {
            var out: [FlowLine] = []
            out.reserveCapacity(input.count)
            var at = 0
            for run in chosen {
                out += input[at..<run.lowerBound]
                // Full waits go out as the total passes the longest: it stays under twice that.
                let first = input[run.lowerBound]
                var total = 0
                for k in run {
                    total += wait(input[k]) ?? 0
                    while total > VirtualTime.maxDuration {
                        out.append(withWait(first, VirtualTime.maxDuration))
                        total -= VirtualTime.maxDuration
                    }
                }
                out.append(withWait(first, total))
                at = run.upperBound
            }
            out += input[at...]
            return out
        }
        let all = merged(runs)
        if all.count < input.count, fails(all, target, wanted) { return all }
        guard runs.count > 1 else { return input }
        var kept: [Range<Int>] = []
        for run in runs where fails(merged(kept + [run]), target, wanted) { kept.append(run) }
        return merged(kept)
    }

    /// Each wait as short as it can be (binary search, whole seconds when it was whole seconds).
    private mutating func shortenWaits(_ input: [FlowLine], _ target: FlowLine, _ wanted: Finding) -> [FlowLine] {
        var lines = input
        for i in lines.indices {
            guard let ms = wait(lines[i]), ms > 0 else { continue }
            let unit = ms % 1000 == 0 ? 1000 : 1
            var lo = 0, hi = ms / unit  // fails at hi
            while lo < hi {
                let mid = (lo + hi) / 2
                var candidate = lines
                candidate[i] = withWait(lines[i], mid * unit)
                if mid > 0 && fails(candidate, target, wanted) { hi = mid } else { lo = mid + 1 }
            }
            if hi * unit != ms { lines[i] = withWait(lines[i], hi * unit) }
        }
        return lines
    }

    /// The minimal flow as it is written to `file` in `folder` (nil: standard output): the
    /// configuration, the steps, the failing line, under a header that cites the failing line
    /// of the input and of the output. Relative plist and strings paths are rewritten to resolve
    /// from the folder (absolute for standard output). The output is run to find its failure,
    /// whose message cites the output's own lines.
    public func written(_ o: Outcome, file: String, in folder: String?) throws(FlowError) -> (text: String, failure: Failure?) {
        var out = [""]  // the header, once the output's failure is known
        for d in flow.description { out.append("#" + (d.isEmpty ? "" : " " + d)) }
        let config = flow.config.map { l in
            switch l.statement {
            case .config(.plist(let p)) where !p.hasPrefix("/"): ConfigStatement.plist(relocatedPath(p, from: baseDirectory, to: folder)).flowText
            case .config(.strings(let p)) where !p.hasPrefix("/"): ConfigStatement.strings(relocatedPath(p, from: baseDirectory, to: folder)).flowText
            default: FlowQuoting.line(l.source)
            }
        }
        if !config.isEmpty { out.append(""); out += config }
        out.append("")
        out += o.lines.map { l in FlowQuoting.line(l.source) + (l.comment.map { "  # " + $0 } ?? "") }
        out.append(FlowQuoting.line(o.target.source))
        let result = try FlowRunner(flow: try FlowParser.parse(out.joined(separator: "\n"), file: file), baseDirectory: folder ?? baseDirectory).run()
        let failure = result.failures.first
        // One comment line: the input's name and the failure's text are the stranger's (a name
        // with a newline once added statements to the written flow), so nothing in them ends it.
        out[0] = "# " + TextSafety.escape("shrunk by locflow shrink from \(flow.file): \(o.originalSteps) steps to \(o.steps); "
            + "its line \(o.target.line) still fails, here at line \(failure?.line ?? out.count): \(failure?.message ?? o.failure.message)", keepNewlines: false)
        return (out.joined(separator: "\n") + "\n", failure)
    }
}

extension Commands {
    /// `locflow shrink FILE.flow [-o OUT.flow]`: exit 0 with the minimal flow, 1 when the flow
    /// does not fail (nothing to shrink), 2 when it cannot be read.
    public static func shrink(_ path: String, output: String?, io: CommandIO) -> Int32 {
        let flow: Flow
        do { flow = try load(path) } catch { io.err(error.description); return 2 }
        var shrinker = Shrinker(flow: flow, baseDirectory: directory(of: path))
        let outcome: Shrinker.Outcome
        do {
            guard let o = try shrinker.shrink() else {
                io.err("locflow shrink: \(path) does not fail (every expectation holds, every step is performed): nothing to shrink")
                return 1
            }
            outcome = o
        } catch { io.err(error.description); return 2 }
        let written: (text: String, failure: Failure?)
        do { written = try shrinker.written(outcome, file: output ?? "the shrunk flow", in: output.map(directory(of:))) } catch { io.err(error.description); return 2 }
        let text = written.text
        let at = written.failure.map { "line \(outcome.target.line) of \(path), line \($0.line) of \(output ?? "the shrunk flow")" } ?? "line \(outcome.target.line) of \(path)"
        let summary = TextSafety.escape("locflow shrink: \(outcome.originalSteps) steps to \(outcome.steps) (\(shrinker.runs) runs); "
            + "still fails at '\(outcome.target.source)' (\(at)): \(written.failure?.message ?? outcome.failure.message)", keepNewlines: false)
        if let output {
            // The one file named, never a device, a pipe or the flow being shrunk (the failing
            // recording would be lost): the same rules as every other -o.
            let outcome: OutputFile.Outcome
            do { outcome = try OutputFile.write(output, text, protectingInputs: true, example: "short.flow") } catch {
                io.err("locflow shrink: " + error.message)
                return 2
            }
            io.out(summary + "; wrote \(TextSafety.escape(output, keepNewlines: false))\(outcome.note)")
        } else {
            io.out(text, terminator: "")
            io.err(summary)
        }
        return 0
    }
}
