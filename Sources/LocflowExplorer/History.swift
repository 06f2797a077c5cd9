import LocflowCore
import LocflowFlow

/// One step of the explorer's history: a world event or an expectation, as a flow line.
public struct HistoryStep: Sendable {
    /// An event, an expectation, or a pin: the expectations that held for what was on screen.
    public enum Kind: Sendable { case event(Event), expect(Expectation), pin([Expectation]) }
    public var kind: Kind
    /// Where a step loaded from a flow came from (out of line: most steps have none).
    final class Source: Sendable {
        let line: Int
        let caption: String?
        /// The panes the step is about, from a `[panes: app settings]` mark in its comment.
        let panes: [Pane]
        init(line: Int, caption: String?) {
            self.line = line
            (self.caption, self.panes) = HistoryStep.panesMark(in: caption)
        }
    }

    /// A comment's `[panes: …]` mark (names: settings, app, diagnostics, bars, log; spaces or
    /// commas between), taken out of the caption; the caption without it, and the panes.
    static func panesMark(in caption: String?) -> (String?, [Pane]) {
        guard let c = caption, let open = c.range(of: "[panes:"), let close = c[open.upperBound...].firstIndex(of: "]") else { return (caption, []) }
        var panes: [Pane] = []
        for word in c[open.upperBound..<close].split(whereSeparator: { $0 == " " || $0 == "," }) {
            let pane: Pane? = switch word.lowercased() {
            case "settings": .settings
            case "app": .app
            case "diagnostics": .diagnostics
            case "bars", "sessions", "session": .sessions
            case "log": .log
            default: nil
            }
            if let pane, !panes.contains(pane) { panes.append(pane) }
        }
        var rest = String(c[..<open.lowerBound]) + String(c[c.index(after: close)...])
        while rest.hasSuffix(" ") { rest.removeLast() }
        while rest.hasPrefix(" ") { rest.removeFirst() }
        rest = rest.replacingOccurrences("  ", " ")
        return (rest.isEmpty ? nil : rest, panes)
    }
    var source: Source?
    /// A wait the running clock is still extending (recorded once it is finished).
    public var isClockWait = false
    /// A wait the running clock made (finished or not), as opposed to a jump or a typed `wait`.
    public var fromClock = false

    public init(_ kind: Kind, line: Int? = nil, caption: String? = nil) {
        self.kind = kind
        if let line { source = Source(line: line, caption: caption) }
    }

    /// The line of the flow it was loaded from, if any.
    public var line: Int? { source?.line }
    /// The comment beside or above it in the flow: a caption.
    public var caption: String? { source?.caption }
    /// The panes its comment names (`[panes: app settings]`), to be shown together.
    public var panes: [Pane] { source?.panes ?? [] }
    /// The step's event, if it is one.
    public var event: Event? { if case .event(let e) = kind { e } else { nil } }
    public var isExpect: Bool { if case .expect = kind { true } else { false } }

    public var flowText: String {
        switch kind {
        case .event(let e): e.flowText
        case .expect(let x): x.flowText
        case .pin(let xs): xs.map(\.flowText).joined(separator: "\n")
        }
    }
}

/// One line of the event log: a transition (or an expectation's result).
public struct LogEntry: Sendable {
    public var time: Millis
    public var actor: Actor
    /// What happened: an event (its flow text is made when the line is drawn) or a label.
    public var event: Event?
    /// The rule the line shows: the first that is not about the callback (all of them are in
    /// the trace of `locflow run`).
    public var why: Why?
    /// This entry's outputs in the history's shared pool (no array per entry: the history stays small).
    var outputStart: Int32 = 0
    var outputCount: UInt8 = 0
    public var hasCallback = false
    /// Rare extras (a label, an expectation's result) live out of line to keep entries small.
    var extra: Extra?
    public var step: Int32
    /// The sample taken after this entry (-1 for an expectation), to say what changed.
    public var sample: Int32 = -1

    final class Extra: Sendable {
        let label: String?
        let expectation: (ok: Bool, found: String)?
        let refusal: Why?
        init(label: String?, expectation: (ok: Bool, found: String)?, refusal: Why? = nil) {
            self.label = label
            self.expectation = expectation
            self.refusal = refusal
        }
    }

    init(time: Millis, actor: Actor, event: Event?, label: String?, outputs: [Output], why: [Why], refusal: Why?,
         expectation: (ok: Bool, found: String)?, step: Int) {
        self.time = time
        self.actor = actor
        self.event = event
        self.why = why.first(where: { $0.rule != .callbackOnChange && $0.rule != .callbackAtLaunch }) ?? why.first
        hasCallback = outputs.contains { if case .callback = $0 { true } else { false } }
        self.step = Int32(step)
        extra = label == nil && expectation == nil && refusal == nil ? nil : Extra(label: label, expectation: expectation, refusal: refusal)
    }

    /// Why the step was refused, if it was.
    public var refusal: Why? { extra?.refusal }

    public var label: String? { extra?.label }
    /// For an expectation: whether it held, and what was found.
    public var expectation: (ok: Bool, found: String)? { extra?.expectation }
    public var text: String { label ?? event?.flowText ?? "" }
    public var isPlainWait: Bool {
        // Time passing, and the periodic fixes it brings (counted in the App pane's location
        // line), are no event of their own: the running clock's waits stay out of the log.
        if case .wait = event, outputCount == 0, why == nil || why?.rule == .timePasses || why?.rule == .fixesArrive, refusal == nil { return true }
        return false
    }
}

/// What the session bars need of the world after each transition (compact: no world copies).
public struct Sample: Sendable {
    public var time: Millis
    public var status: AuthorizationStatus
    public var accuracy: AccuracyAuthorization
    public var settings: SettingsChoice
    public var lifecycle: Lifecycle
    public var inUse: Bool
    public var prompt: PromptKind?
    public var callback: Bool
    public var tap: Bool
    /// Time passing and nothing else (the log leaves it out, and so does the events lane).
    public var quiet = false
    /// Explicit sessions: ID and state (0 held, 1 kept by the system, 2 ended).
    public var sessions: [(id: String, state: UInt8)]
    public var liveUpdates: Bool
    public var monitor: Bool
    /// 0 none, 1 held but not active, 2 active, 3 kept by the system for the next launch.
    public var backgroundActivity: UInt8
    public var relaunchWindow: Bool
    // Format 1.1
    /// Standard updates: 0 off, 1 running (delivering), 2 started but not delivering, 3 paused by automatic pausing.
    public var standard: UInt8 = 0
    public var liveActivity = false
    public var visits = false
    /// Beacon ranging or beacon-region monitoring in effect.
    public var beacons = false
    /// Provisional Always in force: the app reads authorizedAlways while Settings says While Using. [A S1]
    public var provisional = false
    /// An Allow Once grant in force (the app reads authorizedWhenInUse until it lapses). [A S2]
    public var allowOnce = false
    /// Full accuracy for now, with Precise off (a temporary full-accuracy grant). [A S3]
    public var fullForNow = false

    init(_ w: World, time: Millis, callback: Bool, tap: Bool) {
        self.time = time
        status = w.status
        accuracy = w.accuracy
        settings = w.settingsChoice
        lifecycle = w.lifecycle
        inUse = w.inUse
        prompt = w.prompt?.kind
        self.callback = callback
        self.tap = tap
        sessions = w.sessions.map { ($0.id.string, $0.state != .active ? 2 : ($0.held ? 0 : 1)) }
        liveUpdates = w.lifecycle != .terminated && w.process.liveUpdates != nil
        monitor = w.lifecycle != .terminated && w.process.monitor != nil
        if w.lifecycle == .terminated || w.process.backgroundActivity == nil {
            backgroundActivity = w.keptBackgroundActivity ? 3 : 0
        } else {
            backgroundActivity = w.backgroundActivityActive ? 2 : 1
        }
        relaunchWindow = w.relaunchWindowEndsAt != nil
        if w.lifecycle != .terminated && w.process.standardUpdates {
            standard = w.process.paused ? 3 : w.delivering(.standard) ? 1 : 2
        }
        liveActivity = w.liveActivityActive
        visits = w.visits
        beacons = !w.beaconRegions.isEmpty || (w.lifecycle != .terminated && !w.process.beaconRanging.isEmpty)
        provisional = w.record.provisionalAlways && w.status == .authorizedAlways
        allowOnce = w.isTemporaryWhenInUse
        fullForNow = w.record.temporaryFullAccuracy && !w.record.precise
    }
}

/// The explorer's history: every step, undo and redo (time travel), the log and the samples.
/// Worlds are kept only at checkpoints; any point is rebuilt by replaying (the model is deterministic).
public struct History: Sendable {
    public let config: AppConfig
    public private(set) var steps: [HistoryStep] = []
    /// How many steps are applied; the rest can be redone.
    public private(set) var applied = 0
    public private(set) var world: World
    public private(set) var log: [LogEntry] = []
    /// The outputs of every log entry, one after another.
    var outputPool: [Output] = []
    public private(set) var samples: [Sample] = []
    /// Where each applied step's log entries and samples start.
    var logStart: [Int32] = []
    var sampleStart: [Int32] = []
    /// The world after step k * checkpointEvery.
    var checkpoints: [World] = []
    /// The world before the last applied step (so the running clock can extend its wait cheaply).
    var beforeLast: World?
    /// The applied event steps that were refused (a loaded flow's, or after a platform switch).
    public private(set) var refusedSteps: Set<Int> = []
    /// Steps the running clock set aside when it started with steps still to redo (a loaded
    /// flow's): `u` back to `at` brings them back as the steps `r` redoes.
    public private(set) var setAside: (at: Int, steps: [HistoryStep])?
    static let checkpointEvery = 64

    public init(config: AppConfig) {
        self.config = config
        let (world, start) = World.start(config)
        self.world = world
        checkpoints = [world]
        record(start, after: world, step: -1)
        log[0].extra = LogEntry.Extra(label: "start: the person launches \(config.appName)", expectation: nil)
    }

    /// Loads steps (a flow's) to be stepped through with redo, from the start.
    public mutating func load(_ loaded: [HistoryStep], setAside: (at: Int, steps: [HistoryStep])? = nil) {
        while canUndo { undo() }
        steps = loaded
        self.setAside = setAside
    }

    /// At the point where the running clock set steps aside, puts them back as the steps to redo
    /// (dropping what was done after that point, which `r` would otherwise redo). Their count, if any.
    public mutating func restoreSetAside() -> Int? {
        guard let kept = setAside, kept.at == applied else { return nil }
        steps.removeSubrange(applied...)
        steps += kept.steps
        setAside = nil
        return kept.steps.count
    }

    /// Appends a step after the current point (dropping anything that could have been redone).
    public mutating func append(_ step: HistoryStep) {
        // A new step where steps were still to redo (a loaded flow's) sets them aside for `u`
        // rather than throwing them away (the first time: `u` back to that point brings them back).
        if applied < steps.count, setAside == nil { setAside = (applied, Array(steps[applied...])) }
        if applied < steps.count { steps.removeSubrange(applied...) }
        steps.append(step)
        redo()
    }

    public var canUndo: Bool { applied > 0 }
    public var canRedo: Bool { applied < steps.count }

    /// Applies the next step of the history.
    public mutating func redo() {
        guard applied < steps.count else { return }
        let index = applied
        logStart.append(Int32(log.count))
        sampleStart.append(Int32(samples.count))
        beforeLast = world
        switch steps[index].kind {
        case .event(let e):
            var w = world
            var produced: [(Transition, World)] = []
            w.step(e) { t, after in produced.append((t, after)) }
            world = w
            for (t, after) in produced { record(t, after: after, step: index) }
            if produced.contains(where: { $0.0.isRefused && $0.0.event == e }) { refusedSteps.insert(index) }
        case .expect(let x):
            logExpectation(x, step: index)
        case .pin(let xs):
            for x in xs { logExpectation(x, step: index) }
        }
        applied += 1
        if applied % Self.checkpointEvery == 0 {
            let k = applied / Self.checkpointEvery
            if checkpoints.count == k { checkpoints.append(world) } else if checkpoints.count > k { checkpoints[k] = world }
        }
    }

    /// The virtual time at which applied step `i` began.
    public func time(ofStep i: Int) -> Millis {
        guard i < logStart.count, Int(logStart[i]) < log.count else { return world.now }
        return log[Int(logStart[i])].time
    }

    mutating func logExpectation(_ x: Expectation, step: Int) {
        let (ok, found) = Expectations.check(x, in: world)
        var entry = LogEntry(time: world.now, actor: .person, event: nil, label: x.flowText, outputs: [], why: [], refusal: nil,
                             expectation: (ok, found), step: step)
        entry.outputStart = Int32(outputPool.count)
        log.append(entry)
    }

    /// Steps back one step.
    public mutating func undo() {
        guard applied > 0 else { return }
        applied -= 1
        refusedSteps.remove(applied)
        truncateLog(to: Int(logStart[applied]))
        samples.removeSubrange(Int(sampleStart[applied])...)
        logStart.removeLast()
        sampleStart.removeLast()
        if let before = beforeLast {
            world = before
            beforeLast = nil
        } else {
            world = rebuild(upTo: applied)
        }
        let keep = applied / Self.checkpointEvery + 1
        if checkpoints.count > keep { checkpoints.removeSubrange(keep...) }
    }

    mutating func truncateLog(to count: Int) {
        guard count < log.count else { return }
        outputPool.removeSubrange(Int(log[count].outputStart)...)
        log.removeSubrange(count...)
    }

    /// The outputs of a log entry.
    public func outputs(of e: LogEntry) -> ArraySlice<Output> {
        let start = min(Int(e.outputStart), outputPool.count)
        return outputPool[start..<min(outputPool.count, start + Int(e.outputCount))]
    }

    /// The world after `count` steps, replayed from the nearest checkpoint.
    func rebuild(upTo count: Int) -> World {
        let k = min(count / Self.checkpointEvery, checkpoints.count - 1)
        var w = checkpoints[k]
        for i in (k * Self.checkpointEvery)..<count {
            if case .event(let e) = steps[i].kind { w.step(e) { _, _ in } }
        }
        return w
    }

    /// Re-runs the last applied step as another kind (a tour's wait shown growing on screen).
    public mutating func rerunLast(as kind: HistoryStep.Kind) {
        guard applied > 0 else { return }
        undo()
        steps[applied].kind = kind
        redo()
    }

    /// Applies the next step as another kind (the start of a tour's wait shown growing).
    public mutating func rerunFuture(_ index: Int, as kind: HistoryStep.Kind) {
        guard index == applied, index < steps.count else { return }
        steps[index].kind = kind
        redo()
    }

    /// Replaces every step after the current point (a presenter returning to the tour).
    public mutating func replaceFuture(with future: some Collection<HistoryStep>) {
        if applied < steps.count { steps.removeSubrange(applied...) }
        steps.append(contentsOf: future)
    }

    /// The running clock: time passes as one wait step that grows while the clock runs.
    public mutating func advanceClock(by ms: Millis) {
        guard ms > 0 else { return }
        if applied == steps.count, let last = steps.last, last.isClockWait, case .event(.wait(let d)) = last.kind,
           beforeLast != nil {
            // Re-run the growing wait from the world before it (undo restores that world directly).
            undo()
            steps[steps.count - 1].kind = .event(.wait(VirtualTime.saturating(d, ms)))
            redo()
            return
        }
        var step = HistoryStep(.event(.wait(ms)))
        step.isClockWait = true
        step.fromClock = true
        // The clock does not throw away steps still to redo: `append` sets them aside for `u`.
        append(step)
    }

    /// Ends the running clock's wait (it becomes an ordinary step).
    public mutating func finishClockWait() {
        if let last = steps.indices.last, steps[last].isClockWait { steps[last].isClockWait = false }
    }

    mutating func record(_ t: Transition, after: World, step: Int) {
        let tap: Bool
        if case .user(.tap) = t.event, !t.isRefused { tap = true } else { tap = false }
        var entry = LogEntry(time: t.time, actor: t.event.actor, event: t.event, label: nil, outputs: t.outputs,
                             why: t.why, refusal: t.refusal, expectation: nil, step: step)
        entry.sample = Int32(samples.count)
        entry.outputStart = Int32(outputPool.count)
        entry.outputCount = UInt8(min(255, t.outputs.count))
        outputPool += t.outputs.prefix(255)
        log.append(entry)
        var sample = Sample(after, time: t.time, callback: !t.callbacks.isEmpty, tap: tap)
        sample.quiet = entry.isPlainWait
        // Share the sessions list with the previous sample when it did not change (one buffer, not two).
        if let previous = samples.last, previous.sessions.count == sample.sessions.count,
           zip(previous.sessions, sample.sessions).allSatisfy({ $0.id == $1.id && $0.state == $1.state }) {
            sample.sessions = previous.sessions
        }
        samples.append(sample)
    }

    /// The flow of everything applied so far: configuration first, then the steps.
    public func flowLines(configLines: [String]) -> [String] {
        configLines + steps[0..<applied].map(\.flowText)
    }
}

extension History {
    /// What an entry changed that the person can see: status, accuracy, Settings, lifecycle, in use.
    public func changes(_ entry: LogEntry, arrow: String = "→", language: Language = .en) -> String? {
        let i = Int(entry.sample)
        guard i > 0, i < samples.count else { return nil }
        let a = samples[i - 1], b = samples[i]
        let L = language
        var out: [String] = []
        if a.status != b.status { out.append(L("status") + " \(a.status.rawValue)\(arrow)\(b.status.rawValue)") }
        if a.accuracy != b.accuracy { out.append(L("accuracy") + " \(a.accuracy.rawValue)\(arrow)\(b.accuracy.rawValue)") }
        if a.settings != b.settings {
            // In the Settings page's own words, as the Settings pane shows them.
            func label(_ c: SettingsChoice) -> String { c == .unlisted ? L("not listed") : L.settingsLabel(c, profile: world.profile) }
            out.append(L("Settings") + " \(label(a.settings))\(arrow)\(label(b.settings))")
        }
        if a.lifecycle != b.lifecycle { out.append("\(L.lifecycle(a.lifecycle))\(arrow)\(L.lifecycle(b.lifecycle))") }
        if a.inUse != b.inUse { out.append(L(b.inUse ? "in use" : "no longer in use")) }
        return out.isEmpty ? nil : out.joined(separator: ", ")
    }
}

extension History {
    /// Everything one log line stood for, replayed (the history keeps only the line's main rule).
    public func details(ofLogEntry index: Int) -> (transition: Transition?, after: Sample?) {
        let entry = log[index]
        let after = entry.sample >= 0 && Int(entry.sample) < samples.count ? samples[Int(entry.sample)] : nil
        if entry.step < 0 { return (World.start(config).transition, after) }
        let step = Int(entry.step)
        guard step < applied, case .event(let e) = steps[step].kind else { return (nil, after) }
        // Which of the step's transitions this line is.
        var ordinal = 0
        var i = index - 1
        while i >= 0 && log[i].step == entry.step { ordinal += 1; i -= 1 }
        var w = rebuild(upTo: step)
        var found: Transition?
        var n = 0
        w.step(e) { t, _ in
            if n == ordinal { found = t }
            n += 1
        }
        return (found, after)
    }
}
