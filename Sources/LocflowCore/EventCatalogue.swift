/// Every kind of event, one a case of `Event` and of the call, action or event it carries: the
/// one list the parser's words, the random walks, the model checker's actions and the explorer's
/// menu are checked against (tests name a kind any of them misses). `Event.kind` is a switch with
/// no `default`, so a new case stops the build until it has its kind here, and
/// `EventCatalogue.describe` has none either, so a new kind stops it until it has its entry.
public enum EventKind: String, Sendable, CaseIterable {
    // app
    case requestWhenInUseAuthorization, requestAlwaysAuthorization, requestTemporaryFullAccuracyAuthorization
    case startUpdatingLocation, stopUpdatingLocation, allowsBackgroundLocationUpdates
    case startMonitoringSignificantLocationChanges, stopMonitoringSignificantLocationChanges
    case startMonitoringRegion, stopMonitoringRegion, session, invalidate, liveUpdates, monitor, monitorAdd, backgroundActivity
    case requestLocation, desiredAccuracy, pausesLocationUpdatesAutomatically, activityType, showsBackgroundLocationIndicator
    case startMonitoringVisits, stopMonitoringVisits, startRangingBeacons, stopRangingBeacons
    case startMonitoringBeaconRegion, stopMonitoringBeaconRegion, liveActivity
    // user
    case tap, precise, settings, settingsPrecise, settingsLocationServices, settingsReset
    case background, foreground, forceQuit, locationButton, addWidget, removeWidget
    // system
    case systemSuspend, terminate, relaunch, reminder
    // device
    case move, stationary, noFix, fix, exitRegion, visit, enterBeacon, exitBeacon, airplaneMode, restart
    // time
    case wait, timer
}

extension Event {
    public var kind: EventKind {
        switch self {
        case .app(let call):
            switch call {
            case .requestWhenInUseAuthorization: .requestWhenInUseAuthorization
            case .requestAlwaysAuthorization: .requestAlwaysAuthorization
            case .requestTemporaryFullAccuracyAuthorization: .requestTemporaryFullAccuracyAuthorization
            case .startUpdatingLocation: .startUpdatingLocation
            case .stopUpdatingLocation: .stopUpdatingLocation
            case .allowsBackgroundLocationUpdates: .allowsBackgroundLocationUpdates
            case .startMonitoringSignificantLocationChanges: .startMonitoringSignificantLocationChanges
            case .stopMonitoringSignificantLocationChanges: .stopMonitoringSignificantLocationChanges
            case .startMonitoringRegion: .startMonitoringRegion
            case .stopMonitoringRegion: .stopMonitoringRegion
            case .session: .session
            case .invalidate: .invalidate
            case .liveUpdates: .liveUpdates
            case .monitor: .monitor
            case .monitorAdd: .monitorAdd
            case .backgroundActivity: .backgroundActivity
            case .requestLocation: .requestLocation
            case .desiredAccuracy: .desiredAccuracy
            case .pausesLocationUpdatesAutomatically: .pausesLocationUpdatesAutomatically
            case .activityType: .activityType
            case .showsBackgroundLocationIndicator: .showsBackgroundLocationIndicator
            case .startMonitoringVisits: .startMonitoringVisits
            case .stopMonitoringVisits: .stopMonitoringVisits
            case .startRangingBeacons: .startRangingBeacons
            case .stopRangingBeacons: .stopRangingBeacons
            case .startMonitoringBeaconRegion: .startMonitoringBeaconRegion
            case .stopMonitoringBeaconRegion: .stopMonitoringBeaconRegion
            case .liveActivity: .liveActivity
            }
        case .user(let action):
            switch action {
            case .tap: .tap
            case .precise: .precise
            case .settings: .settings
            case .settingsPrecise: .settingsPrecise
            case .settingsLocationServices: .settingsLocationServices
            case .settingsReset: .settingsReset
            case .background: .background
            case .foreground: .foreground
            case .forceQuit: .forceQuit
            case .locationButton: .locationButton
            case .addWidget: .addWidget
            case .removeWidget: .removeWidget
            }
        case .system(let action):
            switch action {
            case .suspend: .systemSuspend
            case .terminate: .terminate
            case .relaunch: .relaunch
            case .reminder: .reminder
            }
        case .device(let action):
            switch action {
            case .move: .move
            case .stationary: .stationary
            case .noFix: .noFix
            case .fix: .fix
            case .exitRegion: .exitRegion
            case .visit: .visit
            case .enterBeacon: .enterBeacon
            case .exitBeacon: .exitBeacon
            case .airplaneMode: .airplaneMode
            case .restart: .restart
            }
        case .wait: .wait
        case .timer: .timer
        }
    }
}


/// What the catalogue says of one kind of event: its word in a flow and how its arguments are
/// read, its line in `locflow help flow`, the format version that brought it, the platforms it
/// needs, the events of that kind the random walks and the explorer draw, and the model
/// checker's group that tries it. The parser, the help, `v11Word`, `PlatformProfile.lacks`, the
/// walks, `explore --actions` and the explorer's menu read it; nothing else lists a kind's words.
public final class EventEntry: Sendable {
    public let actor: Actor
    /// The word after the verb (`startUpdatingLocation`, `suspend`); nil for a timer. A kind read
    /// under another's word (`monitor add`) has that word and `.under` arguments.
    public let word: String?
    public let arguments: EventArguments
    /// What a line means, for `locflow help flow`.
    public let meaning: String
    public let since: Assumptions.FormatVersion
    /// Events of this kind with the names the sample flows use ("office", "lobby", the purpose
    /// key "Nav"); the first is the help's example. Timers are the clock's and have none.
    public let samples: [Event]
    public let search: SearchPlan
    /// What a platform must have for the call, and what a refusal calls it.
    public let needs: (feature: PlatformFeature, what: String)?
    /// Why the random walks leave the kind out, or nil when they draw it.
    public let notWalked: String?

    init(_ actor: Actor, _ word: String?, _ arguments: EventArguments, _ meaning: String, since: Assumptions.FormatVersion = .v1,
         _ samples: [Event], _ search: SearchPlan, needs: (PlatformFeature, String)? = nil, notWalked: String? = nil) {
        self.actor = actor
        self.word = word
        self.arguments = arguments
        self.meaning = meaning
        self.since = since
        self.samples = samples
        self.search = search
        self.needs = needs.map { (feature: $0.0, what: $0.1) }
        self.notWalked = notWalked
    }

    /// The verb a flow writes before the word (`app`, `user`, `system`, `device`), or "" for `wait`.
    public var verb: String {
        switch actor {
        case .app: "app"
        case .person: "user"
        case .system: "system"
        case .device: "device"
        case .timer: ""
        }
    }

    /// The arguments as `locflow help flow` writes them: `true|false`, `ID`, `start|stop|add ID`.
    public var form: String {
        switch arguments {
        case .none, .under, .unwritten: ""
        case .flag(let words, _): words.rawValue
        case .name(let placeholder, _, _): placeholder
        case .choice(let values, _, _): values.joined(separator: "|")
        case .own(let form): form
        }
    }
}

/// How the words after a kind's word are read.
public enum EventArguments: Sendable {
    /// None: the word alone is the event (the entry's one sample).
    case none
    /// Two words for a Bool.
    case flag(FlagWords, @Sendable (Bool) -> Event)
    /// One word naming something: its placeholder in the help ("ID") and what an error calls it.
    case name(placeholder: String, what: String, @Sendable (String) -> Event)
    /// One of fixed values, named as the help writes them.
    case choice([String], what: String, @Sendable (String) -> Event)
    /// Several words, read by the parser's own branch for the kind (`FlowParser.parseOwn`); the
    /// form is the help's.
    case own(form: String)
    /// Read under another kind's word (`monitor add ID` under `monitor`).
    case under(EventKind)
    /// Never written in a flow (a timer).
    case unwritten
}

public enum FlagWords: String, Sendable {
    case trueFalse = "true|false", onOff = "on|off", startStop = "start|stop"
}

/// How the model checker (`explore --actions`) tries a kind of event.
public enum SearchPlan: Sendable, Equatable {
    /// Tried in this group of actions.
    case group(ActionGroup)
    /// Tried whatever the groups, for the reason given (the waits, a prompt's buttons).
    case always(String)
    /// Never tried, for the reason given.
    case never(String)
}

/// What a platform must have for an app call (`PlatformProfile.has`).
public enum PlatformFeature: Sendable {
    /// CLServiceSession and CLBackgroundActivitySession.
    case sessionClasses
    case monitor
    case liveActivities
    /// The services that launch an app for a location event: significant changes, regions, visits, beacons.
    case launchingServices
    /// The background location indicator (no macOS).
    case backgroundLocationIndicator
}

public enum EventCatalogue {
    /// A kind's entry (made once, by `describe`).
    public static func entry(_ kind: EventKind) -> EventEntry { table[kind] ?? describe(kind) }

    static let table: [EventKind: EventEntry] = Dictionary(uniqueKeysWithValues: EventKind.allCases.map { ($0, describe($0)) })

    /// Every kind's entry, by a switch with no `default`: a new kind stops the build here until
    /// it has its words, help, version, samples and group.
    static func describe(_ kind: EventKind) -> EventEntry {
        let ID = "ID"
        func app(_ word: String, _ meaning: String, since: Assumptions.FormatVersion,
                 _ samples: [AppCall], _ search: SearchPlan, needs: (PlatformFeature, String)?) -> EventEntry {
            app(word, .none, meaning, since: since, samples, search, needs: needs)
        }
        func app(_ word: String, _ arguments: EventArguments, _ meaning: String, since: Assumptions.FormatVersion,
                 _ samples: [AppCall], _ search: SearchPlan, needs: (PlatformFeature, String)?) -> EventEntry {
            EventEntry(.app, word, arguments, meaning, since: since, samples.map { .app($0) }, search, needs: needs)
        }
        func user(_ word: String, _ meaning: String, since: Assumptions.FormatVersion,
                  _ samples: [UserAction], _ search: SearchPlan, notWalked: String? = nil) -> EventEntry {
            user(word, .none, meaning, since: since, samples, search, notWalked: notWalked)
        }
        func user(_ word: String, _ arguments: EventArguments, _ meaning: String, since: Assumptions.FormatVersion,
                  _ samples: [UserAction], _ search: SearchPlan, notWalked: String? = nil) -> EventEntry {
            EventEntry(.person, word, arguments, meaning, since: since, samples.map { .user($0) }, search, notWalked: notWalked)
        }
        func system(_ word: String, _ meaning: String, _ sample: SystemAction) -> EventEntry {
            EventEntry(.system, word, .none, meaning, [.system(sample)], .group(.lifecycle))
        }
        func device(_ word: String, _ meaning: String, since: Assumptions.FormatVersion,
                    _ samples: [DeviceAction], _ search: SearchPlan) -> EventEntry {
            device(word, .none, meaning, since: since, samples, search)
        }
        func device(_ word: String, _ arguments: EventArguments, _ meaning: String, since: Assumptions.FormatVersion,
                    _ samples: [DeviceAction], _ search: SearchPlan) -> EventEntry {
            EventEntry(.device, word, arguments, meaning, since: since, samples.map { .device($0) }, search)
        }
        let sessions = (PlatformFeature.sessionClasses, "CLServiceSession")
        let beacons = (PlatformFeature.launchingServices, "beacon ranging and monitoring")
        switch kind {
        // app
        case .requestWhenInUseAuthorization:
            return app(kind.rawValue, "ask for when-in-use authorization",
                       since: .v1, [.requestWhenInUseAuthorization], .group(.requests), needs: nil)
        case .requestAlwaysAuthorization:
            return app(kind.rawValue, "ask for Always (or the upgrade to it)",
                       since: .v1, [.requestAlwaysAuthorization], .group(.requests), needs: nil)
        case .requestTemporaryFullAccuracyAuthorization:
            return app(kind.rawValue, .name(placeholder: "KEY", what: "a purpose key") { .app(.requestTemporaryFullAccuracyAuthorization(Name($0))) },
                       "ask for full accuracy with a purpose key",
                       since: .v1, [.requestTemporaryFullAccuracyAuthorization("Nav")], .group(.requests), needs: nil)
        case .startUpdatingLocation:
            return app(kind.rawValue, "start standard location updates", since: .v1, [.startUpdatingLocation], .group(.updates), needs: nil)
        case .stopUpdatingLocation:
            return app(kind.rawValue, "stop standard location updates", since: .v1, [.stopUpdatingLocation], .group(.updates), needs: nil)
        case .allowsBackgroundLocationUpdates:
            return app(kind.rawValue, .flag(.trueFalse) { .app(.allowsBackgroundLocationUpdates($0)) },
                       "the manager property (true needs the location background mode)",
                       since: .v1, [.allowsBackgroundLocationUpdates(true), .allowsBackgroundLocationUpdates(false)], .group(.updates), needs: nil)
        case .startMonitoringSignificantLocationChanges:
            return app(kind.rawValue, "start the significant-change service",
                       since: .v1, [.startMonitoringSignificantLocationChanges], .group(.significant),
                       needs: (.launchingServices, "startMonitoringSignificantLocationChanges"))
        case .stopMonitoringSignificantLocationChanges:
            return app(kind.rawValue, "stop the significant-change service",
                       since: .v1, [.stopMonitoringSignificantLocationChanges], .group(.significant),
                       needs: (.launchingServices, "startMonitoringSignificantLocationChanges"))
        case .startMonitoringRegion:
            return app(kind.rawValue, .name(placeholder: ID, what: "a region ID") { .app(.startMonitoringRegion($0)) },
                       "start classic region monitoring of region ID", since: .v1, [.startMonitoringRegion("office")], .group(.regions),
                       needs: (.launchingServices, "region monitoring (startMonitoring(for:))"))
        case .stopMonitoringRegion:
            return app(kind.rawValue, .name(placeholder: ID, what: "a region ID") { .app(.stopMonitoringRegion($0)) },
                       "stop monitoring region ID", since: .v1, [.stopMonitoringRegion("office")], .group(.regions),
                       needs: (.launchingServices, "region monitoring (startMonitoring(for:))"))
        case .session:
            return app(kind.rawValue, .own(form: "ID " + SessionGoal.allCases.map(\.rawValue).joined(separator: "|") + " [fullAccuracy KEY]"),
                       "create and hold a CLServiceSession named ID",
                       since: .v1, [.session(id: "base", goal: .whenInUse, fullAccuracyKey: nil), .session(id: "nav", goal: .whenInUse, fullAccuracyKey: "Nav"),
                        .session(id: "bg", goal: .always, fullAccuracyKey: nil),
                        .session(id: "quiet", goal: .none, fullAccuracyKey: nil)],
                       .group(.sessions), needs: sessions)
        case .invalidate:
            return app(kind.rawValue, .name(placeholder: ID, what: "a session ID") { .app(.invalidate(Name($0))) },
                       "invalidate the session ID", since: .v1, [.invalidate("base"), .invalidate("nav"), .invalidate("bg"), .invalidate("quiet")],
                       .group(.sessions), needs: sessions)
        case .liveUpdates:
            return app(kind.rawValue, .flag(.startStop) { .app(.liveUpdates($0)) }, "start or stop iterating CLLocationUpdate.liveUpdates()",
                       since: .v1, [.liveUpdates(true), .liveUpdates(false)], .group(.liveUpdates), needs: nil)
        case .monitor:
            return app(kind.rawValue, .own(form: "start|stop|add ID"), "iterate a CLMonitor's events, stop, or add a condition ID",
                       since: .v1, [.monitor(true), .monitor(false)], .group(.monitor), needs: (.monitor, "CLMonitor"))
        case .monitorAdd:
            return app("monitor", .under(.monitor), "add a condition to the CLMonitor",
                       since: .v1, [.monitorAdd("home"), .monitorAdd("work")], .group(.monitor),
                       needs: (.monitor, "CLMonitor"))
        case .backgroundActivity:
            return app(kind.rawValue, .flag(.startStop) { .app(.backgroundActivity($0)) }, "create or invalidate a CLBackgroundActivitySession",
                       since: .v1, [.backgroundActivity(true), .backgroundActivity(false)], .group(.background),
                       needs: (.sessionClasses, "CLBackgroundActivitySession"))
        case .requestLocation:
            return app(kind.rawValue, "ask for one location (or an error)", since: .v1_1, [.requestLocation], .group(.fixes), needs: nil)
        case .desiredAccuracy:
            return app(kind.rawValue, .choice(DesiredAccuracy.allCases.map(\.rawValue), what: "a desired accuracy") {
                           .app(.desiredAccuracy(DesiredAccuracy(rawValue: $0) ?? .best)) },
                       "the manager's desiredAccuracy (only reduced gives approximate fixes)", since: .v1_1,
                       [.desiredAccuracy(.reduced), .desiredAccuracy(.best)], .group(.fixes), needs: nil)
        case .pausesLocationUpdatesAutomatically:
            return app(kind.rawValue, .flag(.trueFalse) { .app(.pausesLocationUpdatesAutomatically($0)) },
                       "automatic pausing of standard updates (default true)", since: .v1_1,
                       [.pausesLocationUpdatesAutomatically(false), .pausesLocationUpdatesAutomatically(true)], .group(.pausing), needs: nil)
        case .activityType:
            return app(kind.rawValue, .choice(ActivityType.allCases.map(\.rawValue), what: "an activity type") {
                           .app(.activityType(ActivityType(rawValue: $0) ?? .other)) },
                       "the manager's activityType", since: .v1_1, [.activityType(.fitness)],
                       .never("it decides no rule (the pause's note names it): trying it would only double the states"), needs: nil)
        case .showsBackgroundLocationIndicator:
            return app(kind.rawValue, .flag(.trueFalse) { .app(.showsBackgroundLocationIndicator($0)) }, "the manager property (default false)",
                       since: .v1_1, [.showsBackgroundLocationIndicator(true), .showsBackgroundLocationIndicator(false)], .group(.updates),
                       needs: (.backgroundLocationIndicator, "showsBackgroundLocationIndicator"))
        case .startMonitoringVisits:
            return app(kind.rawValue, "start the visits service", since: .v1_1, [.startMonitoringVisits], .group(.visits),
                       needs: (.launchingServices, "startMonitoringVisits"))
        case .stopMonitoringVisits:
            return app(kind.rawValue, "stop the visits service", since: .v1_1, [.stopMonitoringVisits], .group(.visits),
                       needs: (.launchingServices, "startMonitoringVisits"))
        case .startRangingBeacons:
            return app(kind.rawValue, .name(placeholder: ID, what: "a beacon ID") { .app(.startRangingBeacons($0)) },
                       "start ranging the beacons of constraint ID", since: .v1_1, [.startRangingBeacons("lobby")], .group(.beacons), needs: beacons)
        case .stopRangingBeacons:
            return app(kind.rawValue, .name(placeholder: ID, what: "a beacon ID") { .app(.stopRangingBeacons($0)) },
                       "stop ranging beacons ID", since: .v1_1, [.stopRangingBeacons("lobby")], .group(.beacons), needs: beacons)
        case .startMonitoringBeaconRegion:
            return app(kind.rawValue, .name(placeholder: ID, what: "a beacon region ID") { .app(.startMonitoringBeaconRegion($0)) },
                       "start monitoring the beacon region ID",
                       since: .v1_1, [.startMonitoringBeaconRegion("lobby")], .group(.beacons), needs: beacons)
        case .stopMonitoringBeaconRegion:
            return app(kind.rawValue, .name(placeholder: ID, what: "a beacon region ID") { .app(.stopMonitoringBeaconRegion($0)) },
                       "stop monitoring the beacon region ID", since: .v1_1, [.stopMonitoringBeaconRegion("lobby")], .group(.beacons), needs: beacons)
        case .liveActivity:
            return app(kind.rawValue, .flag(.startStop) { .app(.liveActivity($0)) }, "start (in the foreground) or end a Live Activity",
                       since: .v1_1, [.liveActivity(true), .liveActivity(false)], .group(.liveActivity),
                       needs: (.liveActivities, "ActivityKit (Live Activities)"))
        // user
        case .tap:
            return user("tap", .name(placeholder: "\"LABEL\"", what: "a button label in quotes, e.g. \"Allow Once\"") { .user(.tap($0)) },
                        "tap a button of the prompt on screen, by its English label", since: .v1, [.tap("Allow Once")],
                        .always("each prompt's buttons are tried as it shows them"), notWalked: "the walks answer a prompt by its own buttons")
        case .precise:
            return user("precise", .flag(.onOff) { .user(.precise($0)) }, "the Precise switch on the prompt",
                        since: .v1, [.precise(false), .precise(true)], .group(.prompts))
        case .settings:
            let choices = SettingsChoice.allCases.filter { $0 != .unlisted }
            return user("settings", .own(form: choices.map(\.rawValue).joined(separator: "|") + "|precise on|off|locationServices on|off|reset"),
                        "change the app's Settings page (or the global switch, or Reset Location & Privacy)",
                        since: .v1, [.settings(.always)] + choices.filter { $0 != .always }.map { .settings($0) }, .group(.settings))
        case .settingsPrecise:
            return user("settings", .under(.settings), "the app's Precise Location switch in Settings",
                        since: .v1, [.settingsPrecise(false), .settingsPrecise(true)], .group(.settings))
        case .settingsLocationServices:
            return user("settings", .under(.settings), "the global Location Services switch",
                        since: .v1, [.settingsLocationServices(false), .settingsLocationServices(true)], .group(.settings))
        case .settingsReset:
            return user("settings", .under(.settings), "Reset Location & Privacy", since: .v1, [.settingsReset], .group(.settings),
                        notWalked: "a reset undoes the whole walk")
        case .background: return user("background", "leave the app", since: .v1, [.background], .group(.lifecycle))
        case .foreground: return user("foreground", "open the app (launches it when not running)", since: .v1, [.foreground], .group(.lifecycle))
        case .forceQuit: return user("forceQuit", "swipe the app away in the app switcher", since: .v1, [.forceQuit], .group(.lifecycle))
        case .locationButton: return user("locationButton", "tap a CLLocationButton in the app (iOS 15+)",
                                          since: .v1, [.locationButton], .group(.button))
        case .addWidget: return user("addWidget", "add the app's widget to a Home Screen", since: .v1_1, [.addWidget], .group(.widgets))
        case .removeWidget: return user("removeWidget", "remove the app's last widget", since: .v1_1, [.removeWidget], .group(.widgets))
        // system
        case .systemSuspend: return system("suspend", "suspend the backgrounded app now", .suspend)
        case .terminate: return system("terminate", "end the app's process", .terminate)
        case .relaunch: return system("relaunch", "launch the app in the background, as for a location event", .relaunch)
        case .reminder: return system("reminder", "the periodic reminder of an app's background use of Always", .reminder)
        // device
        case .move: return device("move", "the device starts moving: new fixes", since: .v1, [.move], .group(.device))
        case .stationary: return device("stationary", "the device stops moving", since: .v1, [.stationary], .group(.device))
        case .noFix: return device("noFix", "location becomes unavailable", since: .v1, [.noFix], .group(.device))
        case .fix: return device("fix", "location is available again", since: .v1, [.fix], .group(.device))
        case .exitRegion:
            return device("exitRegion", .name(placeholder: ID, what: "a region or condition ID") { .device(.exitRegion($0)) },
                          "the device leaves region or condition ID", since: .v1, [.exitRegion("home"), .exitRegion("office")], .group(.regions))
        case .visit: return device("visit", "the device arrives at or leaves a place (visits)", since: .v1_1, [.visit], .group(.visits))
        case .enterBeacon:
            return device("enterBeacon", .name(placeholder: ID, what: "a beacon ID") { .device(.enterBeacon($0)) },
                          "the device comes into range of the beacons ID", since: .v1_1, [.enterBeacon("lobby")], .group(.beacons))
        case .exitBeacon:
            return device("exitBeacon", .name(placeholder: ID, what: "a beacon ID") { .device(.exitBeacon($0)) },
                          "the device goes out of range of the beacons ID", since: .v1_1, [.exitBeacon("lobby")], .group(.beacons))
        case .airplaneMode:
            return device("airplaneMode", .flag(.onOff) { .device(.airplaneMode($0)) }, "Airplane mode (the status reads denied while on)",
                          since: .v1_1Extension, [.airplaneMode(true), .airplaneMode(false)], .group(.device))
        case .restart:
            return device("restart", "the device restarts: every process and what lives in memory ends; monitoring persists",
                          since: .v1_1Extension, [.restart], .group(.restart))
        // time
        case .wait:
            return EventEntry(.timer, "wait", .own(form: "DURATION"),
                              "advance the virtual clock (5s, 250ms, 1h30m); timers due fire in order",
                              [.wait(60_000), .wait(1_000), .wait(5_000), .wait(10_000), .wait(600_000), .wait(15 * 60_000)],
                              .always("the waits of the bounds (--waits)"))
        case .timer:
            return EventEntry(.timer, nil, .unwritten, "a timer of the model fires", [], .never("timers are the clock's: waits fire them"),
                              notWalked: "timers are the clock's: waits fire them")
        }
    }

    /// Every kind's entry, in the order of `EventKind` (the help's order).
    public static let entries: [(kind: EventKind, entry: EventEntry)] = EventKind.allCases.map { ($0, entry($0)) }

    /// The kind written as `verb word` (the kind whose word it is, not one read under it:
    /// `monitor` is `.monitor`, not `.monitorAdd`).
    public static func kind(verb: String, word: String) -> EventKind? { byWord[verb + " " + word] }

    static let byWord: [String: EventKind] = Dictionary(entries.compactMap { e in
        e.entry.word.flatMap { e.entry.isUnder ? nil : (e.entry.verb + " " + $0, e.kind) }
    }, uniquingKeysWith: { first, _ in first })

    /// Every kind's samples: what the random walks draw from and the tests hold every consumer to.
    public static let samples: [Event] = entries.flatMap(\.entry.samples)

    /// The app calls some platform lacks, with what they need (`PlatformProfile.lacks`).
    public static let needs: [EventKind: (feature: PlatformFeature, what: String)] = Dictionary(uniqueKeysWithValues: entries.compactMap { e in
        e.entry.needs.map { (e.kind, $0) }
    })

    /// The kinds the random walks leave out, with why.
    public static let notWalked: [EventKind: String] = Dictionary(uniqueKeysWithValues: entries.compactMap { e in
        e.entry.notWalked.map { (e.kind, $0) }
    })
}

extension EventEntry {
    /// Read under another kind's word.
    public var isUnder: Bool { if case .under = arguments { true } else { false } }
}
