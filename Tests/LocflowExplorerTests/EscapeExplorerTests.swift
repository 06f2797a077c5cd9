import Foundation
import Testing
@testable import LocflowCore
@testable import LocflowExplorer
@testable import LocflowFlow

@Suite("Reports and recordings escape what a flow carries")
struct EscapeExplorerTests {
    @Test func aReportShowsControlCharactersEscaped() throws {
        let text = "# \u{1B}]0;owned\u{07} title\nuser tap \"\u{1B}[2J\"\nexpect message \"\u{9B}x\u{202E}\"\n"
        let flow = try FlowParser.parse(text, file: "evil.flow")
        let (md, failed) = try Report.markdown(flow: flow, flowText: text, file: "evil.flow", baseDirectory: ".")
        #expect(failed == 2)
        #expect(!md.unicodeScalars.contains { TextSafety.isUnsafe($0.value, keepNewlines: true) })
        #expect(md.contains(#"\u{1B}[2J"#))
    }

    /// A tab in a usage description is whitespace on screen, as in the alert (a review found
    /// "tab<TAB>here" drawn as "tabhere"); other control characters are still never drawn.
    @Test func aTabInAUsageDescriptionIsASpaceOnScreen() {
        var config = AppConfig()
        config.info.whenInUseDescription = "Shows\tyour\t\tspot on\u{07} the map.\n\t\tIndented line."
        var s = ExplorerState(config: config, width: 120, height: 40)
        _ = s.perform(.step(.app(.requestWhenInUseAuthorization)))
        let text = render(s, glyphs: .unicode).text
        #expect(text.contains("Shows your spot on the map."), "\(text)")
        #expect(text.contains("Indented line."))
        #expect(!text.contains("Showsyour") && !text.contains("\t") && !text.contains("\u{07}"))
        var f = Frame(width: 12, height: 1)
        #expect(f.put(0, 0, "a\tb") == 3)
        #expect(f.text == "a b         \n")
    }

    /// What a flow carries stays text in the report: backticks cannot end a code span or the
    /// flow's block, HTML is shown, not run, a `|` does not split a table row (a review broke
    /// the steps table with `user tap "a|b`c``d"`).
    @Test func aReportKeepsBackticksPipesAndHTMLAsText() throws {
        let text = "# <script>alert(1)</script> & co\nuser tap \"a|b`c``d\"\nexpect status denied\n```\n"
        let flow = try FlowParser.parse(text.replacingOccurrences(of: "```\n", with: "# ```\n"), file: "bt.flow")
        let (md, _) = try Report.markdown(flow: flow, flowText: text, file: "bt.flow", baseDirectory: ".")
        // HTML only inside the flow's code block, where Markdown shows it as it is.
        #expect(md.contains("\n&lt;script&gt;alert(1)&lt;/script&gt; &amp; co\n"))
        #expect(md.components(separatedBy: "<script>").count == 2 && md.contains("````\n# <script>"))
        let row = try #require(md.split(separator: "\n").first { $0.hasPrefix("| 2 | 0:00 |") })
        #expect(row.contains("```user tap \"a\\|b`c``d\"```"), "\(row)")
        // Nine columns: the escaped pipe does not add one.
        #expect(row.replacingOccurrences(of: "\\|", with: "").filter { $0 == "|" }.count == 10, "\(row)")
        #expect(md.contains("- line 2: expected 'user tap \"a\\|b\\`c\\`\\`d\"'"), "\(md)")
        // The flow's own ``` cannot close its block.
        #expect(md.contains("\n````\n# <script>"), "\(md)")
        #expect(Markdown.code("`x`") == "`` `x` ``" && Markdown.code("plain") == "`plain`")
    }

    /// Markdown's text: nothing a stranger wrote becomes a heading, a link, an image, emphasis,
    /// HTML or a new table cell.
    @Test func markdownTextStaysText() {
        // No bare link either: GitHub links https://, www. and e-mail addresses in plain text.
        #expect(Markdown.text("see https://evil.example, www.evil.example and me@evil.example (at 1:05)")
                == "see https\\://evil.example, www\\.evil.example and me@<!-- -->evil.example (at 1:05)")
        #expect(Markdown.text("## Heading ![x](http://t.example/p.gif)") == "\\## Heading !\\[x\\](http\\://t.example/p.gif)")
        #expect(Markdown.text("[click me](https://evil.example) ~~x~~ *b* _i_") == "\\[click me\\](https\\://evil.example) \\~\\~x\\~\\~ \\*b\\* \\_i\\_")
        #expect(Markdown.text("Evil|App <img src=x onerror=alert(1)> `tick") == "Evil\\|App &lt;img src=x onerror=alert(1)&gt; \\`tick")
        #expect(Markdown.text("> quote") == "&gt; quote")
        #expect(Markdown.text("- item") == "\\- item" && Markdown.text("12. item") == "12\\. item" && Markdown.text("3s later") == "3s later")
        #expect(Markdown.text("two\nlines") == "two lines" && Markdown.text("Evil\r\n<b>x</b>") == "Evil &lt;b&gt;x&lt;/b&gt;")
        #expect(Markdown.code("a\r\nb|c") == "`a b\\|c`")
        #expect(Markdown.fence(for: "a ```` b") == "`````" && Markdown.fence(for: "plain") == "```")
    }

    /// The report writes the app's name, the description and every message through it, and
    /// says which warnings are the flow's own (with their line).
    @Test func aReportEscapesTheAppsNameAndTheDescription() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("locflow-md-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let plist = """
            <?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict>
            <key>CFBundleDisplayName</key><string>Evil|App &lt;img src=x onerror=alert(1)&gt;</string>
            <key>NSLocationWhenInUseUsageDescription</key><string>Shows you.</string></dict></plist>
            """
        try plist.write(toFile: dir + "/Info.plist", atomically: true, encoding: .utf8)
        let text = "# ## Heading ![x](http://t.example/p.gif)\nplist Info.plist\nplatform ios17\nplatform ios18\nuser tap \"[click me](https://evil.example)\"\n"
        let flow = try FlowParser.parse(text, file: dir + "/e.flow")
        let (md, _) = try Report.markdown(flow: flow, flowText: text, file: dir + "/e.flow", baseDirectory: dir)
        #expect(md.contains("| app | Evil\\|App &lt;img src=x onerror=alert(1)&gt; |"), "\(md)")
        #expect(md.contains("\n\\## Heading !\\[x\\](http\\://t.example/p.gif)\n"), "\(md)")
        #expect(md.contains("- line 5: expected 'user tap \"\\[click me\\](https\\://evil.example)\"'"), "\(md)")
        #expect(md.contains("| flow warning, line 4 | 'platform ios18' sets platform again (line 3 set it): the later line wins |"), "\(md)")
        // The file the flow loaded is named, and the bars carry no explorer keys or empty rows.
        #expect(md.contains("| Info.plist | `Info.plist` (line 2) |"), "\(md)")
        #expect(md.contains("┌─ Session bars (") && !md.contains("z/Z zoom"), "\(md)")
        let bars = md.components(separatedBy: "```text\n").last!.components(separatedBy: "\n```").first!.split(separator: "\n")
        #expect(Set(bars.map { $0.count }).count == 1, "\(bars)")
        #expect(!bars.contains { $0.dropFirst().dropLast().allSatisfy { $0 == " " || $0 == "|" } }, "\(bars)")
    }

    @Test func aRecordingsTitleIsEscapedAndItsFramesHoldOnlyOurOwnEscapes() throws {
        let flow = try FlowParser.parse("# \u{1B}]0;owned\u{07}\nuser tap \"\u{1B}]0;x\u{07}\"\n", file: "evil.flow")
        let cast = Recording.asciicast(flow: flow, config: AppConfig(), configLines: [], width: 100, height: 30, speed: 1, captions: true)
        let header = String(cast.split(separator: "\n")[0])
        #expect(header.contains(#""title":"\\u{1B}]0;owned\\u{7}""#))
        #expect(!cast.contains("\\u001b]0;"))   // no OSC from the flow reaches the frames
    }
}
