/// The OS the app runs on (docs/flow-format.md §2). All version differences live in `PlatformProfile`.
public enum Platform: String, CaseIterable, Sendable, Hashable {
    case ios12, ios13, ios13_4 = "ios13.4", ios14, ios15, ios16, ios17, ios18, ios26, ios27, visionos

    public var profile: PlatformProfile { PlatformProfile(self) }

    /// A short human name: "iOS 13.4", "visionOS".
    public var displayName: String {
        switch self {
        case .ios12: "iOS 12"
        case .ios13: "iOS 13.0-13.3"
        case .ios13_4: "iOS 13.4"
        case .ios14: "iOS 14"
        case .ios15: "iOS 15"
        case .ios16: "iOS 16"
        case .ios17: "iOS 17"
        case .ios18: "iOS 18"
        case .ios26: "iOS 26"
        case .ios27: "iOS 27"
        case .visionos: "visionOS (iPad app)"
        }
    }
}

/// What a platform can do. One place for every version switch, so that rules read
/// `profile.hasAllowOnce` rather than comparing versions.
public struct PlatformProfile: Sendable, Hashable {
    public let platform: Platform
    /// The version ordinal used for "X and later" questions (visionOS behaves as the latest iOS).
    let rank: Int

    init(_ platform: Platform) {
        self.platform = platform
        switch platform {
        case .ios12: rank = 12_0
        case .ios13: rank = 13_0
        case .ios13_4: rank = 13_4
        case .ios14: rank = 14_0
        case .ios15: rank = 15_0
        case .ios16: rank = 16_0
        case .ios17: rank = 17_0
        case .ios18: rank = 18_0
        // iOS 26 and 27: every authorization switch reads as iOS 18 (Apple's change log has no
        // authorization entry after June 2024); what differs is in `PlatformNotes`. [A S220]
        case .ios26: rank = 26_0
        case .ios27: rank = 27_0
        case .visionos: rank = 18_0
        }
    }

    public var isVisionOS: Bool { platform == .visionos }
    /// iOS 11-12: three-option Always prompt, two-button when-in-use prompt, no Allow Once.
    public var legacyPrompts: Bool { rank < 13_0 }
    /// iOS 13+: Allow Once, provisional Always, "Ask Next Time" in Settings. [A S1]
    public var hasAllowOnce: Bool { rank >= 13_0 }
    /// iOS 13.4+: Always requested from permanent when-in-use shows the upgrade prompt at once. [A via D S29]
    public var immediateUpgrade: Bool { rank >= 13_4 }
    /// iOS 14+: precise/approximate, temporary full accuracy, the new callback. [A S3, S14]
    public var hasAccuracy: Bool { rank >= 14_0 }
    /// iOS 14+ (and visionOS): "Allow Once" first in the when-in-use prompt. [D S38]
    public var modernButtonOrder: Bool { rank >= 14_0 }
    /// iOS 15+: CLLocationButton. Ignored on visionOS. [A S30]
    public var hasLocationButton: Bool { rank >= 15_0 && !isVisionOS }
    /// iOS 16+: ActivityKit Live Activities (not on visionOS). [A S211]
    public var hasLiveActivities: Bool { rank >= 16_0 && !isVisionOS }
    /// iOS 16+: Control Center lists apps that track the location or used Core Location
    /// recently. [A S1] (visionOS: not documented, not modelled.)
    public var listsAppsInControlCenter: Bool { rank >= 16_0 && !isVisionOS }
    /// iOS 17+: liveUpdates, CLMonitor, CLBackgroundActivitySession. [A S31, S61]
    public var hasModernAPIs: Bool { rank >= 17_0 }
    /// iOS 18+ (visionOS 2): CLServiceSession, implicit sessions, diagnostics. [A S7, S18]
    public var hasServiceSessions: Bool { rank >= 18_0 }
    /// visionOS has no Always level; requestAlwaysAuthorization is a when-in-use request. [A S1, S13]
    public var hasAlways: Bool { !isVisionOS }
    /// Before iOS 14 the callback is `locationManager(_:didChangeAuthorization:)`.
    public var callbackName: String {
        hasAccuracy ? "locationManagerDidChangeAuthorization" : "locationManager(_:didChangeAuthorization:)"
    }
    /// Settings' privacy menu: "Privacy & Security" from iOS 16 (and on visionOS), "Privacy" before.
    public var privacyMenu: String { rank >= 16_0 ? "Privacy & Security" : "Privacy" }
    /// The label of the "Ask" row in Settings. [D S20, S21, S39]
    public var askNextTimeLabel: String {
        rank >= 17_0 ? "Ask Next Time Or When I Share" : "Ask Next Time"
    }
}
