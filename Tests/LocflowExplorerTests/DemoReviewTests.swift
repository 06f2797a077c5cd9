import Foundation
import Testing
@testable import LocflowCore
@testable import LocflowFlow
@testable import LocflowExplorer

/// Findings of the recording-and-demo review: what a recording keeps, what a too-small terminal
/// lets through, and a presenter's long step delay.
@Suite("Recording and demo review")
struct DemoReviewTests {
    /// A flow with `version 1` opened in the explorer, stepped, then recorded.
    func openedVersion1() throws -> ExplorerState {
        let flow = try FlowParser.parse("version 1\nplatform ios17\napp requestWhenInUseAuthorization\n", file: "v1.flow")
        var config = AppConfig()
        config.platform = .ios17
        var s = ExplorerState(config: config, configLines: ["version 1", "platform ios17"])
        s.history.load(flow.body.compactMap { line in
            if case .step(let e) = line.statement { HistoryStep(.event(e), line: line.line) } else { nil }
        })
        s.speedIndex = 0
        _ = s.update(.key(.char("r")))
        return s
    }

    /// `locflow open v1.flow`, R, `:app requestLocation` (or e: a pin writes `expect fixes 0`),
    /// q: the recording said `version 1` above 1.1 statements, and `check` refused to read it
    /// ("app requestLocation is a version 1.1 statement, but line 3 declares version 1").
    @Test(arguments: [":app requestLocation\r", "e"])
    func aVersion1RecordingWithNewWordsDeclares11(keys: String) throws {
        var s = try openedVersion1()
        var disk = Disk()
        disk.apply(s.update(.key(.char("R"))))
        #expect(disk.lines.contains("version 1"))
        for c in keys { disk.apply(s.update(.key(c == "\r" ? .enter : .char(c)))) }
        disk.apply(s.flushRecording())
        #expect(disk.ended)
        #expect(disk.lines.contains("version 1.1") && !disk.lines.contains("version 1"), "\(disk.lines)")
        #expect(disk.lines == s.recordingHeader + (0..<s.finishedSteps).flatMap(s.recordingLines(ofStep:)))
        let (worlds, result) = try replay(disk.text)
        #expect(worlds.last == s.world)
        #expect(result.failed == 0)
    }

    /// Only version 1 words: the recording keeps `version 1`.
    @Test func aVersion1RecordingOfVersion1WordsStaysVersion1() throws {
        var s = try openedVersion1()
        var disk = Disk()
        for c in "R2" { disk.apply(s.update(.key(.char(c)))) }
        disk.apply(s.flushRecording())
        #expect(disk.lines.contains("version 1"))
        #expect(try replay(disk.text).result.failed == 0)
    }

    /// At 60x15 the screen says "make it larger, or press q to quit", yet w, 2 and $ asked,
    /// tapped and jumped an hour unseen, and the recording wrote them.
    @Test func aTooSmallTerminalTakesOnlyQuit() {
        var s = ExplorerState(config: AppConfig(), width: 120, height: 40)
        var disk = Disk()
        for c in " R" { disk.apply(s.update(.key(.char(c)))) }
        let before = s.world
        disk.apply(s.update(.resize(width: 60, height: 15)))
        for key: Key in [.char("w"), .char("2"), .char("$"), .char("e"), .char(":"), .enter, .char("u")] {
            disk.apply(s.update(.key(key)))
        }
        disk.apply(s.update(.click(x: 3, y: 3)))
        disk.apply(s.update(.scrollWheel(x: 3, y: 3, delta: 1)))
        #expect(s.world == before)
        #expect(s.commandLine == nil)
        #expect(s.history.applied == 0)
        let quit = s.update(.key(.char("q")))
        #expect(quit.last == .quit)
        #expect(quit.contains(.endRecording))
        // Ctrl-C quits too, as the key does at any size.
        var t = ExplorerState(config: AppConfig(), width: 79, height: 40)
        #expect(t.update(.key(.ctrl("c"))).last == .quit)
    }

    /// `play --step-delay 876000h`: the wait until the next step (3e12 ms) trapped when the
    /// driver gave it to curses as an Int32 (SIGILL a few seconds into the tour).
    @Test func aLongStepDelayWaitsWithoutTrapping() {
        var s = ExplorerState(config: AppConfig())
        s.history.load([HistoryStep(.event(.app(.requestWhenInUseAuthorization))), HistoryStep(.event(.user(.background)))])
        s.speedIndex = 0
        s.startTour(every: 876_000 * 3_600_000, title: "long")
        var wall = 0, far = false
        for _ in 0..<100 {
            _ = s.update(.tick(wall))
            let t = s.inputTimeout(now: wall)
            #expect(t == -1 || t >= 1)
            if let wake = s.nextWakeUp, wake - wall > Int(Int32.max) {
                far = true
                #expect(t == Int32.max)
            }
            wall += 100
        }
        #expect(far, "the tour waits for its next step, 100 years away")
        s.speedIndex = 1
        #expect(s.inputTimeout(now: wall) == 100)
    }
}
