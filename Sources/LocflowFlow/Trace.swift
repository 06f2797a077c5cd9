import LocflowCore

/// The words of a text trace: English here; the explorer's module gives Korean ones
/// (`run --lang ko`). A step from a flow line is shown as written (it is the flow), timers and
/// everything the model says in the words given.
public struct TraceWords: Sendable {
    /// A step the flow did not write (a timer), and the start.
    public var event: @Sendable (Event) -> String
    public var start: String
    public var why: @Sendable (Why) -> String
    public var refused: String
    public var output: @Sendable (Output) -> String
    /// The state after the entry.
    public var state: @Sendable (World) -> String
    /// The closing count: passed, failed.
    public var closing: @Sendable (Int, Int) -> String

    public init(event: @escaping @Sendable (Event) -> String, start: String, why: @escaping @Sendable (Why) -> String, refused: String,
                output: @escaping @Sendable (Output) -> String, state: @escaping @Sendable (World) -> String,
                closing: @escaping @Sendable (Int, Int) -> String) {
        self.event = event; self.start = start; self.why = why; self.refused = refused
        self.output = output; self.state = state; self.closing = closing
    }

    public static let english = TraceWords(
        event: { $0.flowText }, start: "start: the person launches the app", why: { $0.text }, refused: "REFUSED",
        output: { $0.text },
        state: { w in
            var state = "\(w.status.rawValue) \(w.accuracy.rawValue) · settings \(w.settingsChoice.rawValue) · \(w.lifecycle.rawValue)"
            state += w.inUse ? " (in use)" : " (not in use)"
            if let p = w.prompt { state += " · prompt \(p.kind.rawValue)" }
            if w.fixes > 0 { state += " · fixes \(w.fixes) (last \(w.lastFix?.rawValue ?? "none"))" }
            if w.controlCenter != .none { state += " · Control Center \(w.controlCenter.rawValue)" }
            if w.process.paused { state += " · updates paused" }
            return state
        },
        closing: { "\($0) passed, \($1) failed" })
}

/// Formats trace entries for `locflow run`.
public enum TraceFormat {

    /// An `expect` line's result, carried by the entry before it.
    public struct ExpectationResult: Sendable {
        public var line: Int
        public var source: String
        public var passed: Bool
        /// What was found instead, when it failed.
        public var message: String?
    }

    /// One JSON Lines object (docs/flow-format.md §7), keys in a fixed order; `expectations` are
    /// the `expect` lines written after this entry's step, in order (an extension of §7).
    public static func json(_ e: FlowRunner.Entry, expectations: [ExpectationResult] = []) -> String {
        let w = e.world, t = e.transition
        var j = JSONWriter()
        j.field("line", e.line.map { .int($0) } ?? .null)
        j.field("time", .number(Double(t.time) / 1000))
        j.field("event", .string(eventText(e)))
        j.field("actor", .string(t.event.actor.rawValue))
        j.field("refused", .bool(t.isRefused))
        j.field("status", .string(w.status.rawValue))
        j.field("accuracy", .string(w.accuracy.rawValue))
        j.field("settings", .string(w.settingsChoice.rawValue))
        j.field("prompt", .string(w.prompt?.kind.rawValue ?? "none"))
        j.field("lifecycle", .string(w.lifecycle.rawValue))
        j.field("inUse", .bool(w.inUse))
        j.field("callbacks", .array(t.callbacks.map { .object([("status", .string($0.status.rawValue)), ("accuracy", .string($0.accuracy.rawValue))]) }))
        j.field("fix", .string(w.lastFix?.rawValue ?? "none"))
        j.field("fixes", .int(w.fixes))
        j.field("paused", .bool(w.process.paused))
        j.field("widgetUpdates", .bool(w.widgetUpdates))
        j.field("controlCenter", .string(w.controlCenter.rawValue))
        j.field("error", .string(w.lastError.rawValue))
        j.field("diagnostics", .object(w.diagnosticSources.map { ($0.name, .array(w.diagnostics($0).map { .string($0.rawValue) })) }))
        j.field("outputs", .array(t.outputs.map { .string($0.text) }))
        var why = t.why
        if let r = t.refusal { why.insert(r, at: 0) }
        j.field("why", .array(why.map { .object([("rule", .string($0.rule.name)), ("text", .string($0.rule.text + ($0.detail.map { " (\($0))" } ?? ""))), ("source", .string($0.rule.source)),
                                                      ("sources", .array($0.rule.sources.map(Commands.sourceJSON)))]) }))
        j.field("expectations", .array(expectations.map { x in
            .object([("line", .int(x.line)), ("expect", .string(x.source)), ("passed", .bool(x.passed))]
                    + (x.message.map { [("message", .string($0))] } ?? []))
        }))
        return j.finish()
    }

    static func eventText(_ e: FlowRunner.Entry) -> String {
        e.isStart ? TraceWords.english.start : e.transition.event.flowText
    }

    /// A human-readable trace entry.
    public static func text(_ e: FlowRunner.Entry, words: TraceWords = .english) -> String {
        let w = e.world, t = e.transition
        let time = formatClock(t.time).leftPad(8)
        let where_ = (e.line.map { "L\($0)" } ?? "").leftPad(5)
        let step = e.isStart ? words.start : e.line == nil ? words.event(t.event) : t.event.flowText
        let indent = String(repeating: " ", count: 16)
        var out = "\(time) \(where_)  \(step)"
        if let r = t.refusal { out += "\n" + indent + "\(words.refused): \(words.why(r))" }
        for o in t.outputs { out += "\n" + indent + "→ \(words.output(o))" }
        for why in t.why { out += "\n" + indent + "· \(words.why(why))" }
        out += "\n" + indent + "= \(words.state(w))"
        return out
    }
}

extension String {
    func leftPad(_ n: Int) -> String { count >= n ? self : String(repeating: " ", count: n - count) + self }
    func rightPad(_ n: Int) -> String { count >= n ? self : self + String(repeating: " ", count: n - count) }
}

/// A minimal JSON writer with a stable key order.
public struct JSONWriter {
    public indirect enum Value {
        case null, bool(Bool), int(Int), number(Double), string(String), array([Value]), object([(String, Value)])
    }

    var fields: [(String, Value)] = []

    public init() {}

    public mutating func field(_ key: String, _ value: Value) { fields.append((key, value)) }

    public func finish() -> String { JSONWriter.encode(.object(fields)) }

    public static func encode(_ v: Value) -> String {
        var out = ""
        write(v, &out)
        return out
    }

    static func write(_ v: Value, _ out: inout String) {
        switch v {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .int(let i): out += String(i)
        case .number(let d):
            if d == d.rounded() && abs(d) < 1e15 { out += String(Int(d)) } else { out += String(d) }
        case .string(let s): escape(s, &out)
        case .array(let a):
            out += "["
            for (i, x) in a.enumerated() { if i > 0 { out += "," }; write(x, &out) }
            out += "]"
        case .object(let o):
            out += "{"
            for (i, (k, x)) in o.enumerated() {
                if i > 0 { out += "," }
                escape(k, &out)
                out += ":"
                write(x, &out)
            }
            out += "}"
        }
    }

    static func escape(_ s: String, _ out: inout String) {
        out += "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if u.value < 0x20 || TextSafety.isUnsafe(u.value, keepNewlines: false) {
                    let hex = String(u.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(u)
                }
            }
        }
        out += "\""
    }
}
