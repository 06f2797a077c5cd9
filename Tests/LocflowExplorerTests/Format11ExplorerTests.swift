import Testing
@testable import LocflowCore
@testable import LocflowFlow
@testable import LocflowExplorer

@Suite("Explorer: format 1.1")
struct Format11ExplorerTests {
    func authorized(_ configure: (inout AppConfig) -> Void = { _ in }) -> ExplorerState {
        var config = AppConfig()
        configure(&config)
        var s = ExplorerState(config: config, width: 80, height: 24)
        s.speedIndex = 0
        _ = s.update(.key(.char("w")))
        _ = s.update(.key(.char("2")))  // Allow While Using App
        return s
    }

    /// Clicks the App pane's item whose event matches (a click selects and performs it, as Enter does).
    mutating func perform(_ s: inout ExplorerState, _ match: (Event) -> Bool) -> Bool {
        guard let i = s.items(.app).firstIndex(where: { if case .step(let e)? = $0.command { match(e) } else { false } }) else { return false }
        _ = s.perform(.select(.app, i))
        return true
    }

    @Test mutating func everyNewCallAndEventIsAnItemThatPerformsIt() {
        var s = authorized { $0.widget = true }
        #expect(perform(&s) { $0 == .app(.requestLocation) })
        #expect(s.world.fixes == 1)
        #expect(perform(&s) { if case .app(.desiredAccuracy) = $0 { true } else { false } })
        #expect(s.world.process.desiredAccuracy == .nearestTenMeters)
        #expect(perform(&s) { $0 == .app(.pausesLocationUpdatesAutomatically(false)) })
        #expect(!s.world.process.pausesAutomatically)
        #expect(perform(&s) { if case .app(.activityType) = $0 { true } else { false } })
        #expect(s.world.process.activityType == .automotiveNavigation)
        #expect(perform(&s) { $0 == .app(.showsBackgroundLocationIndicator(true)) })
        #expect(perform(&s) { $0 == .app(.startMonitoringVisits) })
        #expect(perform(&s) { $0 == .app(.startRangingBeacons("lobby")) })
        #expect(perform(&s) { $0 == .app(.startMonitoringBeaconRegion("lobby")) })
        #expect(perform(&s) { $0 == .app(.liveActivity(true)) })
        #expect(s.world.visits && s.world.beaconRegions == ["lobby"] && s.world.liveActivityActive)
        #expect(perform(&s) { $0 == .user(.addWidget) })
        #expect(s.world.widgetAdded)
        // The system asks whether to extend the grant to the widget (Apple's widgets article).
        #expect(s.world.prompt?.kind == .widget)
        _ = s.update(.key(.char("1")))  // Allow
        #expect(s.world.prompt == nil && s.world.widgetUpdates)
        #expect(perform(&s) { $0 == .device(.visit) })
        #expect(perform(&s) { $0 == .device(.enterBeacon("lobby")) })
        #expect(perform(&s) { $0 == .device(.exitBeacon("lobby")) })
        #expect(perform(&s) { $0 == .app(.liveActivity(false)) })
        #expect(perform(&s) { $0 == .user(.removeWidget) })
        // Each became a step of the history, printable as a flow line.
        let lines = s.history.steps.map(\.flowText)
        for expected in ["app requestLocation", "app desiredAccuracy nearestTenMeters", "app startMonitoringVisits",
                         "app liveActivity start", "user addWidget", "device visit", "device enterBeacon lobby"] {
            #expect(lines.contains(expected), "\(expected) not in \(lines)")
        }
    }

    /// The running clock's waits bring fixes while updates run; they stay out of the log (a wait
    /// with a rule of its own, as a pause, still shows).
    @Test func waitsThatOnlyBringFixesStayOutOfTheLog() {
        var s = authorized()
        _ = s.perform(.step(.app(.startUpdatingLocation)))
        let before = s.history.log.filter { !$0.isPlainWait }.count
        for _ in 0..<5 { _ = s.perform(.step(.wait(2_000))) }
        #expect(s.world.fixes >= 10)
        #expect(s.history.log.filter { !$0.isPlainWait }.count == before, "\(s.history.log.map(\.text))")
    }

    @Test func theAppPaneShowsTheLastFixThePauseAndWhatRuns() {
        var s = authorized()
        _ = s.runCommandLine("app liveActivity start")
        _ = s.runCommandLine("app startUpdatingLocation")
        _ = s.runCommandLine("device stationary")
        _ = s.runCommandLine("wait 15m")
        let text = render(s, glyphs: .unicode).text
        #expect(text.contains("location  1 fix, precise 0:00 · paused · Live Activity"))
        #expect(text.contains("paused"))
        #expect(text.contains("Live Activity"))
        #expect(!text.contains("location  ·"))
    }

    @Test func theBarsGainLanesForUpdatesLiveActivityVisitsAndBeacons() {
        var s = authorized()
        for line in ["app startUpdatingLocation", "app liveActivity start", "app startMonitoringVisits",
                     "app startRangingBeacons lobby", "device stationary", "wait 15m"] { _ = s.runCommandLine(line) }
        let bars = sessionBarsText(s, width: 120)
        for lane in ["updates", "Live Activity", "visits", "beacons"] { #expect(bars.contains(lane), "no \(lane) lane in\n\(bars)") }
        #expect(bars.contains("updates: ▄ delivering ▒ started, not delivering ░ paused"))
    }
}
