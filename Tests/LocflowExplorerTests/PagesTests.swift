import Foundation
import Testing
@testable import LocflowCore
@testable import LocflowFlow
@testable import LocflowExplorer

/// `shot` as a slide, `storyboard` and `html`: what a person pastes or opens.
@Suite("Pictures people paste, and a page they open")
struct PagesTests {
    static let tours = KoreanTourTests.root.appendingPathComponent("Assets/tours")

    static var tourFiles: [URL] {
        ((try? FileManager.default.contentsOfDirectory(at: tours, includingPropertiesForKeys: nil)) ?? [])
            .filter { $0.pathExtension == "flow" }.sorted { $0.path < $1.path }
    }

    func walk(_ text: String, language: Language = .en, start: Bool = false, size: (Int, Int) = (80, 24)) throws -> Walk {
        let flow = try FlowParser.parse(text, file: "t.flow")
        let (config, _) = try FlowRunner(flow: flow, baseDirectory: ".").makeConfig()
        return Walk(flow: flow, config: config.localizedSample(language.rawValue), configLines: [], width: size.0, height: size.1,
                    language: language, start: start, title: flow.description.joined(separator: " "))
    }

    func tourWalk(_ url: URL, language: Language, start: Bool) throws -> (Walk, Int) {
        let original = try Commands.load(url.path)
        let flow = Translation.localized(original, path: url.path, language: language.rawValue) { Issue.record("\($0)") }
        let (config, _) = try FlowRunner(flow: flow, baseDirectory: url.deletingLastPathComponent().path).makeConfig()
        let steps = flow.body.filter { if case .config = $0.statement { false } else { true } }.count
        return (Walk(flow: flow, config: config.localizedSample(language.rawValue), configLines: [], width: 80, height: 24,
                     language: language, start: start, title: flow.description.joined(separator: " ")), steps)
    }

    static let sample = """
    # Asking once.
    app requestWhenInUseAuthorization   # The app asks.
    expect prompt whenInUse
    user tap "Allow While Using App"
    # The person changes their mind
    # in Settings.
    user settings never
    wait 5m
    """

    // MARK: shot

    @Test func aPictureHasNoFooterAndShowsThePaneTheStepIsAbout() throws {
        let flow = try FlowParser.parse(Self.sample, file: "t.flow")
        var plain = Replay(flow: flow, config: AppConfig(), configLines: [], width: 80, height: 24)
        var slide = Replay(flow: flow, config: AppConfig(), configLines: [], width: 80, height: 24, picture: true)
        let footer = { (f: Frame) in f.text.split(separator: "\n", omittingEmptySubsequences: false)[f.height - 1] }
        #expect(footer(plain.frame).contains("quit"))
        #expect(!footer(slide.frame).contains("quit"))
        _ = plain.next(); _ = slide.next()
        // The prompt step: the prompt is in front.
        #expect(slide.state.promptFocused)
        #expect(slide.frame.text.contains("Allow While Using App"))
        _ = slide.next(); _ = slide.next()
        #expect(slide.state.focus == .app)
        _ = slide.next()  // user settings never
        #expect(slide.state.focus == .settings)
        _ = slide.next()  // wait 5m
        #expect(slide.state.focus == .sessions)
        // The bars fit the whole flow (five minutes) from the first frame: the scale does not change.
        let cols = 80 - 2 - Renderer.barLabelWidth - 2
        #expect(ExplorerState.zooms[slide.state.zoomIndex] * cols >= 300_000)
        #expect(slide.state.zoomIndex == Replay(flow: flow, config: AppConfig(), configLines: [], width: 80, height: 24, picture: true).state.zoomIndex)
    }

    // MARK: storyboard

    @Test func aStoryboardHasOnePanelPerStepWithItsCaption() throws {
        let w = try walk(Self.sample)
        #expect(w.panels.count == 5)
        #expect(w.panels[0].caption == "The app asks.")
        #expect(w.panels[3].caption == "The person changes their mind in Settings.")
        let svg = Storyboard.svg(w, theme: .light)
        let reader = try #require(SVGReader.read(svg))
        #expect(svg.components(separatedBy: "<g class=\"panel\"").count - 1 == 5)
        #expect(reader.texts.contains { $0.text.contains("The person changes their mind") })
    }

    @Test func everyTourMakesAStoryboardAndAPageInBothLanguages() throws {
        #expect(Self.tourFiles.count >= 7)
        for url in Self.tourFiles {
            for language in Language.allCases {
                let (w, steps) = try tourWalk(url, language: language, start: false)
                #expect(w.panels.count == steps, "\(url.lastPathComponent)")
                let svg = Storyboard.svg(w, theme: .dark)
                #expect(SVGReader.read(svg) != nil, "\(url.lastPathComponent) \(language)")
                #expect(svg.components(separatedBy: "<g class=\"panel\"").count - 1 == steps)
            }
        }
    }

    @Test func koreanIsKoreanThroughout() throws {
        let url = Self.tours.appendingPathComponent("3-temporary-full-accuracy.flow")
        let (w, _) = try tourWalk(url, language: .ko, start: false)
        let all = w.panels.map { $0.frame.text }.joined(separator: "\n")
        #expect(all.contains("길 안내에는 정확한 위치가 필요합니다"))
        #expect(!all.contains("Turn-by-turn"))
        #expect(w.panels.allSatisfy { ($0.caption ?? "").unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) } })
        // A flow with its own strings file keeps it.
        var c = AppConfig()
        c.strings = ["Nav": "x"]
        #expect(c.localizedSample("ko").strings == ["Nav": "x"])
    }

    // MARK: html

    @Test func thePageHasEveryStepTheTimelineAndRuleSources() throws {
        let w = try walk(Self.sample, start: true, size: (120, 40))
        let html = Walkthrough.html(w, theme: .light, language: .en)
        for step in 0...5 {
            #expect(html.contains("<section class=\"step\" id=\"step-\(step)\""))
            #expect(html.contains("<a href=\"#step-\(step)\" data-step=\"\(step)\">"))
        }
        #expect(html.contains("The app asks."))
        #expect(html.contains("<a href=\"https://developer.apple.com/"))
        // Self-contained: nothing fetched.
        for banned in ["src=\"http", "href=\"//", "@import", "url(http", "<link"] { #expect(!html.contains(banned)) }
        #expect(html.contains("selftest"))
    }

    @Test func thePageEscapesHostileText() throws {
        let hostile = """
        # Title </title><script>alert(1)</script> & "q" 'x'
        app requestWhenInUseAuthorization   # </script><script>alert(2)</script> <img src=x onerror=alert(3)> &amp;
        user tap "</script><b>x</b>"
        """
        let w = try walk(hostile, start: true, size: (120, 40))
        let html = Walkthrough.html(w, theme: .dark, language: .en)
        #expect(html.components(separatedBy: "<script").count - 1 == 1)
        #expect(html.components(separatedBy: "</script>").count - 1 == 1)
        #expect(!html.contains("<img"))
        #expect(!html.contains("<b>x"))
        #expect(html.contains("&lt;/script&gt;&lt;script&gt;alert(2)"))
        #expect(html.contains("&amp;amp;"))
        #expect(html.contains("&quot;q&quot; &#39;x&#39;"))
        // The storyboard of the same flow is well-formed SVG with the words as words.
        let svg = Storyboard.svg(try walk(hostile), theme: .light)
        let reader = try #require(SVGReader.read(svg))
        #expect(reader.counts["script"] == nil && reader.counts["img"] == nil)
        #expect(reader.texts.contains { $0.text.contains("</script><script>alert(2)") })
    }
}
