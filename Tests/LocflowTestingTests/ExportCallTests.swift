import Testing
import LocflowCore
import LocflowFlow
@testable import LocflowTesting

/// What `locflow export` writes for an `app` step against what `SimulatedLocationManager` has: an
/// exported line that names a method the library lacks compiles nowhere but in the person's
/// own package. The switch below names every call with no `default`, so a new `AppCall` stops the
/// build here until it says which library call the exporter writes (and that call must exist).
@Suite("locflow export writes the library's own calls")
struct ExportCallTests {
    typealias Call = (line: String, perform: (SimulatedLocationManager) -> Void)

    /// The manager call an exported test makes for `call`, as written and as made here; nil for
    /// the calls the exporter writes through other objects (sessions, streams) or leaves to `perform`.
    static func managerCall(_ call: AppCall) -> Call? {
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
        case .session, .invalidate, .liveUpdates, .monitor, .monitorAdd, .backgroundActivity, .liveActivity:
            return nil
        }
    }

    /// Each sample call the exporter writes as a manager call is this one, and the library's call
    /// takes the step the flow's line takes.
    @Test func everyManagerCallTheExporterWritesIsTheLibrarys() throws {
        for case .app(let call) in EventCatalogue.samples {
            let text = "app " + call.flowText + "\n"
            let exported = try FlowExporter.swift(for: try FlowParser.parse(text, file: "t.flow"), path: "t.flow", style: .swiftTesting)
            guard let (line, perform) = Self.managerCall(call) else {
                #expect(!exported.contains("manager."), "'\(text.dropLast())' is exported as a manager call: give it its call in ExportCallTests")
                continue
            }
            #expect(exported.contains("manager." + line + "  // line 1"), "'\(text.dropLast())' is not exported as manager.\(line)")
            let byCall = SimulatedDevice(platform: .iOS18), byLine = SimulatedDevice(platform: .iOS18)
            let manager = byCall.makeLocationManager()
            _ = byLine.makeLocationManager()
            perform(manager)
            try? byLine.perform(String(text.dropLast()))
            #expect(byCall.world == byLine.world, "manager.\(line) is not the step '\(text.dropLast())'")
        }
    }
}
