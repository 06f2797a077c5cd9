import Foundation
import Testing
@testable import LocflowCore
@testable import LocflowFlow

let esc = "\u{1B}"
/// No byte that drives a terminal: ESC, BEL, CR, C1 controls, bidi overrides.
func isTerminalSafe(_ s: String) -> Bool {
    !s.unicodeScalars.contains { TextSafety.isUnsafe($0.value, keepNewlines: true) }
}

@Suite("Control characters from files are shown escaped in every output")
struct EscapeTests {
    @Test func checkAndRunEscapeWhatAFlowCarries() {
        let s = Scratch()
        let flow = s.write("evil.flow", """
            # \(esc)]0;owned\u{07}\(esc)[2J a title that would retitle the terminal
            user tap "\(esc)[31mAllow\u{9B}1m"
            expect message "\(esc)]0;x\u{07}\u{202E}"
            """)
        for r in [capture { Commands.check([flow], io: $0) }, capture { Commands.run(flow, format: .text, io: $0) },
                  capture { Commands.run(flow, format: .json, io: $0) }] {
            #expect(r.code == 1)
            #expect(isTerminalSafe(r.out) && isTerminalSafe(r.err), "\(r.out)\(r.err)")
        }
        let text = capture { Commands.run(flow, format: .text, io: $0) }.out
        #expect(text.contains(#"\u{1B}[31mAllow\u{9B}1m"#))
        let json = capture { Commands.run(flow, format: .json, io: $0) }.out
        // The event is the statement as a flow writes it: its control characters as \u{HEX}.
        #expect(json.contains(#""event":"user tap \"\\u{1B}[31mAllow\\u{9B}1m\"""#), "\(json)")
        for line in json.split(separator: "\n") {
            #expect((try? JSONSerialization.jsonObject(with: Data(line.utf8))) != nil, "not JSON: \(line)")
        }
    }

    @Test func parseErrorsEscapeAndShortenTheOffendingWord() {
        let message = parseError("wait \(esc)]0;" + String(repeating: "x", count: 5000))
        #expect(message == #"t.flow:1:6: error: expected a duration such as 5s, 250ms or 1h30m, found '\u{1B}]0;xxxxxxxxxxxxxxxxxxxxxxxxxxxx…'"#)
        #expect(parseError("user tap \"a\\\(esc)\"").contains(#"unknown escape \\u{1B}"#))
    }

    @Test func aFileThatIsNotAFlowIsNotQuotedBeyondAShortExcerpt() {
        // check /etc/shadow printed its first line.
        let s = Scratch()
        let secret = "root:$y$j9T$SECRETSALTSECRETSALT$HASHHASHHASHHASHHASHHASHHASHHASH:19700:0:99999:7:::"
        let path = s.write("shadow", secret + "\ndaemon:*:19700:0:99999:7:::\n")
        let r = capture { Commands.check([path], io: $0) }
        #expect(r.code == 2)
        #expect(r.err.contains("shadow:1:1: error: expected a statement"))
        #expect(!r.err.contains("SECRETSALTSECRET") && !r.err.contains("HASH") && !r.err.contains("daemon"))
        let strings = s.write("notes.strings", "confidential-first-word-of-a-long-document and more\n")
        do { _ = try InfoPlistLoader.loadStrings(path: strings); Issue.record("no error") } catch {
            #expect(!error.message.contains("and more") && !error.message.contains("long-document"), "\(error.message)")
        }
    }

    @Test func inspectEscapesWhatAPlistAndStringsFileCarry() {
        let s = Scratch()
        let plist = s.write("Info.plist", """
            <plist><dict><key>CFBundleDisplayName</key><string>\(esc)]0;pwned\u{07}App</string>
            <key>NSLocationWhenInUseUsageDescription</key><string>hi\(esc)[2J</string>
            <key>NSLocation\(esc)[5mOops</key><string>x</string></dict></plist>
            """)
        let strings = s.write("InfoPlist.strings", "\"NSLocationWhenInUseUsageDescription\" = \"\\U001B]0;t\\U0007 here\";\n")
        let r = capture { Commands.inspect(plist, strings: strings, platform: .ios18, io: $0) }
        #expect(r.code == 0)
        #expect(isTerminalSafe(r.out) && isTerminalSafe(r.err))
        #expect(r.out.contains(#"app name: \u{1B}]0;pwned\u{7}App"#))
        #expect(r.out.contains(#"\u{1B}]0;t\u{7} here"#))
    }
}

/// The lexer reads characters (grapheme clusters): a combining mark after a quote or an escape,
/// or a prepended mark before one, would hide it. What locflow writes escapes them, so every
/// string reads back as it was (the shrink fuzz target found a label `\u{0}` + U+073C).
@Suite("Written words read back whatever marks they hold")
struct JoiningMarkTests {
    static let labels = [
        "\u{0}\u{73C}x",            // a control's escape, then a combining mark
        "\u{301}Allow",             // a combining mark first: it would join the opening quote
        "a\"\u{301}b", "a\\\u{308}b", "a\n\u{20DD}",  // after \", \\ and \n
        "Allow\u{600}",             // a prepended mark last: it would join the closing quote
        "\u{200D}x", "x\u{FE0F}", "e\u{301}",  // a joiner, a variation selector, a plain accent
    ]

    @Test(arguments: labels)
    func aQuotedLabelReadsBack(_ label: String) throws {
        let line = "user tap " + quote(label)
        #expect(try FlowParser.parseStatement(line) == .step(.user(.tap(label))), "\(line.debugDescription)")
    }

    @Test(arguments: labels)
    func aWordReadsBack(_ id: String) throws {
        let line = "app startMonitoringRegion " + quoteIfNeeded(id)
        #expect(try FlowParser.parseStatement(line) == .step(.app(.startMonitoringRegion(id))), "\(line.debugDescription)")
    }

    /// The fuzz finding itself: its shrunk flow is written, parses and still fails.
    @Test func theShrunkFlowOfTheFuzzFindingParses() throws {
        let text = "app requestWhenInUseAuthorization\nuser tap \u{5}\u{0}\u{0}\u{73C}\u{EF02}\u{0}0\u{0}HHH\u{3}H\n"
        let flow = try FlowParser.parse(text, file: "crash.flow")
        var shrinker = Shrinker(flow: flow, baseDirectory: "/nonexistent-locflow")
        let outcome = try #require(try shrinker.shrink())
        let written = try shrinker.written(outcome, file: "short.flow", in: nil)
        #expect(written.failure != nil)
        _ = try FlowParser.parse(written.text, file: "short.flow")
    }
}
