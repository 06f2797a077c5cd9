import Foundation
import LocflowCore

/// `locflow diff`: one flow run on two configurations (platforms, assumptions), compared step
/// by step on everything observable: status, accuracy, Settings and its options, the prompt and
/// its buttons in order, lifecycle, in use, sessions, delivering, diagnostics, the callbacks each
/// step delivered, the expectations' results, refusals, and the rules that decided each step.
public enum FlowDiff {
    /// One side: configuration statements applied after the flow's own (so they win).
    public struct Side: Sendable {
        public var overrides: [ConfigStatement]
        public init(overrides: [ConfigStatement]) { self.overrides = overrides }

        /// "ios14", "ios18 allowOnceGrace=30s", or "as written" with no overrides.
        public var label: String {
            let parts = overrides.map { c -> String in
                switch c {
                case .platform(let p): p.rawValue
                case .assume(let name, let value):
                    "\(name)=" + String(ConfigStatement.assume(name, value).flowText.split(separator: " ").last ?? "")
                default: c.flowText
                }
            }
            return parts.isEmpty ? "as written" : parts.joined(separator: " ")
        }
    }

    /// One difference: at a step (or the start), one observable, its value on each side.
    public struct Row: Sendable, Hashable {
        public var line: Int?
        public var step: String
        public var field: String
        public var a: String
        public var b: String
    }

    public struct Result: Sendable {
        public var a: String
        public var b: String
        public var rows: [Row]
        /// Statements compared (the start counts as one).
        public var compared: Int
        /// How many of them differ somewhere.
        public var differing: Int
        /// Differing steps past `maxRows` rows, counted and not shown.
        public var unshown = 0
        public var maxRows = FlowDiff.maxRows
        public var isSame: Bool { rows.isEmpty }
        /// Steps with a row shown (the others only carry a difference on from the step before).
        public var shownSteps: Int {
            // Rows come grouped by step: a new step starts where the row's step changes.
            var count = 0
            var last: (Int?, String)?
            for row in rows where last.map({ $0 != (row.line, row.step) }) ?? true {
                count += 1
                last = (row.line, row.step)
            }
            return count
        }
        /// The closing count in words.
        public var countText: String {
            let shown = shownSteps, carried = differing - shown
            return "\(differing) of \(compared) steps differ"
                + (carried - unshown > 0 ? " (\(shown) shown; the other \(carried - unshown) only carry a difference on from the step before)" : "")
                + (unshown > 0 ? "; \(unshown) more differ past the first \(maxRows) rows, not shown" : "")
        }
    }

    /// What one side observed after one statement.
    struct Snapshot {
        var line: Int?
        var step: String
        var fields: [Observed.Field]
    }

    /// One side's run of the flow, a statement at a time: the snapshots are made as they are
    /// compared and dropped, so memory does not grow with the flow (all of them at once, a
    /// 16 MB flow's diff took 4.3 GB).
    struct SideRun {
        let flow: Flow
        let platform: Platform
        var world: World
        var index = 0
        var lastRefused = false
        /// The snapshot after the start.
        let start: Snapshot

        init(_ flow: Flow, baseDirectory: String, side: Side) throws(FlowError) {
            var builder = ConfigBuilder(baseDirectory: baseDirectory)
            for line in flow.config {
                guard case .config(let c) = line.statement else { continue }
                try builder.apply(c, at: SourceLocation(file: flow.file, line: line.line, column: 1))
            }
            for c in side.overrides { try builder.apply(c, at: nil) }
            let config = builder.finish()
            let (world, started) = World.start(config)
            var first = FlowDiff.fields(world, [started], expectation: nil)
            first.insert(Observed.Field(name: "callback method", value: config.profile.callbackName), at: 0)
            self.flow = flow
            self.platform = config.platform
            self.world = world
            self.start = Snapshot(line: nil, step: "start", fields: first)
        }

        /// The snapshot after the next statement, nil at the end.
        mutating func next() -> Snapshot? {
            while index < flow.lines.count {
                let line = flow.lines[index]
                index += 1
                switch line.statement {
                case .config: continue
                case .step(let e):
                    var ts: [Transition] = []
                    world.step(e) { t, _ in ts.append(t) }
                    lastRefused = ts.contains { $0.isRefused && $0.event == e }
                    return Snapshot(line: line.line, step: line.source, fields: FlowDiff.fields(world, ts, expectation: nil))
                case .expect(let x):
                    let result: String
                    if case .refused = x {
                        result = lastRefused ? "holds" : "fails: the step was performed"
                    } else {
                        let (ok, found) = Expectations.check(x, in: world)
                        result = ok ? "holds" : "fails: found \(found)"
                    }
                    return Snapshot(line: line.line, step: line.source, fields: [Observed.Field(name: "expect", value: result)])
                }
            }
            return nil
        }
    }

    /// The most rows a diff shows; the steps past them are counted, not shown.
    public static let maxRows = 5_000

    /// The observables after a step, then what the step itself did: callbacks, refusal, rules.
    static func fields(_ w: World, _ ts: [Transition], expectation: String?) -> [Observed.Field] {
        var f = Observed.fields(w)
        let callbacks = ts.flatMap(\.callbacks).map(\.text)
        f.append(Observed.Field(name: "callbacks delivered", value: callbacks.isEmpty ? "none" : callbacks.joined(separator: ", ")))
        let refusal = ts.compactMap(\.refusal).first
        f.append(Observed.Field(name: "refused", value: refusal.map { "refused: \($0.text)" } ?? "no"))
        let rules = ts.flatMap(\.why).filter { $0.rule != .callbackOnChange && $0.rule != .callbackAtLaunch }.map(\.text)
        var seen: Set<String> = []
        f.append(Observed.Field(name: "rules", value: rules.filter { seen.insert($0).inserted }.joined(separator: "; ")))
        return f
    }

    public static func run(_ flow: Flow, baseDirectory: String, a: Side, b: Side, maxRows: Int = FlowDiff.maxRows) throws(FlowError) -> Result {
        var ra = try SideRun(flow, baseDirectory: baseDirectory, side: a)
        var rb = try SideRun(flow, baseDirectory: baseDirectory, side: b)
        let pa = ra.platform, pb = rb.platform
        var labelA = a.label, labelB = b.label
        if labelA == labelB { labelA = "A: " + labelA; labelB = "B: " + labelB }
        if a.overrides.isEmpty { labelA = pa.rawValue + " (as written)" }
        if b.overrides.isEmpty { labelB = pb.rawValue + " (as written)" }
        var rows: [Row] = []
        var differing = 0
        var carried: [String: [String]] = [:]
        var compared = 0
        var unshown = 0
        var pair: (Snapshot, Snapshot)? = (ra.start, rb.start)
        while let (x, y) = pair {
            compared += 1
            pair = ra.next().flatMap { na in rb.next().map { (na, $0) } }
            var names: [String] = []
            for f in x.fields + y.fields where !names.contains(f.name) { names.append(f.name) }
            var here: [Row] = []
            for name in names {
                func value(_ s: Snapshot) -> String {
                    guard let v = s.fields.first(where: { $0.name == name })?.value else { return "–" }
                    return v.isEmpty ? "(none)" : v
                }
                let va = value(x), vb = value(y)
                if va != vb { here.append(Row(line: x.line, step: x.step, field: name, a: va, b: vb)) }
            }
            // What the step did comes after what can be seen; the rules only explain a visible difference.
            let last = ["callbacks delivered", "refused", "rules"]
            here = here.filter { !last.contains($0.field) } + last.compactMap { n in here.first { $0.field == n } }
            if here.count == 1, here[0].field == "rules" { here = [] }
            if !here.isEmpty { differing += 1 }
            // A difference of state carried over unchanged from the statement before is not repeated.
            let now = Dictionary(here.map { ($0.field, [$0.a, $0.b]) }, uniquingKeysWith: { a, _ in a })
            let shown = here.filter { row in last.contains(row.field) || row.field == "expect" || carried[row.field] != [row.a, row.b] }
            if x.fields.count > 1 { carried = now }  // an expect line carries the state on
            if shown.count == 1, shown[0].field == "rules" { continue }
            if rows.count + shown.count > maxRows { if !shown.isEmpty { unshown += 1 }; continue }
            rows += shown
        }
        return Result(a: labelA, b: labelB, rows: rows, compared: compared, differing: differing, unshown: unshown, maxRows: maxRows)
    }

    // MARK: Output

    public static func text(_ r: Result, file: String) -> String {
        var out = ["locflow diff \(file): \(r.a) vs \(r.b)"]
        // Long labels (many --assume) are named A and B in the columns, each said once above.
        let short = max(r.a.count, r.b.count) > 24
        let (colA, colB) = short ? ("A", "B") : (r.a, r.b)
        if short { out += ["  A = \(r.a)", "  B = \(r.b)"] }
        let width = max(colA.count, colB.count)
        let fieldWidth = min(30, (r.rows.map(\.field.count).max() ?? 0) + 2)
        func pad(_ s: String, _ n: Int) -> String { s + String(repeating: " ", count: max(0, n - s.count)) }
        var current: (Int?, String)?
        for row in r.rows {
            if current == nil || current! != (row.line, row.step) {
                current = (row.line, row.step)
                out.append("")
                out.append((row.line.map { "line \($0): " } ?? "") + row.step)
            }
            // A field name too long for its column takes a line of its own, never the label's room.
            var field = row.field
            if field.count > fieldWidth - 2 { out.append("  " + field); field = "" }
            out.append("  " + pad(field, fieldWidth) + pad(colA, width) + "  " + row.a)
            out.append("  " + pad("", fieldWidth) + pad(colB, width) + "  " + row.b)
        }
        out.append("")
        out.append(r.isSame ? "no differences in \(r.compared) steps" : r.countText)
        return out.joined(separator: "\n") + "\n"
    }

    public static func markdown(_ r: Result, file: String) -> String {
        let esc = Markdown.text, code = Markdown.code
        var md = ["# locflow diff: \(esc(file))", "", "\(code(r.a)) compared with \(code(r.b)), step by step; only what differs.", ""]
        if r.isSame {
            md.append("No differences in \(r.compared) steps.")
        } else {
            md.append("| line | step | what | \(esc(r.a)) | \(esc(r.b)) |")
            md.append("|---|---|---|---|---|")
            for row in r.rows {
                md.append("| \(row.line.map(String.init) ?? "") | \(code(row.step)) | \(esc(row.field)) | \(esc(row.a)) | \(esc(row.b)) |")
            }
            md.append("")
            md.append(r.countText + ".")
        }
        return md.joined(separator: "\n") + "\n"
    }
}
