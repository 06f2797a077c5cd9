import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import LocflowCore
@testable import LocflowFlow
@testable import LocflowExplorer

/// Checks that text is well-formed XML; returns the elements by name and each text element's (x, text).
final class SVGReader: NSObject, XMLParserDelegate {
    var counts: [String: Int] = [:]
    var texts: [(x: Int, anchor: String?, text: String)] = []
    private var current: (x: Int, anchor: String?, text: String)?

    static func read(_ svg: String) -> SVGReader? {
        let reader = SVGReader()
        let parser = XMLParser(data: Data(svg.utf8))
        parser.delegate = reader
        return parser.parse() ? reader : nil
    }

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        counts[name, default: 0] += 1
        if name == "text" { current = (Int(attributes["x"] ?? "") ?? -1, attributes["text-anchor"], "") }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) { current?.text += string }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        if name == "text", let c = current { texts.append(c); current = nil }
    }
}

@Suite("Pictures: shot and animated SVG")
struct PictureTests {
    /// A small frame with every kind of cell: a box, plain and selected text, markup characters,
    /// a wide Hangul word, a block, a non-ASCII mark.
    var sample: Frame {
        var f = Frame(width: 14, height: 4)
        f.box(0, 0, 14, 4, title: "Box", glyphs: .unicode)
        f.put(2, 1, "a<b & \"c\"", .selected)
        f.put(2, 2, "위치 ok", .warn)
        f.put(10, 2, "█", .good)
        f.put(11, 2, "●", .accent)
        return f
    }

    /// The picture without its style sheet: the palette can change without touching the golden.
    func withoutStyle(_ svg: String) -> String {
        guard let a = svg.range(of: "<style>\n"), let b = svg.range(of: "</style>\n") else { return svg }
        return String(svg[..<a.lowerBound]) + "<style>…</style>\n" + String(svg[b.upperBound...])
    }

    @Test func shotMatchesItsGoldenByteForByte() throws {
        for theme in Theme.allCases {
            let svg = withoutStyle(SVGPicture.shot(sample, theme: theme, title: "sample <1>"))
            let file = Golden.dir.appendingPathComponent("picture-sample-\(theme.rawValue).svg")
            if Golden.updating {
                try svg.write(to: file, atomically: true, encoding: .utf8)
                continue
            }
            let expected = try String(contentsOf: file, encoding: .utf8)
            #expect(svg == expected, "\(file.lastPathComponent) differs; LOCFLOW_UPDATE_GOLDENS=1 rewrites it (read it)")
        }
    }

    @Test func theStyleSheetIsThePalette() {
        for theme in Theme.allCases {
            let svg = SVGPicture.shot(sample, theme: theme)
            for role in Role.allCases {
                let st = RoleStyle.of(role, theme: theme)
                let fg = st.fg < 0 ? theme.defaultForeground : RoleStyle.hex(st.fg)
                #expect(svg.contains(".f\(role.rawValue){fill:\(fg)\(st.bold ? ";font-weight:bold" : "")}"), "\(theme) \(role)")
                if st.bg >= 0 { #expect(svg.contains(".b\(role.rawValue){fill:\(RoleStyle.hex(st.bg))}")) }
            }
            #expect(svg.contains("fill=\"\(theme.defaultBackground)\""))
        }
    }

    @Test func cellsLandOnTheirColumnsAndHangulSpansTwo() throws {
        let svg = SVGPicture.shot(sample, theme: .dark)
        let reader = try #require(SVGReader.read(svg), "not well-formed XML")
        let w = SVGPicture.cellWidth
        // Text with markup characters survives escaping, at column 2.
        #expect(reader.texts.contains { $0.x == 2 * w && $0.text == "a<b & \"c\"" })
        // 위 at columns 2-3, 치 at 4-5: each centred on its two cells; "ok" follows at column 7.
        #expect(reader.texts.contains { $0.x == 3 * w && $0.anchor == "middle" && $0.text == "위" })
        #expect(reader.texts.contains { $0.x == 5 * w && $0.anchor == "middle" && $0.text == "치" })
        #expect(reader.texts.contains { $0.x == 7 * w && $0.text == "ok" })
        // The box is lines (one path per role and row), not characters; the block is a rectangle.
        #expect(!reader.texts.contains { $0.text.contains("─") || $0.text.contains("█") })
        #expect((reader.counts["path"] ?? 0) >= 4)
        #expect(svg.contains("<rect x=\"\(10 * w)\" width=\"\(w)\" height=\"\(SVGPicture.cellHeight)\" class=\"f\(Role.good.rawValue)\"/>"))
        // The selected run has its background colour.
        #expect(svg.contains("class=\"b\(Role.selected.rawValue)\""))
    }

    @Test func characterXMLCannotHoldIsReplaced() throws {
        var f = Frame(width: 10, height: 1)
        f.cells[0] = Cell(char: "\u{1}", role: .normal, continuation: false)
        f.cells[1] = Cell(char: "\u{FFFE}", role: .normal, continuation: false)
        #expect(SVGReader.read(SVGPicture.shot(f, theme: .light, title: "\u{0}bad")) != nil)
    }

    @Test func explorerShotOfAKoreanPromptIsStableAndWellFormed() throws {
        var state = try explorer("""
            plist Assets/plists/complete.plist
            strings Assets/plists/ko-InfoPlist.strings
            app requestWhenInUseAuthorization
            """)
        state.language = .ko
        let a = SVGPicture.shot(render(state, glyphs: .unicode), theme: .dark)
        let b = SVGPicture.shot(render(state, glyphs: .unicode), theme: .dark)
        #expect(a == b)
        let reader = try #require(SVGReader.read(a))
        #expect(reader.texts.contains { $0.text == "허" && $0.anchor == "middle" })
        #expect(a.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(a.contains("width=\"\(120 * SVGPicture.cellWidth)\" height=\"\(40 * SVGPicture.cellHeight)\""))
    }

    @Test func aLightPictureHasNoWhiteTextOnItsWhiteBackground() {
        // Text drawn on the page itself (no background of its own) must not be white or near it.
        for role in Role.allCases {
            let st = RoleStyle.of(role, theme: .light)
            guard st.bg < 0 else { continue }
            #expect(![15, 231, 255, 254, 253, 252].contains(st.fg), "\(role) is white on white")
        }
    }

    @Test func autoThemeReadsCOLORFGBG() {
        #expect(Theme.auto(colorFGBG: "15;0") == .dark)
        #expect(Theme.auto(colorFGBG: "0;15") == .light)
        #expect(Theme.auto(colorFGBG: "12;default;7") == .light)
        #expect(Theme.auto(colorFGBG: "default;default") == .dark)
        #expect(Theme.auto(colorFGBG: nil) == .dark)
    }

    @Test func xtermColoursAsHex() {
        #expect(RoleStyle.hex(16) == "#000000")
        #expect(RoleStyle.hex(231) == "#ffffff")
        #expect(RoleStyle.hex(24) == "#005f87")
        #expect(RoleStyle.hex(244) == "#808080")
        #expect(RoleStyle.hex(9) == "#ff0000")
    }

    /// Offline, a diagnostic that changed is highlighted in the frame of the step that changed
    /// it only (the highlight fades by the wall clock, which a replay does not have: a review saw
    /// authorizationRequestInProgress highlighted an hour after it turned false).
    @Test func aReplayHighlightsAChangeInItsOwnStepOnly() throws {
        let flow = try FlowParser.parse("app session s whenInUse\nuser tap \"Allow While Using App\"\nwait 1h\n", file: "hl.flow")
        var replay = Replay(flow: flow, config: AppConfig(), configLines: [], width: 120, height: 40)
        var highlighted: [Bool] = []
        while replay.next() != nil { highlighted.append(replay.frame.cells.contains { $0.role == .changed }) }
        #expect(highlighted == [true, true, false], "step 1 and 2 change the session's diagnostics, the wait does not")
    }

    @Test func animationHasAKeyframePerFrameAndDrawsRepeatedRowsOnce() throws {
        let flow = try FlowParser.parse("""
            # A short demo.
            app requestWhenInUseAuthorization  # The app asks.
            user tap "Allow Once"              # Once only.
            """, file: "demo.flow")
        var replay = Replay(flow: flow, config: AppConfig(), configLines: [], width: 80, height: 24)
        var frames = [(seconds: 0.0, frame: replay.frame)]
        while replay.next() != nil { frames.append((Double(replay.step) * 2, replay.frame)) }
        #expect(frames.count == 3)
        let svg = SVGPicture.animation(frames, hold: 2, theme: .dark, title: "demo")
        #expect(svg == SVGPicture.animation(frames, hold: 2, theme: .dark, title: "demo"))
        // Made a frame at a time (record -o demo.svg), the same bytes.
        var built = SVGAnimation(theme: .dark)
        for f in frames { built.add(f.frame, at: f.seconds) }
        #expect(built.count == 3 && built.finish(hold: 2, title: "demo") == svg)
        let reader = try #require(SVGReader.read(svg))
        // 0 s, 2 s and 4 s of a 6 s loop, and the end.
        #expect(svg.contains("@keyframes play{0%{transform:translateY(0)}33.333%{transform:translateY(-432px)}66.667%{transform:translateY(-864px)}100%{transform:translateY(-864px)}}"))
        #expect(svg.contains("animation:play 6s steps(1,end) infinite"))
        let uses = reader.counts["use"] ?? 0
        let rows = reader.counts["g"].map { $0 - 1 - 3 } ?? 0  // row definitions: every g but the strip and the 3 frames
        #expect(uses > rows, "rows that repeat across frames are reused")
        #expect(svg.contains("Once only."))  // the caption is on screen
    }
}
