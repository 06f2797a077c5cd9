import Foundation
import Testing
@testable import LocflowCore
@testable import LocflowFlow

/// docs/flow-format.md §1: "A line that cannot be parsed is an error that names the file, line
/// and column, says what was expected there, and (for a misspelt word) suggests the nearest
/// valid word." These hold it where locflow named the wrong place or suggested the same word.
@Suite("Errors name the right place and a useful word")
struct ErrorLocationTests {
    @Test func aByteThatIsNotUTF8IsReportedAtItsLineAndColumn() {
        // It was reported at 1:1 whatever line it was on.
        let s = Scratch()
        let path = s.dir + "/latin1.flow"
        let bytes = Array("platform ios17\r\nexpect title \"Caf".utf8) + [0xE9] + Array("\"\n".utf8)
        _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
        let r = capture { Commands.check([path], quiet: true, io: $0) }
        #expect(r.code == 2)
        #expect(r.err.contains("latin1.flow:2:18: error: the file is not UTF-8 text (the byte 0xE9 here is not UTF-8"), "\(r.err)")
    }

    @Test func theColumnOfABadByteCountsCharactersAfterABOMAndALoneCR() {
        let bytes = Array("\u{FEFF}# é\rwait 5s\nuser tap \"한".utf8) + [0xFF]
        let at = LineEnds.firstNonUTF8(bytes)
        #expect(at?.line == 3 && at?.column == 12 && at?.byte == 0xFF)
        #expect(LineEnds.firstNonUTF8(Array("wait 5s\n한\n".utf8)) == nil)
        // A truncated sequence at the very end, and an overlong encoding of "/".
        #expect(LineEnds.firstNonUTF8(Array("ab".utf8) + [0xE2, 0x82])?.column == 3)
        #expect(LineEnds.firstNonUTF8([0x61, 0x0A, 0xC0, 0xAF])?.line == 2)
    }

    @Test func aQuotedKeywordSaysToDropTheQuotesInsteadOfSuggestingItself() {
        // It said: found '1.1' (did you mean '1.1'?).
        #expect(parseError("version \"1.1\"") == "t.flow:1:9: error: expected a format version, found the quoted string \"1.1\" (a keyword is a bare word: write 1.1 without quotes)")
        #expect(parseError("platform \"ios17\"").contains("write ios17 without quotes"))
        #expect(parseError("restricted \"true\"") == "t.flow:1:12: error: expected true or false, found the quoted string \"true\" (a keyword is a bare word: write true without quotes)")
        #expect(!parseError("expect status \"denied\"").contains("did you mean"))
    }
}
