import Foundation
import Testing
import LocflowTesting

/// A delegate that counts what it hears and can act inside a callback.
final class Recorder: SimulatedLocationManagerDelegate {
    var statuses: [AuthorizationStatus] = []
    var locations: [SimulatedLocation] = []
    var errors: [SimulatedLocationError] = []
    var regionExits: [String] = []
    var onChange: ((SimulatedLocationManager) -> Void)?

    func locationManagerDidChangeAuthorization(_ manager: SimulatedLocationManager) {
        statuses.append(manager.authorizationStatus)
        onChange?(manager)
    }
    func locationManager(_ manager: SimulatedLocationManager, didUpdateLocations locations: [SimulatedLocation]) {
        self.locations += locations
    }
    func locationManager(_ manager: SimulatedLocationManager, didFailWithError error: SimulatedLocationError) { errors.append(error) }
    func locationManager(_ manager: SimulatedLocationManager, didExitRegion regionID: String) { regionExits.append(regionID) }
}

@Suite("The simulated device and manager")
struct DeviceTests {
    @Test func theSpecsExample() {
        let device = SimulatedDevice(platform: .iOS18)
        let manager = device.makeLocationManager()
        let recorder = Recorder()
        manager.delegate = recorder
        manager.requestAlwaysAuthorization()
        #expect(device.prompt?.buttons == ["Allow Once", "Allow While Using App", "Don't Allow"])
        #expect(device.prompt?.hasPreciseSwitch == true)
        device.tap("Allow While Using App")
        #expect(manager.authorizationStatus == .authorizedAlways)
        #expect(device.settings.choice == .whileUsing)
        #expect(recorder.statuses == [.notDetermined, .authorizedAlways])
    }

    @Test func theCreationCallbackComesOnceWhenTheDelegateIsFirstSet() {
        let device = SimulatedDevice(platform: .iOS17)
        let manager = device.makeLocationManager()
        let recorder = Recorder()
        #expect(recorder.statuses.isEmpty)
        manager.delegate = recorder
        #expect(recorder.statuses == [.notDetermined])
        manager.delegate = recorder
        let other = Recorder()
        manager.delegate = other
        #expect(recorder.statuses.count == 1 && other.statuses.isEmpty)
        #expect(device.callbacksDelivered == 1)   // the model's launch callback
    }

    @Test func callbacksAreSynchronousCountedAndSeeTheirMoment() {
        let device = SimulatedDevice(platform: .iOS14)
        let manager = device.makeLocationManager()
        let recorder = Recorder()
        manager.delegate = recorder
        manager.requestWhenInUseAuthorization()
        #expect(device.prompt?.buttons == ["Allow Once", "Allow While Using App", "Don't Allow"])
        device.tap("Allow Once")
        #expect(recorder.statuses == [.notDetermined, .authorizedWhenInUse])
        device.moveToBackground()
        device.advance(by: .seconds(120))       // the grant runs out; the callback waits for the app
        #expect(recorder.statuses.count == 2)
        device.moveToForeground()
        #expect(recorder.statuses == [.notDetermined, .authorizedWhenInUse, .notDetermined])
        #expect(recorder.statuses.count == device.callbacksDelivered)
    }

    @Test func aDelegateMayCallTheManagerInsideACallback() {
        let device = SimulatedDevice(platform: .iOS18)
        let manager = device.makeLocationManager()
        let recorder = Recorder()
        recorder.onChange = { m in
            if m.authorizationStatus == .authorizedWhenInUse { m.startUpdatingLocation() }
        }
        manager.delegate = recorder
        manager.requestWhenInUseAuthorization()
        device.tap("Allow While Using App")
        #expect(device.delivering(.standard))
        #expect(recorder.locations.count == 1)  // the first fix comes at once
        device.advance(by: .seconds(10))
        #expect(recorder.locations.count == device.fixesReceived)
        #expect(recorder.locations.allSatisfy { $0.isPrecise })
        #expect(recorder.locations.last?.timestamp == .seconds(10))
    }

    @Test func aRefusedStepChangesNothingAndSaysWhy() throws {
        let device = SimulatedDevice()
        let before = device.world
        device.tap("Allow Once")
        let reason = try #require(device.lastStepRefused)
        #expect(reason.contains("No prompt is on screen"))
        #expect(device.world == before)
        #expect(device.why.first == reason)
        let error = #expect(throws: SimulatedDeviceError.self) { try device.perform("user tap \"Allow Once\"") }
        #expect(error?.kind == .refused)
        #expect(error?.message.hasPrefix("expected 'user tap \"Allow Once\"' to be performed, found it refused: ") == true)
        try device.perform("expect refused")
        device.moveToBackground()
        #expect(device.lastStepRefused == nil)
        #expect(throws: SimulatedDeviceError.self) { try device.perform("expect refused") }
    }

    @Test func aFailedExpectationSaysWhatCheckSays() throws {
        let device = SimulatedDevice()
        try device.perform("app requestWhenInUseAuthorization")
        try device.perform("user tap \"Allow While Using App\"")
        try device.perform("expect status authorizedWhenInUse")
        let error = #expect(throws: SimulatedDeviceError.self) { try device.perform("expect status denied") }
        #expect(error?.kind == .expectationFailed)
        #expect(error?.message.hasPrefix("expected status denied, found authorizedWhenInUse (line 2: ") == true)
        #expect(error?.message.contains("[A ") == true)
        #expect(device.holds("expect settings whileUsing"))
        #expect(!device.holds("expect settings always"))
    }

    @Test func performReadsAsCheckReads() {
        let device = SimulatedDevice()
        let typo = #expect(throws: SimulatedDeviceError.self) { try device.perform("user tapp \"Allow Once\"") }
        #expect(typo?.kind == .parse)
        #expect(typo?.message.contains("did you mean 'tap'") == true)
        let config = #expect(throws: SimulatedDeviceError.self) { try device.perform("platform ios17") }
        #expect(config?.kind == .notAStep)
        let twoLines = #expect(throws: SimulatedDeviceError.self) { try device.perform("device move\nexpect status denied") }
        #expect(twoLines?.kind == .parse)
    }

    @Test func assumptionsAreCheckedAndTakeEffect() throws {
        let unknown = #expect(throws: SimulatedDeviceError.self) {
            _ = try SimulatedDevice(platform: .iOS18, infoPlist: .sample, assumptions: ["allowOnceGrase": "10s"])
        }
        #expect(unknown?.kind == .configuration)
        #expect(unknown?.message.contains("allowOnceGrace") == true)
        let count = #expect(throws: SimulatedDeviceError.self) {
            _ = try SimulatedDevice(platform: .iOS18, infoPlist: .sample, assumptions: ["allowOnceGrace": "10"])
        }
        #expect(count?.message.isEmpty == false)
        #expect(throws: SimulatedDeviceError.self) {
            _ = try SimulatedDevice(platform: .iOS18, infoPlist: .sample, assumptions: ["allowOnceGrace": "10s\nexpect refused"])
        }

        func grantAfter(_ grace: String) throws -> AuthorizationStatus {
            let device = try SimulatedDevice(platform: .iOS18, infoPlist: .sample, assumptions: ["allowOnceGrace": grace])
            let manager = device.makeLocationManager()
            manager.requestWhenInUseAuthorization()
            device.tap("Allow Once")
            device.moveToBackground()
            device.advance(by: .seconds(30))
            return manager.authorizationStatus
        }
        #expect(try grantAfter("10s") == .notDetermined)
        #expect(try grantAfter("10m") == .authorizedWhenInUse)
    }

    @Test func theInfoPlistDecides() throws {
        var plist = InfoPlist.sample
        plist["NSLocationAlwaysAndWhenInUseUsageDescription"] = nil
        let device = try SimulatedDevice(platform: .iOS18, infoPlist: plist)
        let manager = device.makeLocationManager()
        manager.requestAlwaysAuthorization()
        #expect(device.prompt == nil)
        #expect(device.why.contains { $0.contains("NSLocationAlwaysAndWhenInUseUsageDescription") })

        plist["NSLocationTemporaryUsageDescriptionDictionary.Nav"] = .string("Turn-by-turn")
        #expect(plist["NSLocationTemporaryUsageDescriptionDictionary.Nav"] == .string("Turn-by-turn"))
        let missing = #expect(throws: SimulatedDeviceError.self) {
            _ = try InfoPlist(contentsOf: URL(fileURLWithPath: "/nonexistent/Info.plist"))
        }
        #expect(missing?.kind == .configuration)
    }

    @Test func aManagerBelongsToItsProcess() {
        let device = SimulatedDevice(platform: .iOS18)
        let first = device.makeLocationManager()
        let recorder = Recorder()
        first.delegate = recorder
        first.requestWhenInUseAuthorization()
        device.tap("Allow While Using App")
        var launches = 0
        var second: SimulatedLocationManager?
        let secondRecorder = Recorder()
        device.onLaunch = { d in
            launches += 1
            second = d.makeLocationManager()
            second?.delegate = secondRecorder
        }
        device.terminate()
        first.startUpdatingLocation()
        #expect(device.lastStepRefused != nil)
        device.moveToForeground()
        #expect(launches == 1)
        #expect(secondRecorder.statuses == [.authorizedWhenInUse])   // its creation callback
        first.startUpdatingLocation()
        #expect(device.lastStepRefused?.contains("process that has ended") == true)
        #expect(!device.delivering(.standard))
        second?.startUpdatingLocation()
        #expect(device.lastStepRefused == nil)
        #expect(device.delivering(.standard))
        #expect(recorder.statuses == [.notDetermined, .authorizedWhenInUse])
        #expect(recorder.locations.isEmpty && !secondRecorder.locations.isEmpty)
    }

    @Test func theDelegateIsHeldWeakly() {
        let device = SimulatedDevice()
        let manager = device.makeLocationManager()
        do {
            let recorder = Recorder()
            manager.delegate = recorder
        }
        #expect(manager.delegate == nil)
        manager.requestWhenInUseAuthorization()
        device.tap("Don't Allow")
        #expect(manager.authorizationStatus == .denied)
    }

    @Test func timeOnlyMovesForward() {
        let device = SimulatedDevice()
        device.advance(by: .seconds(-1))
        #expect(device.lastStepRefused != nil)
        #expect(device.now == .zero)
        device.advance(by: .milliseconds(1500))
        #expect(device.now == .milliseconds(1500))
        device.advance(by: .seconds(Int64.max))
        #expect(device.lastStepRefused != nil)       // past the clock's limit: refused, not a trap
    }

    @Test func errorsAndRegionsReachTheDelegate() {
        let device = SimulatedDevice(platform: .iOS18)
        let manager = device.makeLocationManager()
        let recorder = Recorder()
        manager.delegate = recorder
        manager.requestAlwaysAuthorization()
        device.tap("Allow While Using App")
        manager.startMonitoring(regionID: "home")
        device.exitRegion("home")
        #expect(recorder.regionExits == ["home"])
        device.openSettings(choose: .never)
        manager.startUpdatingLocation()
        #expect(recorder.errors == [.denied])
        #expect(device.settings.precise == true)
        #expect(SimulatedDevice(platform: .iOS13).settings.precise == nil)
    }

    @Test func servicesOfIOS17And18() {
        let device = SimulatedDevice(platform: .iOS18)
        let session = SimulatedServiceSession(device: device, authorization: .whenInUse)
        #expect(session.id == "whenInUse-1")
        #expect(device.prompt?.kind == .whenInUse)
        #expect(session.diagnostics?.authorizationRequestInProgress == true)
        device.tap("Allow While Using App")
        #expect(session.diagnostics?.properties == [])
        let updates = device.liveUpdates()
        updates.start()
        device.advance(by: .seconds(3))
        #expect(updates.updates.count == device.fixesReceived && device.fixesReceived > 0)
        session.invalidate()
        #expect(session.state == .invalidated)
        let activity = SimulatedBackgroundActivitySession(device: device)
        #expect(activity.diagnostics != nil)
        activity.invalidate()
        #expect(activity.diagnostics == nil)
        let monitor = device.monitor()
        monitor.add(condition: "home")
        monitor.start()
        device.exitRegion("home")
        #expect(monitor.events.map(\.identifier) == ["home"])
    }

    /// macOS 26 through the library: one alert, Allow reads authorizedAlways, a session refused with the reason.
    @Test func macOSThroughTheLibrary() throws {
        let device = SimulatedDevice(platform: .macOS26)
        let manager = device.makeLocationManager()
        manager.requestWhenInUseAuthorization()
        #expect(device.prompt?.buttons == ["Don't Allow", "Allow"])
        #expect(device.prompt?.hasPreciseSwitch == false)
        device.tap("Allow")
        #expect(manager.authorizationStatus == .authorizedAlways)
        let error = #expect(throws: SimulatedDeviceError.self) { try device.perform("app session nav whenInUse") }
        #expect(error?.kind == .refused)
        #expect(error?.message.contains("(CLServiceSession is unavailable on macOS 26)") == true)
        #expect(Platform(flowName: "watchos26") == .watchOS26)
    }

    @Test func platformsByTheFlowsNames() {
        #expect(Platform.allCases.count == 13 && Platform.allCases.allSatisfy { Platform(flowName: $0.flowName) == $0 })
        #expect(Platform(flowName: "ios26") == .iOS26 && Platform.iOS27.flowName == "ios27")
        #expect(Platform(flowName: "ios13.4") == .iOS13_4)
        #expect(Platform.visionOS.flowName == "visionos")
        #expect(SimulatedDevice(platform: .iOS13_4).platform == .iOS13_4)
    }
}

@Suite("Completions and pauses reach the app")
struct CompletionTests {
    @Test func temporaryFullAccuracyCompletesWithTheAnswer() {
        let device = SimulatedDevice(platform: .iOS18)
        let manager = device.makeLocationManager()
        manager.requestWhenInUseAuthorization()
        device.setPrecise(false)
        device.tap("Allow While Using App")
        #expect(manager.accuracyAuthorization == .reducedAccuracy)
        var answers: [SimulatedLocationError?] = []
        manager.requestTemporaryFullAccuracyAuthorization(withPurposeKey: "Nav") { answers.append($0) }
        #expect(device.prompt?.kind == .temporaryFullAccuracy)
        #expect(answers.isEmpty)
        device.tap("Don't Allow")
        #expect(answers == [.none])                        // nil whatever the answer, as Apple's
        #expect(manager.accuracyAuthorization == .reducedAccuracy)
        manager.requestTemporaryFullAccuracyAuthorization(withPurposeKey: "Nav") { answers.append($0) }
        device.tap("Allow Once")
        #expect(answers == [.none, .none])
        #expect(manager.accuracyAuthorization == .fullAccuracy)
        // Already full: iOS shows nothing and the completion says promptDeclined, at once.
        manager.requestTemporaryFullAccuracyAuthorization(withPurposeKey: "Nav") { answers.append($0) }
        #expect(answers == [.none, .none, .some(.promptDeclined)])
        #expect(device.prompt == nil)
        #expect(manager.accuracyAuthorization == .fullAccuracy)
    }
}

/// The README's example, as it is written there.
@Suite("The README's LocflowTesting example")
struct ReadmeExampleTests {
    @Test func allowOnceRunsOut() {
        let device = SimulatedDevice(platform: .iOS17)
        let manager = device.makeLocationManager()
        manager.requestWhenInUseAuthorization()
        device.tap("Allow Once")
        #expect(manager.authorizationStatus == .authorizedWhenInUse)
        device.moveToBackground()
        device.advance(by: .seconds(120))
        #expect(manager.authorizationStatus == .notDetermined)   // Allow Once ran out
    }
}
