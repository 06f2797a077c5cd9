import LocflowCore
import LocflowFlow

// The model's types that the library's API names, usable after `import LocflowTesting` alone.
// Typealiases rather than `@_exported import`: a test that imports the library gets these names,
// not the model's whole vocabulary (whose `Actor` and `Name` would shadow names of its own).

/// `CLAuthorizationStatus`: `.notDetermined`, `.restricted`, `.denied`, `.authorizedAlways`, `.authorizedWhenInUse`.
public typealias AuthorizationStatus = LocflowCore.AuthorizationStatus
/// `CLAccuracyAuthorization`: `.fullAccuracy`, `.reducedAccuracy`.
public typealias AccuracyAuthorization = LocflowCore.AccuracyAuthorization
/// The app's process as the system sees it: `.foreground`, `.background`, `.suspended`, `.terminated`.
public typealias Lifecycle = LocflowCore.Lifecycle
/// One diagnostic property, named exactly as Apple names it (`.insufficientlyInUse` ...).
public typealias Diagnostic = LocflowCore.Diagnostic
/// The flow format's prompt names (`.whenInUse`, `.alwaysUpgrade` ...).
public typealias PromptKind = LocflowCore.PromptKind
/// `CLServiceSession.AuthorizationRequirement`: `.none`, `.whenInUse`, `.always`.
public typealias SessionGoal = LocflowCore.SessionGoal
/// The state of a service session: `.active`, `.invalidated`, `.lapsed`.
public typealias SessionState = LocflowCore.SessionState
/// What `expect delivering` asks about: `.standard`, `.liveUpdates`, `.monitor`, `.significantChanges` ...
public typealias DeliverySource = LocflowCore.DeliverySource
/// `desiredAccuracy`, spelled as Apple's constants without the `kCLLocationAccuracy` prefix.
public typealias DesiredAccuracy = LocflowCore.DesiredAccuracy
/// `CLActivityType`.
public typealias ActivityType = LocflowCore.ActivityType
/// A property-list value, for `InfoPlist`.
public typealias PlistValue = LocflowFlow.PlistValue

/// The OS the app runs on: a case for every platform the flow format names.
public enum Platform: String, CaseIterable, Sendable, Hashable {
    case iOS12, iOS13, iOS13_4, iOS14, iOS15, iOS16, iOS17, iOS18, iOS26, iOS27, visionOS, macOS26, watchOS26

    /// The model's platform.
    var core: LocflowCore.Platform {
        switch self {
        case .iOS12: .ios12
        case .iOS13: .ios13
        case .iOS13_4: .ios13_4
        case .iOS14: .ios14
        case .iOS15: .ios15
        case .iOS16: .ios16
        case .iOS17: .ios17
        case .iOS18: .ios18
        case .iOS26: .ios26
        case .iOS27: .ios27
        case .visionOS: .visionos
        case .macOS26: .macos26
        case .watchOS26: .watchos26
        }
    }

    /// Every platform of the model has its case here: a new one stops the build until it does.
    init(_ core: LocflowCore.Platform) {
        switch core {
        case .ios12: self = .iOS12
        case .ios13: self = .iOS13
        case .ios13_4: self = .iOS13_4
        case .ios14: self = .iOS14
        case .ios15: self = .iOS15
        case .ios16: self = .iOS16
        case .ios17: self = .iOS17
        case .ios18: self = .iOS18
        case .ios26: self = .iOS26
        case .ios27: self = .iOS27
        case .visionos: self = .visionOS
        case .macos26: self = .macOS26
        case .watchos26: self = .watchOS26
        }
    }

    /// The name a flow writes (`ios13.4`).
    public var flowName: String { core.rawValue }

    /// The platform a flow names (`ios13.4`), or nil.
    public init?(flowName: String) {
        guard let p = LocflowCore.Platform(rawValue: flowName) else { return nil }
        self.init(p)
    }
}
