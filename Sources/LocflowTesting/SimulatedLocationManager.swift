import LocflowCore

/// What a `CLLocationManagerDelegate` hears, by Apple's names. Class-bound; every method is
/// optional through a default that does nothing.
public protocol SimulatedLocationManagerDelegate: AnyObject {
    func locationManagerDidChangeAuthorization(_ manager: SimulatedLocationManager)
    func locationManager(_ manager: SimulatedLocationManager, didUpdateLocations locations: [SimulatedLocation])
    func locationManager(_ manager: SimulatedLocationManager, didFailWithError error: SimulatedLocationError)
    func locationManager(_ manager: SimulatedLocationManager, didExitRegion regionID: String)
    func locationManager(_ manager: SimulatedLocationManager, didVisit visit: SimulatedLocation)
    func locationManagerDidPauseLocationUpdates(_ manager: SimulatedLocationManager)
}

extension SimulatedLocationManagerDelegate {
    public func locationManagerDidChangeAuthorization(_ manager: SimulatedLocationManager) {}
    public func locationManager(_ manager: SimulatedLocationManager, didUpdateLocations locations: [SimulatedLocation]) {}
    public func locationManager(_ manager: SimulatedLocationManager, didFailWithError error: SimulatedLocationError) {}
    public func locationManager(_ manager: SimulatedLocationManager, didExitRegion regionID: String) {}
    public func locationManager(_ manager: SimulatedLocationManager, didVisit visit: SimulatedLocation) {}
    public func locationManagerDidPauseLocationUpdates(_ manager: SimulatedLocationManager) {}
}

/// The app's `CLLocationManager`, with Apple's names, answering as the model does. It belongs to
/// the process that made it: after that process ends its calls are refused (see
/// `SimulatedDevice.lastStepRefused`) and its delegate hears nothing.
public final class SimulatedLocationManager {
    /// The device; unowned-safe: a manager never outlives the test that holds its device... but
    /// a weak reference costs nothing and cannot dangle.
    weak var device: SimulatedDevice?
    /// The process that made it.
    let generation: Int
    var creationCallbackDue = true
    var completions: [(SimulatedLocationError?) -> Void] = []
    var updatingLocation = false
    var locationRequested = false

    init(device: SimulatedDevice, generation: Int) {
        self.device = device
        self.generation = generation
    }

    /// Held weakly, as Apple holds it. The first delegate set (while the manager's process runs)
    /// hears the creation callback at once, as iOS delivers it on the run loop's next turn.
    public weak var delegate: (any SimulatedLocationManagerDelegate)? {
        didSet {
            guard creationCallbackDue, delegate != nil, let device, device.isAlive(generation) else { return }
            creationCallbackDue = false
            delegate?.locationManagerDidChangeAuthorization(self)
        }
    }

    /// `authorizationStatus`, as the app reads it at this moment.
    public var authorizationStatus: AuthorizationStatus { device?.observed.status ?? .notDetermined }
    /// `accuracyAuthorization`.
    public var accuracyAuthorization: AccuracyAuthorization { device?.observed.accuracy ?? .fullAccuracy }
    /// `isAuthorizedForWidgetUpdates`.
    public var isAuthorizedForWidgetUpdates: Bool { device?.observed.widgetUpdates ?? false }

    // MARK: Requests

    public func requestWhenInUseAuthorization() { call(.requestWhenInUseAuthorization) }
    public func requestAlwaysAuthorization() { call(.requestAlwaysAuthorization) }
    /// The completion runs as Apple's does: nil once the prompt was shown and answered, whatever
    /// the answer (read `accuracyAuthorization`), inside the device call that answers; at once with
    /// `.promptDeclined` when iOS shows no prompt (no such purpose key, not in the foreground, not
    /// authorized, or full accuracy already).
    public func requestTemporaryFullAccuracyAuthorization(withPurposeKey purposeKey: String,
                                                         completion: ((SimulatedLocationError?) -> Void)? = nil) {
        if call(.requestTemporaryFullAccuracyAuthorization(Name(purposeKey))), let completion {
            // Already answered by the model within the call (full accuracy already, say)?
            if let r = device?.lastTransitions.last?.outputs.first(where: { if case .completion = $0 { true } else { false } }),
               case .completion(let result) = r, result == .nil || result == .promptDeclined {
                completion(result == .nil ? nil : .promptDeclined)
            } else {
                completions.append(completion)
            }
        }
    }

    // MARK: Standard updates and the other services

    public func startUpdatingLocation() { if call(.startUpdatingLocation) { updatingLocation = true } }
    public func stopUpdatingLocation() { if call(.stopUpdatingLocation) { updatingLocation = false; locationRequested = false } }
    public func requestLocation() { if call(.requestLocation) { locationRequested = true } }

    /// Setting it to true without `location` in `UIBackgroundModes` crashes the app, as Apple
    /// documents: the process ends.
    public var allowsBackgroundLocationUpdates = false {
        didSet { if !call(.allowsBackgroundLocationUpdates(allowsBackgroundLocationUpdates)) { allowsBackgroundLocationUpdates = oldValue } }
    }
    public var showsBackgroundLocationIndicator = false {
        didSet { if !call(.showsBackgroundLocationIndicator(showsBackgroundLocationIndicator)) { showsBackgroundLocationIndicator = oldValue } }
    }
    public var pausesLocationUpdatesAutomatically = true {
        didSet { if !call(.pausesLocationUpdatesAutomatically(pausesLocationUpdatesAutomatically)) { pausesLocationUpdatesAutomatically = oldValue } }
    }
    public var desiredAccuracy: DesiredAccuracy = .best {
        didSet { if !call(.desiredAccuracy(desiredAccuracy)) { desiredAccuracy = oldValue } }
    }
    public var activityType: ActivityType = .other {
        didSet { if !call(.activityType(activityType)) { activityType = oldValue } }
    }

    public func startMonitoringSignificantLocationChanges() { call(.startMonitoringSignificantLocationChanges) }
    public func stopMonitoringSignificantLocationChanges() { call(.stopMonitoringSignificantLocationChanges) }
    /// `startMonitoring(for:)` of a circular region named `regionID`.
    public func startMonitoring(regionID: String) { call(.startMonitoringRegion(regionID)) }
    public func stopMonitoring(regionID: String) { call(.stopMonitoringRegion(regionID)) }
    public func startMonitoringVisits() { call(.startMonitoringVisits) }
    public func stopMonitoringVisits() { call(.stopMonitoringVisits) }
    /// `startRangingBeacons(satisfying:)` for a beacon constraint named `constraintID`.
    public func startRangingBeacons(constraintID: String) { call(.startRangingBeacons(constraintID)) }
    public func stopRangingBeacons(constraintID: String) { call(.stopRangingBeacons(constraintID)) }
    /// `startMonitoring(for:)` of a `CLBeaconRegion` named `regionID`.
    public func startMonitoring(beaconRegionID regionID: String) { call(.startMonitoringBeaconRegion(regionID)) }
    public func stopMonitoring(beaconRegionID regionID: String) { call(.stopMonitoringBeaconRegion(regionID)) }

    /// One `app` step from this manager; false when it was refused (by the model, or because
    /// the manager's process has ended).
    @discardableResult
    func call(_ c: AppCall) -> Bool {
        guard let device else { return false }
        let event = Event.app(c)
        guard device.observed.launches == generation else {
            device.refuse(event.flowText, "this manager belongs to a process that has ended (the app makes a new one at each launch: SimulatedDevice.onLaunch)")
            return false
        }
        return device.apply(event) == nil
    }

    // MARK: Delivery (from the device)

    func deliverAuthorizationChange() {
        creationCallbackDue = false
        delegate?.locationManagerDidChangeAuthorization(self)
    }
    func deliverLocations(_ locations: [SimulatedLocation], requestLocation: Bool) {
        if requestLocation { locationRequested = false }
        delegate?.locationManager(self, didUpdateLocations: locations)
    }
    func deliverError(_ error: SimulatedLocationError) {
        locationRequested = false
        delegate?.locationManager(self, didFailWithError: error)
    }
    func deliverRegionExit(_ id: String) { delegate?.locationManager(self, didExitRegion: id) }
    func deliverVisit() {
        let now = device?.observed.now ?? 0
        delegate?.locationManager(self, didVisit: SimulatedLocation(isPrecise: true, timestamp: .milliseconds(now)))
    }
    func deliverPause() { delegate?.locationManagerDidPauseLocationUpdates(self) }
    func complete(_ error: SimulatedLocationError?) {
        guard !completions.isEmpty else { return }
        let c = completions.removeFirst()
        c(error)
    }
}

extension SimulatedDevice {
    /// The app creates a `CLLocationManager` in the running process. Its creation callback comes
    /// when the app first sets its delegate, once.
    public func makeLocationManager() -> SimulatedLocationManager {
        let m = SimulatedLocationManager(device: self, generation: observed.launches)
        managers.append(WeakBox(value: m))
        return m
    }
}

// MARK: Each call as an exported test writes it

extension SimulatedLocationManager {
    /// An `app` call made on the manager: as `locflow export` writes it after `manager.`, and as
    /// it is made here.
    typealias ManagerCall = (swift: String, perform: (SimulatedLocationManager) -> Void)

    /// Each call the manager makes, by a switch with no `default`: a new `AppCall` stops the
    /// build here until it has its method (or says it is made through another object). The
    /// exporter writes the text; ExportCallTests makes the call and the flow's line and compares.
    static func managerCall(_ call: AppCall) -> ManagerCall? {
        let L = FlowExporter.literal
        switch call {
        case .requestWhenInUseAuthorization: return ("requestWhenInUseAuthorization()", { $0.requestWhenInUseAuthorization() })
        case .requestAlwaysAuthorization: return ("requestAlwaysAuthorization()", { $0.requestAlwaysAuthorization() })
        case .requestTemporaryFullAccuracyAuthorization(let key):
            return ("requestTemporaryFullAccuracyAuthorization(withPurposeKey: \(L(key.string)))",
                    { $0.requestTemporaryFullAccuracyAuthorization(withPurposeKey: key.string) })
        case .startUpdatingLocation: return ("startUpdatingLocation()", { $0.startUpdatingLocation() })
        case .stopUpdatingLocation: return ("stopUpdatingLocation()", { $0.stopUpdatingLocation() })
        case .allowsBackgroundLocationUpdates(let b): return ("allowsBackgroundLocationUpdates = \(b)", { $0.allowsBackgroundLocationUpdates = b })
        case .startMonitoringSignificantLocationChanges:
            return ("startMonitoringSignificantLocationChanges()", { $0.startMonitoringSignificantLocationChanges() })
        case .stopMonitoringSignificantLocationChanges:
            return ("stopMonitoringSignificantLocationChanges()", { $0.stopMonitoringSignificantLocationChanges() })
        case .startMonitoringRegion(let id): return ("startMonitoring(regionID: \(L(id)))", { $0.startMonitoring(regionID: id) })
        case .stopMonitoringRegion(let id): return ("stopMonitoring(regionID: \(L(id)))", { $0.stopMonitoring(regionID: id) })
        case .requestLocation: return ("requestLocation()", { $0.requestLocation() })
        case .desiredAccuracy(let a): return ("desiredAccuracy = .\(a.rawValue)", { $0.desiredAccuracy = a })
        case .pausesLocationUpdatesAutomatically(let b):
            return ("pausesLocationUpdatesAutomatically = \(b)", { $0.pausesLocationUpdatesAutomatically = b })
        case .activityType(let t): return ("activityType = .\(t.rawValue)", { $0.activityType = t })
        case .showsBackgroundLocationIndicator(let b):
            return ("showsBackgroundLocationIndicator = \(b)", { $0.showsBackgroundLocationIndicator = b })
        case .startMonitoringVisits: return ("startMonitoringVisits()", { $0.startMonitoringVisits() })
        case .stopMonitoringVisits: return ("stopMonitoringVisits()", { $0.stopMonitoringVisits() })
        case .startRangingBeacons(let id): return ("startRangingBeacons(constraintID: \(L(id)))", { $0.startRangingBeacons(constraintID: id) })
        case .stopRangingBeacons(let id): return ("stopRangingBeacons(constraintID: \(L(id)))", { $0.stopRangingBeacons(constraintID: id) })
        case .startMonitoringBeaconRegion(let id):
            return ("startMonitoring(beaconRegionID: \(L(id)))", { $0.startMonitoring(beaconRegionID: id) })
        case .stopMonitoringBeaconRegion(let id):
            return ("stopMonitoring(beaconRegionID: \(L(id)))", { $0.stopMonitoring(beaconRegionID: id) })
        // Made through other objects: sessions, the streams, the background activity session
        // (the exporter writes them); a Live Activity is ActivityKit's (the exporter performs the line).
        case .session, .invalidate, .liveUpdates, .monitor, .monitorAdd, .backgroundActivity, .liveActivity:
            return nil
        }
    }
}
