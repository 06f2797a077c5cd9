/// Everything that can happen to the world. A `.flow` step, a key in the explorer, a click and a
/// `:` command line all become one of these; timers are events too.
public enum Event: Sendable, Hashable {
    case app(AppCall)
    case user(UserAction)
    case system(SystemAction)
    case device(DeviceAction)
    case wait(Millis)
    case timer(TimerKind)

    public var actor: Actor {
        switch self {
        case .app: .app
        case .user: .person
        case .system: .system
        case .device: .device
        case .wait, .timer: .timer
        }
    }
}

/// `app ...` (docs/flow-format.md §3.1).
public enum AppCall: Sendable, Hashable {
    case requestWhenInUseAuthorization
    case requestAlwaysAuthorization
    case requestTemporaryFullAccuracyAuthorization(Name)
    case startUpdatingLocation, stopUpdatingLocation
    case allowsBackgroundLocationUpdates(Bool)
    case startMonitoringSignificantLocationChanges, stopMonitoringSignificantLocationChanges
    case startMonitoringRegion(String), stopMonitoringRegion(String)
    case session(id: Name, goal: SessionGoal, fullAccuracyKey: Name?)
    case invalidate(Name)
    case liveUpdates(Bool)
    case monitor(Bool)
    case monitorAdd(String)
    case backgroundActivity(Bool)
    // Format 1.1 (docs/flow-format.md §8.2)
    case requestLocation
    case desiredAccuracy(DesiredAccuracy)
    case pausesLocationUpdatesAutomatically(Bool)
    case activityType(ActivityType)
    case showsBackgroundLocationIndicator(Bool)
    case startMonitoringVisits, stopMonitoringVisits
    case startRangingBeacons(String), stopRangingBeacons(String)
    case startMonitoringBeaconRegion(String), stopMonitoringBeaconRegion(String)
    case liveActivity(Bool)
}

/// `user ...` (docs/flow-format.md §3.2).
public enum UserAction: Sendable, Hashable {
    case tap(String)
    case precise(Bool)
    case settings(SettingsChoice)
    case settingsPrecise(Bool)
    case settingsLocationServices(Bool)
    case settingsReset
    case background, foreground, forceQuit, locationButton
    // Format 1.1
    case addWidget, removeWidget
}

/// `system ...` (docs/flow-format.md §3.3).
public enum SystemAction: Sendable, Hashable {
    case suspend, terminate, relaunch, reminder
}

/// `device ...` (docs/flow-format.md §3.3).
public enum DeviceAction: Sendable, Hashable {
    case move, stationary, noFix, fix
    case exitRegion(String)
    // Format 1.1
    case visit
    case enterBeacon(String), exitBeacon(String)
    /// *Extension*: Airplane mode on or off.
    case airplaneMode(Bool)
    /// *Extension*: the device restarts (turned off and on, or an update's restart).
    case restart
}

/// Timers the model runs on virtual time.
public enum TimerKind: String, Sendable, Hashable, CaseIterable {
    /// The grace after leaving the foreground ends: the app is no longer in use.
    case inUseEnds
    /// The system suspends a backgrounded app without background execution.
    case suspend
    /// An Allow Once grant runs out after `allowOnceGrace` not in use.
    case allowOnceExpires
    /// The relaunch window closes: sessions of the previous process that were not re-created lapse.
    case relaunchWindowCloses
    /// A reduced-accuracy fix arrives for `liveUpdates`.
    case reducedAccuracyFix
    // Format 1.1
    /// `requestLocation` found no fix within `requestLocationTimeout`.
    case requestLocationTimeout
    /// The device has been stationary for `autoPauseDelay`: standard updates pause.
    case autoPause
    /// A Live Activity reaches `liveActivityMaxDuration`.
    case liveActivityEnds
    /// 04:00: an App Clip's location grant resets.
    case appClipReset

    var order: Int { TimerKind.allCases.firstIndex(of: self)! }

    public var label: String {
        switch self {
        case .inUseEnds: "in-use grace ends"
        case .suspend: "suspension"
        case .allowOnceExpires: "Allow Once runs out"
        case .relaunchWindowCloses: "relaunch window closes"
        case .reducedAccuracyFix: "reduced-accuracy fix"
        case .requestLocationTimeout: "requestLocation times out"
        case .autoPause: "automatic pause"
        case .liveActivityEnds: "Live Activity ends"
        case .appClipReset: "App Clip grant resets (04:00)"
        }
    }
}

extension Event {
    /// The event as a `.flow` statement (timers print as a comment-like label).
    public var flowText: String {
        switch self {
        case .app(let call): return "app " + call.flowText
        case .user(let action): return "user " + action.flowText
        case .system(let action):
            switch action {
            case .suspend: return "system suspend"
            case .terminate: return "system terminate"
            case .relaunch: return "system relaunch"
            case .reminder: return "system reminder"
            }
        case .device(let action):
            switch action {
            case .move: return "device move"
            case .stationary: return "device stationary"
            case .noFix: return "device noFix"
            case .fix: return "device fix"
            case .exitRegion(let id): return "device exitRegion \(quoteIfNeeded(id))"
            case .visit: return "device visit"
            case .enterBeacon(let id): return "device enterBeacon \(quoteIfNeeded(id))"
            case .exitBeacon(let id): return "device exitBeacon \(quoteIfNeeded(id))"
            case .airplaneMode(let on): return "device airplaneMode \(on ? "on" : "off")"
            case .restart: return "device restart"
            }
        case .wait(let ms): return "wait \(formatDuration(ms))"
        case .timer(let kind): return "timer: \(kind.label)"
        }
    }
}

extension AppCall {
    public var flowText: String {
        switch self {
        case .requestWhenInUseAuthorization: "requestWhenInUseAuthorization"
        case .requestAlwaysAuthorization: "requestAlwaysAuthorization"
        case .requestTemporaryFullAccuracyAuthorization(let key): "requestTemporaryFullAccuracyAuthorization \(quoteIfNeeded(key.string))"
        case .startUpdatingLocation: "startUpdatingLocation"
        case .stopUpdatingLocation: "stopUpdatingLocation"
        case .allowsBackgroundLocationUpdates(let on): "allowsBackgroundLocationUpdates \(on)"
        case .startMonitoringSignificantLocationChanges: "startMonitoringSignificantLocationChanges"
        case .stopMonitoringSignificantLocationChanges: "stopMonitoringSignificantLocationChanges"
        case .startMonitoringRegion(let id): "startMonitoringRegion \(quoteIfNeeded(id))"
        case .stopMonitoringRegion(let id): "stopMonitoringRegion \(quoteIfNeeded(id))"
        case .session(let id, let goal, let key):
            "session \(quoteIfNeeded(id.string)) \(goal.rawValue)" + (key.map { " fullAccuracy \(quoteIfNeeded($0.string))" } ?? "")
        case .invalidate(let id): "invalidate \(quoteIfNeeded(id.string))"
        case .liveUpdates(let on): "liveUpdates \(on ? "start" : "stop")"
        case .monitor(let on): "monitor \(on ? "start" : "stop")"
        case .monitorAdd(let id): "monitor add \(quoteIfNeeded(id))"
        case .backgroundActivity(let on): "backgroundActivity \(on ? "start" : "stop")"
        case .requestLocation: "requestLocation"
        case .desiredAccuracy(let a): "desiredAccuracy \(a.rawValue)"
        case .pausesLocationUpdatesAutomatically(let on): "pausesLocationUpdatesAutomatically \(on)"
        case .activityType(let t): "activityType \(t.rawValue)"
        case .showsBackgroundLocationIndicator(let on): "showsBackgroundLocationIndicator \(on)"
        case .startMonitoringVisits: "startMonitoringVisits"
        case .stopMonitoringVisits: "stopMonitoringVisits"
        case .startRangingBeacons(let id): "startRangingBeacons \(quoteIfNeeded(id))"
        case .stopRangingBeacons(let id): "stopRangingBeacons \(quoteIfNeeded(id))"
        case .startMonitoringBeaconRegion(let id): "startMonitoringBeaconRegion \(quoteIfNeeded(id))"
        case .stopMonitoringBeaconRegion(let id): "stopMonitoringBeaconRegion \(quoteIfNeeded(id))"
        case .liveActivity(let on): "liveActivity \(on ? "start" : "stop")"
        }
    }
}

extension AppCall {
    /// The call near enough as Swift writes it, for the explorer's menu and the Korean steps of a
    /// call they do not spell out: its word, the rest of its flow line in the parentheses
    /// (`startUpdatingLocation()`, `startRangingBeacons(lobby)`).
    public var callText: String {
        let words = flowText.split(separator: " ", maxSplits: 1)
        return (words.first.map(String.init) ?? "") + "(" + (words.count > 1 ? String(words[1]) : "") + ")"
    }
}

extension UserAction {
    public var flowText: String {
        switch self {
        case .tap(let label): "tap \(quote(label))"
        case .precise(let on): "precise \(on ? "on" : "off")"
        case .settings(let choice): "settings \(choice.rawValue)"
        case .settingsPrecise(let on): "settings precise \(on ? "on" : "off")"
        case .settingsLocationServices(let on): "settings locationServices \(on ? "on" : "off")"
        case .settingsReset: "settings reset"
        case .background: "background"
        case .foreground: "foreground"
        case .forceQuit: "forceQuit"
        case .locationButton: "locationButton"
        case .addWidget: "addWidget"
        case .removeWidget: "removeWidget"
        }
    }
}

/// Quotes a string as a flow word: `"..."` with `\"`, `\\` and `\n` escaped.
public func quote(_ s: String) -> String {
    var out = "\""
    // The lexer reads characters, so a scalar that would join the quote or an escape before it
    // into one character (a combining mark, a joiner), or the character after it (a prepended
    // mark), is escaped too: otherwise the quote or the escape would not be seen.
    var afterSyntax = true
    for u in s.unicodeScalars {
        switch u {
        case "\"": out += "\\\""; afterSyntax = true
        case "\\": out += "\\\\"; afterSyntax = true
        case "\n": out += "\\n"; afterSyntax = true
        // Any other control character (ESC, CR, a bidirectional override) as `\u{HEX}`: what
        // locflow writes reads back as it was and never reaches a terminal raw.
        case _ where TextSafety.isUnsafe(u.value, keepNewlines: false) || (afterSyntax && joinsPrevious(u)) || joinsNext(u):
            out += "\\u{\(String(u.value, radix: 16, uppercase: true))}"
            afterSyntax = true
        default:
            out.unicodeScalars.append(u)
            afterSyntax = false
        }
    }
    return out + "\""
}

/// A bare word when the string allows one, else a quoted string.
public func quoteIfNeeded(_ s: String) -> String {
    let bare = !s.isEmpty && !s.unicodeScalars.contains {
        $0 == " " || $0 == "\t" || $0 == "\"" || $0 == "#" || $0 == "\\" || TextSafety.isUnsafe($0.value, keepNewlines: false)
    } && !joinsPrevious(s.unicodeScalars.first!) && !joinsNext(s.unicodeScalars.last!)
    return bare ? s : quote(s)
}

/// Whether a scalar would join the character before it into one character (a combining mark,
/// a zero-width joiner, a variation selector).
/// (Nothing below U+0300, the first combining mark, joins.)
func joinsPrevious(_ u: Unicode.Scalar) -> Bool { u.value >= 0x300 && ("}" + String(u)).count == 1 }

/// Whether a scalar would join the character after it into one character (a prepended
/// concatenation mark, as U+0600).
func joinsNext(_ u: Unicode.Scalar) -> Bool { u.value >= 0x300 && (String(u) + "\"").count == 1 }
