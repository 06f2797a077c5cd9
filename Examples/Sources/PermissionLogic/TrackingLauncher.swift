/// The app's background tracking on iOS 18: a `.always` service session and a monitor whose
/// events it iterates. The system relaunches a terminated app for a monitor event and keeps the
/// previous process's sessions only for a short window after the launch: the launch code must
/// re-create the session at once.
public final class TrackingLauncher {
    public struct Mistakes: OptionSet, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// 5. The session is made when the person turns tracking on, and never again.
        public static let forgetsSessionAtLaunch = Mistakes(rawValue: 1)
    }

    let services: BackgroundLocationServices
    let store: AppStore
    let mistakes: Mistakes
    /// The session the app holds (a `CLServiceSession` is invalidated when released).
    public private(set) var session: AnyObject?

    public init(services: BackgroundLocationServices, store: AppStore, mistakes: Mistakes = []) {
        self.services = services
        self.store = store
        self.mistakes = mistakes
    }

    /// The person turns background tracking on.
    public func startTracking(condition: String) {
        store.trackingEnabled = true
        session = services.makeAlwaysSession()
        services.addCondition(condition)
        services.iterateMonitorEvents()
    }

    /// `application(_:didFinishLaunchingWithOptions:)`: every launch, the person's or the system's.
    public func appDidLaunch() {
        guard store.trackingEnabled else { return }
        if !mistakes.contains(.forgetsSessionAtLaunch) { session = services.makeAlwaysSession() }
        services.iterateMonitorEvents()
    }
}
