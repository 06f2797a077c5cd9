import Testing
@testable import LocflowCore
@testable import LocflowFlow
@testable import LocflowExplorer

/// Issue 10, part 3: every cut shows, and the whole text is readable somewhere.
@Suite("Nothing is cut silently")
struct NothingCutSilentlyTests {
    func lines(_ s: ExplorerState) -> [String] {
        render(s, glyphs: .unicode).text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    @Test func aCutEndsWithAnEllipsis() {
        var f = Frame(width: 20, height: 2)
        #expect(f.put(0, 0, "gives provisional Always", maxWidth: 14) == 14)
        #expect(f.text.hasPrefix("gives provisi… "))
        f.put(0, 1, "다음 번에 묻기 또는", maxWidth: 10)  // a wide character does not fit the last column
        #expect(f.text.split(separator: "\n")[1].hasPrefix("다음 번에…"))
        #expect(TextWidth.truncate("(does nothing now)", 9) == "(does no…")
        #expect(TextWidth.truncate("fits", 9) == "fits")
        #expect(TextWidth.fit("trailing spaces   ", 15) == "trailing spaces")
        var g = Frame(width: 10, height: 1)
        g.put(0, 0, "ends here      ", maxWidth: 9)  // only spaces cut: no ellipsis
        #expect(!g.text.contains("…"))
    }

    @Test func wrappedTextCutToItsRoomEndsWithAnEllipsis() {
        let lines = TextWidth.wrap("LocationMonitorSample shows where you are on the map.", width: 30, lines: 1)
        #expect(lines == ["LocationMonitorSample shows w…"])
        #expect(TextWidth.wrap("short", width: 30, lines: 1) == ["short"])
        // The Settings page's usage text at 120x40 with the tour's lanes: cut, and says so.
        for h in 34...40 {
            var s = ExplorerState(config: AppConfig(), width: 120, height: h)
            s.speedIndex = 0
            for e: Event in [.app(.requestAlwaysAuthorization), .user(.tap("Allow While Using App"))] { _ = s.perform(.step(e)) }
            let text = render(s, glyphs: .unicode).text
            let line = text.split(separator: "\n").first { $0.contains("LocationMonitorSample shows") }
            #expect(line == nil || text.contains("where you are on the map.") || line!.contains("…"),
                    "the usage text lost its end silently at 120x\(h)")
        }
    }

    @Test func theProvisionalNoteWrapsWhole() throws {
        let s = try explorer("app requestAlwaysAuthorization\nuser tap \"Allow While Using App\"")
        let text = render(s, glyphs: .unicode).text
        #expect(text.contains("(the app reads Always:") && text.contains("provisional)"))
    }

    @Test func writingOverHalfAWideCharacterClearsTheOtherHalf() {
        var f = Frame(width: 6, height: 1)
        f.put(0, 0, "묻기")
        f.put(1, 0, "|")
        #expect(f.text == " |기  \n")
        #expect(f.cells.filter(\.continuation).count == 1)
    }

    /// A parser's message too long to stand beside the `:` line goes whole on the rows above it,
    /// with its "did you mean" (a review found it cut at 120 columns, the suggestion lost).
    @Test func aLongCommandLineErrorIsShownWholeAboveTheLine() {
        for width in [120, 80] {
            var s = ExplorerState(config: AppConfig(), width: width, height: 40)
            s.commandLine = ""
            for c in "user tapp \"x\"" { _ = s.commandLineKey(.char(c)) }
            _ = s.commandLineKey(.enter)
            #expect(s.commandLine == "user tapp \"x\"" && s.messageIsError)
            let rows = lines(s)
            let at = rows.firstIndex { $0.hasPrefix(":user tapp") }
            #expect(at != nil && rows[at!].trimmingCharacters(in: .whitespaces) == ":user tapp \"x\"", "\(rows)")
            let above = rows[max(0, at! - 3)..<at!].map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
            #expect(above.contains("column 6: expected a user action (tap,") && above.hasSuffix("found 'tapp' (did you mean 'tap'?)"),
                    "at \(width): \(above)")
            #expect(!above.contains("…"), "nothing is cut at \(width)")
        }
        // A short one stays beside the line.
        var s = ExplorerState(config: AppConfig(), width: 120, height: 40)
        s.commandLine = ""
        for c in "wait" { _ = s.commandLineKey(.char(c)) }
        _ = s.commandLineKey(.enter)
        let row = lines(s).first { $0.hasPrefix(":wait") }
        #expect(row?.contains("column") == true, "\(row ?? "")")
    }

    /// The log's columns line up when times grow past 10 minutes and past an hour (the time
    /// column was sized for M:SS.mmm, and longer times pushed the rest right).
    @Test func theLogsColumnsLineUpPastTenMinutesAndAnHour() {
        var s = ExplorerState(config: AppConfig(), width: 120, height: 40)
        s.speedIndex = 0
        for e: Event in [.app(.requestWhenInUseAuthorization), .user(.tap("Allow Once")), .wait(88_459), .user(.background),
                         .wait(537_000), .user(.foreground), .wait(3_000_000), .user(.background)] { _ = s.perform(.step(e)) }
        let rows = lines(s).filter { $0.contains(" person ") || $0.contains(" app ") || $0.contains(" timer ") }
            .filter { $0.hasPrefix("│") && $0.range(of: #"^│ +[0-9:.]+ "#, options: .regularExpression) != nil }
        #expect(rows.count >= 4, "\(rows)")
        let starts = Set(rows.map { row in row.distance(from: row.startIndex, to: row.range(of: #"^│ +[0-9:.]+ "#, options: .regularExpression)!.upperBound) })
        #expect(starts.count == 1, "the actor column starts at one place: \(rows)")
        #expect(rows.contains { $0.contains("1:00:") }, "\(rows)")
    }

    /// On a terminal without UTF-8 (or with --ascii) the frame is plain ASCII: the prompt's
    /// curly quotes as straight ones, a wide character's two columns as ??, nothing moved (a
    /// review saw the title's quotes turned into ~@~ and its words lost under LANG=C).
    @Test func anASCIIFrameHasOnlyASCIIAndTheSameColumns() {
        var s = ExplorerState(config: AppConfig(), width: 120, height: 40)
        _ = s.perform(.step(.app(.requestWhenInUseAuthorization)))
        let unicode = render(s, glyphs: .ascii)
        let plain = unicode.asciiOnly()
        #expect(plain.cells.allSatisfy { $0.char.isASCII && !$0.continuation })
        #expect(plain.text.contains("Allow \"LocationMonitorSample\" to use your"), "\(plain.text)")
        var k = Frame(width: 12, height: 1)
        k.put(0, 0, "묻기 “x” › ")
        #expect(k.asciiOnly().text == "???? \"x\" >  \n")
        #expect(TextWidth.columns(of: String(k.text.dropLast())) == k.asciiOnly().text.count - 1, "the columns stay")
        // --ascii on a UTF-8 terminal: the marks become ASCII, Korean stays.
        #expect(k.asciiOnly(keepingLetters: true).text == "묻기 \"x\" >  \n")
        #expect(k.asciiOnly(keepingLetters: true).cells.filter(\.continuation).count == 2)
    }

    @Test func theSelectedItemsWholeTextIsOnTheStatusLine() throws {
        var s = ExplorerState(config: AppConfig(), width: 120, height: 40)
        s.language = .ko
        s.focus = .settings
        _ = s.perform(.step(.app(.requestWhenInUseAuthorization)))
        _ = s.perform(.step(.user(.tap("Allow Once"))))
        s.message = nil
        let index = s.items(.settings).firstIndex { $0.label.hasPrefix("다음 번에 묻기") }!
        s.selection[.settings] = index
        let text = lines(s)
        // Too long for its row: it wraps whole onto a second row (it used to be cut with an ellipsis).
        let row = try #require(text.firstIndex { $0.hasPrefix("│ ● 다음 번에 묻기 또는 내가") })
        #expect(!text[row].prefix(30).contains("…") && text[row + 1].hasPrefix("│   공유할 때 "), "wrapped whole in the pane: \(text[row + 1])")
        #expect(text[37...].contains { $0.contains("다음 번에 묻기 또는 내가 공유할 때") }, "whole on the status line")
    }

    @Test func aDimmedActionsWholeReasonIsShownWhenSelected() {
        var s = ExplorerState(config: AppConfig(), width: 80, height: 24)
        _ = s.perform(.step(.app(.requestAlwaysAuthorization)))
        _ = s.perform(.step(.user(.tap("Allow While Using App"))))
        _ = s.update(.key(.down))  // moving the selection clears the last message
        _ = s.update(.key(.up))
        let why = s.items(.app)[1].disabled!
        #expect(TextWidth.columns(of: why) > 80)
        let status = lines(s).suffix(4).joined(separator: " ")
        for word in why.split(separator: " ") { #expect(status.contains(word), "\(word) of the reason is missing") }
    }

    @Test func thePromptShowsTheWholeUsageDescriptionScrolling() {
        var config = AppConfig()
        let words = (1...120).map { "Wort\($0)" }
        config.strings["NSLocationWhenInUseUsageDescription"] = words.joined(separator: " ")
        var s = ExplorerState(config: config, width: 80, height: 24)
        _ = s.perform(.step(.app(.requestWhenInUseAuthorization)))
        var seen = Set<String>()
        for _ in 0..<20 {
            let text = lines(s).joined(separator: "\n")
            for w in words where text.contains(w + " ") || text.contains(w + "\n") || text.contains(w + " │") { seen.insert(w) }
            #expect(text.contains("PgUp/Dn"))
            _ = s.update(.key(.pageDown))
        }
        #expect(seen.count == words.count, "missing: \(words.filter { !seen.contains($0) }.prefix(5))")
        #expect(s.world.prompt != nil, "scrolling does not answer the prompt")
    }

    @Test func theWheelOverThePromptScrollsItsMessage() throws {
        var config = AppConfig()
        config.strings["NSLocationWhenInUseUsageDescription"] = (1...120).map { "Wort\($0)" }.joined(separator: " ")
        var s = ExplorerState(config: config, width: 80, height: 24)
        _ = s.perform(.step(.app(.requestWhenInUseAuthorization)))
        let box = try #require(render(s, glyphs: .unicode).scrollingPrompt)
        let log = s.logScroll
        _ = s.update(.scrollWheel(x: box.x + 3, y: box.y + 3, delta: 1))
        _ = s.update(.scrollWheel(x: box.x + 3, y: box.y + 3, delta: 1))
        #expect(s.promptScroll == 2 && s.logScroll == log)
        #expect(lines(s).joined(separator: "\n").contains("3-"), "the line counter moved: \(lines(s).joined(separator: "\n"))")
        _ = s.update(.scrollWheel(x: box.x + 3, y: box.y + 3, delta: -1))
        #expect(s.promptScroll == 1 && s.world.prompt != nil)
        // A short message does not scroll, and the wheel goes to the pane under the pointer.
        var short = ExplorerState(config: AppConfig(), width: 120, height: 40)
        _ = short.perform(.step(.app(.requestWhenInUseAuthorization)))
        #expect(render(short, glyphs: .unicode).scrollingPrompt == nil)
    }
}
