import Foundation
import Testing
@testable import LocflowCore
@testable import LocflowFlow

@Suite("Durations and the virtual clock are bounded: no input makes time arithmetic trap")
struct ClockBoundTests {
    @Test func aDurationLongerThan100YearsIsALocatedError() {
        #expect(parseError("wait 999999999h") == "t.flow:1:6: error: the duration '999999999h' is longer than 100 years (876000h), the longest locflow's virtual clock takes")
        #expect(parseError("wait 99999999999999999999999ms").contains("t.flow:1:6: error: the duration '99999999999999999999999ms' is longer than 100 years"))
        #expect(parseError("assume suspendDelay 876001h").contains("t.flow:1:21: error: the duration '876001h' is longer than 100 years"))
        #expect(parseError("wait 876000h") == "no error")
        #expect(parseDuration("876000h") == VirtualTime.maxDuration)
        #expect(parseDuration("876000h1ms") == nil)
    }

    @Test func thousandsOfLongWaitsEndInRefusedStepsNotATrap() {
        // Before: a few thousand of these ended in an arithmetic overflow trap (exit 132).
        let s = Scratch()
        let path = s.write("long.flow", String(repeating: "wait 876000h\n", count: 3000) + "expect status notDetermined\n")
        let r = capture { Commands.check([path], quiet: true, io: $0) }
        #expect(r.code == 1)
        #expect(r.out.contains("long.flow:101: expected 'wait 876000h' to be performed, found it refused: The virtual clock goes no further than 10,000 years"))
        #expect(r.out.contains("1 passed, 2900 failed"))
        #expect(capture { Commands.run(path, format: .json, io: $0) }.code == 1)
    }

    @Test func theModelRefusesAnyWaitPastTheLimitWhateverItIsGiven() {
        var w = World(config: AppConfig())
        let t = w.step(.wait(Int.max))
        #expect(t.count == 1 && t[0].refusal?.rule == .clockLimit)
        #expect(w.now == 0)
        _ = w.step(.wait(VirtualTime.limit))
        #expect(w.now == VirtualTime.limit)
        #expect(w.step(.wait(1)).first?.refusal?.rule == .clockLimit)
        #expect(w.step(.wait(0)).first?.refusal == nil)
        #expect(VirtualTime.saturating(Int.max, Int.max) == VirtualTime.limit)
    }

    @Test func anAssumptionCannotBeSetPastTheLongestDuration() {
        var a = Assumptions()
        #expect(a.set("suspendDelay", .duration(Int.max)) != nil)
        #expect(a.set("suspendDelay", .duration(-1)) != nil)
        #expect(a.set("suspendDelay", .duration(VirtualTime.maxDuration)) == nil)
    }
}

@Suite("Timers are bounded: a periodic timer over a long wait cannot hang a run")
struct TimerBoundTests {
    /// Reduced accuracy with liveUpdates: a fix every reducedAccuracyInterval.
    static let prelude = "assume reducedAccuracyInterval 1ms\napp requestWhenInUseAuthorization\nuser precise off\nuser tap \"Allow While Using App\"\napp liveUpdates start\n"

    @Test func aWaitThatWouldFireMoreThan100000TimersIsRefusedAndChangesNothing() throws {
        // Before: 112 s for check, and run printed 5 million lines.
        let s = Scratch()
        let path = s.write("cadence.flow", Self.prelude + "wait 9s\nwait 876000h\nexpect refused\n")
        let r = capture { Commands.check([path], quiet: true, io: $0) }
        #expect(r.code == 0, "\(r.out)")
        #expect(r.out.contains("2 passed, 0 failed") || r.out.contains("1 passed, 0 failed"))
        let flow = try FlowParser.parse(Self.prelude, file: "p.flow")
        var w = World(config: { var c = AppConfig(); _ = c.assumptions.set("reducedAccuracyInterval", .duration(1)); return c }())
        for line in flow.lines { if case .step(let e) = line.statement { _ = w.step(e) } }
        let before = w
        let t = w.step(.wait(200_000))
        #expect(t.count == 1 && t[0].refusal?.rule == .timerLimit)
        #expect(t[0].refusal?.detail == "waiting 3m20s would fire more than 100000 timers, the bound of one wait")
        #expect(w == before)
        // The model checker's step says it is refused, by the same rule (the world it steps is thrown away).
        var searched = before
        var rules = RuleSet()
        #expect(searched.stepForSearch(.wait(200_000), rules: &rules))
        #expect(rules.contains(.timerLimit))
        #expect(w.step(.wait(9_000)).count == 9_001)
    }

    @Test func allWaitsOfARunTogetherFireAtMostAMillionTimers() {
        var c = AppConfig()
        _ = c.assumptions.set("reducedAccuracyInterval", .duration(1))
        var w = World(config: c)
        for e: Event in [.app(.requestWhenInUseAuthorization), .user(.precise(false)), .user(.tap("Allow While Using App")), .app(.liveUpdates(true))] {
            _ = w.step(e)
        }
        w.timersFired = VirtualTime.maxTimersPerRun - 5_000
        #expect(w.step(.wait(4_000)).first?.refusal == nil)
        let t = w.step(.wait(4_000))
        #expect(t.first?.refusal?.detail?.contains("timers, the 1000000 of one run: ") == true, "\(String(describing: t.first?.refusal))")
    }
}
