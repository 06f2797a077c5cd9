import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import LocflowCore
@testable import LocflowFlow

/// `locflow map --format svg`: locflow's own drawing of the user flow.
@Suite("locflow map as a designer's user flow")
struct FlowMapSVGTests {
    /// The main path runs left to right: every tap, request or wait that first reached a screen
    /// leads one column to the right, and the walk's path to every screen only moves right.
    @Test func theMainPathIsOrderedLeftToRight() {
        for platform in [Platform.ios18, .ios13, .ios14] {
            var config = AppConfig()
            config.platform = platform
            let map = FlowMap(config: config)
            let col = map.columns, place = map.placements
            #expect(col[0] == 0)
            for e in map.edges where e.kind != .settings && col[e.to] == col[e.from] + 1 {
                #expect(place[e.to].x > place[e.from].x)
            }
            // Every screen a tap, request or wait reaches sits after some screen that leads to it.
            for i in map.nodes.indices.dropFirst() {
                let into = map.edges.filter { $0.to == i && $0.kind != .settings }
                if !into.isEmpty { #expect(into.contains { col[$0.from] == col[i] - 1 }, "node \(i + 1) on \(platform)") }
            }
            // The start, then a request's prompt, then the screen a tap leads to.
            let ask = map.edges.first { $0.from == 0 && $0.kind == .app }!
            let tap = map.edges.first { $0.from == ask.to && $0.kind == .tap }!
            #expect(place[0].x < place[ask.to].x && place[ask.to].x < place[tap.to].x)
        }
    }

    @Test func promptsShowTheirPurposeStringAndButtonsAndSettingsIsAQuieterLayer() throws {
        let map = FlowMap(config: AppConfig())
        let svg = map.svg
        let data = Data(svg.utf8)
        #expect(XMLParser(data: data).parse())
        #expect(svg.contains("LocationMonitorSample shows where you are") || svg.contains(">are on the map.</text>"))
        #expect(svg.contains(">Allow While Using App</text>"))
        #expect(map.text.contains("“LocationMonitorSample shows where you are on the map.”"))
        // Settings changes: a table, no arrows, unless asked for.
        #expect(svg.contains("In Settings, from any screen"))
        #expect(!svg.contains("class=\"edge settings\""))
        #expect(!map.dot.contains("Settings ›"))
        let with = FlowMap(config: AppConfig(), extras: [.time, .settings])
        #expect(with.svg.contains("class=\"edge settings\"") || with.svg.contains("class=\"edge back settings\""))
        #expect(with.dot.contains("Settings ›"))
        #expect(with.nodes.count == map.nodes.count)
    }

    /// WCAG contrast of two `#rrggbb` colours.
    static func contrast(_ a: String, _ b: String) -> Double {
        func luminance(_ hex: String) -> Double {
            let v = Int(hex.dropFirst(), radix: 16) ?? 0
            func lin(_ c: Int) -> Double { let x = Double(c) / 255; return x <= 0.04045 ? x / 12.92 : pow((x + 0.055) / 1.055, 2.4) }
            return 0.2126 * lin(v >> 16 & 255) + 0.7152 * lin(v >> 8 & 255) + 0.0722 * lin(v & 255)
        }
        let (x, y) = (luminance(a), luminance(b))
        return (max(x, y) + 0.05) / (min(x, y) + 0.05)
    }

    /// Both palettes keep text and arrows readable: 4.5:1 on the background, and the cards'
    /// text on the cards (the faint Settings arrows are the one quieter layer).
    @Test func bothPalettesKeepTextReadable() {
        for (name, c) in [("light", FlowMap.Palette.light), ("dark", FlowMap.Palette.dark)] {
            for (role, colour) in [("text", c.text), ("secondary", c.secondary), ("muted", c.muted), ("number", c.number),
                                   ("tap", c.edges[.tap]!), ("app", c.edges[.app]!), ("time", c.edges[.time]!)] {
                #expect(Self.contrast(colour, c.background) >= 4.5, "\(name): \(role) \(colour) on \(c.background)")
            }
            for (card, fill) in [("prompt", c.prompt), ("screen", c.screen), ("allowed", c.allowed)] {
                for (role, colour) in [("text", c.text), ("muted", c.muted), ("button", c.edges[.tap]!)] where card == "prompt" || role != "button" {
                    #expect(Self.contrast(colour, fill) >= 4.5, "\(name): \(role) \(colour) on the \(card) card \(fill)")
                }
            }
        }
        // The dark map is drawn on its background, and the light one is the default.
        let map = FlowMap(config: AppConfig())
        #expect(map.svg(palette: .dark).contains("fill=\"\(FlowMap.Palette.dark.background)\""))
        #expect(map.svg == map.svg(palette: .light))
        #expect(!map.svg(palette: .dark).contains("#ffffff"))
    }

    @Test func hostileAppNamesStayText() throws {
        var config = AppConfig()
        config.strings = ["CFBundleDisplayName": "<b>&\"x\"</b>", "NSLocationWhenInUseUsageDescription": "</svg><script>x</script>"]
        let svg = FlowMap(config: config).svg
        #expect(XMLParser(data: Data(svg.utf8)).parse())
        #expect(!svg.contains("<script"))
        #expect(!svg.contains("<b>"))
    }
}
