/// A world's plain fields as blocks of whole words (`PlainFields`, and a process's
/// `ProcessPlain`): no references and no padding, so a copy moves them with one `memcpy`, and
/// `==`, the hash and the model checker's fingerprint read them as words.

/// The plain fields of a `World`: whole words first (counts and times), then one byte each
/// (booleans, cases, optional cases), then zero bytes to a whole word, then the words the
/// canonical form sets to one value (which the fingerprint leaves out). No padding falls between
/// them (a test holds the size equal to the sum of the fields'), so equal values are equal
/// bytes: the model checker's fingerprint hashes the block as it lies in memory, and a copy of
/// a world moves it with one `memcpy`. A time that may be absent is a `Time` (one word, no
/// optional's tag byte and padding); an optional pair is two optional bytes.
struct PlainFields: Sendable, PlainBlock {
    var now: Millis = 0
    var foregroundLeftAt = Time(nil)
    var notInUseSince = Time(nil)
    var suspendAt = Time(nil)
    var relaunchWindowEndsAt = Time(nil)
    var promptShownAt = Time(nil)
    var nextReducedFixAt = Time(nil)
    var standardFixDue = Time(nil)
    var liveFixDue = Time(nil)
    var autoPauseAt = Time(nil)
    var liveActivityStartedAt = Time(nil)
    var appClipResetAt = Time(nil)
    // One byte each.
    var record = AppRecord()
    var locationServicesOn = true
    var restricted = false
    var moving = true
    var hasFix = true
    var airplaneMode = false
    var lifecycle: Lifecycle = .foreground
    var keptBackgroundActivity = false
    var keptLiveUpdates = false
    var keptMonitor = false
    var significantChanges = false
    var lastCallbackStatus: AuthorizationStatus?
    var lastCallbackAccuracy: AccuracyAuthorization = .fullAccuracy
    var completion: CompletionResult = .none
    var lastError: LocationError = .none
    var lastFix: FixKind?
    var noFixReported = false
    var visits = false
    var widgetAdded = false
    var forceQuitSinceOpened = false
    /// Zero bytes to a whole word: the block is read as words, and these are always 0.
    private var pad: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0, 0, 0)
    // Last, the words the canonical form sets to one value (`World.canonicalConstants`): the
    // fingerprint, which only the search asks of canonical worlds, leaves them out.
    var callbacks = 0
    var reducedFixes = 0
    var timersFired = 0
    var fixes = 0
    var lastFixAt = Time(nil)
    var locationUsedAt = Time(nil)
}

extension PlainFields: FingerprintedPrefix {
    /// All but the six last words (a constant the compiler folds: read as a stored value, the
    /// loop over the words was not unrolled; a test holds it to `callbacks`' offset).
    @inline(__always) static var fingerprintedWords: Int { wordCount - 6 }
}

/// A block of plain fields in whole words with no padding (`PlainFields`, `ProcessPlain`): its
/// bytes are its value, so it is compared and hashed as words (these `==` and `hash(into:)`
/// take the place of the synthesized ones).
protocol PlainBlock: BitwiseCopyable, Hashable {}

/// A plain block whose last words the canonical form sets to one value: the fingerprint reads
/// the words before them (`fingerprintedWords`).
protocol FingerprintedPrefix: PlainBlock {
    static var fingerprintedWords: Int { get }
}

extension PlainBlock {
    /// The number of words in the block.
    @inline(__always) static var wordCount: Int { MemoryLayout<Self>.size / 8 }

    /// Calls `body` with each word of the block, in order.
    @inline(__always) func forEachWord(_ body: (UInt64) -> Void) {
        withUnsafeBytes(of: self) { raw in
            for i in 0..<Self.wordCount { body(raw.loadUnaligned(fromByteOffset: i * 8, as: UInt64.self)) }
        }
    }

    static func == (a: Self, b: Self) -> Bool {
        withUnsafeBytes(of: a) { x in withUnsafeBytes(of: b) { y in x.elementsEqual(y) } }
    }

    func hash(into hasher: inout Hasher) { forEachWord { hasher.combine($0) } }
}

/// A moment that may be absent, in one word: absent is `Int.min`, which no time comes near.
/// (Times can be negative: a canonical world's past time is `World.canonicalNow` less up to a
/// horizon of 100 years, about -2·10¹²; every time is within a few `VirtualTime.limit` of 0.)
struct Time: Sendable, Hashable, BitwiseCopyable {
    private var raw: Int
    @inline(__always) init(_ t: Millis?) { raw = t ?? .min }
    @inline(__always) var value: Millis? { raw == .min ? nil : raw }

    /// The canonical form's rewriting of a time (see `World.canonicalize`): relative to `now`,
    /// moved to `base`; a moment in the past cut off `horizon` before now. Nil stays nil.
    /// On the raw word, not unwrapped through `value` and wrapped again.
    @inline(__always) mutating func rebase(now n: Millis, to base: Millis) {
        if raw != .min { raw = base + (raw - n) }
    }

    @inline(__always) mutating func rebase(now n: Millis, to base: Millis, past horizon: Millis) {
        if raw != .min { raw = base + max(raw - n, -max(0, horizon)) }
    }
}

/// The plain fields of a `ProcessState`, laid out as `PlainFields` is (whole words, then bytes,
/// then zero bytes to a whole word, then the canonical constants; a test holds that nothing falls
/// between them). An absent
/// stream or request keeps its other fields at one value (0, nil, false), so equal processes are
/// equal bytes.
struct ProcessPlain: Sendable, PlainBlock {
    var locationRequestDeadline = Time(nil)
    // One byte each.
    var launchedInBackground = false
    var lastDeliveredStatus: AuthorizationStatus?
    var lastDeliveredAccuracy: AccuracyAuthorization = .fullAccuracy
    var standardUpdates = false
    var standardStartedInForeground = false
    var allowsBackgroundUpdates = false
    var liveUpdates = StreamFlag.off
    var monitor = StreamFlag.off
    var backgroundActivity = StreamFlag.off
    var desiredAccuracy: DesiredAccuracy = .best
    var pausesAutomatically = true
    var activityType: ActivityType = .other
    var showsBackgroundIndicator = false
    var indicatorPropertyAtBackground = false
    var paused = false
    var locationRequest = false
    var locationRequestHeld = false
    /// Zero bytes to a whole word.
    private var pad: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0, 0, 0, 0)
    // Last, the words the canonical form sets to one value (see `PlainFields`).
    var generation = 0
    var launchedAt: Millis = 0
    var liveUpdatesStartedAt: Millis = 0
    var monitorStartedAt: Millis = 0
    var backgroundActivityStartedAt: Millis = 0
}

extension ProcessPlain: FingerprintedPrefix {
    /// All but the five last words (see `PlainFields`; a test holds it to `generation`'s offset).
    @inline(__always) static var fingerprintedWords: Int { wordCount - 5 }
}

/// Whether a process stream runs, and whether it is qualified, in one byte.
enum StreamFlag: UInt8, Sendable, BitwiseCopyable {
    case off, unqualified, qualified

    @inline(__always) func value(_ startedAt: Millis) -> ProcessStream? {
        self == .off ? nil : ProcessStream(startedAt: startedAt, qualified: self == .qualified)
    }

    @inline(__always) static func from(_ s: ProcessStream?) -> (StreamFlag, Millis) {
        guard let s else { return (.off, 0) }
        return (s.qualified ? .qualified : .unqualified, s.startedAt)
    }
}
