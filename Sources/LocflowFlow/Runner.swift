import Foundation
import LocflowCore

/// Builds the app configuration from a flow's configuration statements.
public struct ConfigBuilder {
    public var config = AppConfig()
    public var plist: [String: PlistValue] = InfoPlistLoader.sampleDict
    public var findings: [PlistFinding] = []
    /// The folder that `plist` and `strings` paths are relative to.
    public var baseDirectory: String

    public init(baseDirectory: String) { self.baseDirectory = baseDirectory }

    /// A path as the flow means it, made absolute.
    public func absolute(_ path: String) -> String {
        let p = resolvePath(path)
        return p.hasPrefix("/") ? p : FileManager.default.currentDirectoryPath + "/" + p
    }

    func resolvePath(_ path: String) -> String {
        path.hasPrefix("/") ? path : (baseDirectory as NSString).appendingPathComponent(path)
    }

    /// Applies one configuration statement. Errors name the file and line.
    public mutating func apply(_ statement: ConfigStatement, at location: SourceLocation?) throws(FlowError) {
        switch statement {
        case .platform(let p): config.platform = p
        case .plist(let path):
            do {
                plist = try InfoPlistLoader.loadPlist(path: resolvePath(path)).dict
            } catch {
                throw FlowError(location, error.message)
            }
        case .strings(let path):
            do {
                config.strings.merge(try InfoPlistLoader.loadStrings(path: resolvePath(path))) { $1 }
            } catch {
                throw FlowError(location, error.message)
            }
        case .key(let name, let value):
            let v: PlistValue = switch value {
            case .string(let s): .string(s)
            case .bool(let b): .bool(b)
            case .words(let w): .array(w.map { .string($0) })
            }
            setKey(name, v)
        case .unset(let name): setKey(name, nil)
        case .assume(let name, let value):
            if let message = config.assumptions.set(name, value) { throw FlowError(location, message) }
        case .restricted(let b): config.restricted = b
        case .locationServices(let on): config.locationServicesOn = on
        case .version: break
        case .appClip(let b): config.appClip = b
        case .widget(let b): config.widget = b
        }
    }

    mutating func setKey(_ name: String, _ value: PlistValue?) {
        let parts = name.split(separator: ".", maxSplits: 1).map(String.init)
        if parts.count == 2 {
            var inner: [String: PlistValue] = [:]
            if case .dict(let d)? = plist[parts[0]] { inner = d }
            inner[parts[1]] = value
            plist[parts[0]] = .dict(inner)
        } else {
            plist[name] = value
        }
    }

    /// What is wrong with an App Clip on this platform (nil when nothing is).
    public static func appClipProblem(_ config: AppConfig) -> String? {
        guard config.appClip && !config.profile.hasAccuracy else { return nil }
        return "appClip true on \(config.profile.platform.displayName): App Clips came with iOS 14; locflow runs the App Clip rules as if this platform had them"
    }

    /// The finished configuration, with what iOS would make of the Info.plist.
    public mutating func finish() -> AppConfig {
        let (info, findings) = InfoPlistLoader.resolve(plist)
        config.info = info
        self.findings = findings
        return config
    }
}

/// One failed expectation or refused step.
public struct Failure: Sendable, Hashable {
    public var line: Int
    public var message: String
    /// What failed, without the explanation or line numbers: what `shrink` keeps.
    public var finding: Finding
}

/// A failure's finding. Two failures are the same bug when their findings are equal.
public enum Finding: Sendable, Hashable {
    /// An expectation (its text) that found another value, and the rule of the transition that
    /// decided that value (nil when none did).
    case expectation(String, found: String, rule: Rule?)
    /// A step (its text) that a rule refused, and the rule's detail (the state it found: a
    /// suspended app is not a foreground one).
    case refused(String, Rule, detail: String?)
}

/// Runs a parsed flow: applies its steps to the model and checks its expectations.
public struct FlowRunner {
    public let flow: Flow
    public let baseDirectory: String

    public init(flow: Flow, baseDirectory: String) {
        self.flow = flow
        self.baseDirectory = baseDirectory
    }

    public struct Result: Sendable {
        public var passed = 0
        public var failures: [Failure] = []
        public var findings: [PlistFinding] = []
        public var world: World
        public var failed: Int { failures.count }
    }

    /// An entry of the trace: the start, each step, each timer that fired.
    public struct Entry {
        public var line: Int?
        public var transition: Transition
        public var world: World
        /// The launch at time 0 that every flow starts with.
        public var isStart = false
    }

    /// Builds the configuration (reading any plist and strings files).
    public func makeConfig() throws(FlowError) -> (AppConfig, [PlistFinding]) {
        var builder = ConfigBuilder(baseDirectory: baseDirectory)
        var warnings: [PlistFinding] = []
        func warn(_ message: String, at line: Int) { warnings.append(PlistFinding(severity: .warning, key: nil, message: message, line: line)) }
        // A setting written twice: the later line wins, which a bug report rarely means.
        var seen: [String: Int] = [:]
        var keyLines: [Int] = []
        for line in flow.config {
            guard case .config(let c) = line.statement else { continue }
            try builder.apply(c, at: SourceLocation(file: flow.file, line: line.line, column: 1))
            switch c {
            case .key, .unset: keyLines.append(line.line)
            case .plist:
                // A plist replaces the whole Info.plist, the keys written before it with it.
                if !keyLines.isEmpty {
                    warn("'\(excerpt(c.flowText, limit: 60))' replaces the Info.plist, and with it what line\(keyLines.count == 1 ? "" : "s") \(keyLines.map(String.init).joined(separator: ", ")) set: write key and unset lines after the plist line",
                         at: line.line)
                    keyLines = []
                }
                // The keys written before are gone: a key written again after the plist is new.
                seen = seen.filter { !$0.key.hasPrefix("key ") }
            default: break
            }
            if let name = c.singleSetting {
                if let first = seen[name] {
                    warn("'\(excerpt(c.flowText, limit: 60))' sets \(name) again (line \(first) set it): the later line wins", at: line.line)
                }
                seen[name] = line.line
            }
        }
        let config = builder.finish()
        if let problem = ConfigBuilder.appClipProblem(config), let at = flow.config.last(where: { if case .config(.appClip(true)) = $0.statement { true } else { false } }) {
            warn(problem, at: at.line)
        }
        return (config, warnings + lineFindings(builder.findings))
    }

    /// What the Info.plist's findings are about, at the flow's line that set the key (`key` or
    /// `unset`), else at the `plist` line that loaded it; the sample app's own keys have none.
    func lineFindings(_ findings: [PlistFinding]) -> [PlistFinding] {
        var keyLine: [String: Int] = [:]
        var plistLine: Int?
        for line in flow.config {
            guard case .config(let c) = line.statement else { continue }
            switch c {
            case .plist: plistLine = line.line; keyLine = [:]
            case .key(let name, _), .unset(let name): keyLine[String(name.split(separator: ".").first ?? Substring(name))] = line.line
            default: break
            }
        }
        return findings.map { f in
            var f = f
            if f.line == nil, let key = f.key { f.line = keyLine[key] ?? plistLine }
            return f
        }
    }

    /// Runs the flow, handing every trace entry to `onEntry` (and every checked expectation to `onExpect`).
    public func run(onEntry: (Entry) -> Void = { _ in },
                    onExpect: (FlowLine, Bool, String?) -> Void = { _, _, _ in }) throws(FlowError) -> Result {
        let (config, findings) = try makeConfig()
        var (world, start) = World.start(config)
        onEntry(Entry(line: nil, transition: start, world: world, isStart: true))
        var result = Result(findings: findings, world: world)
        var provenance = Provenance()
        provenance.record(start, line: nil, after: world)
        let body = flow.body
        var lastStep: (line: FlowLine, refusal: Why?)?
        var refusalPending = false
        for line in body {
            switch line.statement {
            case .config: continue
            case .step(let event):
                if refusalPending, let last = lastStep { result.failures.append(refusedFailure(last.line, last.refusal!)) }
                refusalPending = false
                var refusal: Why?
                world.step(event) { t, after in
                    let isStep = t.event == event
                    if isStep { refusal = t.refusal }
                    onEntry(Entry(line: isStep ? line.line : nil, transition: t, world: after))
                    // A timer fired by this line's wait is explained as this line's.
                    provenance.record(t, line: line.line, after: after)
                }
                lastStep = (line, refusal)
                refusalPending = refusal != nil
            case .expect(let x):
                if case .refused = x {
                    // "The step just before was refused" (§3.5), other expectations in between or
                    // not (a refused step not followed at once by it has failed on its own).
                    if let last = lastStep, last.refusal != nil {
                        result.passed += 1
                        onExpect(line, true, nil)
                    } else {
                        let what = lastStep.map { "the step at line \($0.line.line) (\($0.line.source)) to be refused, found it performed" }
                            ?? "a refused step before this line, found no step"
                        let found = lastStep.map { "performed: " + $0.line.source } ?? "no step"
                        result.failures.append(Failure(line: line.line, message: "expected \(what)", finding: .expectation(x.flowText, found: found, rule: nil)))
                        onExpect(line, false, "expected \(what)")
                    }
                    refusalPending = false
                    continue
                }
                if refusalPending, let last = lastStep { result.failures.append(refusedFailure(last.line, last.refusal!)) }
                refusalPending = false
                let (ok, found) = Expectations.check(x, in: world)
                if ok {
                    result.passed += 1
                    onExpect(line, true, nil)
                } else {
                    var message = "expected \(excerpt(x.flowText.dropFirst("expect ".count), limit: 200)), found \(excerpt(found, limit: 200))"
                    if let why = provenance.explain(x) { message += " (\(why))" }
                    result.failures.append(Failure(line: line.line, message: message, finding: .expectation(x.flowText, found: found, rule: provenance.decider(x)?.1.rule)))
                    onExpect(line, false, message)
                }
            }
        }
        if refusalPending, let last = lastStep { result.failures.append(refusedFailure(last.line, last.refusal!)) }
        result.failures.sort { $0.line < $1.line }
        result.world = world
        return result
    }

    func refusedFailure(_ line: FlowLine, _ why: Why) -> Failure {
        Failure(line: line.line, message: "expected '\(excerpt(line.source, limit: 120))' to be performed, found it refused: \(excerpt(why.text, limit: 400))",
                finding: .refused(line.source, why.rule, detail: why.detail))
    }
}

/// Remembers which transition last changed each observable, so a failed expectation can say why.
struct Provenance {
    /// Rules that go with a change of status without deciding it.
    static let bookkeeping: Set<Rule> = [.callbackOnChange, .callbackAtLaunch, .callbackHeldWhileSuspended, .promptWaitsForForeground,
                                         .promptDismissedByLeaving, .promptWithdrawn, .settingsLeavesApp, .toBackground]
    var lastAuth: (Int?, Why)?
    var lastPrompt: (Int?, Why)?
    var lastLifecycle: (Int?, Why)?
    var lastSettings: (Int?, Why)?
    var lastOther: (Int?, Why)?
    /// What the last step left of the observables compared here: these fields alone, not the
    /// world (a world kept shared its lists, so the next step copied them: a flow monitoring N
    /// regions took time N²).
    struct Watched: Equatable {
        var statusPair: StatusPair
        var prompt: Prompt?
        var promptQueue: ShortList<Prompt>
        var lifecycle: Lifecycle
        var record: AppRecord
        var locationServicesOn: Bool
        init(_ w: World) {
            statusPair = w.statusPair; prompt = w.prompt; promptQueue = w.promptQueue
            lifecycle = w.lifecycle; record = w.record; locationServicesOn = w.locationServicesOn
        }
    }
    var previous: Watched?

    mutating func record(_ t: Transition, line: Int?, after world: World) {
        let after = Watched(world)
        guard let why = t.refusal ?? t.why.first(where: { $0.rule != .callbackOnChange && $0.rule != .callbackAtLaunch }) ?? t.why.first else {
            previous = after
            return
        }
        let entry = (line, why)
        if let p = previous {
            // The status: the last rule before the callback that reported it, leaving out the
            // bookkeeping around a change (the person leaving the app for Settings, a prompt
            // put aside or withdrawn, a callback held for a suspended app); not simply the first,
            // which for a Settings step is the person leaving the app.
            if p.statusPair != after.statusPair {
                let end = t.why.firstIndex(where: { $0.rule == .callbackOnChange || $0.rule == .callbackAtLaunch }) ?? t.why.count
                let authWhy = t.why[..<end].last(where: { !Provenance.bookkeeping.contains($0.rule) }) ?? why
                lastAuth = (line, t.refusal ?? authWhy)
            }
            if p.prompt != after.prompt || p.promptQueue != after.promptQueue { lastPrompt = entry }
            if p.lifecycle != after.lifecycle { lastLifecycle = entry }
            if p.record != after.record || p.locationServicesOn != after.locationServicesOn { lastSettings = entry }
        } else {
            lastAuth = entry; lastLifecycle = entry
        }
        lastOther = entry
        previous = after
    }

    /// The transition (its line, its reason) that last changed what the expectation reads.
    func decider(_ x: Expectation) -> (Int?, Why)? {
        switch x {
        case .status, .accuracy, .callback, .callbacks, .locationServicesEnabled: lastAuth ?? lastOther
        case .prompt, .buttons, .title, .message: lastPrompt ?? lastOther
        case .lifecycle, .inUse, .indicator: lastLifecycle ?? lastOther
        case .settings, .settingsPrecise, .settingsOptions: lastSettings ?? lastOther
        default: lastOther
        }
    }

    func explain(_ x: Expectation) -> String? {
        guard let (line, why) = decider(x) else { return nil }
        var text = (line.map { "line \($0): " } ?? "at launch: ") + why.text
        // The latest step too, unless it is the same line (its first rule says less).
        if let (otherLine, other) = lastOther, other != why, otherLine == nil || otherLine != line {
            text += "; last: " + (otherLine.map { "line \($0): " } ?? "") + other.text
        }
        return text
    }
}

/// Evaluates `expect` lines against the world.
public enum Expectations {
    /// Before iOS 18 a CLLocationUpdate carries only `isStationary`: a flow that asks for another
    /// property asks for one the platform does not have. [A S61, S18]
    static func before18(_ w: World, _ asked: [Diagnostic]) -> String? {
        guard !w.profile.hasServiceSessions, let other = asked.first(where: { $0 != .stationary }) else { return nil }
        return "no \(other.rawValue) on \(w.profile.platform.displayName): its CLLocationUpdate has only isStationary (the other diagnostics came with iOS 18)"
    }

    /// Whether the expectation holds, and what was found.
    public static func check(_ x: Expectation, in w: World) -> (Bool, String) {
        func onOff(_ b: Bool) -> String { b ? "on" : "off" }
        switch x {
        case .status(let s): return (w.status == s, w.status.rawValue)
        case .accuracy(let a): return (w.accuracy == a, w.accuracy.rawValue)
        case .locationServicesEnabled(let b): return (w.locationServicesOn == b, String(w.locationServicesOn))
        case .settings(let c): return (w.settingsChoice == c, w.settingsChoice.rawValue)
        case .settingsPrecise(let b):
            guard w.settingsShowsPrecise else { return (false, "no Precise Location switch (" + (w.record.choice == .unlisted ? "Settings does not list the app" : "\(w.profile.platform.displayName) has none") + ")") }
            return (w.record.precise == b, onOff(w.record.precise))
        case .settingsOptions(let o):
            let found = w.settingsOptions
            return (found == o, found.isEmpty ? "no options" + (w.record.choice == .unlisted ? " (Settings does not list the app)" : w.restricted ? " (restricted: the page is locked)" : "")
                                             : found.map(\.rawValue).joined(separator: " "))
        case .prompt(let k):
            let found = w.prompt?.kind
            return (found == k, found?.rawValue ?? "none")
        case .buttons(let labels):
            let found = w.promptButtons
            let ok = found.count == labels.count && zip(found, labels).allSatisfy { labelsMatch($0, $1) }
            return (ok, found.isEmpty ? "no prompt" : found.map { "\"\($0)\"" }.joined(separator: " "))
        case .lifecycle(let l): return (w.lifecycle == l, w.lifecycle.rawValue)
        case .inUse(let b): return (w.inUse == b, String(w.inUse))
        case .callbacks(let n): return (w.callbacks == n, String(w.callbacks))
        case .callback(let s, let a):
            guard let last = w.lastCallback else { return (false, "no callback") }
            let ok = last.status == s && (a == nil || last.accuracy == a)
            return (ok, a == nil ? last.status.rawValue : last.text)
        case .completion(let r): return (w.completion == r, w.completion.rawValue)
        case .error(let e): return (w.lastError == e, w.lastError.rawValue)
        case .indicator(let b): return (w.indicatorShown == b, onOff(w.indicatorShown))
        case .delivering(let s, let b):
            let d = w.delivering(s)
            return (d == b, String(d))
        case .diagnostic(let name, let d, let b):
            let source = World.DiagnosticSource(name)
            if let why = w.diagnosticsUnavailable(source) { return (false, "no diagnostics: \(why)") }
            if let why = before18(w, [d]) { return (false, why) }
            let has = w.diagnostics(source).contains(d)
            return (has == b, String(has))
        case .diagnostics(let name, let ds):
            let source = World.DiagnosticSource(name)
            if let why = w.diagnosticsUnavailable(source) { return (false, "no diagnostics: \(why)") }
            if let why = before18(w, ds) { return (false, why) }
            let found = w.diagnostics(source)
            return (Set(found) == Set(ds), found.isEmpty ? "none" : found.map(\.rawValue).joined(separator: " "))
        case .session(let id, let st):
            guard let s = w.session(Name(id)) else { return (false, "no session \(id)") }
            return (s.state == st, s.state.rawValue)
        case .refused: return (false, "")
        case .title(let t):
            guard let p = w.prompt else { return (false, "no prompt") }
            let title = w.title(for: p)
            return (title.contains(t) || title.replacingApostrophes().contains(t.replacingApostrophes()), "\"\(title)\"")
        case .message(let m):
            guard let p = w.prompt else { return (false, "no prompt") }
            let message = w.message(for: p)
            return (message.contains(m), "\"\(message)\"")
        case .fix(let k):
            let found = w.lastFix.map { $0.rawValue + " (at \(formatClock(w.lastFixAt ?? 0)))" } ?? "none"
            return (w.lastFix == k, found)
        case .fixes(let n): return (w.fixes == n, String(w.fixes))
        case .paused(let b): return (w.process.paused == b, String(w.process.paused))
        case .widgetUpdates(let b): return (w.widgetUpdates == b, String(w.widgetUpdates))
        case .controlCenter(let l): return (w.controlCenter == l, "\(w.controlCenter.rawValue) (\(w.controlCenterReason))")
        }
    }
}
