import Foundation
import Testing
@testable import LocflowCore
@testable import LocflowFlow

/// The project stands on its own: nothing in it points outside the repository, and the language
/// it documents is its own (docs/flow-format.md).
@Suite("The repository stands alone")
struct RepositoryTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func files(under dir: String, endingIn exts: [String]) -> [URL] {
        let base = root.appendingPathComponent(dir)
        guard let e = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) else { return [] }
        return e.compactMap { $0 as? URL }.filter { url in exts.contains { url.lastPathComponent.hasSuffix($0) } }
    }

    @Test func noFilePointsOutsideTheRepository() throws {
        var files = [Self.root.appendingPathComponent("README.md")]
        files += Self.files(under: "docs", endingIn: [".md"])
        files += Self.files(under: "Sources", endingIn: [".swift"])
        files += Self.files(under: "Assets", endingIn: [".flow"])
        #expect(files.count > 40)
        for url in files {
            let text = try String(contentsOf: url, encoding: .utf8)
            for outside in ["../shared", "/work/shared", "corelocation-behavior.md", "behaviour spec §"] {
                #expect(!text.contains(outside), "\(url.lastPathComponent) mentions \(outside)")
            }
            // A reference to the format's sections names the project's own document.
            #expect(!text.contains("flow-format §"), "\(url.lastPathComponent): write docs/flow-format.md §N")
        }
    }

    @Test func theFormatDocumentEndsWithTheAssumptionsTheExitCodesAndVersion11() throws {
        let doc = try String(contentsOf: Self.root.appendingPathComponent("docs/flow-format.md"), encoding: .utf8)
        let headings = doc.split(separator: "\n").filter { $0.hasPrefix("## ") }.map(String.init)
        // Version 1.1 (§8) follows the version 1 description, as in the format's contract.
        #expect(headings.suffix(3) == ["## 6. Assumptions", "## 7. Commands and exit codes", "## 8. Version 1.1"])
        // Every word the parser knows is documented, each statement with an example.
        for word in FlowParser.configKeywords.sorted() { #expect(doc.contains("`\(word) "), "\(word) is not documented") }
        for (head, words) in [("app", FlowParser.appCalls), ("user", FlowParser.userActions), ("system", FlowParser.systemActions),
                              ("device", FlowParser.deviceActions), ("expect", FlowParser.expectations)] {
            for w in words { #expect(doc.contains("`\(head) \(w)"), "\(head) \(w) is not documented") }
        }
        #expect(doc.contains("`wait "))
        // Every assumption, with its default, in the format document and in the guide's table.
        let guide = try String(contentsOf: Self.root.appendingPathComponent("docs/guide.md"), encoding: .utf8)
        // The default as a table row writes it (`60s` and `1m` are one duration).
        func documented(_ text: String, _ name: String) -> String? {
            guard let r = text.range(of: "| `\(name)` | `") else { return nil }
            let rest = text[r.upperBound...]
            guard let end = rest.firstIndex(of: "`") else { return nil }
            let v = String(rest[..<end])
            return parseDuration(v).map(formatDuration) ?? v
        }
        for (name, value) in Assumptions().described {
            #expect(documented(doc, name) == value, "\(name) = \(value) is not in docs/flow-format.md's assumptions")
            #expect(documented(guide, name) == value, "\(name) = \(value) is not in docs/guide.md's assumptions")
        }
        // Each in the section of the version that introduced it (§6 for 1, §8.4 for 1.1), and
        // each of locflow's own 1.1-era assumptions marked and named among §8's extensions.
        let v1 = try #require(doc.range(of: "## 6. Assumptions")), v11 = try #require(doc.range(of: "### 8.4 Assumptions"))
        let section8 = try #require(doc.range(of: "## 8. Version 1.1"))
        for entry in Assumptions.catalogue {
            guard let row = doc.range(of: "| `\(entry.name)` | `") else { continue }
            let inV1 = row.lowerBound > v1.upperBound && row.lowerBound < section8.lowerBound
            #expect(inV1 == (entry.since == .v1), "\(entry.name) is not documented in the section of its version")
            #expect(inV1 || row.lowerBound > v11.upperBound, "\(entry.name) is not in docs/flow-format.md §8.4")
            let line = doc[row.lowerBound...].prefix { $0 != "\n" }
            // In §8.4 a row marked *extension* is one of locflow's own, and the parser must say so.
            if !inV1 {
                #expect(line.contains("*extension*") == (entry.since == .v1_1Extension),
                        "\(entry.name): docs/flow-format.md §8.4 and Assumptions.catalogue disagree on whether it is an extension")
            }
            if entry.since == .v1_1Extension {
                #expect(line.contains("*extension*"), "\(entry.name) is not marked *extension* in docs/flow-format.md §8.4")
                let extensions = doc[section8.upperBound...].prefix { $0 != "#" }
                #expect(extensions.contains("`\(entry.name)`"), "\(entry.name) is not among §8's extensions in docs/flow-format.md")
            }
        }
        // The README's table of the language has every word the parser knows.
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let table = readme.split(separator: "\n").filter { $0.hasPrefix("| ") }.joined(separator: "\n")
        for word in FlowParser.statementKeywords + FlowParser.appCalls + FlowParser.userActions + FlowParser.systemActions
            + FlowParser.deviceActions + FlowParser.expectations {
            #expect(table.contains("`\(word)`") || table.contains("`\(word) "), "\(word) is not in the README's table of the language")
        }
        // Every delivering source and Control Center's values are documented.
        for s in DeliverySource.allCases { #expect(doc.contains(s.rawValue), "delivering \(s.rawValue)") }
    }
}
