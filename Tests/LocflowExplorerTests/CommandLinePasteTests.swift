import Foundation
import Testing
@testable import LocflowCore
@testable import LocflowExplorer

/// A paste of 40,000 characters into the `:` line took 37 s (every key copied the line, every
/// frame measured it), and Esc and Ctrl-C waited behind it.
@Suite("The : line takes a paste in linear time")
struct CommandLinePasteTests {
    @Test func aLongPasteStopsAtTheLimitAndEscStillLeaves() {
        var s = ExplorerState(config: AppConfig())
        _ = s.update(.key(.char(":")))
        #expect(s.commandLine == "")
        let started = DispatchTime.now().uptimeNanoseconds
        for _ in 0..<40_000 { _ = s.update(.key(.char("x"))) }
        _ = render(s, glyphs: .unicode)
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        #expect(s.commandLine?.count == ExplorerState.maxCommandLine)
        #expect(s.messageIsError && s.message?.contains("holds at most 1024 characters") == true, "\(s.message ?? "")")
        #expect(seconds < 10, "40,000 keys took \(seconds) s")
        _ = s.update(.key(.escape))
        #expect(s.commandLine == nil)
    }
}
