/// The OS the app runs on (docs/flow-format.md §2). All version differences live in `PlatformProfile`.
public enum Platform: String, CaseIterable, Sendable, Hashable {
    case ios12, ios13, ios13_4 = "ios13.4", ios14, ios15, ios16, ios17, ios18, ios26, ios27, visionos, macos26, watchos26

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
        case .macos26: "macOS 26"
        case .watchos26: "watchOS 26"
        }
    }

    /// The OS's name without its version: "iOS", "visionOS", "macOS", "watchOS".
    public var osName: String {
        switch self {
        case .ios12, .ios13, .ios13_4, .ios14, .ios15, .ios16, .ios17, .ios18, .ios26, .ios27: "iOS"
        case .visionos: "visionOS"
        case .macos26: "macOS"
        case .watchos26: "watchOS"
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
        // macOS 26 and watchOS 26 answer the "X and later" questions as iOS 18 (their Core
        // Location has the iOS 18 API generation: liveUpdates' diagnostics from macOS 15 and
        // watchOS 11); what each lacks is a flag below, not a version. [A S230, S233]
        case .macos26, .watchos26: rank = 18_0
        }
    }

    public var isVisionOS: Bool { platform == .visionos }
    /// macOS: one usage key, one grant that reads authorizedAlways, apps never suspended. [A S230-S232]
    public var isMac: Bool { platform == .macos26 }
    /// watchOS: no CLMonitor, no service that launches the app for a location event. [A S233-S235]
    public var isWatch: Bool { platform == .watchos26 }
    /// An iPhone-style platform (iOS, or an iPad app on visionOS): the Settings app's page with
    /// the radio list, Control Center, Live Activities. Not macOS nor watchOS.
    public var isPhoneLike: Bool { !isMac && !isWatch }
    /// iOS 11-12: three-option Always prompt, two-button when-in-use prompt, no Allow Once.
    public var legacyPrompts: Bool { rank < 13_0 }
    /// iOS 13+: Allow Once, provisional Always, "Ask Next Time" in Settings. [A S1]
    public var hasAllowOnce: Bool { rank >= 13_0 && !isMac }
    /// iOS 13.4+: Always requested from permanent when-in-use shows the upgrade prompt at once. [A via D S29]
    public var immediateUpgrade: Bool { rank >= 13_4 }
    /// iOS 14+: precise/approximate, temporary full accuracy, the new callback. [A S3, S14]
    public var hasAccuracy: Bool { rank >= 14_0 }
    /// iOS 14+ (and visionOS): "Allow Once" first in the when-in-use prompt. [D S38]
    public var modernButtonOrder: Bool { rank >= 14_0 }
    /// iOS 15+: CLLocationButton. Ignored on visionOS. [A S30]
    public var hasLocationButton: Bool { rank >= 15_0 && !isVisionOS && !isMac }
    /// iOS 16+: ActivityKit Live Activities (not on visionOS). [A S211]
    public var hasLiveActivities: Bool { rank >= 16_0 && !isVisionOS && isPhoneLike }
    /// iOS 16+: Control Center lists apps that track the location or used Core Location
    /// recently. [A S1] (visionOS: not documented, not modelled.)
    public var listsAppsInControlCenter: Bool { rank >= 16_0 && !isVisionOS && isPhoneLike }
    /// iOS 17+: liveUpdates, CLMonitor, CLBackgroundActivitySession. [A S31, S61]
    public var hasModernAPIs: Bool { rank >= 17_0 }
    /// iOS 18+ (visionOS 2): CLServiceSession, implicit sessions, diagnostics. [A S7, S18]
    public var hasServiceSessions: Bool { rank >= 18_0 }
    /// visionOS has no Always level; requestAlwaysAuthorization is a when-in-use request. [A S1, S13]
    public var hasAlways: Bool { !isVisionOS }
    /// macOS has no when-in-use status: a grant is `authorizedAlways` (macOS's `authorized`), and
    /// When In Use and Always are the same there. [A S230, S231]
    public var grantIsAlways: Bool { isMac }
    /// macOS does not suspend apps in the background, and a running Mac app counts as in use. [A S232]
    public var suspendsInBackground: Bool { !isMac }
    /// The explicit CLServiceSession and CLBackgroundActivitySession classes (macOS: neither). [A S230b, S230c]
    public var hasSessionClasses: Bool { !isMac }
    /// CLMonitor (watchOS: unavailable). [A S233]
    public var hasMonitor: Bool { !isWatch }
    /// The services that launch a terminated app for a location event: significant changes,
    /// regions, visits, beacons (watchOS: none of them). [A S234, S235]
    public var hasLaunchingServices: Bool { !isWatch }
    /// A complication on the current watch face keeps the app in use. [D S236; I watchComplicationInUse]
    public var complicationKeepsInUse: Bool { isWatch }
    /// The Settings page lists one switch per app (macOS's System Settings). [D S237; I]
    public var settingsIsSwitch: Bool { isMac }
    /// The when-in-use prompt shows a map with the Precise switch (iOS 14+; not macOS's alert). [A S3; I]
    public var promptShowsMap: Bool { hasAccuracy && !isMac }
    /// The Info.plist key that both requests need: `NSLocationUsageDescription` on macOS. [A S231]
    public var usesMacUsageKey: Bool { isMac }
    /// Before iOS 14 the callback is `locationManager(_:didChangeAuthorization:)`.
    public var callbackName: String {
        hasAccuracy ? "locationManagerDidChangeAuthorization" : "locationManager(_:didChangeAuthorization:)"
    }
    /// Settings' privacy menu: "Privacy & Security" from iOS 16 (and on visionOS), "Privacy" before.
    public var privacyMenu: String { rank >= 16_0 ? "Privacy & Security" : "Privacy" }
    /// The privacy menu's path: "Settings › Privacy & Security" (iOS), "System Settings › Privacy & Security" (macOS).
    public var settingsPath: String { isMac ? "System Settings › Privacy & Security" : "Settings › \(privacyMenu)" }
    /// The label of the "Ask" row in Settings. [D S20, S21, S39]
    public var askNextTimeLabel: String {
        rank >= 17_0 ? "Ask Next Time Or When I Share" : "Ask Next Time"
    }

    /// The API behind an `app` call this platform does not have, or nil (macOS and watchOS; the
    /// iPhone-like platforms keep their own notes, as visionOS's "does nothing"). [A S230b, S230c, S233, S234, S235]
    /// The call's need is its catalogue entry's (`EventEntry.needs`).
    public func lacks(_ call: AppCall) -> String? {
        guard let need = EventCatalogue.needs[Event.app(call).kind], !has(need.feature) else { return nil }
        return need.what
    }

    /// Whether the platform has what some app calls need.
    public func has(_ feature: PlatformFeature) -> Bool {
        switch feature {
        case .sessionClasses: hasSessionClasses
        case .monitor: hasMonitor
        case .liveActivities: hasLiveActivities
        case .launchingServices: hasLaunchingServices
        case .backgroundLocationIndicator: !isMac
        }
    }
}
