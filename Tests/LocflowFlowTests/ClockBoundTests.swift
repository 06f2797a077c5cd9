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
