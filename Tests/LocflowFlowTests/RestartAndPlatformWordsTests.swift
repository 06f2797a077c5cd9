import Testing
@testable import LocflowCore
@testable import LocflowFlow
@testable import LocflowExplore

/// The words of 2026-12: `platform ios26`/`ios27`, `device restart`, `isStationary`; the model
/// checker's `restart` group and the random walks (issue 37).
@Suite struct RestartAndPlatformWordsTests {
    @Test func newPlatformsParse() throws {
        for p in ["ios26", "ios27"] {
            let flow = try FlowParser.parse("platform \(p)\napp requestWhenInUseAuthorization\n", file: "t.flow")
            guard case .config(.platform(let parsed)) = flow.lines[0].statement else { Issue.record("not a platform"); return }
            #expect(parsed.rawValue == p)
        }
        #expect(parseError("platform ios25\n").contains("did you mean"))
    }

    @Test func deviceRestartIsAnExtensionOfVersion11() throws {
        let flow = try FlowParser.parse("version 1.1\ndevice restart\n", file: "t.flow")
        #expect(flow.lines[1].statement == .step(.device(.restart)))
        #expect(Event.device(.restart).flowText == "device restart")
        #expect(parseError("version 1\ndevice restart\n")
                == "t.flow:2:8: error: device restart is a locflow extension that needs version 1.1, but line 1 declares version 1 (write version 1.1, or remove the version line)")
        #expect(parseError("device restart\n") == "no error")  // no version line: read as 1.1
        #expect(parseError("device restrat\n").contains("did you mean 'restart'"))
    }

    /// iOS 17's name of the property reads as `stationary`, on every platform (iOS 18 deprecates
    /// it and still answers it). [A S218, S219]
    @Test func isStationaryIsIOS17sName() throws {
        let flow = try FlowParser.parse("platform ios17\napp liveUpdates start\nexpect diagnostic liveUpdates isStationary true\nexpect diagnostics liveUpdates isStationary\n", file: "t.flow")
        #expect(flow.lines[2].statement == .expect(.diagnostic(source: "liveUpdates", .stationary, true)))
        #expect(flow.lines[3].statement == .expect(.diagnostics(source: "liveUpdates", [.stationary])))
        #expect(parseError("version 1\nplatform ios17\napp liveUpdates start\nexpect diagnostic liveUpdates isStationary true\n")
            .contains("expect diagnostic isStationary is a locflow extension that needs version 1.1"))
        #expect(parseError("version 1\nplatform ios17\napp liveUpdates start\nexpect diagnostic liveUpdates stationary true\n") == "no error")
    }

    /// `restart` is a group of its own, not among the defaults: the default graphs stay as they were.
    @Test func restartIsANonDefaultActionGroup() {
        #expect(!StateSearch.defaultFamilies.contains(.restart))
        let config = AppConfig()
        #expect(!StateSearch.defaultActions(config).contains(.device(.restart)))
        #expect(StateSearch.defaultActions(config, families: [.restart], waits: []) == [.device(.restart)])
        #expect(RandomWalk.pool.contains(.device(.restart)))
        #expect(FlowParser.deviceActions.contains("restart"))
    }

    /// Every device word the parser knows is in the random walks' pool and some action group
    /// (the places an event must be registered).
    @Test func everyDeviceWordIsWalkedAndSearched() throws {
        var config = AppConfig()
        config.widget = true
        let searched = StateSearch.defaultActions(config, families: Set(StateSearch.Family.allCases), waits: [])
        for word in FlowParser.deviceActions {
            let arg = ["exitRegion": " office", "enterBeacon": " lobby", "exitBeacon": " lobby", "airplaneMode": " on"][word] ?? ""
            guard case .step(let e) = try FlowParser.parseStatement("device \(word)\(arg)") else { Issue.record(Comment(rawValue: word)); continue }
            #expect(RandomWalk.pool.contains(e), "\(word) not walked")
            #expect(searched.contains(e), "\(word) not searched")
        }
    }
}
