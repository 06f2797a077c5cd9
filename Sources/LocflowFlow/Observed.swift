import LocflowCore

/// What a person and the app can observe of a world, in one place: the explorer pins it as
/// `expect` lines and `locflow diff` compares it field by field.
public enum Observed {
    /// `expect` lines for what is on screen now: status, accuracy, Settings (choice, options,
    /// Precise), the prompt and its buttons, lifecycle, in use, callbacks, each session's state,
    /// what is delivering, the diagnostics that are true, the locations received and Control
    /// Center. Every one holds in `w`.
    public static func expectations(_ w: World) -> [Expectation] {
        var out: [Expectation] = [.status(w.status), .accuracy(w.accuracy), .settings(w.settingsChoice)]
        let options = w.settingsOptions
        if !options.isEmpty { out.append(.settingsOptions(options)) }
        if w.settingsShowsPrecise { out.append(.settingsPrecise(w.record.precise)) }
        out.append(.prompt(w.prompt?.kind))
        if !w.promptButtons.isEmpty { out.append(.buttons(w.promptButtons)) }
        out.append(.lifecycle(w.lifecycle))
        out.append(.inUse(w.inUse))
        out.append(.callbacks(w.callbacks))
        var ids: [Name] = []
        for s in w.sessions where !ids.contains(s.id) { ids.append(s.id) }
        for id in ids { if let s = w.session(id) { out.append(.session(id.string, s.state)) } }
        for source in DeliverySource.allCases { out.append(.delivering(source, w.delivering(source))) }
        for source in w.diagnosticSources where w.diagnosticsUnavailable(source) == nil {
            out.append(.diagnostics(source: source.name, w.diagnostics(source)))
        }
        // The App pane's location line: the locations received, and Control Center (iOS 16+).
        out.append(.fixes(w.fixes))
        out.append(.fix(w.lastFix))
        // Every platform: before iOS 16 it is none (a diff across iOS 16 then shows the one that lists).
        out.append(.controlCenter(w.controlCenter))
        return out
    }

    /// One observable: what it is about ("status", "session s1", "diagnostics liveUpdates") and its value.
    public struct Field: Sendable, Hashable {
        public var name: String
        public var value: String
    }

    /// The observables of a world as named fields, in a stable order (what `diff` compares).
    public static func fields(_ w: World) -> [Field] {
        expectations(w).map(field)
    }

    /// An expectation as a field: its subject and the value it expects.
    public static func field(_ x: Expectation) -> Field {
        func f(_ n: String, _ v: String) -> Field { Field(name: n, value: v) }
        switch x {
        case .status(let s): return f("status", s.rawValue)
        case .accuracy(let a): return f("accuracy", a.rawValue)
        case .settings(let c): return f("settings", c.rawValue)
        case .settingsOptions(let o): return f("settings options", o.map(\.rawValue).joined(separator: " "))
        case .settingsPrecise(let b): return f("settings precise", b ? "on" : "off")
        case .prompt(let k): return f("prompt", k?.rawValue ?? "none")
        case .buttons(let b): return f("buttons", b.map(quote).joined(separator: " "))
        case .lifecycle(let l): return f("lifecycle", l.rawValue)
        case .inUse(let b): return f("inUse", String(b))
        case .callbacks(let n): return f("callbacks", String(n))
        case .session(let id, let st): return f("session \(id)", st.rawValue)
        case .delivering(let s, let b): return f("delivering \(s.rawValue)", String(b))
        case .diagnostics(let s, let ds): return f("diagnostics \(s)", ds.isEmpty ? "none" : ds.map(\.rawValue).joined(separator: " "))
        default:
            let words = x.flowText.split(separator: " ").dropFirst()
            return f(words.dropLast().joined(separator: " "), words.last.map(String.init) ?? "")
        }
    }
}
