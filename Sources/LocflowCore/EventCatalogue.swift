/// Every kind of event, one a case of `Event` and of the call, action or event it carries: the
/// one list the parser's words, the random walks, the model checker's actions and the explorer's
/// menu are checked against (tests name a kind any of them misses). `Event.kind` is a switch with
/// no `default`, so a new case stops the build until it has its kind here; `FlowParser.parseApp`
/// switches on these kinds with no `default` too.
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

/// Events of every kind a flow, a person or the app can make, with the names the sample flows
/// use ("office", "lobby", the purpose key "Nav"): what the random walks draw from and the tests
/// hold every consumer to. Timers are the clock's, never made.
public enum EventCatalogue {
    public static let samples: [Event] = {
        var p: [Event] = [
            .app(.requestWhenInUseAuthorization), .app(.requestAlwaysAuthorization),
            .app(.requestTemporaryFullAccuracyAuthorization("Nav")), .app(.startUpdatingLocation), .app(.stopUpdatingLocation),
            .app(.allowsBackgroundLocationUpdates(true)), .app(.allowsBackgroundLocationUpdates(false)),
            .app(.startMonitoringSignificantLocationChanges), .app(.stopMonitoringSignificantLocationChanges),
            .app(.startMonitoringRegion("office")), .app(.stopMonitoringRegion("office")),
            .app(.session(id: "base", goal: .whenInUse, fullAccuracyKey: nil)),
            .app(.session(id: "nav", goal: .whenInUse, fullAccuracyKey: "Nav")),
            .app(.session(id: "bg", goal: .always, fullAccuracyKey: nil)),
            .app(.session(id: "quiet", goal: .none, fullAccuracyKey: nil)),
            .app(.invalidate("base")), .app(.invalidate("nav")), .app(.invalidate("bg")), .app(.invalidate("quiet")),
            .app(.liveUpdates(true)), .app(.liveUpdates(false)), .app(.monitor(true)), .app(.monitor(false)),
            .app(.monitorAdd("home")), .app(.monitorAdd("work")),
            .app(.backgroundActivity(true)), .app(.backgroundActivity(false)),
            .user(.precise(true)), .user(.precise(false)),
            .user(.settingsPrecise(true)), .user(.settingsPrecise(false)),
            .user(.settingsLocationServices(true)), .user(.settingsLocationServices(false)),
            .user(.background), .user(.foreground), .user(.forceQuit), .user(.locationButton),
            .system(.suspend), .system(.terminate), .system(.relaunch), .system(.reminder),
            .device(.move), .device(.stationary), .device(.noFix), .device(.fix),
            .device(.exitRegion("office")), .device(.exitRegion("home")),
            .wait(1_000), .wait(5_000), .wait(10_000), .wait(60_000), .wait(600_000),
        ]
        p += SettingsChoice.allCases.filter { $0 != .unlisted }.map { .user(.settings($0)) }
        // Format 1.1
        p += [.app(.requestLocation), .app(.desiredAccuracy(.reduced)), .app(.desiredAccuracy(.best)),
              .app(.pausesLocationUpdatesAutomatically(false)), .app(.pausesLocationUpdatesAutomatically(true)),
              .app(.activityType(.fitness)), .app(.showsBackgroundLocationIndicator(true)), .app(.showsBackgroundLocationIndicator(false)),
              .app(.startMonitoringVisits), .app(.stopMonitoringVisits),
              .app(.startRangingBeacons("lobby")), .app(.stopRangingBeacons("lobby")),
              .app(.startMonitoringBeaconRegion("lobby")), .app(.stopMonitoringBeaconRegion("lobby")),
              .app(.liveActivity(true)), .app(.liveActivity(false)), .user(.addWidget), .user(.removeWidget),
              .device(.visit), .device(.enterBeacon("lobby")), .device(.exitBeacon("lobby")), .wait(15 * 60_000),
              .device(.airplaneMode(true)), .device(.airplaneMode(false)), .device(.restart)]
        // A tap names a button of the prompt on screen, and a reset undoes a whole exploration:
        // last, where the random walks leave them out.
        p += [.user(.tap("Allow Once")), .user(.settingsReset)]
        return p
    }()

    /// The kinds the random walks leave out, with why.
    public static let notWalked: [EventKind: String] = [
        .tap: "the walks answer a prompt by its own buttons",
        .settingsReset: "a reset undoes the whole walk",
        .timer: "timers are the clock's: waits fire them",
    ]
}
