import Testing
import LocflowTesting
import PermissionLogic

// Five well-known reports about Core Location permissions, each as a test of the app's own view
// model against the simulated device: the mistaken variant shows the wrong belief (what the
// buggy app shows while iOS says otherwise), the fixed one passes.

@Suite("1. Allow Once mistaken for While Using")
struct AllowOnceTests {
    /// The person picks Allow Once, leaves the app for two minutes and comes back: the grant has
    /// run out (iOS: notDetermined), and the app must ask again.
    func scenario(_ mistakes: LocationViewModel.Mistakes) -> (SimulatedDevice, RunningApp) {
        let device = SimulatedDevice(platform: .iOS17)
        let app = RunningApp(device: device, store: AppStore(), mistakes: mistakes)
        app.viewModel.askForLocation()
        device.tap("Allow Once")
        #expect(app.viewModel.screen == .map)
        #expect(device.settings.choice == .askNextTime)   // Settings knows it was only once
        device.moveToBackground()
        device.advance(by: .seconds(120))
        device.moveToForeground()
        app.viewModel.didBecomeActive()
        #expect(app.manager.authorizationStatus == .notDetermined)
        return (device, app)
    }

    @Test func theMistakeKeepsShowingTheMap() {
        let (_, app) = scenario(.cachesFirstGrant)
        #expect(app.viewModel.screen == .map)            // the wrong belief: still granted
    }

    @Test func theFixAsksAgain() {
        let (device, app) = scenario([])
        #expect(app.viewModel.screen == .askButton)
        app.viewModel.askForLocation()
        #expect(device.prompt?.kind == .whenInUse)       // and iOS does ask again
    }
}

@Suite("2. Always requested after Allow Once: nothing happens")
struct AlwaysAfterAllowOnceTests {
    func scenario(_ mistakes: LocationViewModel.Mistakes) -> (SimulatedDevice, RunningApp) {
        let device = SimulatedDevice(platform: .iOS18)
        let app = RunningApp(device: device, store: AppStore(), mistakes: mistakes)
        app.viewModel.askForLocation()
        device.tap("Allow Once")
        let callbacks = app.bridge.callbacks
        app.viewModel.enableBackground()
        device.advance(by: .seconds(30))
        #expect(device.prompt == nil)                    // iOS ignored the request ...
        #expect(app.bridge.callbacks == callbacks)       // ... and says nothing
        #expect(device.why.isEmpty == false)
        return (device, app)
    }

    @Test func theMistakeWaitsForever() {
        let (_, app) = scenario(.waitsForAlwaysAnswer)
        #expect(app.viewModel.screen == .waitingForAnswer)
    }

    @Test func theFixPointsToSettings() {
        let (_, app) = scenario([])
        #expect(app.viewModel.screen == .turnOnAlwaysInSettings)
    }

    @Test func theIgnoredRequestIsExplained() throws {
        let device = SimulatedDevice(platform: .iOS18)
        let manager = device.makeLocationManager()
        manager.requestWhenInUseAuthorization()
        device.tap("Allow Once")
        manager.requestAlwaysAuthorization()
        #expect(device.lastStepRefused == nil)           // not refused: iOS takes the call and ignores it
        #expect(device.why.contains { $0.contains("Allow Once") })
        try device.perform("expect prompt none")
    }

    @Test func afterAPermanentWhileUsingTheSameFixGetsAlways() {
        let device = SimulatedDevice(platform: .iOS18)
        let app = RunningApp(device: device, store: AppStore())
        app.viewModel.askForLocation()
        device.tap("Allow While Using App")
        app.viewModel.enableBackground()
        #expect(device.prompt?.kind == .alwaysUpgrade)   // iOS 13.4+: asked at once
        device.tap("Change to Always Allow")
        #expect(app.viewModel.screen == .backgroundOn)
    }
}

@Suite("3. Provisional Always read as permanent")
struct ProvisionalAlwaysTests {
    func scenario(_ mistakes: LocationViewModel.Mistakes) -> (SimulatedDevice, RunningApp) {
        let device = SimulatedDevice(platform: .iOS18)
        let app = RunningApp(device: device, store: AppStore(), mistakes: mistakes)
        app.viewModel.enableBackground()
        #expect(device.prompt?.buttons == ["Allow Once", "Allow While Using App", "Don't Allow"])
        device.tap("Allow While Using App")
        #expect(app.manager.authorizationStatus == .authorizedAlways)   // provisional Always
        #expect(device.settings.choice == .whileUsing)                  // what the person chose
        return (device, app)
    }

    @Test func theMistakeSaysBackgroundTrackingIsOn() {
        let (device, app) = scenario(.trustsProvisionalAlways)
        #expect(app.viewModel.screen == .backgroundOn)                  // the wrong belief
        // iOS asks only when the app first uses location in the background; the person keeps While Using.
        app.manager.startMonitoring(regionID: "office")
        device.moveToBackground()
        device.advance(by: .seconds(30))
        device.exitRegion("office")
        #expect(device.prompt?.kind == .alwaysUpgrade)
        device.tap("Keep Only While Using")
        #expect(app.manager.authorizationStatus == .authorizedWhenInUse)
    }

    @Test func theFixWaitsForTheUpgradePrompt() {
        let (device, app) = scenario([])
        #expect(app.viewModel.screen == .backgroundPending)
        app.manager.startMonitoring(regionID: "office")
        device.moveToBackground()
        device.advance(by: .seconds(30))
        device.exitRegion("office")
        device.tap("Keep Only While Using")
        device.moveToForeground()                                       // the held callback arrives
        #expect(app.viewModel.screen == .turnOnAlwaysInSettings)
    }
}

@Suite("4. The creation callback taken as the answer")
struct CreationCallbackTests {
    /// The app asks as soon as the screen appears, then sets the manager's delegate (as a view
    /// controller that asks in viewDidLoad does): the callback every new manager gets comes
    /// next, with notDetermined, while the prompt is still on screen.
    func scenario(_ mistakes: LocationViewModel.Mistakes) -> (SimulatedDevice, SimulatedLocationManager, LocationViewModel, DelegateBridge) {
        let device = SimulatedDevice(platform: .iOS18)
        let manager = device.makeLocationManager()
        let viewModel = LocationViewModel(manager: manager, store: AppStore(), mistakes: mistakes)
        let bridge = DelegateBridge()
        bridge.viewModel = viewModel
        viewModel.askForLocation()
        manager.delegate = bridge                                      // the creation callback
        #expect(bridge.callbacks == 1)
        #expect(device.prompt?.kind == .whenInUse)                     // the person has not answered
        return (device, manager, viewModel, bridge)
    }

    @Test func theMistakeShowsDenied() {
        let (_, manager, viewModel, _) = scenario(.takesCreationCallbackAsAnswer)
        #expect(manager.authorizationStatus == .notDetermined)
        #expect(viewModel.screen == .denied)                           // the wrong belief
    }

    @Test func theFixWaitsForTheAnswer() {
        let (device, _, viewModel, bridge) = scenario([])
        #expect(viewModel.screen == .waitingForAnswer)
        device.tap("Allow While Using App")
        #expect(bridge.callbacks == 2)
        #expect(viewModel.screen == .map)
    }
}

@Suite("5. iOS 18: the .always session not re-created after a relaunch")
struct SessionRelaunchTests {
    /// Tracking on, Always granted; the app is terminated in the background; the monitor's
    /// condition fires and the system relaunches the app. Ten seconds later (past the relaunch
    /// window), what does the app still get?
    func scenario(_ mistakes: TrackingLauncher.Mistakes) throws -> (SimulatedDevice, SimulatedServiceSession) {
        let device = SimulatedDevice(platform: .iOS18)
        let store = AppStore()
        var services = SimulatedBackgroundServices(device: device)
        var launcher = TrackingLauncher(services: services, store: store, mistakes: mistakes)
        launcher.startTracking(condition: "home")
        device.tap("Allow While Using App")
        device.tap("Change to Always Allow")
        #expect(device.authorizationStatus == .authorizedAlways)
        let first = try #require(services.sessions.first)
        device.onLaunch = { device in                                  // every later launch runs the app's launch code
            services = SimulatedBackgroundServices(device: device)
            launcher = TrackingLauncher(services: services, store: store, mistakes: mistakes)
            launcher.appDidLaunch()
        }
        device.moveToBackground()
        device.advance(by: .seconds(60))
        device.terminate()
        device.exitRegion("home")
        #expect(device.lifecycle == .background)                       // relaunched for the event
        device.advance(by: .seconds(10))
        _ = launcher
        return (device, first)
    }

    @Test func theMistakeLosesTheSession() throws {
        let (device, session) = try scenario(.forgetsSessionAtLaunch)
        #expect(session.state == .lapsed)
        #expect(device.diagnostics("monitor")?.insufficientlyInUse == true)
        #expect(device.delivering(.monitor) == false)                  // no more events in the background
    }

    @Test func theFixRejoinsIt() throws {
        let (device, session) = try scenario([])
        #expect(session.state == .active)                              // re-created with the same goal: rejoined
        #expect(device.diagnostics("monitor")?.properties == [])
        #expect(device.delivering(.monitor) == true)
    }
}
