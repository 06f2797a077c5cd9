import Foundation
import Glibc
import LocflowCore
import LocflowExplore
import LocflowExplorer
import LocflowFlow

/// `locflow bench`: measures the model and the checker. Run it from a release build.
@MainActor
enum Bench {
    static func main(_ args: [String], io: CommandIO) -> Int32 {
        var events = 1_000_000, lines = 100_000, runs = 5
        var only: String?
        let a: Arguments
        switch Arguments.parse(args, valued: ["--events", "--lines", "--runs", "--only"]) {
        case .success(let parsed): a = parsed
        case .failure(let p): return CLI.usageError("bench", p.message)
        }
        if let extra = a.positionals.first { return CLI.usageError("bench", "unexpected \(extra)") }
        for (name, value) in a.options {
            let v = value ?? ""
            if name == "--only" {
                guard ["model", "check", "explorer", "explore", "testing"].contains(v) else { return CLI.usageError("bench", "--only takes model, check, explorer, explore or testing") }
                only = v
                continue
            }
            guard let n = Int(v), n > 0 else { return CLI.usageError("bench", "\(name) needs a positive number") }
            switch name {
            case "--events": events = n
            case "--lines": lines = n
            default: runs = n
            }
        }
        #if DEBUG
        io.err("locflow bench: this is a debug build; figures are only meaningful with `swift build -c release`")
        #endif

        if only == "explore" { return benchExplore(io: io) ? 0 : 1 }
        if only == "testing" { return BenchTesting.run(io: io) }
        let explorerOK = only == nil || only == "explorer" ? benchExplorer(io: io) : true
        if only == "explorer" { return explorerOK ? 0 : 1 }

        // (a) A seeded random walk of legal events through the model.
        var perEvent: [Double] = []
        var transitions = 0
        for run in 0..<(only == "check" ? 0 : runs) {
            var walk = RandomWalk(seed: 42 &+ UInt64(run))
            let start = DispatchTime.now().uptimeNanoseconds
            transitions = walk.run(events)
            let ns = Double(DispatchTime.now().uptimeNanoseconds - start)
            perEvent.append(ns / Double(events))
        }
        perEvent.sort()
        if !perEvent.isEmpty {
            io.out(String(format: "model: random walk of %d legal events (%d transitions incl. timers): median %.0f ns/event over %d runs (min %.0f, max %.0f)",
                          events, transitions, perEvent[perEvent.count / 2], runs, perEvent.first!, perEvent.last!))
        }
        if only == "model" { return 0 }

        // (b) check of a generated flow.
        let text = generatedFlow(lines: lines)
        let path = NSTemporaryDirectory() + "locflow-bench-\(getpid()).flow"
        _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let before = peakMemoryMB()
        let start = DispatchTime.now().uptimeNanoseconds
        var out = ""
        let code = Commands.check([path], quiet: true, io: CommandIO(out: { out += $0 + "\n" }, err: { out += $0 + "\n" }))
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let after = peakMemoryMB()
        io.out(String(format: "check: generated flow of %d lines in %.3f s; peak memory %.1f MB (%.1f MB before); %@",
                      text.split(separator: "\n").count, seconds, after, before,
                      out.split(separator: "\n").last.map(String.init) ?? "?"))
        return code == 0 && explorerOK ? 0 : 1
    }

    /// (c) render a 200x60 frame with 10,000 events in the history; (d) memory after 100,000 events.
    static func benchExplorer(io: CommandIO) -> Bool {
        var state = ExplorerState(config: AppConfig(), width: 200, height: 60)
        state.speedIndex = 0
        var walk = RandomWalk(seed: 9)
        func feed(_ n: Int) {
            for _ in 0..<n {
                let e = walk.nextEvent()
                walk.world.step(e) { _, _ in }
                _ = state.perform(.step(e))
            }
        }
        feed(10_000)
        var times: [Double] = []
        for _ in 0..<50 {
            let start = DispatchTime.now().uptimeNanoseconds
            let frame = render(state, glyphs: .unicode)
            times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
            precondition(frame.width == 200)
        }
        times.sort()
        io.out(String(format: "explorer: render 200x60 with %d log entries: median %.3f ms (max %.3f ms)",
                      state.history.log.count, times[times.count / 2], times.last!))
        let before = peakMemoryMB()
        feed(90_000)
        _ = render(state, glyphs: .unicode)
        io.out(String(format: "explorer: %d steps (%d log entries) in the history; peak memory %.1f MB (%.1f MB before)",
                      state.history.applied, state.history.log.count, peakMemoryMB(), before))
        return true
    }

    /// (e) the model checker: `explore` with the default bounds on every platform, invariants checked.
    static func benchExplore(io: CommandIO) -> Bool {
        var ok = true
        var totalStates = 0, totalTransitions = 0
        var totalSeconds = 0.0
        for platform in Platform.allCases {
            var config = AppConfig()
            config.platform = platform
            var search = StateSearch(config: config)
            let before = peakMemoryMB()
            var broken = 0
            let start = DispatchTime.now().uptimeNanoseconds
            search.run(visit: { _, w in broken += Invariants.check(w).count })
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            let grown = peakMemoryMB() - before
            ok = ok && broken == 0 && search.exhausted
            totalStates += search.count; totalTransitions += search.transitions; totalSeconds += seconds
            // The process's peak only grows: a platform smaller than one before it adds nothing to
            // measure (saying "0 bytes/state" would be wrong).
            let memory = grown >= 0.1
                ? String(format: "peak memory +%.1f MB (%.0f bytes/state with the frontier)", grown, grown * 1_048_576 / Double(max(1, search.count)))
                : "peak memory not above an earlier platform's"
            io.out(String(format: "explore %@: %d states, %d edges, depth %d, %@ in %.2f s: %.0f states/s, %.0f edges/s; %d bytes/state stored, %@",
                          platform.rawValue, search.count, search.transitions, search.depth, search.exhausted ? "complete" : "NOT complete",
                          seconds, Double(search.count) / seconds, Double(search.transitions) / seconds,
                          search.storedBytes / max(1, search.count), memory))
        }
        io.out(String(format: "explore, all platforms: %d states, %d edges in %.2f s: %.0f states/s, %.0f edges/s",
                      totalStates, totalTransitions, totalSeconds, Double(totalStates) / totalSeconds, Double(totalTransitions) / totalSeconds))
        return ok
    }

    /// A long flow of realistic blocks whose expectations hold on every repetition.
    static func generatedFlow(lines: Int) -> String {
        let block = """
            app requestWhenInUseAuthorization
            expect prompt whenInUse
            user tap "Allow Once"
            expect status authorizedWhenInUse
            app liveUpdates start
            expect delivering liveUpdates true
            user background
            wait 2m
            expect status notDetermined
            user foreground
            expect callback notDetermined
            app liveUpdates stop
            """
        let blockLines = block.split(separator: "\n").count
        var out = "# generated by locflow bench\n"
        out.reserveCapacity(lines * 32)
        for _ in 0..<max(1, lines / blockLines) { out += block + "\n" }
        return out
    }

    /// Peak resident memory of this process so far, in MB.
    static func peakMemoryMB() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_maxrss) / 1024
    }
}
