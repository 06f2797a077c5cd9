import Foundation
import Testing
@testable import LocflowCore
@testable import LocflowFlow
@testable import LocflowExplore

/// Control characters in what locflow writes: a review found `paths` writing a plist named with
/// ESC as `"…esc\u{1B}[31m.plist"`, which `check` refused (unknown escape \u), and a purpose key
/// with ESC as a bare word. The lexer reads `\u{HEX}` (an extension) and every writer quotes so.
@Suite("Quoting control characters")
struct FlowQuotingTests {
    let esc = "\u{1B}"

    private func tapLabel(_ line: String) throws -> String? {
        let lines = try FlowParser.parse(line + "\n", file: "t.flow").lines
        if lines.count == 1, case .step(.user(.tap(let label))) = lines[0].statement { return label }
        return nil
    }

    @Test func aQuotedStringReadsUnicodeEscapes() throws {
        #expect(try tapLabel(#"user tap "a\u{1B}[31m\u{e9}\u{1F600}""#) == "a\(esc)[31mé😀")
        for bad in [#"\u1B"#, #"\u{}"#, #"\u{1234567}"#, #"\u{D800}"#, #"\u{110000}"#, #"\u{1B"#, #"\u{xyz}"#] {
            let message = parseError("user tap \"a\(bad)\"")
            #expect(message.hasPrefix("t.flow:1:12: error: a \\u escape is \\u{HEX}"), "\(bad): \(message)")
        }
    }

    @Test func whatIsQuotedReadsBackAsItWas() throws {
        for s in ["plain", "Allow Once", "a\"b\\c\nd", "\(esc)[31m", "cr\rlf", "tab\tbidi\u{202E}", "c1\u{9B}1m", "#x", ""] {
            let quoted = FlowQuoting.quote(s)
            #expect(!quoted.unicodeScalars.contains { TextSafety.isUnsafe($0.value, keepNewlines: false) }, "\(quoted)")
            #expect(try tapLabel("user tap " + quoted) == s)
            let region = try FlowParser.parse("app startMonitoringRegion \(FlowQuoting.word(s.isEmpty ? "x" : s))\n", file: "t.flow")
            #expect(region.lines.map(\.statement) == [ .step(.app(.startMonitoringRegion(s.isEmpty ? "x" : s)))], "\(s)")
        }
        #expect(FlowQuoting.word("Nav") == "Nav" && FlowQuoting.word("a\(esc)b") == #""a\u{1B}b""#)
        // A line that Event.flowText wrote: the bare word with ESC is quoted, the rest kept.
        #expect(FlowQuoting.line("app requestTemporaryFullAccuracyAuthorization Trail\(esc)Nav") == #"app requestTemporaryFullAccuracyAuthorization "Trail\u{1B}Nav""#)
        #expect(FlowQuoting.line("user tap \"Allow Once\"  # a caption") == "user tap \"Allow Once\"  # a caption")
    }

    /// `paths -o` with a plist whose name and purpose key hold ESC: the flows pass `check`.
    @Test func pathsWritesFlowsThatReadBack() throws {
        let s = Scratch()
        let complete = try String(contentsOfFile: "Assets/plists/complete.plist", encoding: .utf8)
        let plist = s.write("esc\(esc)[31m.plist", complete.replacingOccurrences(of: "<key>TrailNavigation</key>", with: "<key>Trail&#x1B;Nav</key>"))
        var builder = ConfigBuilder(baseDirectory: s.dir)
        try builder.apply(.plist(plist), at: nil)
        let r = capture { Commands.paths(config: builder.finish(), configLines: [ConfigStatement.plist(plist).flowText],
                                        to: "accuracy=fullAccuracy status=authorizedWhenInUse precise=off", max: 1,
                                        bounds: StateSearch.Bounds(depth: 6), directory: s.dir + "/out", io: $0) }
        #expect(r.code == 0, "\(r.err)")
        let text = try String(contentsOfFile: s.dir + "/out/path-01.flow", encoding: .utf8)
        #expect(text.contains(#"plist ""# + s.dir + #"/esc\u{1B}[31m.plist""#) && text.contains(#""Trail\u{1B}Nav""#), "\(text)")
        let check = capture { Commands.check([s.dir + "/out"], quiet: true, io: $0) }
        #expect(check.code == 0 && check.out.contains("1 flow checked\n3 passed, 0 failed"), "\(check.out)\(check.err)")
    }

    /// `shrink` on standard output (which escapes control characters) and a recording file.
    @Test func shrinkAndRecordingsQuoteBareWords() throws {
        let s = Scratch()
        let path = s.write("bare.flow", "app session home\(esc)[31m whenInUse\nexpect session home\(esc)[31m invalidated\n")
        let r = capture { Commands.shrink(path, output: nil, io: $0) }
        let shrunk = s.write("shrunk.flow", r.out)
        let check = capture { Commands.check([shrunk], quiet: true, io: $0) }
        #expect(check.code == 1 && check.out.contains(#"expected session "home\u{1B}[31m" invalidated, found active"#), "\(check.out)\(check.err)")
        #expect(r.out.contains(#"app session "home\u{1B}[31m" whenInUse"#), "\(r.out)")
        let recording = try RecordingFile(path: s.dir + "/rec.flow", lines: ["# recorded"])
        try recording.append("app startMonitoringRegion home\(esc)[31m")
        recording.close()
        let flow = try Commands.load(s.dir + "/rec.flow")
        #expect(flow.lines.map(\.statement) == [.step(.app(.startMonitoringRegion("home\(esc)[31m")))])
    }
}
