import LocflowCore

/// `CLServiceSession` (iOS 18): `app session ID GOAL [fullAccuracy KEY]` when made,
/// `app invalidate ID` by `invalidate()`. Sessions are named across processes by an ID (a
/// flow's): one made again with the same ID within the relaunch window rejoins the kept one.
/// Without an ID, the Nth session a process makes for a goal and key is named after them, so
/// that re-creating the same sessions after a relaunch rejoins them, as on iOS.
public final class SimulatedServiceSession {
    weak var device: SimulatedDevice?
    /// The session's name in the model (and in `expect session ID ...`).
    public let id: String
    public let authorization: SessionGoal
    public let fullAccuracyPurposeKey: String?

    public init(device: SimulatedDevice, authorization: SessionGoal, fullAccuracyPurposeKey: String? = nil, id: String? = nil) {
        self.device = device
        self.authorization = authorization
        self.fullAccuracyPurposeKey = fullAccuracyPurposeKey
        self.id = id ?? device.nextSessionID(authorization, fullAccuracyPurposeKey)
        device.apply(.app(.session(id: Name(self.id), goal: authorization, fullAccuracyKey: fullAccuracyPurposeKey.map { Name($0) })))
    }

    /// `app invalidate ID`.
    public func invalidate() { device?.apply(.app(.invalidate(Name(id)))) }

    /// `expect session ID STATE`: nil when the model has no such session (creating it was refused).
    public var state: SessionState? { device?.observed.session(Name(id))?.state }

    /// The session's `CLServiceSession.Diagnostic` now (`expect diagnostics ID`); nil while it has none.
    public var diagnostics: SimulatedDiagnostics? { device?.diagnostics(id) }
}

/// Iterating `CLLocationUpdate.liveUpdates()` (iOS 17+): `app liveUpdates start|stop`.
public final class SimulatedLiveUpdates {
    weak var device: SimulatedDevice?

    /// One `CLLocationUpdate` the app received: its location (nil for an update without one)
    /// and Apple's diagnostic properties at that moment.
    public struct Update: Sendable, Hashable {
        public var location: SimulatedLocation?
        public var diagnostics: SimulatedDiagnostics
        public var isStationary: Bool { diagnostics.stationary }
    }

    /// The updates received so far, oldest first.
    public private(set) var updates: [Update] = []

    init(device: SimulatedDevice) { self.device = device }

    public func start() { device?.apply(.app(.liveUpdates(true))) }
    public func stop() { device?.apply(.app(.liveUpdates(false))) }

    /// The diagnostics the next update would carry now (`expect diagnostics liveUpdates`).
    public var diagnostics: SimulatedDiagnostics? { device?.diagnostics("liveUpdates") }

    func receive(_ location: SimulatedLocation, _ w: World) {
        updates.append(Update(location: location, diagnostics: SimulatedDiagnostics(w.diagnostics(.liveUpdates))))
    }
}

/// A `CLMonitor` whose `events` the app iterates (iOS 17+): `app monitor start|stop`, and
/// `app monitor add ID` for a condition. Conditions persist across processes; iterating does not.
public final class SimulatedMonitor {
    weak var device: SimulatedDevice?

    /// One `CLMonitor.Event`: its condition and Apple's diagnostic properties at that moment.
    public struct Event: Sendable, Hashable {
        public var identifier: String
        public var diagnostics: SimulatedDiagnostics
    }

    /// The events received so far, oldest first.
    public private(set) var events: [Event] = []

    init(device: SimulatedDevice) { self.device = device }

    public func start() { device?.apply(.app(.monitor(true))) }
    public func stop() { device?.apply(.app(.monitor(false))) }
    /// `app monitor add ID`: a condition named `condition` (events come with `device exitRegion ID`).
    public func add(condition: String) { device?.apply(.app(.monitorAdd(condition))) }

    /// The diagnostics the next event would carry now (`expect diagnostics monitor`).
    public var diagnostics: SimulatedDiagnostics? { device?.diagnostics("monitor") }

    func receive(_ id: String, _ w: World) {
        events.append(Event(identifier: id, diagnostics: SimulatedDiagnostics(w.diagnostics(.monitor))))
    }
}

/// `CLBackgroundActivitySession` (iOS 17+): made = `app backgroundActivity start`,
/// `invalidate()` = `app backgroundActivity stop`.
public final class SimulatedBackgroundActivitySession {
    weak var device: SimulatedDevice?

    public init(device: SimulatedDevice) {
        self.device = device
        device.apply(.app(.backgroundActivity(true)))
    }

    public func invalidate() { device?.apply(.app(.backgroundActivity(false))) }

    /// `expect diagnostics backgroundActivity`.
    public var diagnostics: SimulatedDiagnostics? { device?.diagnostics("backgroundActivity") }
}

extension SimulatedDevice {
    /// Stands for `CLLocationUpdate.liveUpdates()`: `start()` begins iterating it.
    public func liveUpdates() -> SimulatedLiveUpdates {
        let s = SimulatedLiveUpdates(device: self)
        streams.append(WeakBox(value: s))
        return s
    }

    /// Stands for a `CLMonitor`: `start()` begins iterating its events.
    public func monitor() -> SimulatedMonitor {
        let m = SimulatedMonitor(device: self)
        monitors.append(WeakBox(value: m))
        return m
    }

    func nextSessionID(_ goal: SessionGoal, _ key: String?) -> String {
        let generation = observed.launches
        if generation != sessionsMadeGeneration { sessionsMade = [:]; sessionsMadeGeneration = generation }
        let base = goal.rawValue + (key.map { "-" + $0 } ?? "")
        let n = (sessionsMade[base] ?? 0) + 1
        sessionsMade[base] = n
        return "\(base)-\(n)"
    }
}
