import Foundation
import Testing
@testable import LocflowCore
@testable import LocflowFlow
@testable import LocflowExplorer

/// Issue 10, part 2: the session bars read without the README.
@Suite("Session bars read without the README")
struct SessionBarsTests {
    func bars(_ flow: String, width: Int = 120, height: Int = 40, zoom: Int = 1) throws -> [String] {
        var s = try explorer(flow, width: width, height: height)
        s.zoomIndex = zoom
        let frame = render(s, glyphs: .unicode)
        let pane = try #require(frame.panes.first { $0.pane == .sessions })
        let lines = frame.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        return Array(lines[pane.y..<(pane.y + pane.height)])
    }

    func row(_ lines: [String], _ label: String) -> String? { lines.first { $0.hasPrefix("│ " + label + " ") } }

    @Test func aPromptUpFor13SecondsIsOneSpanWithOneLabel() throws {
        let lines = try bars("app requestWhenInUseAuthorization\nwait 13s\nuser tap \"Allow Once\"")
        let prompt = try #require(row(lines, "prompt"))
        #expect(prompt.contains("[whenInUse"))
        #expect(!prompt.contains("PP"))
        #expect(prompt.filter { $0 == "[" }.count == 1)
    }

    @Test func eachLaneKindHasItsLegend() throws {
        let lines = try bars("app session nav always\nuser tap \"Allow While Using App\"\nuser background\nwait 1m\nsystem terminate\nwait 5s")
        let text = lines.joined(separator: "\n")
        #expect(text.contains("process: █ on screen ▒ background ░ suspended · not running"))
        #expect(text.contains("session: ▇ held by app ▒ kept by system"))
        #expect(try #require(row(lines, "session nav")).contains("▒"), "the glyph the legend explains")
        #expect(text.contains("events: T person taps c app is told T both ◆ other"))
        #expect(text.contains("prompt: [─] up P briefly"))
    }

    @Test(arguments: [0, 1, 2, 3, 4])
    func axisLabelsAreWholeMinutesAndSecondsNeverOverwritten(_ zoom: Int) throws {
        for wait in ["250ms", "12s", "12500ms", "95s", "20m"] {
            let lines = try bars("wait \(wait)", zoom: zoom)
            let axis = try #require(row(lines, "time"))
            #expect(!axis.contains("."), "no milliseconds: \(axis)")
            #expect(!axis.contains("…"))
            // Every tick mark is followed by a whole m:ss (or h:mm:ss) label.
            for part in axis.split(separator: "│").dropFirst().dropLast() {
                let label = String(part).replacingOccurrences(of: "▏", with: "").trimmingCharacters(in: .whitespaces)
                #expect(label.range(of: #"^\d+:\d\d(:\d\d)?$"#, options: .regularExpression) != nil, "label '\(label)' at zoom \(zoom) after \(wait)")
            }
        }
    }

    @Test func everyEventHasAMarkEvenZeroLengthStates() throws {
        // The app is in the background for no time at all at 0:05.
        let lines = try bars("wait 5s\nuser background\nuser foreground\nwait 5s")
        let events = try #require(row(lines, "events"))
        let cols = Array(events)
        let labelW = 2 + 14
        #expect(cols[labelW + 5] == "◆" || cols[labelW + 5] == "c", "\(events)")
    }

    @Test func theTimelineStartsAtTheLeft() throws {
        let lines = try bars("")
        let axis = try #require(row(lines, "time"))
        #expect(axis.hasPrefix("│ time          │0:00"))
        let process = try #require(row(lines, "process"))
        #expect(process.hasPrefix("│ process       █"))
    }
}
