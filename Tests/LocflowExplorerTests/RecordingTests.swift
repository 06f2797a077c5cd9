import Foundation
import Testing
@testable import LocflowCore
@testable import LocflowFlow
@testable import LocflowExplorer

/// The recording as the driver keeps it on disk: the effects carried out on a list of lines.
struct Disk {
    var lines: [String] = []
    var rewrites = 0
    var ended = false

    mutating func apply(_ effects: [Effect]) {
        for e in effects {
            switch e {
            case .beginRecording(let header): lines = header
            case .record(let line): lines.append(line)
            case .rewriteRecording(let all): lines = all; rewrites += 1
            case .endRecording: ended = true
            case .quit: break
            }
        }
    }

    var text: String { lines.joined(separator: "\n") + "\n" }
}

/// Replays a recording: the world after each step line, the end, and what `check` says.
func replay(_ text: String) throws -> (worlds: [World], result: FlowRunner.Result) {
    let flow = try FlowParser.parse(text, file: "recording.flow")
    let (config, _) = try FlowRunner(flow: flow, baseDirectory: ".").makeConfig()
    var w = World.start(config).world
    var worlds: [World] = []
    for line in flow.body {
        if case .step(let e) = line.statement {
            w.step(e) { _, _ in }
            worlds.append(w)
        }
    }
    let result = try FlowRunner(flow: flow, baseDirectory: ".").run()
    return (worlds, result)
}

/// The world after each applied event step of the explorer's history (its current branch).
func branchWorlds(_ s: ExplorerState) -> [World] {
    (0..<s.history.applied).compactMap { i in
        if case .event = s.history.steps[i].kind { s.history.rebuild(upTo: i + 1) } else { nil }
    }
}

@Suite("Recordings replay exactly what the screen showed")
struct RecordingReplayTests {
    func keys(_ s: inout ExplorerState, _ disk: inout Disk, _ text: String) {
        for c in text { disk.apply(s.update(.key(.char(c)))) }
    }

    /// Issue 9 (1): R w 1 b > (10x) eight seconds < f R wrote `wait 29s714ms` and replayed to 0:30.9.
    @Test func timeAtTenTimesSpeedIsWrittenAsItPassed() throws {
        var s = ExplorerState(config: AppConfig())
        var disk = Disk()
        var wall = 0
        disk.apply(s.update(.tick(wall)))
        keys(&s, &disk, "Rw1b>")
        for _ in 0..<80 { wall += 100; disk.apply(s.update(.tick(wall))) }  // eight seconds at 10x
        keys(&s, &disk, "<")
        for _ in 0..<5 { wall += 100; disk.apply(s.update(.tick(wall))) }
        keys(&s, &disk, "fR")
        #expect(disk.ended)
        #expect(s.world.now >= 80_000)
        let (worlds, result) = try replay(disk.text)
        #expect(worlds.last == s.world)
        #expect(result.world.now == s.world.now)
        #expect(result.world.status == s.world.status)
        #expect(result.failed == 0)
    }

    /// Issue 9 (2): Space R w 2 u 3 R kept the undone tap as a live statement.
    @Test func undoWhileRecordingRewritesTheFile() throws {
        var s = ExplorerState(config: AppConfig())
        var disk = Disk()
        keys(&s, &disk, " Rw2u3R")
        #expect(disk.lines == ["# Recorded with locflow on iOS 18.", "", "app requestWhenInUseAuthorization", "user tap \"Don't Allow\""])
        #expect(disk.rewrites == 1)
        let (worlds, result) = try replay(disk.text)
        #expect(worlds.last == s.world && result.failed == 0)
    }

    /// A growing wait the clock is still extending is not written until it is finished; undoing it
    /// while the clock runs never leaves it in the file.
    @Test func undoOfTheRunningClocksWait() throws {
        var s = ExplorerState(config: AppConfig())
        var disk = Disk()
        disk.apply(s.update(.tick(0)))
        keys(&s, &disk, "R")
        for t in stride(from: 100, through: 6_000, by: 100) { disk.apply(s.update(.tick(t))) }
        #expect(disk.lines.last == "wait 5s")
        keys(&s, &disk, "uu")
        disk.apply(s.flushRecording())
        let (worlds, _) = try replay(disk.text)
        #expect((worlds.last ?? World(config: AppConfig())) == s.world)
        #expect(disk.text == s.recordingText.joined(separator: "\n") + "\n")
    }

    /// While the clock runs, u undoes the last action (with the time that ran since), not the
    /// few milliseconds of the running wait.
    @Test func undoWhileTheClockRunsUndoesTheAction() throws {
        var s = ExplorerState(config: AppConfig())
        var disk = Disk()
        disk.apply(s.update(.tick(0)))
        keys(&s, &disk, "R")
        disk.apply(s.update(.tick(300)))
        keys(&s, &disk, "w")
        disk.apply(s.update(.tick(400)))
        disk.apply(s.update(.tick(500)))
        #expect(s.history.steps.last?.isClockWait == true)
        keys(&s, &disk, "u")
        #expect(s.world.prompt == nil)
        #expect(disk.lines.suffix(1) == ["wait 300ms"])
        // Undo paused the clock (so r could redo); Space runs it again.
        #expect(s.isPaused)
        keys(&s, &disk, " ")
        disk.apply(s.update(.tick(700)))
        // Recording writes the running clock in chunks; u still goes back past all of them.
        keys(&s, &disk, "a")
        for t in stride(from: 800, through: 13_000, by: 100) { disk.apply(s.update(.tick(t))) }
        #expect(disk.lines.filter { $0 == "wait 5s" }.count == 2)
        keys(&s, &disk, "u")
        #expect(s.world.prompt == nil && !s.world.record.alwaysRequestUsed)
        #expect(s.world.now == 500)  // 300 ms before w, then 200 ms after the first undo
        disk.apply(s.update(.tick(13_100)))
        disk.apply(s.flushRecording())
        let (worlds, _) = try replay(disk.text)
        #expect(worlds.last == s.world)
        #expect(!disk.text.contains("request"))
        #expect(!disk.text.contains("wait 5s"))
    }

    /// The property: random sessions (keys, clicks, command lines, speed changes, jumps, pins,
    /// platform switches, simulated wall time), recorded and replayed, give the identical world
    /// after every step and the same expectation results.
    @Test(arguments: 0..<24)
    func randomSessionsReplayToTheIdenticalWorld(seed: Int) throws {
        var pins = 0
        var lastPin = -1
        defer { #expect(pins > 0 || seed % 5 == 4, "seed \(seed) pinned nothing") }
        var rng = SplitMix64(seed: UInt64(seed) &* 7919 &+ 17)
        let platforms: [Platform] = [.ios18, .ios17, .ios14, .ios13, .visionos]
        let platform = platforms[seed % platforms.count]
        var config = AppConfig()
        config.platform = platform
        var s = ExplorerState(config: config, configLines: platform == .ios18 ? [] : ["platform \(platform.rawValue)"])
        var disk = Disk()
        var wall = 0
        disk.apply(s.update(.tick(wall)))
        disk.apply(s.update(.key(.char("R"))))
        let keyPool: [Key] = "wafbxTLlp123.!@#$><  uurre".map { .char($0) } + [.enter, .tab, .down, .up, .char("k"), .char("j")]
        let lines = ["app startUpdatingLocation", "wait 90s", "wait 1500ms", "user settings always", "user settings never",
                     "app session s1 always", "app session s2 whenInUse fullAccuracy Nav", "app invalidate s1", "device move",
                     "device stationary", "user tap \"Allow Once\"", "user tap \"Don’t Allow\"", "pin", "app liveUpdates start",
                     "app allowsBackgroundLocationUpdates true", "system suspend", "expect status denied", "expect lifecycle foreground",
                     "app requestTemporaryFullAccuracyAuthorization Nav", "user precise off", "app backgroundActivity start"]
        for _ in 0..<160 {
            switch Int.random(in: 0..<100, using: &rng) {
            case 0..<45:
                disk.apply(s.update(.key(keyPool.randomElement(using: &rng)!)))
            case 45..<60:
                wall += Int.random(in: 0...2_500, using: &rng)
                disk.apply(s.update(.tick(wall)))
            case 60..<72:
                let x = Int.random(in: 0..<s.width, using: &rng), y = Int.random(in: 0..<s.height, using: &rng)
                let command = render(s, glyphs: .unicode).command(atX: x, y: y)
                switch command {
                case .record?, .quit?, .commandLine?, .help?: continue
                default: disk.apply(s.update(.click(x: x, y: y)))
                }
            case 72..<90:
                disk.apply(s.update(.key(.char(":"))))
                for c in lines.randomElement(using: &rng)! { disk.apply(s.update(.key(.char(c)))) }
                disk.apply(s.update(.key(.enter)))
                if s.commandLine != nil { disk.apply(s.update(.key(.escape))) }
            case 90..<93:
                disk.apply(s.update(.key(.char(Bool.random(using: &rng) ? "v" : "V"))))
            default:
                disk.apply(s.update(.key(.char("e"))))
            }
            if s.showHelp || s.showDetails { disk.apply(s.update(.key(.escape))) }
            // A pin just made holds: what is on screen is true. (Replayed on another platform
            // later, it may fail: that is what the switch shows.)
            if s.history.applied > 0, case .pin = s.history.steps[s.history.applied - 1].kind, s.history.applied != lastPin {
                lastPin = s.history.applied
                pins += 1
                let entries = s.history.log.filter { Int($0.step) == s.history.applied - 1 }
                #expect(!entries.isEmpty && entries.allSatisfy { $0.expectation?.ok == true }, "seed \(seed): a pin does not hold")
            }
            // At every step the file is the current branch.
            #expect(disk.lines == s.recordingText, "seed \(seed)")
        }
        disk.apply(s.flushRecording())
        #expect(disk.ended)
        let (worlds, result) = try replay(disk.text)
        let explorer = branchWorlds(s)
        #expect(worlds.count == explorer.count, "seed \(seed)")
        for (i, (a, b)) in zip(worlds, explorer).enumerated() where a != b {
            Issue.record("seed \(seed): the world after step \(i + 1) differs on replay")
            break
        }
        #expect(result.world == s.world, "seed \(seed)")
        let explorerFailures = s.history.log.filter { $0.expectation?.ok == false }.count

        #expect(result.failed == explorerFailures, "seed \(seed): \(result.failures.map(\.message))")
    }
}

@Suite("Pins, reports beside recordings, platform switches")
struct PinTests {
    @Test func aPinHoldsAndIsUndoneWhole() throws {
        var s = ExplorerState(config: AppConfig())
        var disk = Disk()
        for c in " Rw" { disk.apply(s.update(.key(.char(c)))) }
        disk.apply(s.update(.key(.char("e"))))
        let pinned = disk.lines.filter { $0.hasPrefix("expect ") }
        #expect(pinned.contains("expect prompt whenInUse"))
        #expect(pinned.contains("expect buttons \"Allow Once\" \"Allow While Using App\" \"Don't Allow\""))
        #expect(pinned.contains("expect status notDetermined"))
        #expect(pinned.contains("expect delivering standard false"))
        #expect(s.history.log.suffix(pinned.count).allSatisfy { $0.expectation?.ok == true })
        _ = s.update(.key(.char("u")))
        #expect(s.history.applied == 1)  // the whole pin, not one line of it
        _ = s.update(.key(.char("r")))
        #expect(s.message?.contains("holds") == true || s.history.applied == 2)
    }

    /// A pinned recording is a regression test: it passes `check`, and fails when an assumption
    /// changes what the model does.
    @Test func aPinnedRecordingPassesAndFailsWhenTheModelDisagrees() throws {
        var s = ExplorerState(config: AppConfig())
        var disk = Disk()
        for c in " Rw1b@@ef" { disk.apply(s.update(.key(.char(c)))) }
        for c in ":app session s1 whenInUse" { disk.apply(s.update(.key(.char(c)))) }
        disk.apply(s.update(.key(.enter)))
        for c in "eR" { disk.apply(s.update(.key(.char(c)))) }
        #expect(disk.text.contains("expect status notDetermined"))  // Allow Once ran out after a minute
        #expect(disk.text.contains("expect session s1 active"))
        let (_, ok) = try replay(disk.text)
        #expect(ok.failed == 0 && ok.passed > 20)
        let changed = disk.text.replacingOccurrences(of: "\n\n", with: "\n\nassume allowOnceGrace 10m\n")
        let (_, bad) = try replay(changed)
        #expect(bad.failures.contains { $0.message.contains("expected status notDetermined, found authorizedWhenInUse") })
    }

    @Test func pinCommandLineAndCompletion() {
        var s = ExplorerState(config: AppConfig())
        s.speedIndex = 0
        _ = s.runCommandLine("pin")
        guard case .pin(let xs)? = s.history.steps.last?.kind else { Issue.record("no pin"); return }
        #expect(xs.contains(.lifecycle(.foreground)))
        #expect(Completion.complete("pi") == "pin ")
    }

    /// A configuration line typed on the `:` line names the start option that means the same
    /// (it used to suggest --platform, --plist or --assume for `widget true`, which none sets).
    @Test func aConfigurationLineNamesItsStartOption() {
        var s = ExplorerState(config: AppConfig())
        _ = s.runCommandLine("widget true")
        #expect(s.message == "'widget true' is configuration: start locflow with --widget", "\(s.message ?? "")")
        _ = s.runCommandLine("appClip true")
        #expect(s.message?.hasSuffix("start locflow with --app-clip") == true)
        _ = s.runCommandLine("assume allowOnceGrace 30s")
        #expect(s.message?.hasSuffix("start locflow with --assume allowOnceGrace=VALUE") == true)
        _ = s.runCommandLine("restricted true")
        #expect(s.message?.hasSuffix("write it in a flow and open that (locflow open FILE.flow)") == true)
        s.language = .ko
        _ = s.runCommandLine("widget true")
        #expect(s.message == "'widget true'은(는) 설정입니다: locflow를 --widget(으)로 시작하세요", "\(s.message ?? "")")
    }

    @Test func platformSwitchReplaysTheHistoryAndSaysWhatChanged() {
        var s = ExplorerState(config: AppConfig())
        s.speedIndex = 0
        _ = s.runCommandLine("app requestWhenInUseAuthorization")
        #expect(s.world.promptButtons.first == "Allow Once")
        _ = s.runCommandLine("platform ios13")
        #expect(s.world.profile.platform == .ios13)
        #expect(s.world.promptButtons.first == "Allow While Using App")
        #expect(s.message?.contains("now iOS 13.0-13.3 (was iOS 18)") == true)
        #expect(s.message?.contains("buttons") == true)
        #expect(s.configLines == ["platform ios13"])
        _ = s.runCommandLine("user tap \"Allow Once\"")
        _ = s.runCommandLine("user settings askNextTime")
        _ = s.runCommandLine("platform ios12")  // iOS 12 has no Allow Once: the tap is refused, and so is Ask Next Time
        #expect(s.history.refusedSteps.count == 2)
        #expect(s.message?.contains("2 steps refused here (step 2: user tap") == true)
        #expect(s.recordingText.contains("expect refused") || !s.recording)
        #expect(s.history.log.contains { $0.refusal != nil })
    }

    @Test func aRecordingAcrossAPlatformSwitchIsRewrittenForTheNewPlatform() throws {
        var s = ExplorerState(config: AppConfig())
        var disk = Disk()
        for c in " Rw1" { disk.apply(s.update(.key(.char(c)))) }
        for c in ":platform ios12" { disk.apply(s.update(.key(.char(c)))) }
        disk.apply(s.update(.key(.enter)))
        disk.apply(s.update(.key(.char("e"))))
        disk.apply(s.flushRecording())
        #expect(disk.lines.contains("platform ios12"))
        #expect(disk.lines.contains("expect refused"))
        let (worlds, result) = try replay(disk.text)
        #expect(worlds.last == s.world)
        #expect(result.failed == 0)
    }
}

@Suite("Recording files on disk")
struct RecordingFileTests {
    @Test func appendRewriteAndNoTemporaryLeft() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("locflow-rec-\(getpid())-\(Int.random(in: 0..<1_000_000))").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/r.flow"
        let f = try RecordingFile(path: path, lines: ["# header", ""])
        try f.append("app requestWhenInUseAuthorization")
        // Finished lines are in the file at once, for any reader (and after a kill -9).
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "# header\n\napp requestWhenInUseAuthorization\n")
        try f.rewrite(["# header", "", "wait 1s"])
        try f.append("user background")
        f.close()
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "# header\n\nwait 1s\nuser background\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["r.flow"])
        #expect(throws: AtomicFile.Failure.self) { try AtomicFile.write("x", to: dir + "/no/such/folder/x.flow") }
    }
}
