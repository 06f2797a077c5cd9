import Foundation
import LocflowCore
import LocflowFlow

/// `locflow explore` and `locflow paths`: the model checker's command line faces.
extension Commands {
    public enum GraphFormat: String, Sendable { case text, dot, mermaid, json }

    public struct ExploreOptions {
        public var depth: Int?
        public var maxStates = 4_000_000
        public var format = GraphFormat.text
        public var properties: [Property] = []
        public var coverage = false
        public var families = StateSearch.defaultFamilies
        public var waits = StateSearch.defaultWaits
        public var sessions = 1
        public var threads = StateSearch.defaultThreads
        /// Stop as soon as the answer is known: at the first broken invariant or `--never`, or
        /// once every property is a `--reachable` that was reached (Spin and TLC stop at the
        /// first error too). The shortest flow is the same: states are found breadth first.
        public var stopAtFirst = false
        /// The most memory the process may take: past it the search stops as at --max-states.
        public var maxBytes = SearchGuard.defaultMaxBytes
        /// Where the progress line goes (a terminal's standard error), or nil for none.
        public var progress: ((String) -> Void)?
        public init(depth: Int? = nil) { self.depth = depth }
        public var bounds: StateSearch.Bounds {
            var b = StateSearch.Bounds(depth: depth, maxStates: maxStates, families: families, waits: waits, sessions: sessions)
            b.threads = threads
            return b
        }
    }

    /// What a renderer can still draw: Graphviz lays out about a thousand nodes in seconds;
    /// Mermaid (GitHub, mermaid.live) refuses more than 500 edges or 50,000 characters by default.
    public static let dotLimit = (states: 1_000, edges: 5_000)
    public static let mermaidLimit = (edges: 500, characters: 50_000)

    /// A throttled progress line: states, depth, rate, elapsed.
    final class ProgressLine {
        let sink: ((String) -> Void)?
        let started = DispatchTime.now().uptimeNanoseconds
        var last: UInt64 = 0
        var shown = false
        let command: String
        init(_ sink: ((String) -> Void)?, command: String = "explore") { self.sink = sink; self.command = command }
        var seconds: Double { Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9 }
        func update(_ s: StateSearch) {
            guard let sink else { return }
            let now = DispatchTime.now().uptimeNanoseconds
            guard now - last > 250_000_000 else { return }
            last = now
            let t = seconds
            sink("\r\u{1B}[K\(command): \(grouped(s.count)) states, depth \(s.depth), \(grouped(Int(Double(s.count) / max(t, 0.001)))) states/s, \(String(format: "%.1f", t)) s")
            shown = true
        }
        func clear() { if shown { sink?("\r\u{1B}[K") } }
    }

    /// `locflow explore`: every reachable state, the invariants and the user's properties checked on each.
    public static func explore(config: AppConfig, configLines: [String], options: ExploreOptions, io: CommandIO) -> Int32 {
        let graph = options.format == .dot || options.format == .mermaid
        var bounds = options.bounds
        bounds.keepLastOutputs = options.properties.contains { $0.readsLastOutputs }
        if graph { bounds.maxStates = min(bounds.maxStates, dotLimit.states + 1) }
        var search = StateSearch(config: config, bounds: bounds,
                                 keepEdges: options.format != .text || options.properties.contains { $0.needsEdges })
        var violations: [(state: Int, message: String)] = []
        var seen = Set<String>()
        var trackers = options.properties.map(PropertyTracker.init)
        var observations: [Observation] = []
        let line = ProgressLine(options.progress)
        let stop = StopRequest()
        search.stop = stop
        var watch = SearchGuard.Watch(maxBytes: options.maxBytes)
        search.run(visit: { state, w in
            for m in Invariants.check(w) where seen.insert(m).inserted { violations.append((state, m)) }
            for i in trackers.indices { trackers[i].visit(state, w) }
            if options.format != .text { observations.append(Observation(w)) }
            if options.stopAtFirst, answerKnown(violations: !violations.isEmpty, trackers) { stop.request(.answerKnown) }
            watch.check(stop)
        }, progress: { line.update($0) })
        let seconds = line.seconds
        line.clear()

        if graph, let refusal = graphRefusal(search, observations: observations, format: options.format) {
            io.err("locflow explore: " + refusal)
            return 2
        }
        switch options.format {
        case .text: break
        case .dot:
            io.out("digraph locflow {")
            io.out("  rankdir=LR; node [shape=box, fontsize=10]; edge [fontsize=9];")
            for (i, o) in observations.enumerated() { io.out("  s\(i) [label=\(quote(o.label))];") }
            for e in search.edgeFrom.indices {
                io.out("  s\(search.edgeFrom[e]) -> s\(search.edgeTo[e]) [label=\(quote(search.actionTable[Int(search.edgeAction[e])].flowText))];")
            }
            io.out("}")
        case .mermaid:
            io.out(mermaid(search, observations: observations))
        case .json:
            for (i, o) in observations.enumerated() {
                var j = JSONWriter()
                j.field("state", .int(i))
                j.field("depth", .int(search.depth(of: i)))
                j.field("status", .string(o.status.rawValue))
                j.field("accuracy", .string(o.accuracy.rawValue))
                j.field("settings", .string(o.settings.rawValue))
                j.field("prompt", .string(o.prompt?.rawValue ?? "none"))
                j.field("lifecycle", .string(o.lifecycle.rawValue))
                j.field("inUse", .bool(o.inUse))
                j.field("path", .array(search.path(to: i).map { .string($0.flowText) }))
                io.out(j.finish())
            }
            for e in search.edgeFrom.indices {
                var j = JSONWriter()
                j.field("from", .int(Int(search.edgeFrom[e]))); j.field("to", .int(Int(search.edgeTo[e])))
                j.field("action", .string(search.actionTable[Int(search.edgeAction[e])].flowText))
                io.out(j.finish())
            }
        }
        let sink = options.format == .text ? io.out : io.err
        sink(summary(search, seconds: seconds))
        var failed = false
        if violations.isEmpty {
            sink(search.exhausted ? "every invariant holds in every state" : "every invariant holds in every state found")
        }
        for v in violations {
            failed = true
            sink("invariant broken: \(v.message)")
            sink(search.flow(to: v.state, configLines: configLines, title: "reaches a state where \(v.message)"))
        }
        for t in trackers {
            switch t.property {
            case .never(let c):
                if let s = t.first {
                    failed = true
                    sink("property broken: \(t.property.text): reached in \(steps(search.depth(of: s)))")
                    sink(search.flow(to: s, configLines: configLines, expectations: t.firstExpect,
                                     title: "reaches \(c.text), which \(t.property.text) forbids"))
                } else {
                    sink("property holds: \(t.property.text)" + (search.exhausted ? "" : " (in every state found under the bounds)"))
                }
            case .reachable(let c):
                if let s = t.first {
                    sink("property holds: \(t.property.text): reached in \(steps(search.depth(of: s)))")
                    sink(search.flow(to: s, configLines: configLines, expectations: t.firstExpect, title: "reaches \(c.text)"))
                } else {
                    failed = true
                    sink("property broken: \(t.property.text): no state found has \(c.text)" + widen(search, for: c))
                }
            case .leadsTo(let a, let b):
                if let s = t.leadsToCounterexample(search) {
                    failed = true
                    sink("property broken: \(t.property.text): from this state with \(a.text) no state with \(b.text) can be reached")
                    sink(search.flow(to: s, configLines: configLines, title: "reaches \(a.text), from where \(b.text) is unreachable"))
                } else {
                    sink("property holds: \(t.property.text) (\(grouped(t.aCount)) states with \(a.text))"
                         + (search.exhausted ? "" : "; states at the bounds count as reaching it"))
                }
            }
        }
        if options.coverage { for l in coverage(search) { sink(l) } }
        if search.stopReason == .interrupted { return 130 }
        return failed ? 1 : 0
    }

    /// What could still find a state the search did not: a deeper search, or the action
    /// groups it left out (the iOS 13 deferred prompt needs the device and the significant-change
    /// service, which the default groups leave out). Empty when the search saw everything.
    static func widen(_ search: StateSearch, for conditions: [StateCondition] = []) -> String {
        let ways = widenWays(search, for: conditions)
        return ways.isEmpty ? "" : " (" + ways.joined(separator: "; ") + ")"
    }

    /// The groups that start what a condition's key is about (a source delivering, a pause, a fix).
    static let familiesFor: [String: [StateSearch.Family]] = [
        "delivering.standard": [.updates], "delivering.liveUpdates": [.liveUpdates], "delivering.monitor": [.monitor],
        "delivering.significantChanges": [.significant], "delivering.visits": [.visits], "delivering.beacons": [.beacons],
        "delivering.beaconRegions": [.beacons], "delivering.regions": [.regions], "paused": [.pausing],
        "fix": [.fixes, .updates, .liveUpdates], "widgetUpdates": [.widgets], "indicator": [.updates, .background],
    ]

    static func widenWays(_ search: StateSearch, for conditions: [StateCondition] = []) -> [String] {
        var ways: [String] = []
        if search.stoppedEarly { ways.append("run without --stop-at-first") }
        else if case .memory = search.stopReason { ways.append("raise --max-memory, or bound --depth") }
        else if search.stopReason == .interrupted { ways.append("let the search finish") }
        else if search.truncated { ways.append("raise --max-states") } else if !search.exhausted { ways.append("widen --depth") }
        // The groups left out that would add an action on this platform and app.
        let missing = StateSearch.Family.allCases.filter {
            !search.bounds.families.contains($0) && StateSearch.emptyFamily($0, search.config, sessions: search.bounds.sessions) == nil
        }
        // First the ones that start what the condition is about, by name.
        let wanted = missing.filter { f in conditions.contains { !$0.negated && familiesFor[$0.key, default: []].contains(f) } }
        if !wanted.isEmpty {
            ways.append("--actions default," + wanted.map(\.rawValue).joined(separator: ",") + " adds what " + conditions.filter { familiesFor[$0.key] != nil }.map(\.key).joined(separator: " and ") + " needs")
        }
        if !missing.isEmpty {
            ways.append("under \(search.bounds.families == StateSearch.defaultFamilies ? "the default actions" : "these actions"): --actions all adds "
                        + missing.map(\.rawValue).joined(separator: ", "))
        }
        return ways
    }

    /// `--stop-at-first`: nothing later in the search can change the verdict. A broken invariant
    /// or `--never` fails the run whatever follows; `--reachable` properties all reached leave
    /// nothing to decide (a `--never` that holds so far, or a `--leads-to`, needs every state).
    static func answerKnown(violations: Bool, _ trackers: [PropertyTracker]) -> Bool {
        if violations { return true }
        var allReached = !trackers.isEmpty
        for t in trackers {
            switch t.property {
            case .never: if t.first != nil { return true }; allReached = false
            case .reachable: if t.first == nil { allReached = false }
            case .leadsTo: allReached = false
            }
        }
        return allReached
    }

    static func steps(_ n: Int) -> String { n == 1 ? "1 step" : "\(n) steps" }

    static func summary(_ search: StateSearch, seconds: Double) -> String {
        let how: String
        switch search.stopReason {
        case _ where search.exhausted: how = "complete"
        case .answerKnown?: how = "stopped once the answer was known (--stop-at-first)"
        case .interrupted?: how = "incomplete: interrupted (Ctrl-C)"
        case .memory(let b)?: how = "incomplete: stopped at the memory limit, \(SearchGuard.describe(b)) (--max-memory)"
        case nil:
            how = search.truncated ? "stopped at \(grouped(search.bounds.maxStates)) state\(search.bounds.maxStates == 1 ? "" : "s") (--max-states)"
                : "stopped at --depth \(search.bounds.depth ?? 0)"
        }
        return "\(grouped(search.count)) state\(search.count == 1 ? "" : "s"), \(grouped(search.transitions)) edge\(search.transitions == 1 ? "" : "s"), depth \(search.depth), \(how)"
            + " (\(search.bounds.text): \(search.actions.count) actions tried in each state; "
            + String(format: "%.2f s on %d thread%@, %@ states/s, %@)", seconds, search.bounds.threads,
                     search.bounds.threads == 1 ? "" : "s", grouped(Int(Double(search.count) / max(seconds, 0.000_001))),
                     storage(search))
    }

    /// What the stored states take, and what the whole process took at its peak (the frontier's
    /// worlds, the edges and observations a format keeps, the program itself). Below a thousand
    /// states the table's first 1,024 slots dominate, and a figure a state would mislead (12,300
    /// bytes for one state): the totals then.
    static func storage(_ search: StateSearch) -> String {
        let peak = SearchGuard.peakBytes()
        let mb = grouped((peak + (1 << 20) - 1) >> 20)
        return search.count >= 1_000
            ? "\(search.storedBytes / search.count) bytes/state stored, peak memory \(mb) MB: \(grouped(peak / search.count)) bytes/state in all"
            : "\(grouped((search.storedBytes + 1_023) / 1_024)) KB stored, peak memory \(mb) MB"
    }

    static func coverage(_ search: StateSearch) -> [String] {
        let fired = Rule.allCases.filter { search.firedRules.contains($0) }
        let never = Rule.allCases.filter { !search.firedRules.contains($0) }
        var out = ["coverage: \(fired.count) of \(Rule.allCases.count) rules fired"]
        out.append("  rules that fired: " + fired.map(\.name).joined(separator: ", "))
        out.append("  rules that never fired (\(never.count)): " + (never.isEmpty ? "none" : never.map(\.name).joined(separator: ", ")))
        let disabled = search.actionTable.indices.filter { !search.enabled[$0] }.map { search.actionTable[$0].flowText }
        out.append("  actions never enabled (\(disabled.count)): " + (disabled.isEmpty ? "none" : disabled.joined(separator: ", ")))
        return out
    }

    static func mermaid(_ search: StateSearch, observations: [Observation]) -> String {
        var lines = ["stateDiagram-v2", "  [*] --> s0"]
        for (i, o) in observations.enumerated() { lines.append("  s\(i) : \(mermaidText(o.label))") }
        for e in search.edgeFrom.indices {
            lines.append("  s\(search.edgeFrom[e]) --> s\(search.edgeTo[e]) : \(mermaidText(search.actionTable[Int(search.edgeAction[e])].flowText))")
        }
        return lines.joined(separator: "\n")
    }

    /// Why a graph is too large to draw (with what to do instead), or nil when it can be drawn.
    static func graphRefusal(_ search: StateSearch, observations: [Observation], format: GraphFormat) -> String? {
        let edges = search.edgeFrom.count
        let tooBig: String?
        if format == .dot {
            tooBig = search.count > dotLimit.states || edges > dotLimit.edges
                ? (search.truncated ? "more than \(grouped(dotLimit.states)) states" : "\(grouped(search.count)) states and \(grouped(edges)) edges") + ": more than Graphviz lays out in reasonable time (\(grouped(dotLimit.states)) states, \(grouped(dotLimit.edges)) edges)" : nil
        } else {
            let size = edges > mermaidLimit.edges ? 0 : mermaid(search, observations: observations).utf8.count
            tooBig = search.truncated || edges > mermaidLimit.edges || size > mermaidLimit.characters
                ? (search.truncated ? "more than \(grouped(dotLimit.states)) states" : "\(grouped(search.count)) states and \(grouped(edges)) edges") + ": more than Mermaid draws (at most \(mermaidLimit.edges) edges and \(grouped(mermaidLimit.characters)) characters)" : nil
        }
        guard let tooBig else { return nil }
        // The deepest depth whose states alone fit.
        var fits = 0
        for d in 0..<search.levelStarts.count {
            let states = d + 1 < search.levelStarts.count ? search.levelStarts[d + 1] : search.count
            if states * (format == .dot ? 1 : 8) <= (format == .dot ? dotLimit.states : mermaidLimit.edges) { fits = d }
        }
        return "--format \(format.rawValue): the graph has \(tooBig).\n"
            + "  For the picture a designer reads (prompts, Settings, taps), use `locflow map`;\n"
            + "  for a smaller graph, bound the steps (--depth \(max(1, fits)) or less);\n"
            + "  for tools, use --format json (no size limit)."
    }

    static func mermaidText(_ s: String) -> String {
        s.replacingOccurrences(of: ":", with: "꞉").replacingOccurrences(of: "\"", with: "'")
    }

    /// `locflow paths --to CONDITIONS`: the shortest flow to each matching state. Each flow is
    /// runnable on its own: stdout gets one (the shortest) unless `max` asks for more; with
    /// `directory`, one file per path.
    ///
    /// The search is breadth-first and numbers its states in the same order on any number of
    /// threads, so the first `max` matching states it meets are the `max` shortest: it stops
    /// there, unless `countAll` asks how many states match in all (which needs every state).
    public static func paths(config: AppConfig, configLines: [String], to: String, max: Int?, bounds: StateSearch.Bounds,
                             maxBytes: Int = SearchGuard.defaultMaxBytes, directory: String? = nil, countAll: Bool = false, progress: ((String) -> Void)? = nil,
                             io: CommandIO) -> Int32 {
        let conditions: [StateCondition]
        do { conditions = try StateCondition.parse(to) } catch {
            io.err("locflow paths: " + error.message)
            return 2
        }
        let limit = max ?? (directory == nil ? 1 : 10)
        var bounds = bounds
        bounds.keepLastOutputs = conditions.contains { $0.key == "completion" }
        var search = StateSearch(config: config, bounds: bounds)
        let stop = StopRequest()
        search.stop = stop
        var watch = SearchGuard.Watch(maxBytes: maxBytes)
        var matches: [(state: Int, expect: [String], label: String)] = []
        var total = 0
        let line = ProgressLine(progress, command: "paths")
        search.run(visit: { state, w in
            watch.check(stop)
            guard conditions.holds(w) else { return }
            total += 1
            if matches.count < limit { matches.append((state, conditions.expectLines(w), Observation(w).label)) }
            if !countAll, matches.count == limit { stop.request(.answerKnown) }
        }, progress: { line.update($0) })
        line.clear()
        // Ctrl-C or the memory limit: the paths found so far are still the shortest.
        let why: String? = switch search.stopReason {
        case .interrupted?: "interrupted (Ctrl-C)"
        case .memory(let b)?: "stopped at the memory limit, \(SearchGuard.describe(b)) (--max-memory)"
        default: nil
        }
        if let why { io.err("locflow paths: the search was \(why) after \(grouped(search.count)) states, depth \(search.depth); what it found is below") }
        let exitAfter: Int32 = search.stopReason == .interrupted ? 130 : 0
        // The total: unknown when the search stopped at the last path wanted, a lower bound
        // when --max-states cut it short.
        let cut = search.truncated && !search.stoppedEarly
        let of = search.stoppedEarly ? "" : " of \(cut ? "at least " : "")\(grouped(total))"
        if matches.isEmpty {
            io.out("no reachable state has \(to) (" + (["searched \(grouped(search.count)) states"] + widenWays(search, for: conditions)).joined(separator: "; ") + ")")
            return exitAfter == 130 ? 130 : 1
        }
        func flow(_ n: Int) -> String {
            let m = matches[n]
            return search.flow(to: m.state, configLines: configLines, expectations: m.expect,
                               title: "How the app ends up with \(to) (path \(n + 1)\(of): \(steps(search.depth(of: m.state))); \(m.label))")
        }
        if let directory {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: directory, isDirectory: &isFolder) {
                guard isFolder.boolValue else {
                    io.err("locflow paths: \(directory): is not a folder (-o names the folder the path-NN.flow files go in)")
                    return 2
                }
            } else {
                do { try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true) } catch {
                    io.err("locflow paths: cannot create the folder \(directory): \(error.localizedDescription)")
                    return 2
                }
            }
            // The set one query writes is path-01.flow ... path-NN.flow, nothing else: every name
            // is checked before any is written (a link, a read-only file or anything but a regular
            // file stops the query with nothing written), and path-MM.flow files of an earlier
            // query beyond NN are removed, so the folder holds this query's paths alone.
            let names = matches.indices.map { (directory as NSString).appendingPathComponent(PathFiles.name($0 + 1)) }
            let stale: [String]
            do throws(FlowError) {
                for name in names { _ = try OutputFile.resolve(name, protectingInputs: true) }
                stale = try PathFiles.stale(in: directory, keeping: names.count)
            } catch {
                io.err("locflow paths: " + error.message + "; nothing was written")
                return 2
            }
            for n in matches.indices {
                let outcome: OutputFile.Outcome
                do { outcome = try OutputFile.write(names[n], flow(n), protectingInputs: true) } catch {
                    io.err("locflow paths: " + error.message)
                    return 2
                }
                io.out("locflow paths: wrote \(TextSafety.escape(names[n])) (\(steps(search.depth(of: matches[n].state))))\(outcome.note)")
            }
            for name in stale {
                if unlink(name) == 0 { io.out("locflow paths: removed \(TextSafety.escape(name)) (an earlier query's path: this one found \(matches.count))") }
            }
            io.out(search.stoppedEarly
                   ? "the \(matches.count) shortest; each file runs with locflow check (the search stopped there: --count counts every matching state)"
                   : "\(matches.count)\(of) matching state\(total == 1 ? "" : "s"); each file runs with locflow check"
                     + (cut ? " (the search stopped at " + (why ?? "--max-states \(grouped(bounds.maxStates))") + ")" : ""))
            return exitAfter
        }
        for n in matches.indices {
            if n > 0 {
                io.out("")
                io.out("# ===== path \(n + 1)\(of) (a separate flow: save each one with -o DIR) =====")
            }
            io.out(flow(n), terminator: "")
        }
        return exitAfter
    }
}

/// The files `paths -o DIR` writes: path-01.flow, path-02.flow ... (two digits at least).
enum PathFiles {
    /// The first line every path file starts with: how an earlier query's file is known.
    static let header = "# How the app ends up with "

    static func name(_ n: Int) -> String { n < 10 ? "path-0\(n).flow" : "path-\(n).flow" }

    /// The number in a path file's name (path-07.flow: 7), nil for any other name.
    static func number(_ name: String) -> Int? {
        guard name.hasPrefix("path-"), name.hasSuffix(".flow") else { return nil }
        let digits = name.dropFirst(5).dropLast(5)
        guard digits.count >= 2, digits.count <= 6, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(digits)
    }

    /// The path files in `dir` numbered above `count`: an earlier query's, to remove once this
    /// query's are written. One that is not a regular file written by `paths` (a link, a folder,
    /// a file of someone else's) is not ours to remove: the query stops before writing anything.
    static func stale(in dir: String, keeping count: Int) throws(FlowError) -> [String] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []
        var found: [String] = []
        for entry in entries.sorted() {
            guard let n = number(entry), n > count else { continue }
            let path = (dir as NSString).appendingPathComponent(entry)
            var st = stat()
            guard lstat(path, &st) == 0, st.st_mode & S_IFMT == S_IFREG, firstLine(of: path).hasPrefix(header) else {
                throw FlowError(nil, "\(path): is not a path an earlier query wrote (this query writes \(name(1))...\(name(count)) and removes an earlier query's higher numbers); move it away or choose another folder")
            }
            found.append(path)
        }
        return found
    }

    /// The first line of a file (at most 4 KB read, never through a link).
    static func firstLine(of path: String) -> String {
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else { return "" }
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: 4096)
        let n = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard n > 0 else { return "" }
        return String(decoding: bytes[..<n].prefix(while: { $0 != 10 }), as: UTF8.self)
    }
}

/// 1234567 as "1,234,567".
func grouped(_ n: Int) -> String {
    let s = String(n.magnitude)
    var out = ""
    for (i, c) in s.enumerated() {
        if i > 0 && (s.count - i) % 3 == 0 { out.append(",") }
        out.append(c)
    }
    return (n < 0 ? "-" : "") + out
}
