import Foundation
import Testing
@testable import LocflowCore
@testable import LocflowFlow
@testable import LocflowExplorer

/// A tour from Assets/tours, loaded as `locflow play` loads it (with `language`, its words from
/// the translation beside it, as `play --lang` takes them).
func tour(_ name: String, width: Int = 120, height: Int = 40, every: Int = 1_000, language: Language = .en,
          configure: (inout AppConfig) -> Void = { _ in }) throws -> ExplorerState {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let path = root.appendingPathComponent("Assets/tours/\(name)").path
    var warnings: [String] = []
    let flow = Translation.localized(try FlowParser.parse(String(contentsOfFile: path, encoding: .utf8), file: path),
                                     path: path, language: language.rawValue) { warnings.append($0) }
    #expect(warnings.isEmpty, "\(warnings)")
    var builder = ConfigBuilder(baseDirectory: root.appendingPathComponent("Assets/tours").path)
    for line in flow.config { if case .config(let c) = line.statement { try builder.apply(c, at: nil) } }
    var config = builder.finish()
    configure(&config)
    var s = ExplorerState(config: config, width: width, height: height)
    s.language = language
    s.history.load(flow.body.compactMap { line in
        switch line.statement {
        case .step(let e): HistoryStep(.event(e), line: line.line, caption: line.comment)
        case .expect(let x): HistoryStep(.expect(x), line: line.line, caption: line.comment)
        case .config: nil
        }
    })
    s.startTour(every: every, title: flow.description.joined(separator: " "))
    return s
}

func tourNames() -> [String] {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    return ((try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("Assets/tours").path)) ?? [])
        .filter { $0.hasSuffix(".flow") }.sorted()
}

/// Issue 10, part 1: presenter mode.
@Suite("Presenter mode")
struct PresenterTests {
    func key(_ s: inout ExplorerState, _ keys: String) {
        for ch in keys { _ = s.update(.key(ch == "→" ? .right : ch == "←" ? .left : .char(ch))) }
    }

    func onTheTour(_ s: ExplorerState) -> Bool {
        s.history.steps.map(\.flowText) == s.autoplay!.tour.map(\.flowText)
    }

    @Test func theToursStepsSurviveAnyKey() throws {
        var s = try tour("2-allow-once-running-out.flow")
        let count = s.history.steps.count
        key(&s, " rrx")  // pause, two steps, then a stray force quit: ignored, the tour's keys only
        #expect(s.world.lifecycle == .foreground && s.onTour)
        key(&s, "mx")    // with every key (m), the force quit is a branch of the presenter's own
        #expect(s.world.lifecycle == .terminated)
        #expect(!s.onTour)
        #expect(render(s, glyphs: .unicode).text.contains("back to the tour"))
        key(&s, "r")     // returns to the tour where it was left
        #expect(s.onTour && s.history.applied == 2 && onTheTour(s))
        #expect(s.world.lifecycle == .foreground)
        key(&s, "r")
        #expect(s.history.applied == 3 && s.history.steps.count == count)
        #expect(s.message?.contains("nothing to redo") != true)
        // Back steps back along the tour; the steps after stay.
        key(&s, "←←")
        #expect(s.history.applied == 1 && onTheTour(s))
        // A manual action, then back (←), also returns.
        key(&s, "3←")  // Don't Allow instead of the tour's Allow Once, then back
        #expect(s.onTour && s.history.applied == 1 && onTheTour(s))
    }

    @Test(arguments: tourNames())
    func theCaptionAreaShowsTheWholeIntroAndEveryCaption(_ name: String) throws {
        var s = try tour(name)
        key(&s, " ")
        for _ in 0...s.history.steps.count {
            let text = render(s, glyphs: .unicode).text
            let flat = text.replacingOccurrences(of: "│", with: " ").split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
            let caption = try #require(s.caption)
            let words = caption.text.split(separator: " ").joined(separator: " ")
            #expect(flat.contains(words), "step \(s.history.applied) of \(name): caption cut")
            #expect(!text.contains("requestWhenInUse ") || !text.split(separator: "\n").last!.contains("requestWhenInUse"), "explorer keys in the footer")
            _ = s.update(.key(.right))
            _ = s.update(.key(.right))  // a wait shown growing ends at the second press
        }
        #expect(onTheTour(s))
    }

    @Test func aLongStepIsWholeIn80Columns() throws {
        var s = try tour("6-diagnostics-explained.flow", width: 80, height: 24)
        key(&s, " →→")
        let text = render(s, glyphs: .unicode).text
        #expect(text.contains("expect diagnostics liveUpdates authorizationRequestInProgress"))
        #expect(!text.split(separator: "\n").suffix(6).joined().contains("…"))
    }

    @Test func theFooterShowsOnlyTheToursKeys() throws {
        for (w, h) in [(80, 24), (120, 40)] {
            let s = try tour("1-provisional-always.flow", width: w, height: h)
            let footer = String(render(s, glyphs: .unicode).text.split(separator: "\n").last!)
            #expect(footer.contains("→ next") && footer.contains("← back") && footer.contains("Space pause") && footer.contains("q quit"))
            #expect(!footer.contains("Tab") && !footer.contains("requestWhenInUse") && !footer.contains("undo"))
        }
    }

    /// At the last step the header says the tour ended (it still said "playing the tour").
    @Test func theHeaderSaysWhenTheTourEnded() throws {
        var s = try tour("1-provisional-always.flow")
        let title = { (s: ExplorerState) in String(render(s, glyphs: .unicode).text.split(separator: "\n").first!) }
        #expect(title(s).contains("▶ playing the tour"))
        for _ in 0..<200 where s.history.canRedo || s.autoplay?.waiting != nil { key(&s, "→") }
        #expect(!s.history.canRedo)
        #expect(title(s).contains("end of the tour") && !title(s).contains("playing"), "\(title(s))")
        key(&s, "←")
        #expect(title(s).contains("▶ playing the tour") || title(s).contains("tour paused"), "\(title(s))")
    }

    @Test func waitsPlayOutOnScreenSoTheBarsFill() throws {
        var s = try tour("2-allow-once-running-out.flow", every: 500)
        var wall = 0
        _ = s.update(.tick(wall))
        // Play to the first wait (step 6: wait 10s).
        while s.history.applied < 6 { wall += 50; _ = s.update(.tick(wall)) }
        #expect(s.autoplay?.waiting != nil)
        var nows: [Millis] = []
        while s.autoplay?.waiting != nil { wall += 50; _ = s.update(.tick(wall)); nows.append(s.world.now) }
        #expect(nows.count >= 20, "the wait takes at least a second and a half")
        #expect(Set(nows).count > 10, "time moves on screen")
        #expect(s.world.now == 10_000 && onTheTour(s))
        #expect(s.focus == .sessions)
        let bars = render(s, glyphs: .unicode).text.split(separator: "\n").first { $0.hasPrefix("│ process ") }!
        #expect(bars.filter { $0 == "▒" || $0 == "░" }.count >= 5, "the bars show the background time: \(bars)")
    }

    @Test func eachStepFocusesItsPane() throws {
        var s = try tour("2-allow-once-running-out.flow", width: 80, height: 24)
        key(&s, " ")
        key(&s, "→→→→")  // expect settings askNextTime
        #expect(s.focus == .settings)
        #expect(render(s, glyphs: .unicode).text.contains("ALLOW LOCATION ACCESS"))
        key(&s, "→")
        #expect(s.focus == .app)
    }

    @Test func presenterFrames() throws {
        var s = try tour("2-allow-once-running-out.flow")
        Golden.check("play-intro", s)
        key(&s, " →→→")
        Golden.check("play-step3", s)
        key(&s, "mx")
        Golden.check("play-off-the-tour", s)
    }
}
