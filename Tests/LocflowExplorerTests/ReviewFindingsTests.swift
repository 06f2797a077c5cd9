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

    /// A jump (`$`) or an action in the middle of a loaded flow sets the steps ahead aside too,
    /// and says so: they were dropped for good, silently.
    @Test func aJumpOrAnActionSetsTheStepsAsideAndSaysSo() throws {
        for key: Key in [.char("$"), .char("b")] {
            var s = try opened("Assets/flows/control-center.flow")
            let loaded = s.history.steps.count
            for _ in 0..<7 { _ = s.update(.key(.char("r"))) }
            _ = s.update(.key(key))
            #expect(s.history.applied == 8 && s.history.steps.count == 8)
            #expect(s.message?.contains("the \(loaded - 7) steps ahead are set aside (u back to here brings them back for r)") == true, "\(s.message ?? "")")
            _ = s.update(.key(.char("u")))
            #expect(s.history.steps.count == loaded && s.history.applied == 7, "\(key)")
        }
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

@Suite("Selecting an older log line")
struct LogSelectionTests {
    func logRows(_ s: ExplorerState) -> (frame: Frame, rows: [Int]) {
        let frame = render(s, glyphs: .unicode)
        let pane = frame.panes.first { $0.pane == .log }!
        return (frame, Array((pane.y + 1)..<(pane.y + pane.height - 1)))
    }

    @Test func theNewerLinesStayBelowWhileThereIsRoom() throws {
        // A tall log pane (the bars have few lanes at the start) with six lines.
        var s = try explorer("""
            app requestWhenInUseAuthorization
            user tap "Allow While Using App"
            app requestAlwaysAuthorization
            user tap "Change to Always Allow"
            user settings precise off
            """, width: 120, height: 60)
        s.focus = .log
        let before = logRows(s)
        let lines = { (f: Frame, rows: [Int]) in rows.map { y in String((1..<119).map { f[$0, y].char }) } }
        let shown = lines(before.frame, before.rows).filter { !$0.trimmingCharacters(in: " ").isEmpty }
        #expect(shown.count == 6, "\(shown)")
        for _ in 0..<3 { _ = s.update(.key(.up)) }
        let after = logRows(s)
        let now = lines(after.frame, after.rows).filter { !$0.trimmingCharacters(in: " ").isEmpty }
        #expect(now == shown, "the lines after the selected one went blank")
        // The third line is the selected one, and Enter opens it.
        let selectedRows = after.rows.filter { after.frame[2, $0].role == .selected }
        #expect(selectedRows == [after.rows[2]])
        #expect(s.selectedLogIndex == 2)
        // Up past the oldest line stays on it; Down comes straight back.
        for _ in 0..<10 { _ = s.update(.key(.up)) }
        #expect(s.selectedLogIndex == 0)
        _ = s.update(.key(.down))
        #expect(s.selectedLogIndex == 1)
        // A click opens the line under the pointer.
        _ = s.update(.click(x: 5, y: after.rows[4]))
        #expect(s.showDetails && s.selectedLogIndex == 4)
    }

    /// A log longer than its pane: Up moves the highlight up through the rows shown before the
    /// window moves (it pinned the selection to the bottom row, so each Up hid the newest line).
    @Test func aLongLogMovesTheHighlightBeforeTheWindow() throws {
        var s = try explorer((0..<30).map { $0 % 2 == 0 ? "user background" : "user foreground" }.joined(separator: "\n"), width: 120, height: 40)
        s.focus = .log
        let before = logRows(s)
        let text = { (f: Frame, y: Int) in String((1..<119).map { f[$0, y].char }) }
        let newest = text(before.frame, before.rows.last!)
        _ = s.update(.key(.up))
        let after = logRows(s)
        #expect(text(after.frame, after.rows.last!) == newest, "the newest line was scrolled away")
        #expect(after.rows.filter { after.frame[2, $0].role == .selected } == [after.rows[after.rows.count - 2]])
        // A page is the rows the pane shows: PgUp from the newest line lands on the top row.
        var paged = s
        _ = paged.update(.key(.down))
        _ = paged.update(.key(.pageUp))
        let page = logRows(paged)
        #expect(paged.logScroll == after.rows.count, "\(paged.logScroll) for \(after.rows.count) rows")
        #expect(page.rows.filter { page.frame[2, $0].role == .selected } == [page.rows[0]] || after.rows.count <= 1)
        // Past the top row the window follows the highlight.
        for _ in 0..<(after.rows.count + 2) { _ = s.update(.key(.up)) }
        let far = logRows(s)
        #expect(far.rows.filter { far.frame[2, $0].role == .selected } == [far.rows[0]])
    }
}

@Suite("The Settings options are whole")
struct SettingsOptionsWholeTests {
    /// The Settings pane's text, its rows trimmed and joined by spaces (a wrapped label reads whole).
    func settingsText(_ s: ExplorerState) -> String {
        let frame = render(s, glyphs: .unicode)
        guard let pane = frame.panes.first(where: { $0.pane == .settings }) else { return frame.text }
        return (pane.y..<(pane.y + pane.height)).map { y in
            String((pane.x..<(pane.x + pane.width)).compactMap { x in frame[x, y].continuation ? nil : frame[x, y].char })
                .trimmingCharacters(in: " ").trimmingCharacters(in: "│").trimmingCharacters(in: " ")
        }.joined(separator: " ")
    }

    @Test(arguments: [(Language.en, false), (.en, true), (.ko, false), (.ko, true)])
    func everyOptionShowsWhole(_ language: Language, _ widget: Bool) throws {
        for (w, h) in [(120, 40), (80, 24)] {
            var s = try explorer((widget ? "widget true\n" : "") + """
                app requestWhenInUseAuthorization
                user tap "Allow Once"
                """, width: w, height: h)
            s.language = language
            s.focus = .settings
            let text = settingsText(s)
            let options = s.items(.settings).filter { if case .step(.user(.settings)) = $0.command ?? .undo { true } else { false } }
            #expect(options.count >= 4)
            for o in options { #expect(text.contains(o.label), "\(o.label) at \(w)x\(h): \(text)") }
        }
    }
}

@Suite("The time axis's labels")
struct TimeAxisLabelTests {
    func seconds(_ label: Substring) -> Int? {
        let parts = label.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3, parts.dropFirst().allSatisfy({ $0.count == 2 }),
              let values = Optional(parts.compactMap { Int($0) }), values.count == parts.count else { return nil }
        return values.reduce(0) { $0 * 60 + $1 }
    }

    @Test(arguments: ["wait 12h", "wait 876000h", "wait 100h\nwait 59m"])
    func everyLabelIsWholeAndDistinct(_ waits: String) throws {
        for zoom in ExplorerState.zooms.indices {
            for width in [120, 200] {
                var s = try explorer(waits, width: width, height: 40)
                s.zoomIndex = zoom
                let text = frameText(s)
                let axis = try #require(text.split(separator: "\n").first { $0.hasPrefix("│ time ") })
                let labels = axis.dropFirst(15).split(separator: "│").map { $0.split(separator: " ").first ?? "" }.filter { !$0.isEmpty && $0 != "▏" }
                let times = labels.map(seconds)
                #expect(times.allSatisfy { $0 != nil }, "a label is cut at \(ExplorerState.zooms[zoom]) ms/col: \(axis)")
                let values = times.compactMap { $0 }
                #expect(values == values.sorted() && Set(values).count == values.count, "labels repeat at zoom \(zoom): \(axis)")
                #expect(!values.isEmpty || zoom == 0, "no label at all: \(axis)")
            }
        }
    }
}

@Suite("The events lane and its legend")
struct EventsLaneTests {
    func row(_ s: ExplorerState, _ prefix: String) -> String {
        frameText(s).split(separator: "\n").first { $0.hasPrefix(prefix) }.map(String.init) ?? ""
    }

    @Test func idleClockTimeIsNoEvent() {
        var s = ExplorerState(config: AppConfig(), width: 120, height: 40)
        _ = s.update(.tick(0))
        for t in stride(from: 1_000, through: 11_000, by: 1_000) { _ = s.update(.tick(t)) }
        _ = s.update(.key(.char(" ")))
        #expect(s.world.now == 11_000)
        let events = row(s, "│ events ")
        #expect(events.dropFirst(15).filter { $0 != " " && $0 != "▏" && $0 != "│" } == "c", "\(events)")
        // A wait that something happened in (a timer fired) still has its mark.
        var t = ExplorerState(config: AppConfig(), width: 120, height: 40)
        t.speedIndex = 0
        _ = t.perform(.step(.app(.requestWhenInUseAuthorization)))
        _ = t.perform(.step(.user(.tap("Allow Once"))))
        _ = t.perform(.step(.user(.background)))
        _ = t.perform(.step(.wait(30_000)))
        #expect(row(t, "│ events ").contains("◆"))
    }

    @Test func theLegendSaysWhatEachMarkIs() throws {
        for language in [Language.en, .ko] {
            var s = try explorer("app requestWhenInUseAuthorization")
            s.language = language
            let text = frameText(s)
            let (tap, callback, both, other, prompt) = language == .en
                ? ("T person taps", "c app is told", "T both", "◆ other", "P briefly")
                : ("T 사용자가 탭", "c 앱이 알림 받음", "T 둘 다", "◆ 그 밖", "P 잠깐")
            for part in [tap, callback, both, other, prompt] { #expect(text.contains(part), "\(part)") }
            #expect(!text.contains("T/c"))
        }
    }
}

@Suite("What each iOS version has")
struct VersionAccuracyTests {
    @Test(arguments: [("ios12", "Privacy › Location"), ("ios15", "Privacy › Location"), ("ios16", "Privacy & Security › Location"),
                      ("ios18", "Privacy & Security › Location")])
    func theSettingsHeaderNamesTheVersionsMenu(_ platform: String, _ header: String) throws {
        let s = try explorer("platform \(platform)")
        let text = frameText(s)
        #expect(text.contains("│ \(header) "))
        if header.hasPrefix("Privacy ›") { #expect(!text.contains("Privacy & Security")) }
    }

    @Test func theServicesOffAlertNamesTheVersionsMenu() throws {
        for (platform, menu) in [("ios15", "Privacy."), ("ios18", "Privacy & Security.")] {
            var s = try explorer("platform \(platform)\nuser settings locationServices off\nuser foreground\napp startUpdatingLocation")
            #expect(s.world.prompt?.kind == .servicesOff)
            #expect(s.promptMessage(s.world.prompt!) == "Location Services are off. Turn them on in Settings › \(menu)")
            s.language = .ko
            #expect(!s.promptMessage(s.world.prompt!).contains("Location"))
        }
    }

    @Test func beforeIOS14TheAppReadsNoAccuracyAndThePromptsMapClaimsNoPrecision() throws {
        for platform in ["ios12", "ios13", "ios13.4"] {
            let app = frameText(try explorer("platform \(platform)"))
            #expect(!app.contains("accuracy  fullAccuracy"), "\(platform)")
            #expect(app.contains("accuracy  – (no accuracyAuthorization)") && !app.contains("notDetermined full"), "\(platform)")
            let prompt = frameText(try explorer("platform \(platform)\napp requestWhenInUseAuthorization"))
            #expect(!prompt.contains("map: precise"), "\(platform)")
        }
        #expect(frameText(try explorer("platform ios14")).contains("accuracy  fullAccuracy"))
        #expect(frameText(try explorer("platform ios14\napp requestWhenInUseAuthorization")).contains("map: precise"))
    }
}

@Suite("Korean and the Settings page's words")
struct KoreanGapsTests {
    /// The pin's and the platform switch's status lines are Korean in a Korean explorer (they
    /// were English).
    @Test func pinAndPlatformSwitchSpeakKorean() throws {
        var s = try explorer("app requestWhenInUseAuthorization")
        s.language = .ko
        _ = s.update(.key(.char("e")))
        #expect(s.message?.contains("줄을 고정했습니다") == true && s.message?.contains("pinned") == false, "\(s.message ?? "")")
        _ = s.update(.key(.char("v")))
        #expect(s.message?.hasPrefix("이제 iOS 17 (전: iOS 18): ") == true, "\(s.message ?? "")")
    }

    @Test func theLogNamesTheSettingsChoiceAsTheSettingsPaneDoes() throws {
        for language in [Language.en, .ko] {
            var s = try explorer("app requestWhenInUseAuthorization\nuser tap \"Allow While Using App\"")
            s.language = language
            let entry = try #require(s.history.log.last)
            let changed = try #require(s.history.changes(entry, language: language))
            #expect(changed.contains(language == .en ? "Settings not listed→While Using the App" : "설정 목록에 없음→앱을 사용하는 동안"), "\(changed)")
            #expect(!changed.contains("whileUsing") && !changed.contains("unlisted"))
        }
    }

    @Test func theDetailsNameTheSettingsChoiceAsTheSettingsPaneDoes() throws {
        var s = try explorer("app requestWhenInUseAuthorization\nuser tap \"Allow While Using App\"")
        s.focus = .log
        _ = s.update(.key(.enter))
        let text = frameText(s)
        #expect(text.contains("· Settings While Using the App ·") && !text.contains("Settings whileUsing"))
    }

    @Test func undoSaysWhereItWentBackTo() throws {
        var s = try explorer("wait 1m\napp requestWhenInUseAuthorization")
        s.language = .ko
        _ = s.update(.key(.char("u")))
        #expect(s.message == "실행 취소: 1:00 시점으로 돌아갔습니다")
        s.language = .en
        _ = s.update(.key(.char("u")))
        #expect(s.message == "undone: back to 0:00")
    }

    @Test func theKoreanAppListSaysTheCurrentValue() throws {
        var s = try explorer("")
        s.language = .ko
        let labels = s.items(.app).map(\.label)
        #expect(labels.contains { $0.hasPrefix("desiredAccuracy 다음 값 .") && $0.hasSuffix("(현재 .best)") }, "\(labels)")
        #expect(labels.contains { $0.hasPrefix("activityType 다음 값 .") && $0.contains("(현재 .") })
    }
}

@Suite("Presenter: intro, off the tour, the end")
struct PresenterFindingsTests {
    func lines(_ s: ExplorerState) -> [String] { frameText(s).split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }

    @Test func theIntroReadsAsASentenceInBothLanguages() throws {
        let en = try tour("3-temporary-full-accuracy.flow")
        #expect(en.caption?.text.hasPrefix("Precise and approximate location") == true, "\(en.caption?.text ?? "")")
        let ko = try tour("3-temporary-full-accuracy.flow", language: .ko)
        #expect(ko.caption?.text.hasPrefix("정확한 위치와") == true, "\(ko.caption?.text ?? "")")
        // A name spelt with a small first letter keeps it (it read "IOS 18 CLServiceSession").
        for language in [Language.en, .ko] {
            let ios = try tour("4-session-layering.flow", language: language)
            #expect(ios.caption?.text.hasPrefix("iOS 18") == true, "\(ios.caption?.text ?? "")")
        }
    }

    @Test func offTheTourTheHeaderSaysSo() throws {
        var s = try tour("3-temporary-full-accuracy.flow")
        for k: Key in [.right, .right, .right, .right, .left, .char("m"), .char("b")] { _ = s.update(.key(k)) }
        #expect(!s.onTour)
        let header = lines(s)[0]
        #expect(header.contains("⏸ off the tour") && !header.contains("playing the tour"), "\(header)")
        #expect(header.hasSuffix("tour step 3/\(s.autoplay!.tour.count) "), "\(header)")
        _ = s.update(.key(.right))
        #expect(s.onTour && lines(s)[0].contains("step 3/"))
    }

    @Test func atTheEndTheFooterOffersOnlyBackAndQuit() throws {
        var s = try tour("3-temporary-full-accuracy.flow")
        while s.history.canRedo || s.autoplay?.waiting != nil { _ = s.update(.key(.right)) }
        let footer = lines(s).last { !$0.trimmingCharacters(in: " ").isEmpty } ?? ""
        #expect(lines(s)[0].contains("end of the tour"))
        #expect(!footer.contains("next") && !footer.contains("Space") && footer.contains("← back") && footer.contains("q quit"), "\(footer)")
        _ = s.update(.key(.left))
        #expect(lines(s).last { !$0.trimmingCharacters(in: " ").isEmpty }?.contains("→ next") == true)
    }
}

@Suite("Help, footer and status line say what keys do")
struct HelpAndFooterTests {
    func lines(_ s: ExplorerState) -> [String] { frameText(s).split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }
    func footer(_ s: ExplorerState) -> String { lines(s).last { !$0.trimmingCharacters(in: " ").isEmpty } ?? "" }

    @Test func theHelpAndTheDetailsSayTheArrowsScroll() throws {
        for language in [Language.en, .ko] {
            var s = ExplorerState(config: AppConfig(), width: 80, height: 24)
            s.language = language
            _ = s.update(.key(.char("?")))
            let text = frameText(s)
            #expect(text.contains(language == .en ? "↑↓ scroll, any other key closes" : "↑↓ 스크롤, 다른 키를 누르면 닫힘"))
            _ = s.update(.key(.down))
            #expect(s.showHelp, "an arrow scrolls the help, as its title says")
            _ = s.update(.key(.char("x")))
            #expect(!s.showHelp)
            s.focus = .log
            _ = s.update(.key(.enter))
            #expect(s.showDetails && frameText(s).contains(language == .en ? "↑↓ scroll, any other key closes" : "↑↓ 스크롤"))
        }
    }

    @Test func theCommandLinesFooterListsOnlyItsKeys() throws {
        var s = ExplorerState(config: AppConfig(), width: 120, height: 40)
        _ = s.update(.key(.char(":")))
        _ = s.update(.key(.char("w")))
        let f = footer(s)
        #expect(f.contains("⏎ run") && f.contains("Tab complete") && f.contains("Esc leave the line"), "\(f)")
        #expect(!f.contains("requestWhenInUse") && !f.contains("q quit") && !f.contains("? help"), "\(f)")
        _ = s.update(.click(x: 2, y: 39))  // a click on the footer does not throw the typed line away
        #expect(s.commandLine == "w")
        _ = s.update(.key(.escape))
        #expect(footer(s).contains("w requestWhenInUse") && footer(s).contains("q quit"))
    }

    @Test func pOnAPromptWithoutAPreciseSwitchSaysSo() throws {
        var s = try explorer("""
            app requestWhenInUseAuthorization
            user tap "Allow While Using App"
            app requestAlwaysAuthorization
            """)
        #expect(s.world.prompt?.kind == .alwaysUpgrade)
        _ = s.update(.key(.char("p")))
        #expect(s.message == "this prompt has no Precise switch" && s.messageIsError)
        #expect(s.world.prompt?.kind == .alwaysUpgrade)
    }

    @Test func tabTurnsTheStatusLineToTheNewPane() throws {
        var s = ExplorerState(config: AppConfig(), width: 120, height: 40)
        s.speedIndex = 0
        _ = s.update(.key(.char("w")))
        #expect(s.message != nil)
        _ = s.update(.key(.tab))
        #expect(s.message == nil)
        _ = s.update(.key(.char("Q")))
        _ = s.perform(.focus(.settings))
        #expect(s.message == nil)
    }
}

@Suite("The App pane's purpose key")
struct PurposeKeyTests {
    func purposeItems(_ s: ExplorerState) -> [Item] {
        s.items(.app).filter { $0.label.hasPrefix("requestTemporaryFullAccuracy(") || $0.label.hasPrefix("CLServiceSession(.whenInUse, \"") }
    }

    /// A plist without NSLocationTemporaryUsageDescriptionDictionary was offered the sample app's
    /// "Nav", as if it had that key. The calls stay (a request with a key the plist lacks is worth
    /// showing) under a key that is plainly none of the plist's, and the model says what happens.
    @Test func aPlistWithoutPurposeKeysIsNotGivenTheSamplesKey() throws {
        var s = try explorer("unset NSLocationTemporaryUsageDescriptionDictionary")
        let items = purposeItems(s)
        #expect(items.count == 2)
        for item in items { #expect(!item.label.contains("Nav") && item.label.contains("\"NoSuchKey\""), "\(item.label)") }
        let request = try #require(items.first)
        #expect(request.label == "requestTemporaryFullAccuracy(\"NoSuchKey\")")
        #expect(request.command == .step(.app(.requestTemporaryFullAccuracyAuthorization("NoSuchKey"))))
        #expect(request.disabled == nil, "the request can be made: it fails with kCLErrorPromptDeclined")
        _ = s.perform(try #require(request.command))
        #expect(s.world.completion == .promptDeclined && s.world.prompt == nil)
        // Asked again it changes nothing: dimmed, with the model's reason.
        let again = try #require(purposeItems(s).first)
        #expect(again.disabled?.hasPrefix("does nothing now: ") == true, "\(again.disabled ?? "nil")")
        #expect(again.disabled?.contains("NSLocationTemporaryUsageDescriptionDictionary") == true, "\(again.disabled ?? "nil")")
        // An empty dictionary has no key either.
        let empty = try explorer("unset NSLocationTemporaryUsageDescriptionDictionary\nkey NSLocationTemporaryUsageDescriptionDictionary.Hike \"x\"\nunset NSLocationTemporaryUsageDescriptionDictionary.Hike")
        #expect(empty.world.info.temporaryUsageDescriptions == [:])
        #expect(purposeItems(empty).allSatisfy { $0.label.contains("\"NoSuchKey\"") })
    }

    @Test func thePlistsOwnKeyIsNamed() throws {
        let s = try explorer("unset NSLocationTemporaryUsageDescriptionDictionary\nkey NSLocationTemporaryUsageDescriptionDictionary.Hike \"Trail maps need your precise location.\"")
        #expect(purposeItems(s).map(\.label) == ["requestTemporaryFullAccuracy(\"Hike\")", "CLServiceSession(.whenInUse, \"Hike\") as s1"])
        #expect(purposeItems(try explorer("")).first?.label == "requestTemporaryFullAccuracy(\"Nav\")")
    }
}
