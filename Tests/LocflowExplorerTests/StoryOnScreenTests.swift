import Foundation
import Testing
@testable import LocflowCore
@testable import LocflowFlow
@testable import LocflowExplorer

/// Issue 36, points 2 and 3: every terminal, and nothing hidden from the person exploring.
@Suite("The story on screen")
struct StoryOnScreenTests {
    func key(_ s: inout ExplorerState, _ keys: String) {
        for ch in keys { _ = s.update(.key(ch == "→" ? .right : ch == "←" ? .left : .char(ch))) }
    }
    func text(_ s: ExplorerState, glyphs: Glyphs = .unicode) -> String { render(s, glyphs: glyphs).text }

    @Test(arguments: [(80, 24), (100, 30)])
    func aStepAboutTwoPanesShowsBothOnASmallScreen(_ width: Int, _ height: Int) throws {
        var s = try tour("1-provisional-always.flow", width: width, height: height)
        key(&s, " →→→→→")
        #expect(s.history.applied == 5)
        let frame = render(s, glyphs: .unicode)
        #expect(Set(frame.panes.map(\.pane)) == [.settings, .app])
        #expect(s.focus == .settings)
        // The Settings selection is on the option in force.
        #expect(s.settingsItems[s.selected(.settings)].checked == true)
        // The mark is not part of the caption.
        #expect(s.caption?.text == "Settings says While Using. Look at both, side by side.")
        #expect(!frame.text.contains("[panes"))
        key(&s, "→")
        #expect(render(s, glyphs: .unicode).panes.count == 1)
    }

    @Test func thePanesMarkIsTakenOutOfTheCaption() {
        #expect(HistoryStep.panesMark(in: "Look at both. [panes: settings, app]") == ("Look at both.", [.settings, .app]))
        #expect(HistoryStep.panesMark(in: "[panes: bars log] Then") == ("Then", [.sessions, .log]))
        #expect(HistoryStep.panesMark(in: "no mark").1 == [])
    }

    @Test func aStrayAppKeyWhilePresentingDoesNotLeaveTheTour() throws {
        var s = try tour("1-provisional-always.flow")
        key(&s, " →→→")
        #expect(s.world.prompt == nil)
        let applied = s.history.applied
        key(&s, "awbx")
        #expect(s.onTour && s.history.applied == applied)
        #expect(s.message?.contains("only the tour's keys") == true)
        key(&s, "t")  // a view key still acts
        #expect(!s.stepBars)
        key(&s, "ma")  // m: every key; then a is the presenter's own step
        #expect(!s.onTour)
    }

    @Test func everyDeviceEventIsOfferedAndAMoveThatBringsAPromptComesFirst() throws {
        var s = try explorer("app requestAlwaysAuthorization\nuser tap \"Allow While Using App\"\napp startMonitoringSignificantLocationChanges\nuser background\nwait 1m\nsystem terminate")
        let labels = s.items(.app).map(\.label)
        for event in ["device moves", "device stops (stationary)", "lose the fix (noFix)", "fix available again"] { #expect(labels.contains(event), "\(event)") }
        #expect(labels.prefix(2) == ["Device: a move brings a prompt", "device moves"])
        _ = s.perform(.step(.device(.stationary)))
        #expect(s.items(.app).map(\.label).contains("device moves"))
    }

    @Test func sMakesAServiceSessionAndAFullAccuracyOneSaysWhyNothingShows() throws {
        var s = try explorer("")
        key(&s, "s")
        #expect(s.world.sessions.contains { $0.id.string == "s1" })
        _ = s.perform(.step(.app(.session(id: Name("s2"), goal: .whenInUse, fullAccuracyKey: Name("Nav")))))
        #expect(s.message?.contains("Precise is on") == true)
    }

    @Test func preciseOffInSettingsShowsThePersonInSettings() throws {
        var s = try explorer("app requestWhenInUseAuthorization\nuser tap \"Allow While Using App\"")
        s.focus = .app
        key(&s, "p")
        #expect(s.focus == .settings)
        #expect(s.world.lifecycle != .foreground)
        #expect(s.message?.contains("background") == true)
        #expect(text(s).contains("background · in use · person in Settings") || text(s).contains("· person in Settings"))
    }

    @Test func theFocusShowsWithoutColourAndEnterSaysWhatItDoes() throws {
        var s = try explorer("")
        s.focus = .log
        let t = text(s)
        #expect(t.contains("▶ Event log"))
        let footer = String(t.split(separator: "\n").last!)
        #expect(!footer.contains("do it") && footer.contains("the whole why"))
        s.focus = .settings
        #expect(text(s).contains("▶ Settings") && !text(s).contains("▶ Event log"))
    }

    @Test func keyFactsWrapRatherThanCutAt120x40() throws {
        let s = try explorer("app requestWhenInUseAuthorization\nuser tap \"Allow Once\"\nuser settings precise off\nuser foreground\napp requestTemporaryFullAccuracyAuthorization Nav\nuser tap \"Allow Once\"")
        let t = text(s)
        #expect(t.contains("› Allow Once, temporary"))
        #expect(t.contains("Precise: off + temporary"))
        #expect(!t.contains("Allow Once…") && !t.contains("+ te…"))
    }

    @Test(arguments: [Glyphs.unicode, .ascii])
    func everyLaneGlyphIsDistinctWithoutColour(_ g: Glyphs) {
        let glyphs = [g.full, g.shade, g.light, g.dot, g.held, g.inUse, g.running]
        #expect(Set(glyphs).count == glyphs.count)
    }
}
