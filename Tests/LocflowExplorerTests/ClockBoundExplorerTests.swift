import Testing
@testable import LocflowCore
@testable import LocflowExplorer
@testable import LocflowFlow

@Suite("The explorer's clock is bounded")
struct ClockBoundExplorerTests {
    @Test func openingALongFlowAndPressingRThousandsOfTimesNeverTraps() throws {
        // Before: open + r a few thousand times died of an overflow trap with the terminal left raw.
        let flow = try FlowParser.parse(String(repeating: "wait 876000h\n", count: 2000), file: "long.flow")
        var s = ExplorerState(config: AppConfig(), width: 120, height: 40)
        s.speedIndex = 0
        s.history.load(flow.body.map { line in
            guard case .step(let e) = line.statement else { fatalError() }
            return HistoryStep(.event(e), line: line.line)
        })
        for _ in 0..<2000 { _ = s.update(.key(.char("r"))) }
        #expect(s.history.applied == 2000)
        #expect(s.world.now == VirtualTime.limit)
        #expect(s.history.log.last?.refusal?.rule == .clockLimit)
        _ = render(s, glyphs: .unicode)   // the clock and the log draw at the limit
        s.history.advanceClock(by: Int.max)
        s.history.advanceClock(by: Int.max)
        #expect(s.world.now == VirtualTime.limit)
    }
}
