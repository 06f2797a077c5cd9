import Testing
@testable import LocflowCore
@testable import LocflowFlow
@testable import LocflowExplorer

/// Issue 10, part 4: the keys people expect.
@Suite("The keys people expect")
struct KeysPeopleExpectTests {
    func fresh(_ w: Int = 120, _ h: Int = 40) -> ExplorerState {
        var s = ExplorerState(config: AppConfig(), width: w, height: h)
        s.speedIndex = 0
        return s
    }

    func footer(_ s: ExplorerState) -> String {
        let text = render(s, glyphs: .unicode).text.split(separator: "\n", omittingEmptySubsequences: false)
        return String(text[s.height - 1])
    }

    @Test(arguments: [(80, 24), (120, 40), (200, 60)])
    func theFooterAlwaysShowsHelpAndQuit(_ size: (Int, Int)) {
        var s = fresh(size.0, size.1)
        #expect(footer(s).contains("? help") && footer(s).contains("q quit"))
        _ = s.update(.key(.char("w")))
        #expect(footer(s).contains("? help") && footer(s).contains("q quit"), "with a prompt up")
    }

    @Test func closingHelpWithAKeyDoesNotAlsoRunIt() {
        var s = fresh()
        _ = s.update(.key(.char("?")))
        _ = s.update(.key(.char("b")))
        #expect(!s.showHelp)
        #expect(s.world.lifecycle == .foreground, "`? b` must not background the app")
        _ = s.update(.key(.char("w")))
        _ = s.update(.key(.char("?")))
        _ = s.update(.key(.enter))
        #expect(s.world.prompt?.kind == .whenInUse, "`w ? Enter` must not tap Allow Once")
        #expect(s.history.steps.count == 1)
    }

    @Test func thePromptFooterMatchesThePrompt() {
        var s = fresh()
        _ = s.update(.key(.char("w")))  // three buttons and a Precise switch
        #expect(footer(s).contains("1-3 tap button") && footer(s).contains(" p Precise switch"))
        _ = s.update(.key(.char("2")))
        _ = s.update(.key(.char("a")))  // the upgrade prompt: two buttons, no switch
        #expect(s.world.prompt?.kind == .alwaysUpgrade)
        #expect(footer(s).contains("1-2 tap button"))
        #expect(!footer(s).contains("1-3") && !footer(s).contains("Precise"))
    }

    @Test func tabAndTheLogWorkWhileAPromptIsUp() {
        for (w, h) in [(120, 40), (80, 24)] {
            var s = fresh(w, h)
            _ = s.update(.key(.char("w")))
            #expect(s.focus == .app)
            for _ in 0..<3 { _ = s.update(.key(.tab)) }
            #expect(s.focus == .log && s.world.prompt != nil)
            #expect(s.promptSelection == 0, "Tab moves between panes, not buttons")
            _ = s.update(.key(.enter))
            #expect(s.showDetails, "Enter opens the why of the log line")
            let text = render(s, glyphs: .unicode).text
            // (Tab cleared the status line's message: this is the details', wrapped at 80x24.)
            #expect(text.contains("what happened, and why") && text.contains("requestWhenInUseAuthorization from notDetermined shows the when-in-use"))
            _ = s.update(.key(.escape))
            #expect(s.world.prompt != nil && s.history.steps.count == 1, "reading the log does not answer the prompt")
            if h == 24 { #expect(render(s, glyphs: .unicode).text.contains("prompt on screen")) }
            _ = s.update(.key(.tab))  // back round to Settings: the prompt has the arrows again
            _ = s.update(.key(.down))
            #expect(s.promptSelection == 1)
        }
    }

    @Test func clickingAnAppActionDoesNotScrollTheList() {
        var s = fresh(80, 24)  // the action is on the list's last row
        let frame = render(s, glyphs: .unicode)
        // The list's last row (with the format 1.1 calls, an app call such as desiredAccuracy).
        let rows = frame.regions.compactMap { r -> (index: Int, x: Int, y: Int)? in
            if case .select(.app, let i) = r.command { (i, r.x, r.y) } else { nil }
        }
        let region = rows.max { $0.y < $1.y }!
        let index = region.index
        #expect(s.items(.app)[index].disabled == nil)
        _ = s.update(.click(x: region.x + 2, y: region.y))
        #expect(s.history.steps.count == 1, "the click performed the action")
        let after = render(s, glyphs: .unicode)
        // The row under the pointer is the same action.
        let row = after.regions.first { $0.command == .select(.app, index) }
        // The same row, or (when the status line below took more rows) still the list's last row.
        let lastRow = after.regions.compactMap { r -> Int? in if case .select(.app, _) = r.command { r.y } else { nil } }.max()
        #expect(row != nil && (row?.y == region.y || row?.y == lastRow), "\(after.text)")
    }

    @Test func theMouseWheelScrollsTheLog() {
        var s = fresh()
        for key in ["w", "1", "b", "f"] { _ = s.update(.key(.char(Character(key)))) }
        let frame = render(s, glyphs: .unicode)
        let log = frame.panes.first { $0.pane == .log }!
        _ = s.update(.scrollWheel(x: log.x + 5, y: log.y + 2, delta: -1))
        #expect(s.logScroll == 1)
        _ = s.update(.scrollWheel(x: log.x + 5, y: log.y + 2, delta: 1))
        #expect(s.logScroll == 0)
        #expect(s.focus == .app)
    }

    @Test func enterOnADimmedActionShowsItsWholeReason() {
        var s = fresh()
        _ = s.update(.key(.char("b")))
        _ = s.update(.key(.char("@")))  // suspended
        let steps = s.history.steps.count
        s.selection[.app] = 1
        _ = s.update(.key(.enter))
        #expect(s.history.steps.count == steps, "a dimmed action is not performed")
        #expect(s.messageIsError && s.message?.contains("is not running") == true)
    }
}
