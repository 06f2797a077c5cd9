import LocflowCore

/// The system prompt on screen.
public struct SimulatedPrompt: Sendable, Hashable {
    /// The flow format's prompt name (§4).
    public var kind: PromptKind
    public var title: String
    public var message: String
    /// English labels, top to bottom.
    public var buttons: [String]
    /// The iOS 14+ when-in-use prompt's Precise switch.
    public var hasPreciseSwitch: Bool
    /// Where that switch stands.
    public var isPrecise: Bool

    init(_ p: Prompt, in w: World) {
        kind = p.kind
        title = w.title(for: p)
        message = w.message(for: p)
        buttons = w.buttons(for: p)
        hasPreciseSwitch = p.showsPreciseSwitch
        isPrecise = p.precise
    }
}

/// What Settings › Privacy › Location Services shows for the app.
public struct SimulatedSettings: Sendable, Hashable {
    /// The option a person picked on the app's page.
    public enum Choice: String, CaseIterable, Sendable, Hashable {
        /// Settings does not list the app (it never asked).
        case notListed
        case never, askNextTime, whileUsing, whileUsingOrWidgets, always

        init(_ c: SettingsChoice) {
            switch c {
            case .unlisted: self = .notListed
            case .never: self = .never
            case .askNextTime: self = .askNextTime
            case .whileUsing: self = .whileUsing
            case .whileUsingOrWidgets: self = .whileUsingOrWidgets
            case .always: self = .always
            }
        }

        var core: SettingsChoice {
            switch self {
            case .notListed: .unlisted
            case .never: .never
            case .askNextTime: .askNextTime
            case .whileUsing: .whileUsing
            case .whileUsingOrWidgets: .whileUsingOrWidgets
            case .always: .always
            }
        }
    }

    public var choice: Choice
    /// The options the page offers, in order (none while Settings does not list the app).
    public var options: [Choice]
    /// The Precise Location switch; nil where the page has none (before iOS 14, or not listed).
    public var precise: Bool?
    /// The global Location Services switch.
    public var locationServices: Bool

    init(_ w: World) {
        choice = Choice(w.settingsChoice)
        options = w.settingsOptions.map(Choice.init)
        precise = w.settingsShowsPrecise ? w.record.precise : nil
        locationServices = w.locationServicesOn
    }
}

/// The diagnostic properties of a session, a `CLLocationUpdate` or a `CLMonitor` event, by
/// Apple's names. A property that the source's Apple type does not have is always false.
public struct SimulatedDiagnostics: Sendable, Hashable {
    /// The true properties, in Apple's order.
    public var properties: [Diagnostic]

    init(_ properties: [Diagnostic]) { self.properties = properties }

    public func contains(_ d: Diagnostic) -> Bool { properties.contains(d) }
    public var authorizationDenied: Bool { contains(.authorizationDenied) }
    public var authorizationDeniedGlobally: Bool { contains(.authorizationDeniedGlobally) }
    public var authorizationRestricted: Bool { contains(.authorizationRestricted) }
    public var authorizationRequestInProgress: Bool { contains(.authorizationRequestInProgress) }
    public var insufficientlyInUse: Bool { contains(.insufficientlyInUse) }
    public var serviceSessionRequired: Bool { contains(.serviceSessionRequired) }
    public var alwaysAuthorizationDenied: Bool { contains(.alwaysAuthorizationDenied) }
    public var fullAccuracyDenied: Bool { contains(.fullAccuracyDenied) }
    public var accuracyLimited: Bool { contains(.accuracyLimited) }
    public var locationUnavailable: Bool { contains(.locationUnavailable) }
    public var stationary: Bool { contains(.stationary) }
    public var conditionUnsupported: Bool { contains(.conditionUnsupported) }
    public var conditionLimitExceeded: Bool { contains(.conditionLimitExceeded) }
    public var persistenceUnavailable: Bool { contains(.persistenceUnavailable) }
}

/// A location the app's code received: precise or approximate (reduced accuracy), and when
/// (virtual time since the device started).
public struct SimulatedLocation: Sendable, Hashable {
    public var isPrecise: Bool
    public var timestamp: Duration
}

/// `locationManager(_:didFailWithError:)`'s errors, and the temporary full-accuracy completion's.
public enum SimulatedLocationError: String, Error, Sendable, Hashable {
    /// `kCLErrorDenied`.
    case denied
    /// `kCLErrorLocationUnknown`.
    case locationUnknown
    /// The completion of `requestTemporaryFullAccuracyAuthorization` when iOS showed no prompt
    /// (`CLError.promptDeclined`).
    case promptDeclined
}
