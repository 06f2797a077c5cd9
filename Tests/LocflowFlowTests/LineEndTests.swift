import Foundation
import Testing
@testable import LocflowCore
@testable import LocflowFlow

@Suite("CRLF, lone CR and the UTF-8 BOM are line ends, everywhere")
struct LineEndTests {
    @Test func aCommentEndingInCRLFDoesNotSwallowTheNextStatement() {
        // The false pass: the expect below fails, so check must exit 1 (it exited 0).
        let s = Scratch()
        let path = s.write("crlf.flow", "# a comment\r\nexpect status denied\r\n")
        let r = capture { Commands.check([path], quiet: true, io: $0) }
        #expect(r.code == 1)
        #expect(r.out.contains("crlf.flow:2: expected status denied"))
        #expect(r.out.contains("0 passed, 1 failed"))
    }

    @Test func crlfThroughoutParsesWithTheRightLineNumbers() throws {
        let text = "\u{FEFF}platform ios17\r\n\r\napp requestWhenInUseAuthorization # ask\r\nexpect prompt whenInUse\r\n"
        let flow = try FlowParser.parse(text, file: "w.flow")
        #expect(flow.lines.map(\.line) == [1, 3, 4])
        #expect(flow.lines.map(\.source) == ["platform ios17", "app requestWhenInUseAuthorization", "expect prompt whenInUse"])
        #expect(flow.lines[1].comment == "ask")
        #expect(!flow.lines.contains { $0.source.contains("\r") || ($0.comment ?? "").contains("\r") })
    }

    @Test func anErrorInACRLFFileIsOnOneLineAtTheRightLine() {
        let message = parseError("platform ios17\r\nwait 5\r\nexpect status denied\r\n")
        #expect(message == "t.flow:2:6: error: a duration needs a unit: write 5s, 5m or 5ms")
        #expect(!message.contains("\r") && !message.contains("\n"))
    }

    @Test func linesSplitOnBytesAsOnCharacters() {
        let texts = ["a\r\nb\rc\nd", "\n\n", "", "é\u{301}\r\n한\r", "x\r", "\r\n\r\n", "🇰🇷\n👍🏽\r\nz"]
        for t in texts {
            #expect(LineEnds.lines(t) == Substring(t).split(omittingEmptySubsequences: false, whereSeparator: LineEnds.isLineEnd), "\(t.debugDescription)")
        }
    }

    @Test func aHugeLineIsRefusedAtOnceWithItsLocation() {
        // A 10 MB word took seconds to lex; a line over 64 KB is refused before it is lexed.
        let text = "platform ios17\napp " + String(repeating: "x", count: 10_000_000) + "\n"
        #expect(parseError(text) == "t.flow:2:1: error: the line is over 64 KB; locflow reads lines of at most 64 KB")
        #expect((try? FlowParser.parse("wait " + String(repeating: "1", count: 60_000) + "s", file: "t.flow")) == nil)
    }

    @Test func loneCarriageReturnsAreLineEndsToo() {
        #expect(parseError("platform ios17\rwait 5\r") == "t.flow:2:6: error: a duration needs a unit: write 5s, 5m or 5ms")
    }

    @Test func theCommandLineTakesAPastedLineWithItsLineEndAndBOM() throws {
        #expect(try FlowParser.parseStatement("\u{FEFF}wait 5s\r\n") == .step(.wait(5_000)))
        #expect(try FlowParser.parseStatement("user background\r") == .step(.user(.background)))
        #expect(throws: FlowError.self) { try FlowParser.parseStatement("wait 5s\r\nuser background") }
    }

    @Test func stringsFilesWithCRLFCountLinesRight() {
        let text = "\u{FEFF}/* one */\r\n\"A\" = \"a\";\r\n\"B\" = \"b\"\r\n"
        do {
            _ = try InfoPlistLoader.parseStrings(text, path: "x.strings")
            Issue.record("no error")
        } catch {
            #expect(error.message.hasPrefix("x.strings:3:"))
        }
        #expect((try? InfoPlistLoader.parseStrings("\"A\" = \"a\";\r\n\"B\" = \"b\";\r\n", path: "x")) == ["A": "a", "B": "b"])
    }
}
