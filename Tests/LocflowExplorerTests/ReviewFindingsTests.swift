import Foundation
import Testing
@testable import LocflowCore
@testable import LocflowExplorer
@testable import LocflowFlow

/// The repository's root (for the sample flows).
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

/// An explorer with a flow file opened as `locflow open` does: configuration applied, steps loaded, paused.
func opened(_ path: String, width: Int = 120, height: Int = 40, language: Language = .en) throws -> ExplorerState {
    let flow = try Commands.load(repositoryRoot + "/" + path)
    var builder = ConfigBuilder(baseDirectory: repositoryRoot)
    for line in flow.config {
        if case .config(let c) = line.statement { try builder.apply(c, at: nil) }
    }
    var s = ExplorerState(config: builder.finish(), width: width, height: height)
    s.language = language
    s.speedIndex = 0
    s.history.load(flow.body.compactMap { line in
        switch line.statement {
        case .step(let e): HistoryStep(.event(e), line: line.line, caption: line.comment)
        case .expect(let x): HistoryStep(.expect(x), line: line.line, caption: line.comment)
        case .config: nil
        }
    })
    return s
}

func frameText(_ s: ExplorerState) -> String { render(s, glyphs: .unicode).text }

@Suite("Running the clock keeps a loaded flow")
struct ClockKeepsLoadedFlowTests {
    @Test func spaceAtStepZeroSetsTheStepsAsideAndUndoBringsThemBack() throws {
        var s = try opened("Assets/flows/relaunch-window.flow", width: 200, height: 60)
        let loaded = s.history.steps.count
        #expect(loaded == 30)
        #expect(frameText(s).split(separator: "\n")[0].contains("step 0/30"))
        _ = s.update(.tick(0))
        _ = s.update(.key(.char(" ")))
        #expect(s.message?.contains("the 30 steps ahead are set aside (u brings them back for r)") == true)
        _ = s.update(.tick(1_000))
        _ = s.update(.tick(2_000))
        #expect(s.world.now == 2_000)
        _ = s.update(.key(.char("u")))
        #expect(s.isPaused && s.world.now == 0)
        #expect(s.history.steps.count == loaded && s.history.applied == 0)
        #expect(s.message?.contains("the 30 steps set aside are back") == true)
        _ = s.update(.key(.char("r")))
        #expect(s.history.applied == 1)
        #expect(s.message?.hasPrefix("step 1 of 30") == true)
    }

    @Test func theStepsSetAsideSurviveAPlatformSwitch() throws {
        var s = try opened("Assets/flows/relaunch-window.flow")
        _ = s.update(.tick(0))
        _ = s.update(.key(.char(">")))
        _ = s.update(.tick(1_500))
        _ = s.update(.key(.char(" ")))
        _ = s.perform(.platformStep(-1))
        _ = s.update(.key(.char("u")))
        #expect(s.history.steps.count == 30 && s.history.applied == 0)
    }
}

@Suite("A true diagnostic's name and its value")
struct DiagnosticNameAndValueTests {
    @Test func aLongNameIsCutWithAnEllipsisAndASpaceBeforeTrue() throws {
        var s = try opened("Assets/tours/6-diagnostics-explained.flow")
        while s.history.canRedo { _ = s.perform(.redo) }
        s.wallNow += 1_000_000
        let text = frameText(s)
        #expect(!text.contains("Globalltrue"))
        #expect(text.contains("✓ authorizationDeniedGloba… true │"))
        // Every true property shows its value after a space, whatever cuts its name.
        for line in text.split(separator: "\n") {
            if let r = line.range(of: "true │") { #expect(line[line.index(before: r.lowerBound)] == " ", "\(line)") }
        }
    }
}
