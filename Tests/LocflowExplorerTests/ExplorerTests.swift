import Testing
@testable import LocflowCore
@testable import LocflowFlow
@testable import LocflowExplorer

@Suite("Explorer state: keys, clicks, command line, history")
struct ExplorerTests {
    func fresh(_ w: Int = 120, _ h: Int = 40) -> ExplorerState {
        var s = ExplorerState(config: AppConfig(), width: w, height: h)
        s.speedIndex = 0
        return s
    }

    @Test func keysBecomeTheSameEventsAsFlowSteps() {
        var s = fresh()
        _ = s.update(.key(.char("w")))
        #expect(s.world.prompt?.kind == .whenInUse)
        _ = s.update(.key(.char("1")))
        #expect(s.world.status == .authorizedWhenInUse)
        #expect(s.history.steps.map(\.flowText) == ["app requestWhenInUseAuthorization", "user tap \"Allow Once\""])
    }

    @Test func whileAPromptIsUpInputGoesToIt() {
        var s = fresh()
        _ = s.update(.key(.char("w")))
        _ = s.update(.key(.char("b")))  // not "background": the prompt has the input
        #expect(s.world.lifecycle == .foreground)
        _ = s.update(.key(.down))
        _ = s.update(.key(.enter))
        #expect(s.world.status == .authorizedWhenInUse && !s.world.record.temporaryGrant)
    }

    @Test func clickingAPromptButtonTapsIt() {
        var s = fresh()
        _ = s.update(.key(.char("w")))
        let frame = render(s, glyphs: .unicode)
        let region = frame.regions.first { $0.command == .promptButton(2) }!
        _ = s.update(.click(x: region.x + 1, y: region.y))
        #expect(s.world.status == .denied)
    }

    @Test func clickingAnActionPerformsIt() {
        var s = fresh()
        let frame = render(s, glyphs: .unicode)
        let index = s.items(.app).firstIndex { $0.label.hasPrefix("requestAlwaysAuthorization") }!
        let region = frame.regions.first { $0.command == .select(.app, index) }!
        _ = s.update(.click(x: region.x, y: region.y))
        #expect(s.world.prompt?.kind == .whenInUse)
        #expect(s.world.record.alwaysRequestUsed)
    }

    @Test func impossibleActionsAreDimmedWithTheReason() {
        var s = fresh()
        _ = s.update(.key(.char("b")))
        _ = s.update(.key(.char("@")))  // one minute: suspended
        let item = s.items(.app).first { $0.label.hasPrefix("requestWhenInUseAuthorization") }!
        #expect(item.disabled?.contains("is not running") == true)
        #expect(item.short == "app suspended")
        let settings = s.items(.settings)
        #expect(settings.allSatisfy { !$0.label.contains("Always") })  // not listed: no options yet
    }

    @Test func undoAndRedoTravelInTime() {
        var s = fresh()
        _ = s.update(.key(.char("w")))
        _ = s.update(.key(.char("1")))
        _ = s.update(.key(.char("u")))
        #expect(s.world.prompt?.kind == .whenInUse)
        _ = s.update(.key(.char("u")))
        #expect(s.world.prompt == nil && s.world.status == .notDetermined)
        _ = s.update(.key(.char("r")))
        _ = s.update(.key(.char("r")))
        #expect(s.world.status == .authorizedWhenInUse)
        _ = s.update(.key(.char("u")))
        _ = s.update(.key(.char("3")))  // a new branch drops what could be redone
        #expect(s.world.status == .denied)
        #expect(!s.history.canRedo)
    }

    @Test func undoFarBackRebuildsFromCheckpoints() {
        var s = fresh()
        for _ in 0..<150 { _ = s.update(.key(.char("."))) }
        #expect(s.world.now == 150_000)
        for _ in 0..<100 { _ = s.update(.key(.char("u"))) }
        #expect(s.world.now == 50_000)
        var replay = World(config: AppConfig())
        for _ in 0..<50 { _ = replay.step(.wait(1000)) }
        #expect(s.world == replay)
    }

    @Test func commandLineTakesAnyStatementAndShowsParserErrors() {
        var s = fresh()
        for ch in "user settigs never" { _ = s.update(.key(.char(ch))) }
        #expect(s.commandLine == nil)  // ':' was not pressed: letters are keys... reset
        s = fresh()
        _ = s.update(.key(.char(":")))
        for ch in "user settigs never" { _ = s.update(.key(.char(ch))) }
        _ = s.update(.key(.enter))
        #expect(s.messageIsError)
        #expect(s.message?.contains("did you mean 'settings'") == true)
        #expect(s.commandLine == "user settigs never")  // kept for correcting
        _ = s.update(.key(.escape))
        _ = s.update(.key(.char(":")))
        for ch in "app requestAlwaysAuthorization" { _ = s.update(.key(.char(ch))) }
        _ = s.update(.key(.enter))
        #expect(s.world.prompt?.kind == .whenInUse)
        _ = s.update(.key(.char(":")))
        for ch in "expect prompt whenInUse" { _ = s.update(.key(.char(ch))) }
        _ = s.update(.key(.enter))
        #expect(s.message == "✓ holds")
    }

    @Test func completion() {
        #expect(Completion.complete("app requestW") == "app requestWhenInUseAuthorization ")
        #expect(Completion.complete("user set") == "user settings ")
        #expect(Completion.complete("app request") == "app request")  // several: the common prefix
        #expect(Completion.complete("expect status auth") == "expect status authorized")
        #expect(Completion.hint("system ").contains("terminate"))
    }

    @Test func recordingWritesEachStepAsItHappens() {
        var s = fresh()
        let begin = s.update(.key(.char("R")))
        #expect(begin.first == .beginRecording(header: ["# Recorded with locflow on iOS 18.", ""]))
        #expect(s.update(.key(.char("w"))) == [.record("app requestWhenInUseAuthorization")])
        #expect(s.update(.key(.char("2"))) == [.record("user tap \"Allow While Using App\"")])
        #expect(s.update(.key(.char("q"))) == [.endRecording, .quit])
    }

    @Test func theRunningClockIsOneGrowingWaitRecordedWhenItEnds() {
        var s = fresh()
        s.speedIndex = 1
        _ = s.update(.tick(0))
        _ = s.update(.key(.char("R")))
        #expect(s.update(.tick(400)).isEmpty)
        #expect(s.update(.tick(1000)).isEmpty)
        #expect(s.history.steps.count == 1)
        #expect(s.world.now == 1000)
        #expect(s.update(.key(.char("b"))) == [.record("wait 1s"), .record("user background")])
        _ = s.update(.tick(7000))
        #expect(s.world.lifecycle == .suspended)
    }

    /// With the clock running (how the explorer starts), undo pauses it: the next tick would
    /// otherwise add a wait and drop every step redo could bring back (a review found `r` always
    /// said "nothing to redo").
    @Test func undoPausesARunningClockSoRedoWorks() {
        var s = fresh()
        s.speedIndex = 1
        _ = s.update(.tick(0))
        _ = s.update(.key(.char("w")))
        _ = s.update(.tick(300))
        _ = s.update(.key(.char("1")))
        _ = s.update(.tick(600))
        let steps = s.history.steps.count
        _ = s.update(.key(.char("u")))
        #expect(s.isPaused)
        #expect(s.message?.contains("the clock is paused so that r can redo") == true, "\(s.message ?? "")")
        _ = s.update(.tick(900))
        _ = s.update(.tick(2000))
        #expect(s.history.steps.count == steps && s.history.canRedo)
        _ = s.update(.key(.char("r")))
        #expect(s.message?.hasPrefix("step ") == true, "\(s.message ?? "")")
        #expect(s.world.status == .authorizedWhenInUse)
        // Paused already: undo says nothing about the clock.
        _ = s.update(.key(.char("u")))
        #expect(s.message?.contains("clock") == false)
    }

    /// Space goes back to the speed the clock ran at before the pause, or before an undo paused it.
    @Test func spaceResumesAtTheSpeedBeforeThePause() {
        var s = fresh()
        _ = s.update(.key(.char(">")))
        _ = s.update(.key(.char(">")))
        _ = s.update(.key(.char(">")))
        #expect(s.speed == 60)
        _ = s.update(.key(.char(" ")))
        #expect(s.isPaused)
        _ = s.update(.key(.char(" ")))
        #expect(s.speed == 60)
        _ = s.update(.key(.char("w")))
        _ = s.update(.key(.char("u")))
        #expect(s.isPaused)
        _ = s.update(.key(.char(" ")))
        #expect(s.speed == 60)
        // Paused with < (from 1x): Space runs at 1x, not at a speed from before.
        for _ in 0..<3 { _ = s.update(.key(.char("<"))) }
        #expect(s.isPaused)
        _ = s.update(.key(.char(" ")))
        #expect(s.speed == 1)
    }

    @Test func speedsAndPause() {
        var s = fresh()
        _ = s.update(.key(.char(">")))
        #expect(s.speed == 1)
        _ = s.update(.key(.char(">")))
        _ = s.update(.tick(0))
        _ = s.update(.tick(1000))
        #expect(s.world.now == 10_000)
        _ = s.update(.key(.char(" ")))
        #expect(s.isPaused)
        _ = s.update(.tick(5000))
        #expect(s.world.now == 10_000)
        #expect(s.nextWakeUp == nil)
    }

    @Test func diagnosticChangesAreHighlightedForAFewSeconds() {
        var s = fresh()
        _ = s.update(.tick(100))
        _ = s.update(.key(.char(":")))
        for ch in "app session a whenInUse" { _ = s.update(.key(.char(ch))) }
        _ = s.update(.key(.enter))
        #expect(s.diagnosticChangedAt["a.authorizationRequestInProgress"] == 100)
        #expect(s.nextWakeUp == 100 + ExplorerState.highlightMs)
    }

    @Test func openFlowStepsForwardAndBack() throws {
        var s = fresh()
        let flow = try FlowParser.parse("app requestWhenInUseAuthorization\nexpect prompt whenInUse\nuser tap \"Allow Once\"\n", file: "f")
        s.history.load(flow.body.map {
            switch $0.statement {
            case .step(let e): HistoryStep(.event(e), line: $0.line)
            case .expect(let x): HistoryStep(.expect(x), line: $0.line)
            case .config: fatalError()
            }
        })
        #expect(s.history.applied == 0 && s.history.steps.count == 3)
        _ = s.update(.key(.char("r")))
        _ = s.update(.key(.char("r")))
        #expect(s.history.log.last?.expectation?.ok == true)
        _ = s.update(.key(.char("r")))
        #expect(s.world.status == .authorizedWhenInUse)
        _ = s.update(.key(.char("u")))
        #expect(s.world.prompt?.kind == .whenInUse)
    }

    @Test func logFilter() {
        var s = fresh()
        _ = s.update(.key(.char("w")))
        _ = s.update(.key(.char("2")))
        for _ in 0..<6 { _ = s.update(.key(.char("F"))) }
        #expect(s.logFilter == .callbacks)
        let text = render(s, glyphs: .unicode).text
        #expect(text.contains("user tap \"Allow While Using App\"  → status notDetermined→authorizedWhenInUse"))
        #expect(!text.contains("app requestWhenInUseAuthorization  "))
    }

    @Test func wideCharactersTakeTwoColumns() {
        var f = Frame(width: 10, height: 1)
        f.put(0, 0, "위치ab")
        #expect(f.text == "위치ab    \n")
        #expect(f[1, 0].continuation && f[3, 0].continuation)
        #expect(TextWidth.columns(of: "항상 허용으로 변경") == 18)
    }
}

@Suite("Recordings and autoplay")
struct RecordingTests {
    let flowText = """
        # A short demo.
        app requestWhenInUseAuthorization  # The app asks.
        user tap "Allow Once"              # Once only.
        """

    @Test func asciicastIsDeterministicWithAMarkerPerStep() throws {
        let flow = try FlowParser.parse(flowText, file: "demo.flow")
        let a = Recording.asciicast(flow: flow, config: AppConfig(), configLines: [], width: 80, height: 24, speed: 2, captions: true)
        let b = Recording.asciicast(flow: flow, config: AppConfig(), configLines: [], width: 80, height: 24, speed: 2, captions: true)
        #expect(a == b)
        let lines = a.split(separator: "\n")
        #expect(lines[0] == #"{"version":2,"width":80,"height":24,"title":"A short demo.","env":{"TERM":"xterm-256color","SHELL":"/bin/sh"}}"#)
        #expect(lines.filter { $0.contains(#","m","#) } == [#"[1,"m","step 1: app requestWhenInUseAuthorization"]"#, #"[2,"m","step 2: user tap \"Allow Once\""]"#])
        #expect(a.contains("Once only."))  // the caption is on screen
        // A recording is a picture, as shot's: no keyboard footer (its "q quit"), and the bars
        // step by step.
        #expect(!a.contains("quit"), "the footer is drawn in the recording")
        let live = render(ExplorerState(config: AppConfig(), width: 80, height: 24), glyphs: .unicode)
        #expect(live.text.split(separator: "\n").last?.contains("quit") == true, "the live explorer's footer says quit")
    }

    @Test func autoplayStepsOnItsOwnAndPauses() throws {
        let flow = try FlowParser.parse(flowText, file: "demo.flow")
        var s = ExplorerState(config: AppConfig())
        s.speedIndex = 0
        s.history.load(flow.body.map { line in
            guard case .step(let e) = line.statement else { fatalError() }
            return HistoryStep(.event(e), line: line.line, caption: line.comment)
        })
        s.startTour(every: 1000, title: "demo")
        _ = s.update(.tick(0))
        #expect(s.nextWakeUp == 1000)
        _ = s.update(.tick(1000))
        #expect(s.history.applied == 1 && s.caption?.text == "The app asks.")
        _ = s.update(.key(.char(" ")))
        _ = s.update(.tick(5000))
        #expect(s.history.applied == 1)
        #expect(s.nextWakeUp == nil)
        _ = s.update(.key(.char(" ")))
        _ = s.update(.tick(7000))
        #expect(s.history.applied == 2 && s.world.status == .authorizedWhenInUse)
    }
}

@Suite("Bug reports")
struct ReportTests {
    @Test func reportHasEverySection() throws {
        let text = """
            # Allow Once then Always.
            app requestWhenInUseAuthorization
            user tap "Allow Once"
            app requestAlwaysAuthorization
            expect prompt alwaysUpgrade
            user background
            wait 2m
            """
        let flow = try FlowParser.parse(text, file: "bug.flow")
        let (md, failed) = try Report.markdown(flow: flow, flowText: text, file: "bug.flow", baseDirectory: ".")
        #expect(failed == 1)
        for heading in ["# locflow report: bug.flow", "## Configuration", "## Steps", "## Callbacks", "## Diagnostics at the end",
                        "## Session bars", "## Rules that fired", "## The flow"] {
            #expect(md.contains(heading + "\n"), "missing \(heading)")
        }
        #expect(md.contains("- line 5: expected prompt alwaysUpgrade, found none"))
        #expect(md.contains("| requestAlwaysAuthorization ignored: the app holds an Allow Once grant | A S1; D S28 | 1 | line 4 |"))
        #expect(md.contains("| 1:10 | notDetermined | fullAccuracy |") == false)  // suspended: the callback is held
        #expect(md.contains("timer: Allow Once runs out"))
        #expect(md.contains("```\n" + text + "\n```"))
        // It ends with the sources it cited, as links.
        let sources = try #require(md.range(of: "## Sources\n"))
        #expect(sources.lowerBound > md.range(of: "## The flow\n")!.lowerBound)
        #expect(md.contains("- S1: [requestAlwaysAuthorization()](https://developer.apple.com/documentation/corelocation/cllocationmanager/requestalwaysauthorization())"))
        #expect(md.contains("- S28: [expo #35453: requestAlwaysAuthorization after Allow Once](https://github.com/expo/expo/pull/35453)"))
        #expect(md.hasSuffix(")\n"))
    }
}

@Suite("Robustness: nothing a person types crashes the explorer")
struct RobustnessTests {
    @Test(arguments: [Platform.ios12, .ios14, .ios18, .visionos])
    func randomKeysAndSizes(_ platform: Platform) {
        var config = AppConfig()
        config.platform = platform
        var s = ExplorerState(config: config, width: 120, height: 40)
        s.speedIndex = 0
        var rng = SplitMix64(seed: UInt64(platform.rawValue.count) * 31)
        let keys: [Key] = "wafbxTLlp .!@#$urFzZ[]0?123jkR".map { Key.char($0) }
            + [.enter, .escape, .tab, .backTab, .up, .down, .left, .right, .pageUp, .pageDown, .backspace]
        let sizes = [(80, 24), (120, 40), (200, 60), (81, 25), (109, 33), (110, 34), (79, 23), (300, 10), (1, 1)]
        var wall = 0
        for i in 0..<3_000 {
            let r = Int(rng.next() % 100)
            if r < 80 {
                _ = s.update(.key(keys[Int(rng.next() % UInt64(keys.count))]))
            } else if r < 88 {
                _ = s.update(.click(x: Int(rng.next() % 200), y: Int(rng.next() % 60)))
            } else if r < 94 {
                let (w, h) = sizes[Int(rng.next() % UInt64(sizes.count))]
                _ = s.update(.resize(width: w, height: h))
            } else if r < 97 {
                _ = s.update(.key(.char(":")))
                for ch in ["app session", "user tap \"x", "wait 5", "expect diagnostics a stationary", "unset X", "user settings always"][i % 6] {
                    _ = s.update(.key(.char(ch)))
                }
                _ = s.update(.key(.tab))
                _ = s.update(.key(.enter))
                _ = s.update(.key(.escape))
            } else {
                wall += 700
                _ = s.update(.tick(wall))
            }
            if s.showHelp && r % 2 == 0 { _ = s.update(.key(.escape)) }
            let frame = render(s, glyphs: i % 2 == 0 ? .unicode : .ascii)
            #expect(frame.cells.count == max(0, s.width) * max(0, s.height))
        }
    }

    @Test func parserNeverCrashesOnGarbage() {
        var rng = SplitMix64(seed: 99)
        let alphabet = Array("app user system device wait expect key assume \"\\#\n\t 0123456789hms tap settings session always on off true false ’")
        for _ in 0..<1_000 {
            let n = Int(rng.next() % 60)
            let text = String((0..<n).map { _ in alphabet[Int(rng.next() % UInt64(alphabet.count))] })
            _ = try? FlowParser.parse(text, file: "fuzz.flow")
            _ = try? FlowParser.parseStatement(text)
            _ = try? InfoPlistLoader.parseStrings(text, path: "fuzz.strings")
        }
    }
}

@Suite("Recording while the clock runs")
struct ClockRecordingTests {
    @Test func theRunningClockIsWrittenEveryFewSeconds() {
        var s = ExplorerState(config: AppConfig())
        _ = s.update(.tick(0))
        _ = s.update(.key(.char("R")))
        var written: [String] = []
        for t in stride(from: 100, through: 12_000, by: 100) {
            for e in s.update(.tick(t)) { if case .record(let line) = e { written.append(line) } }
        }
        #expect(written == ["wait 5s", "wait 5s"])
        let rest = s.flushRecording()
        #expect(rest == [.record("wait 2s"), .endRecording])
    }
}

@Suite("History bookkeeping")
struct HistoryTests {
    func lines(_ h: History) -> [String] {
        h.log.map { e in e.text + " | " + h.outputs(of: e).map(\.text).joined(separator: ", ") + " | " + (e.why?.text ?? "") }
    }

    @Test func undoAndRedoLeaveTheSameLogAsAFreshRun() throws {
        let flow = try FlowParser.parse("""
            app requestWhenInUseAuthorization
            expect prompt whenInUse
            user tap "Allow Once"
            user background
            wait 2m
            expect status notDetermined
            user foreground
            """, file: "h.flow")
        let steps = flow.body.map { line -> HistoryStep in
            switch line.statement {
            case .step(let e): HistoryStep(.event(e))
            case .expect(let x): HistoryStep(.expect(x))
            case .config: fatalError()
            }
        }
        var fresh = History(config: AppConfig())
        for s in steps { fresh.append(s) }
        var h = History(config: AppConfig())
        h.load(steps)
        for _ in steps { h.redo() }
        for _ in 0..<5 { h.undo() }
        for _ in 0..<5 { h.redo() }
        #expect(lines(h) == lines(fresh))
        #expect(h.world == fresh.world)
        #expect(lines(h).contains { $0.contains("timer: Allow Once runs out") })
    }
}

@Suite("Log details")
struct LogDetailsTests {
    @Test func enterOnALogLineShowsEveryRule() {
        var s = ExplorerState(config: AppConfig())
        s.speedIndex = 0
        _ = s.update(.key(.char("w")))
        _ = s.update(.key(.char("1")))
        s.focus = .log
        _ = s.update(.key(.enter))
        #expect(s.showDetails)
        let text = render(s, glyphs: .unicode).text
        #expect(text.contains("what happened, and why"))
        #expect(text.contains("Allow Once: a temporary authorizedWhenInUse"))
        #expect(text.contains("The authorization the app reads changed: the delegate is called [A S9, S14]"))
        #expect(text.contains("callback: authorizedWhenInUse fullAccuracy"))
        // Each rule's sources, with their titles and addresses.
        #expect(text.contains("S2 requestWhenInUseAuthorization()"))
        #expect(text.contains("https://developer.apple.com/documentation/corelocation/cllocationmanager/requestwheninuseauthorization()"))
        #expect(text.contains("S20 Location permission in iOS 13"))
        _ = s.update(.key(.char("x")))  // any key closes, and does nothing else
        #expect(!s.showDetails && s.world.lifecycle == .foreground)
        _ = s.update(.key(.up))         // one line older: the request
        _ = s.update(.key(.enter))
        #expect(render(s, glyphs: .unicode).text.contains("requestWhenInUseAuthorization from notDetermined shows the when-in-use prompt"))
    }

    @Test func timerLinesReplayToo() {
        var s = ExplorerState(config: AppConfig())
        s.speedIndex = 0
        _ = s.update(.key(.char("b")))
        _ = s.update(.key(.char("@")))
        s.focus = .log
        _ = s.update(.key(.up))  // the newest line is the in-use grace; one back is the suspension
        _ = s.update(.key(.enter))
        let text = render(s, glyphs: .unicode).text
        #expect(text.contains("timer: suspension"))
        #expect(text.contains("is suspended after suspendDelay (5s)"))
    }
}

@Suite("Command line history")
struct CommandHistoryTests {
    @Test func upRecallsEarlierStatements() {
        var s = ExplorerState(config: AppConfig())
        s.speedIndex = 0
        for line in ["wait 10s", "user background"] {
            _ = s.update(.key(.char(":")))
            for ch in line { _ = s.update(.key(.char(ch))) }
            _ = s.update(.key(.enter))
        }
        _ = s.update(.key(.char(":")))
        _ = s.update(.key(.up))
        #expect(s.commandLine == "user background")
        _ = s.update(.key(.up))
        #expect(s.commandLine == "wait 10s")
        _ = s.update(.key(.down))
        _ = s.update(.key(.down))
        #expect(s.commandLine == "")
    }
}

@Suite("Help")
struct HelpTests {
    @Test func everyBindingIsReachableInTheHelpAt80x24() {
        var s = ExplorerState(config: AppConfig(), width: 80, height: 24)
        _ = s.update(.key(.char("?")))
        var seen = ""
        for _ in 0..<30 {
            seen += render(s, glyphs: .unicode).text
            _ = s.update(.key(.down))
        }
        #expect(s.showHelp)
        for b in Keymap.bindings where b.inHelp { #expect(seen.contains(b.label), "\(b.label) is not in the help") }
        #expect(seen.contains("deferredUpgradeAnswerWindow 1m"))
        _ = s.update(.key(.char("x")))
        #expect(!s.showHelp)
    }

    /// At 80x24 a left-column text ran into the right column's key ("(p…. ! @ # $ jump"): every
    /// key in the help has a space before it, and no text is cut, in either language.
    @Test(arguments: [(80, 24, Language.en), (80, 24, .ko), (100, 30, .en), (120, 40, .ko)])
    func theHelpsColumnsKeepASpaceBetweenThem(_ width: Int, _ height: Int, _ language: Language) {
        var s = ExplorerState(config: AppConfig(), width: width, height: height)
        s.language = language
        _ = s.update(.key(.char("?")))
        // The help's box, as drawn: its inside, without the borders.
        let boxW = min(width - 4, 96), left = (width - boxW) / 2 + 1, right = (width - boxW) / 2 + boxW - 2
        for _ in 0..<30 {
            let f = render(s, glyphs: .unicode)
            for y in 3..<(height - 3) {
                let row = String((left...right).map { f[$0, y].char })
                #expect(!row.contains("…"), "cut at \(width)x\(height): \(row)")
                for x in (left + 1)...right where f[x, y].role == .key && f[x - 1, y].role != .key {
                    #expect(f[x - 1, y].char == " ", "no space before a key at \(width)x\(height): \(row)")
                }
            }
            _ = s.update(.key(.down))
        }
    }
}
