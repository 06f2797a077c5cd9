/// The groups of actions the model checker tries (`explore --actions`): each kind of event names
/// its group in the catalogue (`EventEntry.search`).
public enum ActionGroup: String, CaseIterable, Sendable {
    case requests, prompts, settings, lifecycle, updates, significant, regions, device, button
    case liveUpdates, monitor, background, sessions
    // Format 1.1 (docs/flow-format.md, version 1.1)
    case fixes, pausing, visits, beacons, liveActivity, widgets
    // Extensions (2026-12)
    case restart

    public var meaning: String {
        switch self {
        case .requests: "the app's authorization requests (when in use, Always, temporary full accuracy)"
        case .prompts: "the prompt's Precise switch (taps on the prompt's buttons are always tried)"
        case .settings: "the person's Settings: each option, Precise, Location Services, Reset Location & Privacy"
        case .lifecycle: "background, foreground, force quit, suspend, terminate, relaunch, the system's reminder"
        case .updates: "standard location updates: start, stop, allowsBackgroundLocationUpdates, showsBackgroundLocationIndicator"
        case .significant: "significant-change monitoring: start, stop"
        case .regions: "a region \"office\": start and stop monitoring it, the device leaving it"
        case .device: "the device: moving, stationary, losing and regaining its fix, Airplane mode on and off"
        case .button: "the CLLocationButton tap"
        case .liveUpdates: "CLLocationUpdate.liveUpdates: start, stop (iOS 17+)"
        case .monitor: "CLMonitor: start, stop, add condition \"home\", leave it (iOS 17+)"
        case .background: "CLBackgroundActivitySession: start, stop (iOS 17+)"
        case .sessions: "explicit CLServiceSessions (iOS 18; how many: --sessions)"
        case .fixes: "requestLocation and desiredAccuracy reduced (format 1.1)"
        case .pausing: "automatic pausing: standard updates, pausesLocationUpdatesAutomatically false, a stationary device (format 1.1)"
        case .visits: "the visits service: start, stop, a visit (format 1.1)"
        case .beacons: "beacon \"lobby\": ranging, region monitoring, entering and leaving it (format 1.1)"
        case .liveActivity: "a Live Activity: start, stop (iOS 17+, format 1.1)"
        case .widgets: "the app's widget: the person adds it, removes it (with widget true, format 1.1)"
        case .restart: "the device restarts (an extension of format 1.1)"
        }
    }
}
