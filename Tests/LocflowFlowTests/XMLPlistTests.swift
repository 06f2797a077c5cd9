import Foundation
import Testing
@testable import LocflowCore
@testable import LocflowFlow

func xmlError(_ text: String) -> String {
    do { _ = try XMLPlist.parse(Array(text.utf8)); return "no error" } catch {
        return (error.line.map { "\($0): " } ?? "") + error.message
    }
}

@Suite("XML plists: a bounded reader of our own")
struct XMLPlistTests {
    @Test func readsWhatFoundationWritesExactlyAsFoundationReadsIt() throws {
        let data = try PropertyListSerialization.data(fromPropertyList: BinaryPlistTests.sample, format: .xml, options: 0)
        let ours = try XMLPlist.parse(Array(data))
        let theirs = PlistValue(any: try PropertyListSerialization.propertyList(from: data, options: [], format: nil))
        #expect(ours == theirs)
    }

    @Test func readsWhatXcodeWrites() throws {
        let value = try XMLPlist.parse(Array(xmlPlist.utf8))
        guard case .dict(let d) = value else { Issue.record("not a dictionary"); return }
        #expect(d["CFBundleDisplayName"] == .string("Ferry Times"))
        #expect(d["UIBackgroundModes"] == .array([.string("audio")]))
        let entities = "<plist><dict><key>A&amp;B</key><string>&lt;x&gt; &quot;&apos; &#233;&#x1F600;<![CDATA[<raw>&amp;]]><!-- c --></string>"
            + "<key>N</key><integer> -0x10 </integer><key>R</key><real>2.5</real><key>T</key><true/><key>E</key><string/>"
            + "<key>F</key><false></false><key>Empty</key><dict/></dict></plist>"
        #expect(try XMLPlist.parse(Array(entities.utf8)) == .dict([
            "A&B": .string("<x> \"' é😀<raw>&amp;"), "N": .integer(-16), "R": .real(2.5), "T": .bool(true), "E": .string(""),
            "F": .bool(false), "Empty": .dict([:]),
        ]))
        let utf16 = [UInt8(0xFF), 0xFE] + "<plist><string>위치</string></plist>".utf16.flatMap { (u: UInt16) -> [UInt8] in [UInt8(u & 0xFF), UInt8(u >> 8)] }
        #expect(try XMLPlist.parse(utf16) == .string("위치"))
    }

    /// XML 1.0 §2.11: CR LF and a lone CR are read as LF (a usage description saved on Windows
    /// is not "line1\r\nline2"); `&#13;` still gives a CR; lines are still counted.
    @Test func windowsLineEndsReadAsLF() throws {
        let text = "<plist>\r\n<dict>\r\n<key>K</key><string>line1\r\nline2\rline3&#13;</string>\r\n</dict></plist>\r\n"
        #expect(try XMLPlist.parse(Array(text.utf8)) == .dict(["K": .string("line1\nline2\nline3\r")]))
        #expect(xmlError("<plist>\r\n<dict>\r\n<key>K</key>\r\n<nope/></dict></plist>").hasPrefix("4: "))
    }

    @Test func deepNestingIsRefusedNotAStackOverflow() {
        let deep = "<plist>" + String(repeating: "<array>", count: 100_000) + String(repeating: "</array>", count: 100_000) + "</plist>"
        let started = Date()
        #expect(xmlError(deep) == "1: arrays and dictionaries are nested more than 128 deep; locflow reads at most 128")
        #expect(Date().timeIntervalSince(started) < 5)  // at once: room for a loaded machine, none for a blow-up
    }

    @Test func entitiesAreNeverDeclaredOrExpanded() {
        let laughs = """
            <?xml version="1.0"?>
            <!DOCTYPE plist [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>
            <plist><string>&b;</string></plist>
            """
        #expect(xmlError(laughs) == "2: the DOCTYPE has an internal subset (entity declarations); locflow does not expand entities")
        #expect(xmlError("<plist><string>&b;</string></plist>").contains("the entity &b; is not one of XML's five"))
        #expect(xmlError("<plist><string>a & b</string></plist>").contains("a & that starts no entity"))
        #expect(xmlError("<plist><string>&#0;</string></plist>").contains("is not a character"))
        #expect(xmlError("<plist><string>&#xD800;</string></plist>").contains("is not a character"))
    }

    @Test func everyMistakeNamesItsLine() {
        #expect(xmlError("<plist>\n<dict>\n<key>A</key>\n<string>x\n</dict>\n</plist>") == "5: expected </string> to close <string> of line 4, found </dict>")
        #expect(xmlError("<plist>\r\n<dict>\r\n<key>A</key>\r\n</dict>") == "3: the key \"A\" has no value")
        #expect(xmlError("<plist><dict><string>x</string></dict></plist>").contains("expected <key> in a <dict>"))
        #expect(xmlError("<plist><integer>99999999999999999999</integer></plist>").contains("not a whole number that fits in 64 bits"))
        #expect(xmlError("<plist><integer>-9223372036854775808</integer></plist>") == "no error")
        #expect(xmlError("<plist><real>x</real></plist>").contains("not a number"))
        #expect(xmlError("<plist><blink/></plist>").contains("is not a property-list element"))
        #expect(xmlError("<plist><string>x</string></plist><plist/>").contains("text after the end"))
        #expect(xmlError("<plist><string>x") .contains("is not closed before the end of the file"))
        #expect(xmlError("<plist><string>\u{FF}</string></plist>") == "no error")
        #expect(xmlError("{ A = B; }").contains("not an XML property list"))
        #expect(xmlError("").contains("holds no property list"))
        var bad = Array("<plist><string>".utf8); bad += [0xC3, 0x28]; bad += Array("</string></plist>".utf8)
        do { _ = try XMLPlist.parse(bad); Issue.record("no error") } catch { #expect(error.message.contains("not UTF-8 text")) }
    }

    @Test func aLargeStringWithinTheLimitIsReadQuickly() throws {
        let text = String(repeating: "x", count: 4_000_000)
        let started = Date()
        #expect(try XMLPlist.parse(Array("<plist><string>\(text)</string></plist>".utf8)) == .string(text))
        #expect(Date().timeIntervalSince(started) < 5)  // at once: room for a loaded machine, none for a blow-up
    }
}
