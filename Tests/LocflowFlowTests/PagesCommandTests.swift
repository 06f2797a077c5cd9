import Foundation
import Testing
import LocflowFlow

/// `locflow storyboard` and `locflow html` as a person types them: exit codes, the extension,
/// never through a link, every tour, and `map -o map.svg` writing SVG.
@Suite("storyboard, html and map -o on the command line")
struct PagesCommandTests {
    func locflow() throws -> Locflow { try #require(Locflow.find(), "the locflow executable is built with the tests") }

    @Test func everyTourMakesABoardAndAPage() throws {
        let dir = NSTemporaryDirectory() + "locflow-pages-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let tours = try FileManager.default.contentsOfDirectory(atPath: Locflow.root.path + "/Assets/tours").filter { $0.hasSuffix(".flow") }.sorted()
        #expect(tours.count >= 7)
        for tour in tours {
            for lang in ["en", "ko"] {
                let board = try locflow()("storyboard", "Assets/tours/" + tour, "--lang", lang, "-o", "\(dir)/\(tour)-\(lang).svg")
                #expect(board.code == 0 && board.out.contains("steps"), "\(tour) \(lang): \(board.err)")
                let page = try locflow()("html", "Assets/tours/" + tour, "--lang", lang, "-o", "\(dir)/\(tour)-\(lang).html")
                #expect(page.code == 0, "\(tour) \(lang): \(page.err)")
                let html = try String(contentsOfFile: "\(dir)/\(tour)-\(lang).html", encoding: .utf8)
                #expect(html.hasPrefix("<!DOCTYPE html>") && html.contains("id=\"step-1\""))
            }
        }
    }

    @Test func usageErrorsAndLinks() throws {
        let dir = NSTemporaryDirectory() + "locflow-pages-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let tour = "Assets/tours/1-provisional-always.flow"
        let noOutput = try locflow()("html", tour)
        #expect(noOutput.code == 2 && noOutput.err.hasPrefix("locflow html: give the output file with -o walkthrough.html"))
        let png = try locflow()("storyboard", tour, "-o", dir + "/b.png")
        #expect(png.code == 2 && png.err.hasPrefix("locflow storyboard: writes SVG"))
        let missing = try locflow()("storyboard", "/nonexistent.flow", "-o", dir + "/b.svg")
        #expect(missing.code == 2)
        let lang = try locflow()("html", tour, "--lang", "fr", "-o", dir + "/p.html")
        #expect(lang.code == 2 && lang.err.contains("--lang is en or ko"))
        #expect(symlink("victim.html", dir + "/link.html") == 0)
        let link = try locflow()("html", tour, "-o", dir + "/link.html")
        #expect(link.code == 2 && link.err.contains("symbolic link"), "\(link.err)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/victim.html"))
        let help = try locflow()("help")
        #expect(help.out.contains("locflow storyboard FILE.flow") && help.out.contains("locflow html FILE.flow"))
    }

    @Test func mapTakesItsFormatFromTheExtension() throws {
        let dir = NSTemporaryDirectory() + "locflow-map-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for (name, start) in [("map.svg", "<svg"), ("map.dot", "digraph"), ("map.mmd", "---"), ("map.txt", "Flow map:")] {
            let r = try locflow()("map", "-o", "\(dir)/\(name)")
            #expect(r.code == 0, "\(r.err)")
            #expect(try String(contentsOfFile: "\(dir)/\(name)", encoding: .utf8).hasPrefix(start), "\(name)")
        }
        // --theme dark for a dark slide; light or dark only, and for the svg map only.
        let dark = try locflow()("map", "--theme", "dark", "-o", "\(dir)/dark.svg")
        #expect(dark.code == 0, "\(dark.err)")
        #expect(try String(contentsOfFile: "\(dir)/dark.svg", encoding: .utf8).contains("fill=\"\(FlowMap.Palette.dark.background)\""))
        let blue = try locflow()("map", "--theme", "blue", "-o", "\(dir)/blue.svg")
        #expect(blue.code == 2 && blue.err.contains("--theme is light or dark"), "\(blue.err)")
        let dot = try locflow()("map", "--theme", "dark", "--format", "dot")
        #expect(dot.code == 2 && dot.err.contains("--theme colours the svg map"), "\(dot.err)")
    }
}
