import LocflowCore

/// A flow run one statement at a time, exactly as `check` runs a whole file (`FlowRunner.run`):
/// the same start, the same reducer, the same explanation of a failed expectation. The testing
/// library's simulated device drives the model through it, so that a test and `check` cannot
/// disagree; a test holds both alike for every sample flow.
public struct StepwiseRun {
    /// The world after the last statement.
    public private(set) var world: World
    /// The launch at time 0 that every flow starts with.
    public let start: Transition
    var provenance = Provenance()

    public init(config: AppConfig) {
        let (world, start) = World.start(config)
        self.world = world
        self.start = start
        provenance.record(start, line: nil, after: world)
    }

    /// Applies one step (`line` is the flow's line, or nil for a call without one), handing each
    /// transition (the timers a wait fires, then the step) and the world just after it to
    /// `sink`. Returns the refusal when the step could not be performed.
    @discardableResult
    public mutating func step(_ event: Event, line: Int?, sink: (Transition, World) -> Void = { _, _ in }) -> Why? {
        var refusal: Why?
        var provenance = self.provenance
        world.step(event) { t, after in
            if t.event == event { refusal = t.refusal }
            provenance.record(t, line: line, after: after)
            sink(t, after)
        }
        self.provenance = provenance
        return refusal
    }

    /// Checks one expectation as `check` does: nil when it holds, else the message `check`
    /// prints after `FILE:LINE: ` ("expected status denied, found ... (line 4: ... [A S1])").
    /// `expect refused` is the caller's to check: it reads the step before, not the world.
    public func failure(of x: Expectation) -> (message: String, found: String)? {
        let (ok, found) = Expectations.check(x, in: world)
        if ok { return nil }
        var message = "expected \(excerpt(x.flowText.dropFirst("expect ".count), limit: 200)), found \(excerpt(found, limit: 200))"
        if let why = provenance.explain(x) { message += " (\(why))" }
        return (message, found)
    }

    /// What `check` prints for a refused step that no `expect refused` follows.
    public static func refusedMessage(source: String, _ why: Why) -> String {
        "expected '\(excerpt(source, limit: 120))' to be performed, found it refused: \(excerpt(why.text, limit: 400))"
    }

    /// What `check` prints for an `expect refused` whose step was performed (or that follows no step).
    public static func notRefusedMessage(lastStep: (line: Int, source: String)?) -> String {
        let what = lastStep.map { "the step at line \($0.line) (\($0.source)) to be refused, found it performed" }
            ?? "a refused step before this line, found no step"
        return "expected \(what)"
    }
}
