/// What the app needs from `CLLocationManager`, in the app's own words: on an Apple platform
/// `CLLocationManager` conforms (docs/testing.md shows the few lines), in the tests the simulated
/// manager does.
public protocol LocationManaging: AnyObject {
    /// `authorizationStatus`, mapped to the app's own enum.
    var authorization: LocationAuthorization { get }
    func requestWhenInUseAuthorization()
    func requestAlwaysAuthorization()
}

public enum LocationAuthorization: Sendable, Equatable {
    case notDetermined, restricted, denied, whenInUse, always

    public var isGranted: Bool { self == .whenInUse || self == .always }
}

/// The iOS 18 services the app keeps running in the background: a `CLServiceSession` with the
/// `.always` requirement, and a `CLMonitor` with one condition whose events it iterates.
public protocol BackgroundLocationServices: AnyObject {
    /// `CLServiceSession(authorization: .always)`; the app holds the value it returns.
    func makeAlwaysSession() -> AnyObject
    /// Adds the monitor's condition (it persists across launches, as a `CLMonitor`'s do).
    func addCondition(_ identifier: String)
    /// Starts iterating the monitor's events (each process starts again).
    func iterateMonitorEvents()
}

/// What the app remembers across launches (`UserDefaults` in the real app).
public final class AppStore {
    /// The person turned background tracking on.
    public var trackingEnabled = false
    /// A location grant was seen once (what mistake 1 caches).
    public var grantSeen = false

    public init() {}
}
