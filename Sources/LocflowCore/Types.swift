/// Virtual time in milliseconds since the flow began.
public typealias Millis = Int

/// The bounds of virtual time, so that no input (a flow, the explorer's keys) can make time
/// arithmetic overflow: every duration is at most `maxDuration`, and the clock never passes
/// `limit` (a wait that would pass it is refused), so `now + duration` always fits.
public enum VirtualTime {
    /// The longest duration a flow may write: 100 years (876000h).
    public static let maxDuration: Millis = 876_000 * 3_600_000
    /// The furthest the clock goes: 10,000 years.
    public static let limit: Millis = 100 * maxDuration

    /// `a + b`, or nil when the sum would pass `limit` (or overflow).
    public static func adding(_ a: Millis, _ b: Millis) -> Millis? {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow || sum > limit || sum < 0 ? nil : sum
    }

    /// The most timers one wait may fire, and all waits of a run together: a periodic timer
    /// (a reduced-accuracy fix every `reducedAccuracyInterval`, as short as 1ms) over a long wait
    /// would otherwise fire billions of times. A wait that would pass either is refused.
    public static let maxTimersPerWait = 100_000
    public static let maxTimersPerRun = 1_000_000

    /// `a + b`, saturating at `limit`.
    public static func saturating(_ a: Millis, _ b: Millis) -> Millis { adding(a, b) ?? limit }
}

/// `CLAuthorizationStatus`, spelled as Apple spells its cases.
public enum AuthorizationStatus: String, CaseIterable, Sendable, Hashable, BitwiseCopyable {
    case notDetermined, restricted, denied, authorizedAlways, authorizedWhenInUse

    public var isAuthorized: Bool { self == .authorizedAlways || self == .authorizedWhenInUse }
}

/// `CLAccuracyAuthorization`.
public enum AccuracyAuthorization: String, CaseIterable, Sendable, Hashable, BitwiseCopyable {
    case fullAccuracy, reducedAccuracy
}

/// The option a person picked on the app's page in Settings › Location Services.
/// `unlisted` is the app that never asked: Settings does not list it.
public enum SettingsChoice: String, CaseIterable, Sendable, Hashable, BitwiseCopyable {
    case unlisted, never, askNextTime, whileUsing, whileUsingOrWidgets, always
}

/// The app's process as the system sees it.
public enum Lifecycle: String, CaseIterable, Sendable, Hashable, BitwiseCopyable {
    case foreground, background, suspended, terminated

    @inline(__always) public var isRunning: Bool { self == .foreground || self == .background }
}

/// The kinds of system prompt (docs/flow-format.md §4).
public enum PromptKind: String, CaseIterable, Sendable, Hashable, BitwiseCopyable {
    case whenInUse, alwaysUpgrade, temporaryFullAccuracy, backgroundReminder
    case legacyAlways, legacyWhenInUse, locationButton, servicesOff
    /// Format 1.1, with the assumption addWidgetAsks: adding the app's widget asks whether to extend
    /// when-in-use to widgets (which prompt iOS shows is not documented). [I]
    case widget

    /// Prompts that ask the person for this app's authorization: while one is up (or queued),
    /// diagnostics say `authorizationRequestInProgress`.
    public var isAuthorizationRequest: Bool {
        switch self {
        case .whenInUse, .alwaysUpgrade, .temporaryFullAccuracy, .legacyAlways, .legacyWhenInUse, .locationButton:
            return true
        case .backgroundReminder, .servicesOff, .widget:
            return false
        }
    }
}

/// `CLServiceSession.AuthorizationRequirement`.
public enum SessionGoal: String, CaseIterable, Sendable, Hashable, Comparable, BitwiseCopyable {
    case none, whenInUse, always

    public var level: Int {
        switch self { case .none: 0; case .whenInUse: 1; case .always: 2 }
    }
    public static func < (a: SessionGoal, b: SessionGoal) -> Bool { a.level < b.level }
}

/// The state of an explicit service session (docs/flow-format.md §3.5 `expect session`).
public enum SessionState: String, CaseIterable, Sendable, Hashable, BitwiseCopyable {
    case active, invalidated, lapsed
}

/// The completion result of the latest `requestTemporaryFullAccuracyAuthorization`.
public enum CompletionResult: String, CaseIterable, Sendable, Hashable, BitwiseCopyable {
    case none, pending, `nil`, promptDeclined
}

/// The latest `locationManager(_:didFailWithError:)`.
public enum LocationError: String, CaseIterable, Sendable, Hashable, BitwiseCopyable {
    case none, denied
    /// `kCLErrorLocationUnknown` (format 1.1).
    case locationUnknown
}

/// Sources whose delivery `expect delivering` can ask about.
public enum DeliverySource: String, CaseIterable, Sendable, Hashable {
    case standard, liveUpdates, monitor, significantChanges
    /// Format 1.1: the visits service, beacon ranging, beacon-region monitoring.
    case visits, beacons, beaconRegions
    /// *Extension*: classic circular region monitoring (`startMonitoring(for:)`).
    case regions
}

/// `desiredAccuracy` (format 1.1), spelled as Apple's constants without the `kCLLocationAccuracy` prefix.
public enum DesiredAccuracy: String, CaseIterable, Sendable, Hashable, BitwiseCopyable {
    case bestForNavigation, best, nearestTenMeters, hundredMeters, kilometer, threeKilometers, reduced
}

/// `CLActivityType` (format 1.1).
public enum ActivityType: String, CaseIterable, Sendable, Hashable, BitwiseCopyable {
    case other, automotiveNavigation, fitness, otherNavigation, airborne
}

/// What the most recent location the app's code received was (`expect fix`).
public enum FixKind: String, CaseIterable, Sendable, Hashable, BitwiseCopyable {
    /// At full accuracy (whatever `desiredAccuracy`, `kilometer` included).
    case precise
    /// A reduced-accuracy fix: coarse, about 1-20 km.
    case approximate
}

/// How Control Center lists the app (iOS 16+): using location now, used it recently, or not at all.
public enum ControlCenterListing: String, CaseIterable, Sendable, Hashable {
    case none, using, recently
}

/// The Apple type a diagnostics source is an instance of.
public enum DiagnosticType: String, Sendable, Hashable {
    case serviceSession = "CLServiceSession.Diagnostic"
    case backgroundActivity = "CLBackgroundActivitySession.Diagnostic"
    case locationUpdate = "CLLocationUpdate"
    case monitorEvent = "CLMonitor.Event"

    /// Exactly the properties Apple's type has, in Apple's order. [A S7b, S19, S31, S61]
    public var properties: [Diagnostic] {
        switch self {
        case .serviceSession: DiagnosticType.session
        case .backgroundActivity: DiagnosticType.common
        case .locationUpdate: DiagnosticType.update
        case .monitorEvent: DiagnosticType.monitor
        }
    }

    /// The same as a set: the model checker's invariants read it for every source of every
    /// state it finds.
    public var propertySet: DiagnosticSet {
        switch self {
        case .serviceSession: DiagnosticType.sessionSet
        case .backgroundActivity: DiagnosticType.commonSet
        case .locationUpdate: DiagnosticType.updateSet
        case .monitorEvent: DiagnosticType.monitorSet
        }
    }

    // Built once.
    private static let common: [Diagnostic] = [
        .authorizationDenied, .authorizationDeniedGlobally, .authorizationRestricted,
        .authorizationRequestInProgress, .insufficientlyInUse, .serviceSessionRequired,
    ]
    private static let session = common + [.alwaysAuthorizationDenied, .fullAccuracyDenied]
    private static let update = common + [.accuracyLimited, .locationUnavailable, .stationary]
    private static let monitor = common + [.accuracyLimited, .conditionUnsupported, .conditionLimitExceeded, .persistenceUnavailable]
    private static let commonSet = DiagnosticSet(common), sessionSet = DiagnosticSet(session)
    private static let updateSet = DiagnosticSet(update), monitorSet = DiagnosticSet(monitor)
}

/// A set of diagnostic properties, a bit each (bit n is `Diagnostic.allCases[n]`).
public struct DiagnosticSet: OptionSet, Sendable, Hashable {
    public let rawValue: UInt16
    public init(rawValue: UInt16) { self.rawValue = rawValue }
    public init(_ d: Diagnostic) { rawValue = 1 << d.bit }
    public init(_ ds: some Sequence<Diagnostic>) { self = ds.reduce(into: []) { $0.insert(DiagnosticSet($1)) } }

    public func contains(_ d: Diagnostic) -> Bool { rawValue & (1 << d.bit) != 0 }
    public mutating func insert(_ d: Diagnostic) { formUnion(DiagnosticSet(d)) }
    /// The properties in the set, in Apple's order (`Diagnostic.allCases`).
    public var elements: [Diagnostic] { Diagnostic.allCases.filter { contains($0) } }
}

/// One diagnostic property, named exactly as Apple names it.
public enum Diagnostic: String, CaseIterable, Sendable, Hashable {
    case authorizationDenied, authorizationDeniedGlobally, authorizationRestricted
    case authorizationRequestInProgress, insufficientlyInUse, serviceSessionRequired
    case alwaysAuthorizationDenied, fullAccuracyDenied
    case accuracyLimited, locationUnavailable, stationary
    case conditionUnsupported, conditionLimitExceeded, persistenceUnavailable

    /// Its bit in a `DiagnosticSet`: its place among the cases.
    var bit: UInt16 {
        switch self {
        case .authorizationDenied: 0
        case .authorizationDeniedGlobally: 1
        case .authorizationRestricted: 2
        case .authorizationRequestInProgress: 3
        case .insufficientlyInUse: 4
        case .serviceSessionRequired: 5
        case .alwaysAuthorizationDenied: 6
        case .fullAccuracyDenied: 7
        case .accuracyLimited: 8
        case .locationUnavailable: 9
        case .stationary: 10
        case .conditionUnsupported: 11
        case .conditionLimitExceeded: 12
        case .persistenceUnavailable: 13
        }
    }

    /// What the property means (paraphrasing Apple's header comments).
    public var meaning: String {
        switch self {
        case .authorizationDenied: "Suspended because the app is denied (includes Location Services off)."
        case .authorizationDeniedGlobally: "Suspended because Location Services are off system-wide."
        case .authorizationRestricted: "The app lacks authorization and cannot change it (parental controls, MDM)."
        case .authorizationRequestInProgress: "The system is asking the person for this app and has no answer yet."
        case .insufficientlyInUse: "The app is not in use enough: it should have been started in the foreground."
        case .serviceSessionRequired: "The app requires explicit sessions and holds none that needs authorization."
        case .alwaysAuthorizationDenied: "A session that wants Always was refused Always by the person."
        case .fullAccuracyDenied: "A session that wants full accuracy was refused by the person."
        case .accuracyLimited: "Accuracy is limited: updates only about every 15-20 minutes; monitor events are withheld."
        case .locationUnavailable: "Core Location currently cannot determine the location."
        case .stationary: "Updates paused because the device is not moving."
        case .conditionUnsupported: "Monitoring is not supported for this condition type."
        case .conditionLimitExceeded: "Too many conditions of this type are monitored."
        case .persistenceUnavailable: "Monitoring state cannot be stored persistently."
        }
    }
}

/// Who caused an event (the explorer's log filter).
public enum Actor: String, CaseIterable, Sendable, Hashable {
    case person, app, system, device, timer
}
