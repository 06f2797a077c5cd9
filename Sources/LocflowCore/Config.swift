/// The app's Info.plist, as far as Core Location reads it, already resolved to types.
/// (Loading and type-checking real plists is the flow library's job.)
public struct AppInfo: Sendable, Hashable {
    public var displayName: String?
    public var bundleName: String?
    /// A `CFBundleDisplayName` / `CFBundleName` that is an Xcode build setting not expanded in
    /// this file (`$(PRODUCT_NAME)`, `${PRODUCT_NAME}`): Xcode sets the real name at build time.
    public var unexpandedName: String?
    public var whenInUseDescription: String?
    public var alwaysAndWhenInUseDescription: String?
    /// `NSLocationUsageDescription`: the key a macOS app needs for either request (iOS read it
    /// only before iOS 8). [A S231]
    public var usageDescription: String?
    /// Deprecated `NSLocationAlwaysUsageDescription`: Apple gives it availability iOS 8.0-10.0;
    /// iOS 11 and later read `NSLocationAlwaysAndWhenInUseUsageDescription` instead, so it is not
    /// an alias on any platform locflow simulates. Kept so that `inspect` can say so. [A S15b]
    public var alwaysDescription: String?
    /// `NSLocationTemporaryUsageDescriptionDictionary`: purpose key -> purpose string.
    public var temporaryUsageDescriptions: [String: String]?
    public var defaultAccuracyReduced: Bool
    public var requireExplicitServiceSession: Bool
    public var backgroundModes: [String]
    public var widgetWantsLocation: Bool

    public init(displayName: String? = nil, bundleName: String? = nil,
                whenInUseDescription: String? = nil, alwaysAndWhenInUseDescription: String? = nil,
                usageDescription: String? = nil, alwaysDescription: String? = nil, temporaryUsageDescriptions: [String: String]? = nil,
                defaultAccuracyReduced: Bool = false, requireExplicitServiceSession: Bool = false,
                backgroundModes: [String] = [], widgetWantsLocation: Bool = false) {
        self.displayName = displayName
        self.bundleName = bundleName
        self.whenInUseDescription = whenInUseDescription
        self.alwaysAndWhenInUseDescription = alwaysAndWhenInUseDescription
        self.alwaysDescription = alwaysDescription
        self.usageDescription = usageDescription
        self.temporaryUsageDescriptions = temporaryUsageDescriptions
        self.defaultAccuracyReduced = defaultAccuracyReduced
        self.requireExplicitServiceSession = requireExplicitServiceSession
        self.backgroundModes = backgroundModes
        self.widgetWantsLocation = widgetWantsLocation
    }

    /// The built-in sample app (docs/flow-format.md §2.1).
    public static let sample = AppInfo(
        displayName: "LocationMonitorSample",
        whenInUseDescription: "LocationMonitorSample shows where you are on the map.",
        alwaysAndWhenInUseDescription: "LocationMonitorSample alerts you when you arrive at places you saved, even when it is closed.",
        usageDescription: "LocationMonitorSample shows where you are on the map.",
        temporaryUsageDescriptions: ["Nav": "Turn-by-turn navigation needs your precise location."],
        backgroundModes: ["location"])

    public static let sampleName = "LocationMonitorSample"

    /// The name in the Info.plist: `CFBundleDisplayName`, else `CFBundleName`, else a stand-in
    /// for a build setting (`[PRODUCT_NAME]`), else the sample's (docs/flow-format.md §3.5); a
    /// blank name is no name. Prompts and Settings read `AppConfig.appName`, which an
    /// InfoPlist.strings `CFBundleDisplayName` overrides.
    public var appName: String {
        func named(_ s: String?) -> String? { s.flatMap { AppInfo.isBlank($0) ? nil : $0 } }
        return named(displayName) ?? named(bundleName) ?? unexpandedName.map(AppInfo.standIn) ?? AppInfo.sampleName
    }

    /// An empty name, or one of white space only, names nothing: it reads as missing, and the
    /// next name in the order is shown (a prompt never asks to allow “”).
    public static func isBlank(_ s: String) -> Bool { s.allSatisfy(\.isWhitespace) }

    /// Whether a string holds an Xcode build setting reference: `$(NAME)` or `${NAME}`.
    public static func hasBuildSetting(_ s: String) -> Bool { s.contains("$(") || s.contains("${") }

    /// `$(PRODUCT_NAME)` and `${PRODUCT_NAME:rfc1034identifier}` read as `[PRODUCT_NAME]`: a clear
    /// stand-in for the name Xcode puts there at build time.
    public static func standIn(_ s: String) -> String {
        var out = ""
        var rest = Substring(s)
        while let dollar = rest.firstIndex(of: "$") {
            out += rest[..<dollar]
            let after = rest.index(after: dollar)
            guard after < rest.endIndex, rest[after] == "(" || rest[after] == "{" else {
                out.append("$"); rest = rest[after...]; continue
            }
            let close: Character = rest[after] == "(" ? ")" : "}"
            guard let end = rest[after...].firstIndex(of: close) else { out += rest[dollar...]; rest = ""; break }
            let name = rest[rest.index(after: after)..<end].prefix { $0 != ":" }
            out += "[\(name)]"
            rest = rest[rest.index(after: end)...]
        }
        return out + rest
    }
    public var hasWhenInUseKey: Bool { whenInUseDescription != nil }
    /// macOS: `NSLocationUsageDescription`, the one key both requests need. [A S231]
    public var hasMacUsageKey: Bool { usageDescription != nil }

    /// The purpose key a temporary full-accuracy request names (the explorer's calls, the model
    /// checker's action): the Info.plist's first, or `noPurposeKey` when it has none.
    public var firstPurposeKey: String { temporaryUsageDescriptions?.keys.sorted().first ?? AppInfo.noPurposeKey }

    /// A purpose key no Info.plist here defines, named only when the plist has none: a request
    /// with it fails with kCLErrorPromptDeclined, as iOS's does, and it is never a key of another
    /// app's (the sample's "Nav").
    public static let noPurposeKey = "NoSuchKey"
    /// Always needs `NSLocationAlwaysAndWhenInUseUsageDescription` (iOS 11+). [A S14, S15, S15b]
    public var hasAlwaysKey: Bool { alwaysAndWhenInUseDescription != nil }
    public var alwaysText: String? { alwaysAndWhenInUseDescription }
    /// Only the deprecated iOS 8-10 key is there: Always requests do nothing on iOS 11+. [A S15b]
    public var hasOnlyLegacyAlwaysKey: Bool { alwaysAndWhenInUseDescription == nil && alwaysDescription != nil }
    public var hasLocationBackgroundMode: Bool { backgroundModes.contains("location") }
}

/// The simulator's named assumptions (docs/flow-format.md §6, §8.4): behaviour Apple does not
/// document. Each is a stored property here and one entry in `Assumptions.catalogue` below.
public struct Assumptions: Sendable, Hashable {
    public var suspendDelay: Millis = 5_000
    public var inUseGrace: Millis = 10_000
    /// Apple says only that Allow Once lasts until the app "is no longer in use" [A S2]; developers
    /// report that it survives a short trip to another app [D S20, S21]. With `inUseGrace` it is
    /// held 70 s after the app leaves: no public measurement gives a figure to prefer. [I]
    public var allowOnceGrace: Millis = 60_000
    public var relaunchWindow: Millis = 5_000
    public var reducedAccuracyInterval: Millis = 15 * 60_000
    public var monitorConditionLimit: Int = 20
    public var ignoredAlwaysRequestUsesOneShot: Bool = false
    /// Whether the when-in-use prompt hides its Precise switch when `NSLocationDefaultAccuracyReduced` is set. [I]
    public var reducedDefaultHidesPreciseSwitch: Bool = true
    /// Whether a backgrounded app's prompt goes back into the queue (shown again on return). [I]
    public var promptReturnsAfterBackground: Bool = true
    /// Whether a `.always` session from notDetermined shows the when-in-use prompt and then the
    /// upgrade prompt (true), or only the first, giving provisional Always like requestAlwaysAuthorization (false). [I]
    /// Apple: a session "requests a person's authorization to meet those requirements if possible"
    /// [A S7]; it does not say in how many prompts. True, because a goal still unmet after "Allow
    /// While Using App" is one the session keeps asking for.
    public var alwaysSessionAsksTwice: Bool = true
    /// Whether Reset Location & Privacy also clears the used one-shot Always request. [I]
    public var resetClearsAlwaysRequest: Bool = true
    /// Whether accuracyAuthorization reads fullAccuracy while the status is notDetermined. [I]
    public var notDeterminedReadsFullAccuracy: Bool = true
    /// How soon after the deferred upgrade prompt appears "Change to Always Allow" still delivers the
    /// event that triggered it; answered later, the event is dropped. [A S1 "soon"][I]
    public var deferredUpgradeAnswerWindow: Millis = 60_000
    // Format 1.1 (docs/flow-format.md §8.4)
    /// How long the device must be stationary before automatic pausing stops standard updates. [I]
    public var autoPauseDelay: Millis = 15 * 60_000
    /// Whether significant-change, region, beacon-region, monitor-condition and visit events stop
    /// relaunching an app the person force-quit. [D][I]
    public var forceQuitBlocksRelaunch: Bool = false
    /// The interval between fixes at full accuracy while the device moves. [I]
    public var preciseFixInterval: Millis = 1_000
    /// How long `requestLocation` waits for a fix before it fails with `kCLErrorLocationUnknown`. [I]
    public var requestLocationTimeout: Millis = 10_000
    /// The time of day of the virtual clock's start (milliseconds after midnight). [I]
    public var startTimeOfDay: Millis = 12 * 3_600_000
    /// How long a Live Activity lasts unless the app ends it. [D][I]
    public var liveActivityMaxDuration: Millis = 8 * 3_600_000
    /// Whether adding the app's widget asks a when-in-use app's person to extend the grant to
    /// widgets. Apple: "When the user adds a widget that uses location, the system asks whether
    /// they want to extend the app's location authorization to the widget." [A S17b] So true
    /// (false until 2026-12). The prompt's words and buttons are not documented: locflow's. [I labels]
    public var addWidgetAsks: Bool = true
    /// How long after its last use of location Control Center still lists the app as having
    /// used it recently (iOS 16+; Apple gives no duration). [I]
    public var controlCenterRecentWindow: Millis = 5 * 60_000
    /// Whether `NSLocationRequireExplicitServiceSession` also holds back the classic services
    /// (standard updates, requestLocation, significant changes, regions, visits, beacons) until
    /// an explicit session is held. Apple's pages speak of the new APIs; the key's own words,
    /// "the app's location services are disabled", could cover all. [I] False, because every
    /// page that describes the key does so beside CLServiceSession, liveUpdates and CLMonitor
    /// [A S5, S6, S8], and an app that sets it for those would otherwise lose its classic services.
    public var explicitSessionKeyCoversClassicAPIs: Bool = false
    /// Whether a restricted app reads denied while Location Services are off (or Airplane mode is
    /// on), as every other app does; false: it reads restricted. Apple names both cases and
    /// neither page says which wins. [A S9, S11, S215][I]
    public var servicesOffOverridesRestricted: Bool = true
    /// Whether iterating `liveUpdates` on iOS 17 asks for when-in-use authorization by itself
    /// from notDetermined, as it does on iOS 18 (Apple's iOS 17 material describes no
    /// self-prompting; its samples asked with CLLocationManager first). [I]
    public var ios17LiveUpdatesPrompts: Bool = false
    /// Whether, on iOS 18, Always takes effect for the classic Always-class events (significant
    /// changes, regions, visits, beacon regions) while the app is not in use only with a
    /// `.always` session started in the foreground and held or kept, as Apple documents for
    /// `liveUpdates` and `CLMonitor` events. Apple does not say; false: Always is enough. [I]
    public var alwaysSessionCoversClassicAPIs: Bool = false
    /// Whether a CLBackgroundActivitySession kept for a terminated app lets a CLMonitor event
    /// relaunch it when its authorization is when-in-use (true), or only with Always (false).
    /// WWDC24 says Core Location keeps such sessions "so it can relaunch or resume the app when
    /// relevant information is ready" [A S18]; the authorization page's table says When In Use
    /// does not launch a terminated app [A S13]. The session exists for when-in-use apps, so the
    /// newer, more specific text wins by default. [I]
    public var backgroundActivityRelaunchesWhenInUse: Bool = true
    /// watchOS 26: whether the app's complication on the current watch face (`user addWidget`
    /// on watchOS) keeps the app in use while it is in the background. Apple's WatchKit guide
    /// says apps with a complication on the face keep running in the background and in memory
    /// [D S236]; no page of Core Location's says whether that is "in use". True, because the
    /// complication is on screen whenever the face is, as an app in the foreground is. [I]
    public var watchComplicationInUse: Bool = true

    public init() {}
}

extension Assumptions {
    public enum Kind: String, Sendable { case duration, count, boolean, timeOfDay = "time of day" }

    /// The format version that introduced an assumption (docs/flow-format.md §8): a file that
    /// declares `version 1` cannot use one of 1.1. `v1_1Extension` is locflow's own, of the 1.1
    /// era but no part of the contract's 1.1: the parser's error calls it a locflow extension.
    public enum FormatVersion: Sendable, Hashable { case v1, v1_1, v1_1Extension }

    /// One assumption: its name in a flow, its kind and where it is stored, what it decides, the
    /// format version that introduced it, and any bound on its value beyond its kind's.
    public struct Entry: Sendable {
        public let name: String
        public let decides: String
        public let since: FormatVersion
        let storage: Storage

        /// A key path to a stored property (a literal such as `\.inUseGrace` is `Sendable`).
        typealias Path<Value> = WritableKeyPath<Assumptions, Value> & Sendable

        /// The stored property and its kind. A duration is at most 100 years, and longer than
        /// `longerThan` when that is set; a time of day is from 00:00 to 23:59.
        enum Storage: Sendable {
            case duration(Path<Millis>, longerThan: Millis?)
            case count(Path<Int>)
            case boolean(Path<Bool>)
            case timeOfDay(Path<Millis>)
        }

        public var kind: Kind {
            switch storage {
            case .duration: .duration
            case .count: .count
            case .boolean: .boolean
            case .timeOfDay: .timeOfDay
            }
        }

        static func duration(_ name: String, _ path: Path<Millis>, since: FormatVersion = .v1,
                             longerThan: Millis? = nil, _ decides: String) -> Entry {
            Entry(name: name, decides: decides, since: since, storage: .duration(path, longerThan: longerThan))
        }
        static func count(_ name: String, _ path: Path<Int>, since: FormatVersion = .v1, _ decides: String) -> Entry {
            Entry(name: name, decides: decides, since: since, storage: .count(path))
        }
        static func boolean(_ name: String, _ path: Path<Bool>, since: FormatVersion = .v1, _ decides: String) -> Entry {
            Entry(name: name, decides: decides, since: since, storage: .boolean(path))
        }
        static func timeOfDay(_ name: String, _ path: Path<Millis>, since: FormatVersion = .v1, _ decides: String) -> Entry {
            Entry(name: name, decides: decides, since: since, storage: .timeOfDay(path))
        }

        /// The value in `assumptions`, formatted as a flow writes it.
        func formatted(_ assumptions: Assumptions) -> String {
            switch storage {
            case .duration(let path, _): formatDuration(assumptions[keyPath: path])
            case .count(let path): String(assumptions[keyPath: path])
            case .boolean(let path): String(assumptions[keyPath: path])
            case .timeOfDay(let path): formatTimeOfDay(assumptions[keyPath: path])
            }
        }
    }

    /// Every assumption, in the order the stored properties are declared: the one list the
    /// explorer shows, `assume` validates against, `set` writes through and `described` reads.
    /// A new assumption is its stored property above and its entry here; the model reads the
    /// stored property itself (`assumptions.inUseGrace`), never through this table.
    public static let catalogue: [Entry] = [
        .duration("suspendDelay", \.suspendDelay, "how long a backgrounded app without background execution runs before it is suspended"),
        .duration("inUseGrace", \.inUseGrace, "how long after leaving the foreground the app still counts as in use"),
        .duration("allowOnceGrace", \.allowOnceGrace, "how long the app may be not in use before an Allow Once grant runs out"),
        .duration("relaunchWindow", \.relaunchWindow, "how long after a launch the system keeps the previous process's sessions"),
        .duration("reducedAccuracyInterval", \.reducedAccuracyInterval, longerThan: 0, "the interval between fixes at reduced accuracy"),
        .count("monitorConditionLimit", \.monitorConditionLimit, "conditions per monitor before conditionLimitExceeded"),
        .boolean("ignoredAlwaysRequestUsesOneShot", \.ignoredAlwaysRequestUsesOneShot, "whether an ignored requestAlwaysAuthorization (after Allow Once) uses up the one request"),
        .boolean("reducedDefaultHidesPreciseSwitch", \.reducedDefaultHidesPreciseSwitch, "whether the prompt hides its Precise switch when NSLocationDefaultAccuracyReduced is set"),
        .boolean("promptReturnsAfterBackground", \.promptReturnsAfterBackground, "whether a prompt dismissed by leaving the app comes back when the app returns"),
        .boolean("alwaysSessionAsksTwice", \.alwaysSessionAsksTwice, "whether a .always session from notDetermined shows both prompts (else only the first, giving provisional Always)"),
        .boolean("resetClearsAlwaysRequest", \.resetClearsAlwaysRequest, "whether Reset Location & Privacy also clears the used one-shot Always request"),
        .boolean("notDeterminedReadsFullAccuracy", \.notDeterminedReadsFullAccuracy, "whether accuracyAuthorization reads fullAccuracy while notDetermined"),
        .duration("deferredUpgradeAnswerWindow", \.deferredUpgradeAnswerWindow, "how soon after the deferred upgrade prompt appears an Always answer still gets the triggering event"),
        .duration("autoPauseDelay", \.autoPauseDelay, since: .v1_1, "how long the device must be stationary before automatic pausing stops standard updates"),
        .boolean("forceQuitBlocksRelaunch", \.forceQuitBlocksRelaunch, since: .v1_1, "whether significant-change, region, beacon-region, monitor and visit events stop relaunching an app the person force-quit"),
        .duration("preciseFixInterval", \.preciseFixInterval, since: .v1_1, longerThan: 0, "the interval between fixes at full accuracy while the device moves"),
        .duration("requestLocationTimeout", \.requestLocationTimeout, since: .v1_1, "how long requestLocation waits for a fix before it fails with locationUnknown"),
        .timeOfDay("startTimeOfDay", \.startTimeOfDay, since: .v1_1, "the time of day of the virtual clock's start (App Clip grants reset at the next 04:00)"),
        .duration("liveActivityMaxDuration", \.liveActivityMaxDuration, since: .v1_1, "how long a Live Activity lasts unless the app ends it"),
        .boolean("addWidgetAsks", \.addWidgetAsks, since: .v1_1Extension, "whether adding the app's widget asks a when-in-use app's person to extend the grant to widgets"),
        .duration("controlCenterRecentWindow", \.controlCenterRecentWindow, since: .v1_1Extension, "how long after the app last used location Control Center still lists it as recent (iOS 16+)"),
        .boolean("explicitSessionKeyCoversClassicAPIs", \.explicitSessionKeyCoversClassicAPIs, since: .v1_1Extension, "whether NSLocationRequireExplicitServiceSession also holds back the classic services until an explicit session is held (iOS 18)"),
        .boolean("servicesOffOverridesRestricted", \.servicesOffOverridesRestricted, since: .v1_1Extension, "whether a restricted app reads denied, as every app does, while Location Services are off or Airplane mode is on (else restricted)"),
        .boolean("ios17LiveUpdatesPrompts", \.ios17LiveUpdatesPrompts, since: .v1_1Extension, "whether iterating liveUpdates on iOS 17 shows the when-in-use prompt from notDetermined, as on iOS 18"),
        .boolean("alwaysSessionCoversClassicAPIs", \.alwaysSessionCoversClassicAPIs, since: .v1_1Extension, "whether on iOS 18 significant-change, region, visit and beacon-region events reach an Always app that is not in use only with a .always session"),
        .boolean("backgroundActivityRelaunchesWhenInUse", \.backgroundActivityRelaunchesWhenInUse, since: .v1_1Extension, "whether a background activity session kept for a terminated when-in-use app lets a CLMonitor event relaunch it (else only with Always)"),
        .boolean("watchComplicationInUse", \.watchComplicationInUse, since: .v1_1Extension, "whether a complication on the current watch face (addWidget on watchOS 26) keeps the app in use in the background"),
    ]

    /// (A name given twice keeps its first entry; `AssumptionCatalogueTests` says so, rather than trap.)
    private static let entries: [String: Entry] = Dictionary(catalogue.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })

    /// The catalogue's entry for a flow's assumption name, or nil for a name it does not have.
    public static func entry(named name: String) -> Entry? { entries[name] }

    public enum Value: Sendable, Hashable {
        case duration(Millis), count(Int), boolean(Bool)
        /// A time of day, `HH:MM`, as milliseconds after midnight.
        case timeOfDay(Millis)
    }

    /// Sets a named assumption. Returns an error message for an unknown name, a value of the
    /// wrong kind, or a value out of its bounds.
    public mutating func set(_ name: String, _ value: Value) -> String? {
        if case .duration(let v) = value, v < 0 || v > VirtualTime.maxDuration {
            return "assumption \(name) takes a duration of at most 100 years (876000h)"
        }
        guard let entry = Self.entry(named: name) else { return "unknown assumption '\(name)'" }
        switch (entry.storage, value) {
        case (.duration(let path, let longerThan), .duration(let v)):
            if let longerThan, v <= longerThan { return "\(name) must be longer than \(longerThan)ms" }
            self[keyPath: path] = v
        case (.count(let path), .count(let v)):
            self[keyPath: path] = v
        case (.boolean(let path), .boolean(let v)):
            self[keyPath: path] = v
        case (.timeOfDay(let path), .timeOfDay(let v)):
            guard v >= 0 && v < 86_400_000 else { return "\(name) must be a time of day from 00:00 to 23:59" }
            self[keyPath: path] = v
        default:
            return "assumption \(name) takes a \(entry.kind.rawValue)"
        }
        return nil
    }

    /// The current value of each assumption, in the catalogue's order, formatted as a flow would write it.
    public var described: [(name: String, value: String)] {
        Self.catalogue.map { ($0.name, $0.formatted(self)) }
    }
}

/// Everything fixed before the first step: platform, Info.plist, strings, assumptions, device set-up.
public struct AppConfig: Sendable, Hashable {
    public var platform: Platform = .ios18
    public var info: AppInfo = .sample
    /// InfoPlist.strings overrides: key (a usage-description key or a purpose key) -> text.
    public var strings: [String: String] = [:]
    public var assumptions = Assumptions()
    public var restricted = false
    public var locationServicesOn = true
    /// Format 1.1 `appClip true`: the app is an App Clip.
    public var appClip = false
    /// Format 1.1 `widget true`: the app ships a widget extension that sets `NSWidgetWantsLocation`.
    public var widget = false

    public init() {}

    public var profile: PlatformProfile { platform.profile }

    /// The text a prompt shows for an Info.plist key, after any strings file.
    public func localized(_ key: String, _ fallback: String?) -> String? { strings[key] ?? fallback }

    /// The name iOS shows in prompts and Settings: the strings file's `CFBundleDisplayName` (as
    /// the home screen does), else the Info.plist's name (`AppInfo.appName`).
    public var appName: String { localizedAppName ?? info.appName }

    /// The strings file's name when it names the app: its `CFBundleDisplayName`, else its
    /// `CFBundleName`, neither blank nor a build setting.
    public var localizedAppName: String? {
        let name = [strings["CFBundleDisplayName"], strings["CFBundleName"]].lazy.compactMap { $0 }.first { !AppInfo.isBlank($0) }
        guard let name, !AppInfo.hasBuildSetting(name) else { return nil }
        return name
    }

    /// The macOS prompt's text: `NSLocationUsageDescription`. [A S231]
    public var macUsageMessage: String? {
        guard info.hasMacUsageKey else { return nil }
        return localized("NSLocationUsageDescription", info.usageDescription)
    }
    public var whenInUseMessage: String? {
        guard info.hasWhenInUseKey else { return nil }
        return localized("NSLocationWhenInUseUsageDescription", info.whenInUseDescription)
    }
    /// The Always prompt's text: `NSLocationAlwaysAndWhenInUseUsageDescription` (iOS 11+ never
    /// shows the deprecated `NSLocationAlwaysUsageDescription`). [A S15, S15b]
    public var alwaysMessage: String? {
        guard info.alwaysAndWhenInUseDescription != nil else { return nil }
        return localized("NSLocationAlwaysAndWhenInUseUsageDescription", info.alwaysAndWhenInUseDescription)
    }
    /// The purpose string for a temporary-accuracy purpose key, or nil when the dictionary lacks it.
    /// InfoPlist.strings localizes purpose keys under the purpose key itself. [A S3, S14]
    public func purposeMessage(_ key: String) -> String? {
        guard let value = info.temporaryUsageDescriptions?[key] else { return nil }
        return strings[key] ?? value
    }
}

/// Formats milliseconds the way a flow writes durations: `1h30m`, `5s`, `250ms`, `0s`.
public func formatDuration(_ ms: Millis) -> String {
    if ms == 0 { return "0s" }
    var rest = ms
    var out = ""
    let h = rest / 3_600_000; rest %= 3_600_000
    let m = rest / 60_000; rest %= 60_000
    let s = rest / 1000; rest %= 1000
    if h > 0 { out += "\(h)h" }
    if m > 0 { out += "\(m)m" }
    if s > 0 { out += "\(s)s" }
    if rest > 0 { out += "\(rest)ms" }
    return out
}

/// Formats a time of day (milliseconds after midnight) as `HH:MM`.
public func formatTimeOfDay(_ ms: Millis) -> String {
    let minutes = (ms / 60_000) % (24 * 60)
    let h = minutes / 60, m = minutes % 60
    return (h < 10 ? "0\(h)" : "\(h)") + ":" + (m < 10 ? "0\(m)" : "\(m)")
}

/// Formats virtual time as a clock: `0:00`, `1:05`, `1:02:03`, with `.250` for milliseconds.
public func formatClock(_ ms: Millis) -> String {
    let total = ms / 1000
    let h = total / 3600, m = (total / 60) % 60, s = total % 60
    func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
    var out = h > 0 ? "\(h):\(two(m)):\(two(s))" : "\(m):\(two(s))"
    let frac = ms % 1000
    if frac != 0 {
        out += "." + (frac < 10 ? "00\(frac)" : frac < 100 ? "0\(frac)" : "\(frac)")
    }
    return out
}

extension AppConfig {
    /// The sample app's InfoPlist.strings for each language it ships, as an app's `ko.lproj`
    /// would hold them: the usage descriptions and the purpose string, by their keys.
    public static let sampleStrings: [String: [String: String]] = [
        "ko": [
            "NSLocationWhenInUseUsageDescription": "LocationMonitorSample은 지도에 현재 위치를 보여 줍니다.",
            "NSLocationAlwaysAndWhenInUseUsageDescription": "LocationMonitorSample은 앱이 닫혀 있을 때도 저장한 장소에 도착하면 알려 줍니다.",
            "Nav": "길 안내에는 정확한 위치가 필요합니다.",
        ],
    ]

    /// The configuration as a person using `language` sees the sample app: its strings for that
    /// language, when the app is the sample and no strings file was given (else unchanged).
    public func localizedSample(_ language: String) -> AppConfig {
        guard info == .sample, strings.isEmpty, let s = Self.sampleStrings[language] else { return self }
        var c = self
        c.strings = s
        return c
    }
}
