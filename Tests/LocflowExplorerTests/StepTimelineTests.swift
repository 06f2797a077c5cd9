import Foundation
import Testing
@testable import LocflowCore
@testable import LocflowFlow
@testable import LocflowExplorer

/// Issue 36, point 1: the timeline tells the story a person walks.
@Suite("Session bars step by step")
struct StepTimelineTests {
    func bars(_ flow: String, width: Int = 120, height: Int = 40, steps: Bool = true, fit: Bool = false) throws -> [String] {
        var s = try explorer(flow, width: width, height: height)
        s.stepBars = steps
        if fit { s.zoomIndex = ExplorerState.zooms.count }
        let frame = render(s, glyphs: .unicode)
        let pane = try #require(frame.panes.first { $0.pane == .sessions })
        let lines = frame.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        return Array(lines[pane.y..<(pane.y + pane.height)])
    }

    func row(_ lines: [String], _ label: String) -> String? { lines.first { $0.hasPrefix("│ " + label + " ") } }
    /// The lane's cells after its label.
    func cells(_ line: String) -> [Character] { Array(line.dropFirst(2 + 14).dropLast(2)) }
    func firstColumn(_ line: String, where ok: (Character) -> Bool) -> Int? { cells(line).firstIndex(where: ok) }

    @Test func stepsWithNoWaitBetweenThemGetColumnsOfTheirOwn() throws {
        let lines = try bars("app session base whenInUse\napp session nav whenInUse\napp session trip whenInUse\napp invalidate nav")
        let base = try #require(row(lines, "session base")), nav = try #require(row(lines, "session nav")), trip = try #require(row(lines, "session trip"))
        let starts = [base, nav, trip].map { firstColumn($0) { $0 == "▇" } }
        #expect(starts[0]! < starts[1]! && starts[1]! < starts[2]!, "\(starts)")
        // The invalidated session ends with a cross; the others do not.
        #expect(nav.contains("✗"))
        #expect(!base.contains("✗") && !trip.contains("✗"))
        #expect(try #require(row(lines, "time")).contains("│0:00"))
    }

    @Test func anHourLongWaitIsALabelledBreakNotASquash() throws {
        let flow = """
        app requestWhenInUseAuthorization
        user tap "Allow Once"
        user background
        wait 1h
        user foreground
        """
        let lines = try bars(flow)
        let axis = try #require(row(lines, "time"))
        // The timers that fire while the app is away (suspension, the lapse) cut the hour into
        // labelled breaks, each event between them a column of its own.
        #expect(axis.contains("⋯ 58m50s ⋯") && axis.contains("│1:00:00"), "\(axis)")
        // The lapse and the relaunch are steps of their own, after the break.
        let events = cells(try #require(row(lines, "events")))
        let breakAt = try #require(cells(axis).lastIndex(of: "⋯"))
        #expect(events[(breakAt + 1)...].contains { $0 != " " && $0 != "▏" })
        #expect(try #require(row(lines, "app reads")).contains("when in use, once"))
    }

    @Test func aTenMinuteJumpKeepsTheStoryOnScreen() throws {
        let lines = try bars("app requestWhenInUseAuthorization\nuser tap \"Allow While Using App\"\nwait 10m")
        let axis = try #require(row(lines, "time"))
        #expect(axis.contains("│0:00") && axis.contains("⋯ 10m ⋯"))
        #expect(try #require(row(lines, "prompt")).contains("[") || row(lines, "prompt")!.contains("P"))
    }

    @Test func terminateThenRelaunchAtTheSameInstantLeavesATerminatedSpan() throws {
        let lines = try bars("app startMonitoringSignificantLocationChanges\nuser background\nsystem terminate\nsystem relaunch")
        #expect(try #require(row(lines, "process")).contains("·"))
        // In real time the same instant is one column: no terminated span.
        let real = try bars("app startMonitoringSignificantLocationChanges\nuser background\nsystem terminate\nsystem relaunch", steps: false)
        #expect(!(try #require(row(real, "process")).contains("·")))
    }

    @Test func fitShowsTheWholeHistory() throws {
        let lines = try bars("wait 3h\nuser background\nwait 20m", steps: false, fit: true)
        #expect(lines[0].contains("fit"))
        let process = cells(try #require(row(lines, "process")))
        // The suspended span at the end, and room after it, are on screen.
        #expect(process.contains("░"))
        #expect(process.last == " ")
        let axis = try #require(row(lines, "time"))
        #expect(axis.contains("3:00:00") || axis.contains("2:00:00"), "\(axis)")
    }

    @Test func theAuthorizationLanesShowProvisionalAlwaysAsASpan() throws {
        let lines = try bars("app requestAlwaysAuthorization\nuser tap \"Allow While Using App\"\nuser background\nwait 1m")
        #expect(try #require(row(lines, "app reads")).contains("always, provisional"))
        #expect(try #require(row(lines, "in Settings")).contains("While Using"))
        #expect(try #require(row(lines, "prompt")).contains("whenInUse"))
        let text = lines.joined(separator: "\n")
        #expect(text.contains("app reads: authorizationStatus"))
        #expect(text.contains("⋯ 1h ⋯ time passes"))
    }

    @Test func theColumnsModelPinsWidthsAndBreaks() throws {
        let s = try explorer("app requestWhenInUseAuthorization\nwait 5s\nuser tap \"Allow Once\"\nwait 1h")
        let bc = BarColumns.steps(s.history.samples, cols: 60)
        #expect(bc.breaks.map(\.ms) == [5_000, 3_600_000])
        #expect(bc.breaks.map(\.width) == [6, 6])
        // A crowded story: breaks lose their spaces, then their labels, before the end is cut.
        let tight = BarColumns.steps(s.history.samples, cols: 10)
        #expect(tight.breaks.allSatisfy { $0.width <= 5 })
        #expect(tight.hiddenBefore == 0 || tight.breaks.allSatisfy { $0.width == 1 })
    }
}

extension StepTimelineTests {
    @Test func onTheBarsTheFooterLeadsWithTheirKeys() throws {
        var s = try explorer("wait 5s")
        s.focus = .sessions
        let footer = String(render(s, glyphs: .unicode).text.split(separator: "\n").last!)
        #expect(footer.hasPrefix(" t bars: steps / real time  = bars: fit all time  z/Z zoom bars in/out"), "\(footer)")
        _ = s.update(.key(.char("t")))
        #expect(s.stepBars)
        _ = s.update(.key(.char("=")))
        #expect(!s.stepBars && s.zoomIndex == ExplorerState.zooms.count)
        _ = s.update(.key(.char("z")))
        #expect(s.zoomIndex == ExplorerState.zooms.count - 1)
    }
}
