import LocflowCore
import LocflowFlow

/// The actions the model checker tries in every state: the groups a person picks with
/// `--actions`, the default bounds, and the events each group adds for a configuration.
extension StateSearch {
    /// Groups of actions (`--actions`), each with what it adds to the search: the catalogue's
    /// (`ActionGroup`, named by each kind's entry).
    public typealias Family = ActionGroup

    /// The default bounds (docs/model-checking.md, "Bounds"): authorization, prompts, Settings, the app's life
    /// and (iOS 18) one explicit session; what completes on every platform. Each service added
    /// (`--actions default,updates`) multiplies the space (docs/model-checking.md has the figures).
    public static let defaultFamilies: Set<Family> = [.requests, .prompts, .settings, .lifecycle, .button, .sessions]
    public static let defaultWaits: [Millis] = [5_000, 60_000, 600_000]

    /// The actions tried in every state under the given bounds.
    public static func defaultActions(_ config: AppConfig, families: Set<Family> = defaultFamilies,
                                      waits: [Millis] = defaultWaits, sessions: Int = 1) -> [Event] {
        actions(config, families: families, waits: waits, sessions: sessions, includeCatalogue: true)
    }

    /// The kinds the lines of `actions` try somewhere (iOS 18, with a widget, every group).
    static let listedKinds: Set<EventKind> = {
        var config = AppConfig()
        config.platform = .ios18
        config.widget = true
        return Set(actions(config, families: Set(Family.allCases), waits: [], sessions: 2, includeCatalogue: false).map(\.kind))
    }()

    static func actions(_ config: AppConfig, families: Set<Family>, waits: [Millis], sessions: Int, includeCatalogue: Bool) -> [Event] {
        var a: [Event] = []
        let key = config.info.firstPurposeKey
        let p = config.profile
        for f in Family.allCases where families.contains(f) {
            switch f {
            case .requests:
                a += [.app(.requestWhenInUseAuthorization), .app(.requestAlwaysAuthorization)]
                if p.hasAccuracy { a.append(.app(.requestTemporaryFullAccuracyAuthorization(Name(key)))) }
            case .prompts: if p.hasAccuracy { a.append(.user(.precise(false))) }
            case .settings:
                a += SettingsChoice.allCases.filter { $0 != .unlisted }.map { .user(.settings($0)) }
                if p.hasAccuracy { a += [.user(.settingsPrecise(true)), .user(.settingsPrecise(false))] }
                a += [.user(.settingsLocationServices(false)), .user(.settingsLocationServices(true)), .user(.settingsReset)]
            case .lifecycle:
                a += [.user(.background), .user(.foreground), .user(.forceQuit),
                      .system(.suspend), .system(.terminate), .system(.relaunch), .system(.reminder)]
            case .updates:
                a += [.app(.startUpdatingLocation), .app(.stopUpdatingLocation),
                      .app(.allowsBackgroundLocationUpdates(true)), .app(.allowsBackgroundLocationUpdates(false)),
                      .app(.showsBackgroundLocationIndicator(true))]
            case .significant: a += [.app(.startMonitoringSignificantLocationChanges), .app(.stopMonitoringSignificantLocationChanges)]
            case .regions: a += [.app(.startMonitoringRegion("office")), .app(.stopMonitoringRegion("office")), .device(.exitRegion("office"))]
            case .device: a += [.device(.move), .device(.stationary), .device(.noFix), .device(.fix), .device(.airplaneMode(true)), .device(.airplaneMode(false))]
            case .button: a.append(.user(.locationButton))
            case .liveUpdates: if p.hasModernAPIs { a += [.app(.liveUpdates(true)), .app(.liveUpdates(false))] }
            case .monitor: if p.hasModernAPIs { a += [.app(.monitor(true)), .app(.monitor(false)), .app(.monitorAdd("home")), .device(.exitRegion("home"))] }
            case .background: if p.hasModernAPIs { a += [.app(.backgroundActivity(true)), .app(.backgroundActivity(false))] }
            case .sessions:
                guard p.hasServiceSessions else { break }
                if sessions >= 1 {
                    a += [.app(.session(id: "a", goal: .whenInUse, fullAccuracyKey: nil)), .app(.session(id: "a", goal: .always, fullAccuracyKey: nil)),
                          .app(.invalidate("a"))]
                }
                if sessions >= 2 { a += [.app(.session(id: "b", goal: .whenInUse, fullAccuracyKey: Name(key))), .app(.invalidate("b"))] }
            case .fixes: a += [.app(.requestLocation), .app(.desiredAccuracy(.reduced))]
            case .pausing:
                a += [.app(.startUpdatingLocation), .app(.stopUpdatingLocation), .app(.pausesLocationUpdatesAutomatically(false)),
                      .device(.stationary), .device(.move)]
            case .visits: a += [.app(.startMonitoringVisits), .app(.stopMonitoringVisits), .device(.visit)]
            case .beacons:
                a += [.app(.startRangingBeacons("lobby")), .app(.stopRangingBeacons("lobby")), .app(.startMonitoringBeaconRegion("lobby")),
                      .app(.stopMonitoringBeaconRegion("lobby")), .device(.enterBeacon("lobby")), .device(.exitBeacon("lobby"))]
            case .liveActivity: if p.hasLiveActivities { a += [.app(.liveActivity(true)), .app(.liveActivity(false))] }
            case .widgets: if config.widget { a += [.user(.addWidget), .user(.removeWidget)] }
            case .restart: a.append(.device(.restart))
            }
            // A kind whose catalogue entry names this group and that the lines above never
            // try: its samples, where the platform has the call.
            if includeCatalogue {
                for (kind, entry) in EventCatalogue.entries where entry.search == .group(f) && !listedKinds.contains(kind) {
                    a += entry.samples.filter { if case .app(let call) = $0 { p.lacks(call) == nil } else { true } }
                }
            }
        }
        a += waits.map { .wait($0) }
        return a
    }

    /// Why a group adds no action under this configuration (nil when it adds some): the
    /// platform lacks the API, or the app lacks the widget.
    public static func emptyFamily(_ f: Family, _ config: AppConfig, sessions: Int = 1) -> String? {
        guard defaultActions(config, families: [f], waits: [], sessions: sessions).isEmpty else { return nil }
        let p = config.profile
        switch f {
        case .sessions where p.hasServiceSessions: return "--sessions 0 tries no session"
        case .prompts: return "\(p.platform.displayName) has no Precise switch (iOS 14+)"
        case .liveUpdates, .monitor, .background: return "\(p.platform.displayName) has no \(f == .liveUpdates ? "CLLocationUpdate" : f == .monitor ? "CLMonitor" : "CLBackgroundActivitySession") (iOS 17+)"
        case .sessions: return "\(p.platform.displayName) has no CLServiceSession (iOS 18+)"
        case .liveActivity: return "\(p.platform.displayName) has no Live Activities (iOS 16+, not visionOS)"
        case .widgets: return "the app has no widget (give --widget, or write widget true in a flow)"
        default: return "nothing in this group applies to \(p.platform.displayName)"
        }
    }
}
