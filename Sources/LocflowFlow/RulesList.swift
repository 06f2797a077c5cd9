import Foundation
import LocflowCore

/// `locflow rules`: every rule the model applies, its sentence, whether it is an assumption
/// (inferred), and the sources it cites, from the one table in `Source.all`.
extension Commands {
    public enum RulesFormat: String, CaseIterable { case text, md, json }

    /// Prints the rules (all, or those named) in a format. Exit 0; 2 when a name is unknown.
    public static func rules(_ names: [String], format: RulesFormat, io: CommandIO) -> Int32 {
        var rules: [Rule] = []
        for name in names {
            guard let r = Rule(name: name) else {
                let near = nearestWord(name, in: Rule.allCases.map(\.name)).map { " (did you mean '\($0)'?)" } ?? ""
                io.err("locflow rules: no rule '\(name)'\(near)")
                return 2
            }
            rules.append(r)
        }
        if rules.isEmpty { rules = Rule.allCases }
        switch format {
        case .text: for line in rulesText(rules) { io.out(line) }
        case .md: io.out(rulesMarkdown(rules))
        case .json: for r in rules { io.out(ruleJSON(r)) }
        }
        return 0
    }

    /// One JSON object (a JSON Lines line): name, text, inferred, evidence (documented, reported
    /// or assumed), tag, sources [{id, title, url, kind}].
    public static func ruleJSON(_ r: Rule) -> String {
        var j = JSONWriter()
        j.field("name", .string(r.name))
        j.field("text", .string(r.text))
        j.field("inferred", .bool(r.isInferred))
        j.field("evidence", .string(r.evidence.rawValue))
        j.field("tag", .string(r.source))
        j.field("sources", .array(r.sources.map(sourceJSON)))
        return j.finish()
    }

    public static func sourceJSON(_ s: Source) -> JSONWriter.Value {
        .object([("id", .string(s.id)), ("title", .string(s.title)), ("url", s.url.map { .string($0) } ?? .null),
                 ("kind", .string(s.kind.rawValue))])
    }

    static func rulesText(_ rules: [Rule]) -> [String] {
        var out: [String] = []
        for r in rules {
            out.append("\(r.name)  \(r.evidence.rawValue)  [\(r.source)]")
            out.append("  " + r.text)
            for s in r.sources { out.append("  \(s.id)  \(s.text)") }
        }
        let count = { (e: Rule.Evidence) in rules.filter { $0.evidence == e }.count }
        out.append("")
        out.append("\(rules.count) rules: \(count(.documented)) documented (Apple's pages, headers, talks), "
                   + "\(count(.reported)) reported (developers, Apple engineers on the forums), \(count(.assumed)) assumed (locflow's assumptions)")
        return out
    }

    static func rulesMarkdown(_ rules: [Rule]) -> String {
        func esc(_ s: String) -> String { s.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ") }
        var md = "# locflow rules\n\nEvery rule the model applies, with the sources it cites. "
            + "Evidence: *documented* (Apple's pages, headers, talks say it), *reported* (developers or Apple engineers "
            + "on the forums say it, Apple's pages do not), *assumed* (locflow's inference where no source speaks).\n\n"
            + "| Rule | Sentence | Evidence | Sources |\n|---|---|---|---|\n"
        var cited: [Source] = []
        for r in rules {
            let links = r.sources.map { s -> String in
                if !cited.contains(s) { cited.append(s) }
                return s.url.map { "[\(s.id)](\($0))" } ?? s.id
            }
            md += "| `\(r.name)` | \(esc(r.text)) | \(r.evidence.rawValue) | \(links.isEmpty ? "—" : links.joined(separator: ", ")) |\n"
        }
        md += "\n## Sources\n\n"
        for s in cited.sorted(by: { sourceOrder($0) < sourceOrder($1) }) {
            md += "- **\(s.id)** " + (s.url.map { "[\(esc(s.title))](\($0))" } ?? esc(s.title)) + "\n"
        }
        return md
    }

    /// `locflow rules --platform P`: the platform's page (what changed, what did not, what is
    /// assumed), each line with its sources. Exit 0.
    public static func platformPage(_ p: Platform, format: RulesFormat, io: CommandIO) -> Int32 {
        switch format {
        case .json:
            for n in p.notes {
                var j = JSONWriter()
                j.field("platform", .string(p.rawValue))
                j.field("kind", .string(n.kind.rawValue))
                j.field("text", .string(n.text))
                j.field("tag", .string(n.tag))
                j.field("sources", .array(n.sources.map(sourceJSON)))
                io.out(j.finish())
            }
        case .md:
            var md = "# \(p.displayName) (`platform \(p.rawValue)`)\n\n| What | Kind | Sources |\n|---|---|---|\n"
            for n in p.notes {
                let links = n.sources.map { s in s.url.map { "[\(s.id)](\($0))" } ?? s.id }
                md += "| \(n.text.replacingOccurrences(of: "|", with: "\\|")) | \(n.kind.rawValue) | \(links.isEmpty ? "— (an assumption)" : links.joined(separator: ", ")) |\n"
            }
            io.out(md)
        case .text:
            for line in platformPageText(p) { io.out(line) }
        }
        return 0
    }

    /// The page as text lines (`locflow help P` prints it too).
    public static func platformPageText(_ p: Platform) -> [String] {
        var out = ["\(p.displayName) (platform \(p.rawValue)): what changed, what did not, what is assumed", ""]
        for n in p.notes {
            out.append("\(n.kind.rawValue)  [\(n.tag)]")
            out.append("  " + n.text)
            for s in n.sources { out.append("  \(s.id)  \(s.text)") }
        }
        return out
    }

    static func sourceOrder(_ s: Source) -> Int { Source.all.firstIndex(of: s) ?? Int.max }

    /// The nearest of `words` to `word` when it is close (a typo), else nil.
    static func nearestWord(_ word: String, in words: [String]) -> String? {
        let scored = words.map { ($0, editDistance(word.lowercased(), $0.lowercased())) }
        guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= max(2, word.count / 3) else { return nil }
        return best.0
    }
}
