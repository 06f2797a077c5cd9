import Testing
@testable import LocflowCore
@testable import LocflowFlow
@testable import LocflowExplore

@Suite("Format 1.1 parser and printer")
struct Format11ParserTests {
    static let every = """
    version 1.1
    appClip true
    widget true
    assume autoPauseDelay 10m
    assume forceQuitBlocksRelaunch true
    assume preciseFixInterval 2s
    assume requestLocationTimeout 15s
    assume startTimeOfDay 03:30
    assume liveActivityMaxDuration 4h
    assume controlCenterRecentWindow 2m
    app requestLocation
    app desiredAccuracy threeKilometers
    app pausesLocationUpdatesAutomatically false
    app activityType automotiveNavigation
    app showsBackgroundLocationIndicator true
    app startMonitoringVisits
    app stopMonitoringVisits
    app startRangingBeacons lobby
    app stopRangingBeacons lobby
    app startMonitoringBeaconRegion "front door"
    app stopMonitoringBeaconRegion "front door"
    app liveActivity start
    app liveActivity stop
    user addWidget
    user removeWidget
    device visit
    device enterBeacon lobby
    device exitBeacon lobby
    expect fix none
    expect fix precise
    expect fix approximate
    expect fixes 3
    expect paused false
    expect error locationUnknown
    expect widgetUpdates true
    expect delivering visits true
    expect delivering beacons false
    expect delivering beaconRegions false
    expect controlCenter none
    expect controlCenter using
    expect controlCenter recently

    """

    @Test func everyStatementPrintsBackToItself() throws {
        let flow = try FlowParser.parse(Self.every, file: "t.flow")
        #expect(flow.lines.count == Self.every.split(separator: "\n").count)
        #expect(flow.text == Self.every)
        #expect(try FlowParser.parse(flow.text, file: "t.flow") == flow)
    }

    @Test func versionComesFirstAfterComments() throws {
        _ = try FlowParser.parse("# what it shows\n\nversion 1.1\napp requestLocation\n", file: "t.flow")
        _ = try FlowParser.parse("version 1\napp requestWhenInUseAuthorization\n", file: "t.flow")
        #expect(parseError("platform ios17\nversion 1.1\n") == "t.flow:2:1: error: 'version' must come before any other statement (only comments may precede it)")
        #expect(parseError("version 2\n").hasPrefix("t.flow:1:9: error: expected a format version (1, 1.1), found '2'"))
    }

    @Test func a11StatementInAVersion1FileIsAnError() {
        // The column is the word's that makes the line 1.1.
        #expect(parseError("version 1\napp requestLocation\n")
                == "t.flow:2:5: error: app requestLocation is a version 1.1 statement, but line 1 declares version 1 (write version 1.1, or remove the version line)")
        #expect(parseError("version 1\nexpect error locationUnknown\n").hasPrefix("t.flow:2:14: error: expect error locationUnknown is a version 1.1 statement"))
        #expect(parseError("version 1\nassume startTimeOfDay 08:00\n").hasPrefix("t.flow:2:8: error: assume startTimeOfDay is a version 1.1 statement"))
        #expect(parseError("version 1\nexpect delivering visits true\n").hasPrefix("t.flow:2:19: error: expect delivering visits is a version 1.1 statement"))
        // locflow's extensions of the 1.1 era are refused too, and not called 1.1 statements:
        // the contract's 1.1 has no such words (it said "device airplaneMode is a version 1.1 statement").
        #expect(parseError("version 1\ndevice airplaneMode on\n")
                == "t.flow:2:8: error: device airplaneMode is a locflow extension that needs version 1.1, but line 1 declares version 1 (write version 1.1, or remove the version line)")
        for line in ["expect controlCenter none", "expect prompt widget", "expect delivering regions true", "assume addWidgetAsks true",
                     "assume controlCenterRecentWindow 1m", "assume explicitSessionKeyCoversClassicAPIs true", "assume servicesOffOverridesRestricted false"] {
            #expect(parseError("version 1\n\(line)\n").contains("is a locflow extension that needs version 1.1"), "\(line)")
        }
        #expect(parseError("version 1\nwidget true\n").hasPrefix("t.flow:2:1: error: widget is a version 1.1 statement"))
        #expect(parseError("version 1\nexpect controlCenter using\n").hasPrefix("t.flow:2:8: error: expect controlCenter is a locflow extension that needs version 1.1"))
        // Without a version line a file is read as 1.1.
        #expect(parseError("app requestLocation\nexpect fixes 0\n") == "no error")
    }

    /// Every assumption as `described` writes its default parses back to that default, and the
    /// catalogue's format version decides whether a `version 1` file may use it.
    @Test func everyAssumptionParsesAtItsCataloguesVersion() throws {
        for (entry, (name, value)) in zip(Assumptions.catalogue, Assumptions().described) {
            #expect(entry.name == name)
            let line = "assume \(name) \(value)"
            let parsed = try FlowParser.parseStatement(line)
            guard case .config(.assume(let n, let v)) = parsed else { Issue.record("\(line): \(parsed)"); continue }
            var a = Assumptions()
            #expect(n == name && a.set(n, v) == nil && a == Assumptions(), "\(line)")
            let inVersion1 = parseError("version 1\n\(line)\n")
            switch entry.since {
            case .v1: #expect(inVersion1 == "no error", "\(line)")
            case .v1_1: #expect(inVersion1.contains("\(line.split(separator: " ").prefix(2).joined(separator: " ")) is a version 1.1 statement"), "\(inVersion1)")
            case .v1_1Extension: #expect(inVersion1.contains("is a locflow extension that needs version 1.1"), "\(inVersion1)")
            }
        }
    }

    @Test func typosAndBadValues() {
        #expect(parseError("app requestLocaton\n").contains("(did you mean 'requestLocation'?)"))
        #expect(parseError("app desiredAccuracy kilometers\n").contains("(did you mean 'kilometer'?)"))
        #expect(parseError("expect fix exact\n").contains("expected a fix kind (none, precise, approximate)"))
        #expect(parseError("expect fixes many\n") == "t.flow:1:14: error: expected a count (a whole number), found 'many'")
        // A count too large for one is said to be one, too large.
        #expect(parseError("expect callbacks 99999999999999999999999\n")
                == "t.flow:1:18: error: the count '99999999999999999999999' is too large (at most 9223372036854775807)")
        #expect(parseError("assume monitorConditionLimit 99999999999999999999\n").contains("is too large"))
        #expect(parseError("expect fixes -1\n").contains("expected a count (a whole number), found '-1'"))
        #expect(parseError("assume startTimeOfDay 25:00\n").contains("startTimeOfDay takes a time of day HH:MM from 00:00 to 23:59"))
        #expect(parseError("assume startTimeOfDay 9:30\n").contains("takes a time of day"))
        // A duration the assumption refuses is an error at the value, not at column 1.
        #expect(parseError("assume preciseFixInterval 0s\n") == "t.flow:1:27: error: preciseFixInterval must be longer than 0ms")
        #expect(parseError("assume reducedAccuracyInterval 0ms\n").hasPrefix("t.flow:1:32: error: reducedAccuracyInterval must be longer"))
        #expect(parseError("user addWidgets\n").contains("(did you mean 'addWidget'?)"))
        #expect(parseError("expect controlCenter recent\n").contains("expected a Control Center listing (none, using, recently), found 'recent' (did you mean 'recently'?)"))
        #expect(parseError("expect controlCentre using\n").contains("(did you mean 'controlCenter'?)"))
        #expect(parseError("device enterBeacon\n").contains("expected a beacon ID at the end of the line"))
        #expect(parseError("app startUpdatingLocation\nwidget true\n").contains("configuration statement 'widget' after the first step"))
    }

    @Test func timeOfDay() {
        #expect(parseTimeOfDay("00:00") == 0)
        #expect(parseTimeOfDay("04:00") == 4 * 3_600_000)
        #expect(parseTimeOfDay("23:59") == (23 * 60 + 59) * 60_000)
        for bad in ["24:00", "12:60", "1200", "12:0", "ab:cd", "", "-1:00", "12:00:00"] { #expect(parseTimeOfDay(bad) == nil) }
        #expect(formatTimeOfDay(4 * 3_600_000 + 5 * 60_000) == "04:05")
    }
}

@Suite("Format 1.1 explore and paths")
struct Format11ExploreTests {
    @Test func actionGroups() {
        let v1 = StateSearch(config: AppConfig(), bounds: .init(depth: 1)).actions
        let standard = StateSearch(config: AppConfig(), bounds: .init(depth: 1, families: StateSearch.defaultFamilies.union([.fixes]))).actions
        var widgetConfig = AppConfig()
        widgetConfig.widget = true
        let all = StateSearch(config: widgetConfig, bounds: .init(depth: 1, families: Set(StateSearch.Family.allCases))).actions
        #expect(!v1.contains(.app(.requestLocation)))
        #expect(standard.contains(.app(.requestLocation)) && !standard.contains(.user(.addWidget)))
        #expect(all.contains(.user(.addWidget)) && all.contains(.device(.enterBeacon("lobby"))) && all.contains(.app(.liveActivity(true)))
                && all.contains(.app(.startMonitoringVisits)) && all.contains(.app(.pausesLocationUpdatesAutomatically(false))))
    }

    @Test func pathsReachAFixAndAnApproximateOne() throws {
        var search = StateSearch(config: AppConfig(), bounds: .init(depth: 3, families: StateSearch.defaultFamilies.union([.fixes])))
        let precise = try StateCondition.parse("fix=precise")
        var found: [Int] = []
        search.run(visit: { state, w in if precise.holds(w) { found.append(state) } })
        #expect(!found.isEmpty)
        let shortest = found.min { search.depth(of: $0) < search.depth(of: $1) }!
        let path = search.path(to: shortest)
        #expect(path.count <= 3)
        #expect(path.contains { [Event.app(.requestLocation), .app(.startUpdatingLocation), .app(.liveUpdates(true))].contains($0) })
        #expect(try StateCondition.parse("paused=true widgetUpdates=false delivering.visits=false").count == 3)
        #expect(throws: FlowError.self) { try StateCondition.parse("fix=exact") }
    }
}

@Suite("Format 1.1 random walk")
struct Format11WalkTests {
    @Test(arguments: [false, true])
    func appClipAndWidgetInvariants(_ appClip: Bool) {
        var config = AppConfig()
        config.appClip = appClip
        config.widget = true
        var walk = RandomWalk(config: config, seed: 11)
        var fixes = 0
        for _ in 0..<5_000 {
            let e = walk.nextEvent()
            walk.world.step(e) { t, w in
                #expect(!t.why.isEmpty || t.refusal != nil, "\(t.event.flowText) recorded no rule")
                if appClip { #expect(w.status != .authorizedAlways && w.settingsChoice != .always) }
                // Fixes only grow; paused only while standard updates were started; widgetUpdates as Apple defines it.
                #expect(w.fixes >= fixes)
                fixes = w.fixes
                if w.process.paused { #expect(w.process.standardUpdates && !w.delivering(.standard)) }
                #expect(w.widgetUpdates == (w.status == .authorizedAlways || (w.status == .authorizedWhenInUse && w.settingsChoice == .whileUsingOrWidgets)))
                if !w.lifecycle.isRunning { #expect(!w.delivering(.beacons)) }
                #expect(w.pendingTimers.allSatisfy { $0.due >= w.now })
            }
        }
        #expect(fixes > 0)
    }
}
