import LocflowTesting
import PermissionLogic

// What the app's real target writes for CLLocationManager (docs/testing.md), written here for
// the simulated manager: the same few lines.
extension SimulatedLocationManager: LocationManaging {
    public var authorization: LocationAuthorization {
        switch authorizationStatus {
        case .notDetermined: .notDetermined
        case .restricted: .restricted
        case .denied: .denied
        case .authorizedAlways: .always
        case .authorizedWhenInUse: .whenInUse
        }
    }
}

/// The app's delegate: forwards the callback to the view model, as the real app's does.
final class DelegateBridge: SimulatedLocationManagerDelegate {
    weak var viewModel: LocationViewModel?
    private(set) var callbacks = 0

    func locationManagerDidChangeAuthorization(_ manager: SimulatedLocationManager) {
        callbacks += 1
        viewModel?.authorizationDidChange()
    }
}

/// The app in one process: its manager, its delegate and its view model, made at launch.
final class RunningApp {
    let manager: SimulatedLocationManager
    let bridge = DelegateBridge()
    let viewModel: LocationViewModel

    /// The order a careful app keeps: the view model is ready before the delegate is set (so the
    /// creation callback finds it); mistake 4's test sets the delegate last, after asking.
    init(device: SimulatedDevice, store: AppStore, mistakes: LocationViewModel.Mistakes = []) {
        manager = device.makeLocationManager()
        viewModel = LocationViewModel(manager: manager, store: store, mistakes: mistakes)
        bridge.viewModel = viewModel
        manager.delegate = bridge
    }
}

/// The iOS 18 services behind the app's protocol: a `.always` service session and a monitor.
final class SimulatedBackgroundServices: BackgroundLocationServices {
    let device: SimulatedDevice
    let monitor: SimulatedMonitor
    private(set) var sessions: [SimulatedServiceSession] = []

    init(device: SimulatedDevice) {
        self.device = device
        monitor = device.monitor()
    }

    func makeAlwaysSession() -> AnyObject {
        let s = SimulatedServiceSession(device: device, authorization: .always)
        sessions.append(s)
        return s
    }
    func addCondition(_ identifier: String) { monitor.add(condition: identifier) }
    func iterateMonitorEvents() { monitor.start() }
}
