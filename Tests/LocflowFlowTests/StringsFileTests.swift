import Foundation
import Testing
@testable import LocflowFlow

func utf16(_ s: String, bigEndian: Bool = false, bom: Bool) -> [UInt8] {
    var out: [UInt8] = bom ? (bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]) : []
    for u in s.utf16 { out += bigEndian ? [UInt8(u >> 8), UInt8(u & 0xFF)] : [UInt8(u & 0xFF), UInt8(u >> 8)] }
    return out
}

func utf32(_ s: String, bigEndian: Bool = false, bom: Bool) -> [UInt8] {
    var out: [UInt8] = bom ? (bigEndian ? [0, 0, 0xFE, 0xFF] : [0xFF, 0xFE, 0, 0]) : []
    for u in s.unicodeScalars {
        let v = u.value
        let le = [UInt8(v & 0xFF), UInt8((v >> 8) & 0xFF), UInt8((v >> 16) & 0xFF), UInt8(v >> 24)]
        out += bigEndian ? le.reversed() : le
    }
    return out
}

func stringsError(_ text: String) -> String {
    do { _ = try StringsFile.parse(Array(text.utf8)); return "no error" } catch { return "\(error.line ?? 0): \(error.message)" }
}

@Suite("Strings files as Apple's tools write them")
struct StringsFileTests {
    let sample = "/* Privacy */\n\"NSLocationWhenInUseUsageDescription\" = \"위치가 필요합니다 😀\";\n"
    let expected = ["NSLocationWhenInUseUsageDescription": "위치가 필요합니다 😀"]

    @Test func everyEncodingApplesToolsWriteWithOrWithoutABOM() throws {
        #expect(try StringsFile.parse(Array(sample.utf8)) == expected)
        #expect(try StringsFile.parse([0xEF, 0xBB, 0xBF] + Array(sample.utf8)) == expected)
        for be in [false, true] {
            #expect(try StringsFile.parse(utf16(sample, bigEndian: be, bom: true)) == expected)
            // UTF-16 without a BOM was refused: its NUL bytes give it away.
            #expect(try StringsFile.parse(utf16(sample, bigEndian: be, bom: false)) == expected)
            // UTF-32 gave a misleading error.
            #expect(try StringsFile.parse(utf32(sample, bigEndian: be, bom: true)) == expected)
            #expect(try StringsFile.parse(utf32(sample, bigEndian: be, bom: false)) == expected)
        }
        #expect(StringsFile.detect(utf16(sample, bom: false)).0 == .utf16LE)
        #expect(StringsFile.detect(utf32(sample, bigEndian: true, bom: false)).0 == .utf32BE)
    }

    @Test func surrogatePairsOctalAndEveryEscape() throws {
        let text = #""A" = "\UD83D\UDE00 \U00e9\u263A \101\102\7 \n\t\r\a\b\f\v \"\'\\ \q";"#
        #expect(try StringsFile.parse(Array(text.utf8)) == ["A": "😀 é☺ AB\u{07} \n\t\r\u{07}\u{08}\u{0C}\u{0B} \"'\\ q"])
        #expect(stringsError(#""A" = "\UD83D";"#).contains("the first half of a surrogate pair, and no \\U with the second half follows"))
        #expect(stringsError(#""A" = "\UD83D\U0041";"#).contains("is not a second half"))
        #expect(stringsError(#""A" = "\UDE00";"#).contains("the second half of a surrogate pair without the first"))
        #expect(stringsError(#""A" = "\U";"#).contains("\\U without hex digits"))
        #expect(stringsError(#""A" = "\351";"#).contains("the octal escape \\351 is above \\177"))
    }

    @Test func theShortFormAndBareWords() throws {
        #expect(try StringsFile.parse(Array("\"Cancel\";\nOK = Fine;\nkey.with-dots_1 = \"v\"; // done\n".utf8))
                == ["Cancel": "Cancel", "OK": "Fine", "key.with-dots_1": "v"])
    }

    @Test func brokenFilesSayWhatAndWhere() {
        #expect(stringsError("\"A\" = \"a\";\n\"B\" = \"b\"\n\"C\" = \"c\";") == "2: expected ; after the value of \"B\"")
        #expect(stringsError("\"A\" = \"a;\n\n") == "1: a quoted string is not closed")
        #expect(stringsError("/* open\n\n") == "1: a /* comment is not closed")
        #expect(stringsError("\"A\" = \"a\";\n\u{1B}[2J") == #"2: expected a quoted string, found '\u{1B}'"#)
        do { _ = try StringsFile.parse([0x22, 0xC3, 0x28, 0x22]); Issue.record("no error") } catch {
            #expect(error.message.hasPrefix("not UTF-8 text"))
        }
        do { _ = try StringsFile.parse([0xFF, 0xFE, 0x00, 0xD8, 0x41, 0x00]); Issue.record("no error") } catch {
            #expect(error.message.contains("lone surrogate"))
        }
        do { _ = try StringsFile.parse([0xFF, 0xFE, 0, 0, 0xFF, 0xFF, 0x11, 0]); Issue.record("no error") } catch {
            #expect(error.message.contains("not a character"))
        }
    }

    @Test func aUTF16FileWithoutABOMLoadsThroughInspect() {
        let s = Scratch()
        let path = s.write("InfoPlist.strings", data: Data(utf16(sample, bom: false)))
        #expect((try? InfoPlistLoader.loadStrings(path: path)) == expected)
    }
}
