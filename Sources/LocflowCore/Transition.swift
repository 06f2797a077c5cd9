/// One thing that happened to the world: the event, whether it was refused, every rule that
/// decided it, and what the app and the person could observe.
public struct Transition: Sendable, Hashable {
    public var event: Event
    public var time: Millis
    /// Set when the step could not be performed (nothing changed); says why.
    public var refusal: Why?
    public var why: [Why] = []
    public var outputs: [Output] = []
    /// Every rule noted, as a set, and the latest: kept in both modes (the reducer reads
    /// `lastRule`; the model checker reads `rules`).
    public private(set) var rules = RuleSet()
    public private(set) var lastRule: Rule?
    /// The model checker's step (`World.step(_:quiet:sink:)`): the rules go into `rules` only,
    /// not into `why` with the texts of their specifics, and no outputs are listed. The world
    /// changes exactly as it does otherwise.
    public var quiet = false
    /// The model checker's step (`World.stepForSearch`): history that the canonical form drops
    /// and no rule reads is not kept (when the app last used location, Control Center's
    /// "recently": keeping it was about 2% of an exploration's instructions).
    var search = false

    public init(event: Event, time: Millis, quiet: Bool = false) {
        self.event = event
        self.time = time
        self.quiet = quiet
    }

    public var isRefused: Bool { refusal != nil }

    /// Empties a quiet transition for the next step (see `World.stepForSearch(_:rules:scratch:asked:)`).
    @inline(__always) mutating func restart(at time: Millis) {
        assert(quiet && why.isEmpty && outputs.isEmpty)
        self.time = time
        if refusal != nil { refusal = nil }
        rules = RuleSet()
        lastRule = nil
    }

    mutating func note(_ rule: Rule, _ detail: @autoclosure () -> String? = nil) {
        rules.insert(rule)
        lastRule = rule
        if !quiet { why.append(Why(rule, detail())) }
    }

    mutating func emit(_ output: @autoclosure () -> Output) { if !quiet { outputs.append(output()) } }

    /// The callbacks this transition delivered.
    public var callbacks: [StatusPair] {
        outputs.compactMap { if case .callback(let pair) = $0 { pair } else { nil } }
    }
}

/// A rule that fired, with the specifics of this case.
public struct Why: Sendable, Hashable {
    public var rule: Rule
    public var detail: String?

    public init(_ rule: Rule, _ detail: String? = nil) {
        self.rule = rule
        self.detail = detail
    }

    /// "requestAlwaysAuthorization ignored: the app holds an Allow Once grant [A S1]"
    public var text: String {
        if let detail { return "\(rule.text) (\(detail)) [\(rule.source)]" }
        return "\(rule.text) [\(rule.source)]"
    }
}

/// What an event made observable.
public enum Output: Sendable, Hashable {
    case callback(StatusPair)
    case promptShown(PromptKind)
    case promptAnswered(PromptKind, button: String)
    case promptHidden(PromptKind)
    case completion(CompletionResult)
    case error(LocationError)
    case launched(background: Bool)
    case terminated
    case suspended
    case resumed
    case locationEvent(String, delivered: Bool)
    case sessionLapsed(Name)
    case reducedFix
    // Format 1.1
    /// A location reached the app's code (`locationManager(_:didUpdateLocations:)` or a `CLLocationUpdate`).
    case fix(FixKind, source: String)
    /// `locationManagerDidPauseLocationUpdates(_:)`.
    case paused
    case liveActivity(Bool)

    public var text: String {
        switch self {
        case .callback(let p): "callback: \(p.text)"
        case .promptShown(let k): "prompt shown: \(k.rawValue)"
        case .promptAnswered(let k, let b): "prompt \(k.rawValue) answered: \(b)"
        case .promptHidden(let k): "prompt hidden: \(k.rawValue)"
        case .completion(let r): "completion: \(r.rawValue)"
        case .error(let e): "didFailWithError: " + (e == .denied ? "kCLErrorDenied" : e == .locationUnknown ? "kCLErrorLocationUnknown" : "none")
        case .launched(let bg): bg ? "launched in the background" : "launched"
        case .terminated: "process ended"
        case .suspended: "suspended"
        case .resumed: "resumed"
        case .locationEvent(let e, let d): d ? "\(e) delivered" : "\(e) not delivered"
        case .sessionLapsed(let id): "session \(id) lapsed"
        case .reducedFix: "reduced-accuracy fix delivered"
        case .fix(let k, let source): "\(k == .precise ? "precise" : "approximate") fix delivered (\(source))"
        case .paused: "locationManagerDidPauseLocationUpdates"
        case .liveActivity(let on): on ? "Live Activity started" : "Live Activity ended"
        }
    }
}
