import Foundation
import Testing
@testable import LocflowCore
@testable import LocflowFlow
@testable import LocflowExplorer

/// The tours in Korean (Assets/tours/ko): held to their tours, and played through in Korean.
@Suite("Tours in Korean")
struct KoreanTourTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test func everyTourHasATranslationWithTheSameStatements() throws {
        #expect(tourNames().count >= 7)
        for name in tourNames() {
            let path = Self.root.appendingPathComponent("Assets/tours/\(name)").path
            let ko = Translation.path(of: path, language: "ko")
            #expect(FileManager.default.fileExists(atPath: ko), "\(name) has no Korean translation")
            guard FileManager.default.fileExists(atPath: ko) else { continue }
            let en = try Commands.load(path)
            switch Translation.apply(try Commands.load(ko), to: en) {
            case .failure(let e): Issue.record("\(e.description)")
            case .success(let t):
                let hangul = { (s: String) in s.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) } }
                #expect(!t.description.isEmpty && t.description.allSatisfy(hangul), "\(name): the title is not in Korean")
                for (a, b) in zip(en.lines, t.lines) where a.comment != nil {
                    #expect(b.comment.map(hangul) ?? false, "\(name):\(a.line): the caption is not in Korean")
                }
            }
        }
    }

    /// Every frame of every tour presented in Korean, captions and titles included.
    @Test(arguments: tourNames())
    func aKoreanTourLeavesNoEnglishWordOnScreen(_ name: String) throws {
        var s = try tour(name, language: .ko) { $0.strings = KoreanTests().koreanStrings }
        var found: [String: Int] = [:]
        for _ in 0...s.autoplay!.tour.count {
            let text = render(s, glyphs: .unicode).text
            for word in KoreanTests.englishWords(text) where found[word] == nil {
                found[word] = s.history.applied
                if ProcessInfo.processInfo.environment["LOCFLOW_SHOW_ENGLISH"] != nil { print("=== \(word)\n" + text.split(separator: "\n").filter { $0.contains(word) }.joined(separator: "\n")) }
            }
            _ = s.update(.key(.right))
            if s.autoplay?.waiting != nil { _ = s.update(.key(.right)) }  // a wait being shown: to its end
        }
        #expect(s.history.applied == s.autoplay!.tour.count, "\(name): the tour did not reach its end")
        #expect(found.isEmpty, "\(name): English in Korean frames: \(found.sorted { $0.key < $1.key }.map { "\($0.key) (step \($0.value))" })")
    }

    @Test func aTranslationWithOtherStatementsIsNotUsed() throws {
        let en = try FlowParser.parse("# Tour: one\napp requestWhenInUseAuthorization  # asks\nuser tap \"Allow Once\"  # once\n", file: "t.flow")
        let good = try FlowParser.parse("# 투어: 하나\napp requestWhenInUseAuthorization  # 요청\nuser tap \"Allow Once\"  # 한 번\n", file: "ko/t.flow")
        guard case .success(let t) = Translation.apply(good, to: en) else { Issue.record("refused a matching translation"); return }
        #expect(t.description == ["투어: 하나"] && t.lines.map(\.comment) == ["요청", "한 번"] && t.lines.map(\.statement) == en.lines.map(\.statement))
        for (text, line) in [("# 투어\napp requestAlwaysAuthorization  # 요청\nuser tap \"Allow Once\"\n", 2),   // another statement
                             ("# 투어\n\napp requestWhenInUseAuthorization\nuser tap \"Allow Once\"\n", 3),   // moved down a line
                             ("# 투어\napp requestWhenInUseAuthorization\n", 2),                               // one missing
                             ("# 투어\napp requestWhenInUseAuthorization\nuser tap \"Allow Once\"\nwait 1s\n", 4)] { // one more
            let bad = try FlowParser.parse(text, file: "ko/t.flow")
            guard case .failure(let e) = Translation.apply(bad, to: en) else { Issue.record("used a translation that differs: \(text)"); continue }
            #expect(e.location?.line == line, "\(e.description)")
        }
    }

    @Test func aBrokenTranslationWarnsAndKeepsTheOriginal() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("locflow-ko-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("ko"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("t.flow").path
        try "# Tour\nwait 1s  # a second\n".write(toFile: path, atomically: true, encoding: .utf8)
        try "# 투어\nwait 1s  # 일 초\nwait 2s\n".write(toFile: Translation.path(of: path, language: "ko"), atomically: true, encoding: .utf8)
        let flow = try Commands.load(path)
        var warnings: [String] = []
        let out = Translation.localized(flow, path: path, language: "ko") { warnings.append($0) }
        #expect(out == flow && warnings.count == 1 && warnings[0].contains("ko/t.flow:3:1: warning:"), "\(warnings)")
        // No translation, or English: nothing to say.
        warnings = []
        #expect(Translation.localized(flow, path: path, language: "en") { warnings.append($0) } == flow)
        try FileManager.default.removeItem(atPath: Translation.path(of: path, language: "ko"))
        #expect(Translation.localized(flow, path: path, language: "ko") { warnings.append($0) } == flow && warnings.isEmpty)
    }
}
