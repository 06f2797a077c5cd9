import LocflowCore

/// A value given to `key NAME VALUE`.
public enum KeyValue: Sendable, Hashable {
    case string(String)
    case bool(Bool)
    case words([String])
}

/// A configuration statement (docs/flow-format.md §2).
public enum ConfigStatement: Sendable, Hashable {
    case platform(Platform)
    case plist(String)
    case strings(String)
    case key(String, KeyValue)
    case unset(String)
    case assume(String, Assumptions.Value)
    case restricted(Bool)
    case locationServices(Bool)
    // Format 1.1
    /// `version 1` or `version 1.1`: the first statement, if present.
    case version(String)
    case appClip(Bool)
    case widget(Bool)
}

extension ConfigStatement {
    /// The one setting this line sets, for the settings a flow gives once (`strings` files,
    /// and `key`, `unset` and `assume` lines of different names, add up; these replace).
    var singleSetting: String? {
        switch self {
        case .platform: "platform"
        case .plist: "plist"
        case .assume(let name, _): "assume " + name
        case .restricted: "restricted"
        case .locationServices: "locationServices"
        case .version: "version"  // a second one is an error before this is asked
        case .appClip: "appClip"
        case .widget: "widget"
        case .key(let name, _), .unset(let name): "key " + name
        case .strings: nil
        }
    }
}

/// An `expect` line (docs/flow-format.md §3.5).
public enum Expectation: Sendable, Hashable {
    case status(AuthorizationStatus)
    case accuracy(AccuracyAuthorization)
    case locationServicesEnabled(Bool)
    case settings(SettingsChoice)
    case settingsPrecise(Bool)
    case settingsOptions([SettingsChoice])
    case prompt(PromptKind?)
    case buttons([String])
    case lifecycle(Lifecycle)
    case inUse(Bool)
    case callbacks(Int)
    case callback(AuthorizationStatus, AccuracyAuthorization?)
    case completion(CompletionResult)
    case error(LocationError)
    case indicator(Bool)
    case delivering(DeliverySource, Bool)
    case diagnostic(source: String, Diagnostic, Bool)
    case diagnostics(source: String, [Diagnostic])
    case session(String, SessionState)
    case refused
    case title(String)
    case message(String)
    // Format 1.1
    /// nil = `expect fix none`.
    case fix(FixKind?)
    case fixes(Int)
    case paused(Bool)
    case widgetUpdates(Bool)
    /// *Extension*: how Control Center lists the app (iOS 16+).
    case controlCenter(ControlCenterListing)
}

public enum Statement: Sendable, Hashable {
    case config(ConfigStatement)
    case step(Event)
    case expect(Expectation)
}

/// One statement with where it came from.
public struct FlowLine: Sendable, Hashable {
    public var statement: Statement
    public var line: Int
    /// The statement as written (without its comment).
    public var source: String
    /// The comment on the statement's line, or the comment lines just above it: a caption.
    public var comment: String?
}

/// A parsed `.flow` file.
public struct Flow: Sendable, Hashable {
    public var file: String
    public var lines: [FlowLine]
    /// The comment lines at the top: what the flow shows.
    public var description: [String]

    public init(file: String, lines: [FlowLine], description: [String] = []) {
        self.file = file
        self.lines = lines
        self.description = description
    }

    public var config: [FlowLine] { lines.filter { if case .config = $0.statement { true } else { false } } }
    public var body: [FlowLine] { lines.filter { if case .config = $0.statement { false } else { true } } }
}

extension ConfigStatement {
    public var flowText: String {
        switch self {
        case .platform(let p): "platform \(p.rawValue)"
        case .plist(let path): "plist \(FlowQuoting.word(path))"
        case .strings(let path): "strings \(FlowQuoting.word(path))"
        case .key(let name, let value):
            switch value {
            case .string(let s): "key \(name) \(FlowQuoting.quote(s))"
            case .bool(let b): "key \(name) \(b)"
            case .words(let w): "key \(name) " + w.joined(separator: " ")
            }
        case .unset(let name): "unset \(name)"
        case .assume(let name, let value):
            switch value {
            case .duration(let ms): "assume \(name) \(formatDuration(ms))"
            case .count(let n): "assume \(name) \(n)"
            case .boolean(let b): "assume \(name) \(b)"
            case .timeOfDay(let ms): "assume \(name) \(formatTimeOfDay(ms))"
            }
        case .restricted(let b): "restricted \(b)"
        case .locationServices(let on): "locationServices \(on ? "on" : "off")"
        case .version(let v): "version \(v)"
        case .appClip(let b): "appClip \(b)"
        case .widget(let b): "widget \(b)"
        }
    }
}

extension Expectation {
    public var flowText: String {
        func onOff(_ b: Bool) -> String { b ? "on" : "off" }
        switch self {
        case .status(let s): return "expect status \(s.rawValue)"
        case .accuracy(let a): return "expect accuracy \(a.rawValue)"
        case .locationServicesEnabled(let b): return "expect locationServicesEnabled \(b)"
        case .settings(let c): return "expect settings \(c.rawValue)"
        case .settingsPrecise(let b): return "expect settings precise \(onOff(b))"
        case .settingsOptions(let o): return "expect settings options " + o.map(\.rawValue).joined(separator: " ")
        case .prompt(let k): return "expect prompt \(k?.rawValue ?? "none")"
        case .buttons(let b): return "expect buttons " + b.map(FlowQuoting.quote).joined(separator: " ")
        case .lifecycle(let l): return "expect lifecycle \(l.rawValue)"
        case .inUse(let b): return "expect inUse \(b)"
        case .callbacks(let n): return "expect callbacks \(n)"
        case .callback(let s, let a): return "expect callback \(s.rawValue)" + (a.map { " \($0.rawValue)" } ?? "")
        case .completion(let r): return "expect completion \(r.rawValue)"
        case .error(let e): return "expect error \(e.rawValue)"
        case .indicator(let b): return "expect indicator \(onOff(b))"
        case .delivering(let s, let b): return "expect delivering \(s.rawValue) \(b)"
        case .diagnostic(let s, let d, let b): return "expect diagnostic \(FlowQuoting.word(s)) \(d.rawValue) \(b)"
        case .diagnostics(let s, let d):
            return "expect diagnostics \(FlowQuoting.word(s)) " + (d.isEmpty ? "none" : d.map(\.rawValue).joined(separator: " "))
        case .session(let id, let st): return "expect session \(FlowQuoting.word(id)) \(st.rawValue)"
        case .refused: return "expect refused"
        case .title(let t): return "expect title \(FlowQuoting.quote(t))"
        case .message(let m): return "expect message \(FlowQuoting.quote(m))"
        case .fix(let k): return "expect fix \(k?.rawValue ?? "none")"
        case .fixes(let n): return "expect fixes \(n)"
        case .paused(let b): return "expect paused \(b)"
        case .widgetUpdates(let b): return "expect widgetUpdates \(b)"
        case .controlCenter(let l): return "expect controlCenter \(l.rawValue)"
        }
    }
}

extension Statement {
    public var flowText: String {
        switch self {
        case .config(let c): c.flowText
        case .step(let e): e.flowText
        case .expect(let x): x.flowText
        }
    }
}

extension Flow {
    /// The flow as text that parses back to the same flow (the printer).
    public var text: String {
        var out = description.map { "# \($0)" }.joined(separator: "\n")
        if !out.isEmpty { out += "\n\n" }
        for line in lines {
            out += line.statement.flowText
            if let c = line.comment, !c.isEmpty { out += "  # \(c)" }
            out += "\n"
        }
        return out
    }
}
