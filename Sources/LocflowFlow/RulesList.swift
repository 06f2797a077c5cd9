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
            guard let r = Rule(rawValue: name) else {
                let near = nearestWord(name, in: Rule.allCases.map(\.rawValue)).map { " (did you mean '\($0)'?)" } ?? ""
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

    /// One JSON object (a JSON Lines line): name, text, inferred, tag, sources [{id, title, url, kind}].
    public static func ruleJSON(_ r: Rule) -> String {
        var j = JSONWriter()
        j.field("name", .string(r.rawValue))
        j.field("text", .string(r.text))
        j.field("inferred", .bool(r.isInferred))
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
            out.append("\(r.rawValue)  [\(r.source)]" + (r.isInferred ? "  (assumption)" : ""))
            out.append("  " + r.text)
            for s in r.sources { out.append("  \(s.id)  \(s.text)") }
        }
        let assumptions = rules.filter(\.isInferred).count
        out.append("")
        out.append("\(rules.count) rules, \(assumptions) of them assumptions (inferred, no Apple source says them)")
        return out
    }

    static func rulesMarkdown(_ rules: [Rule]) -> String {
        func esc(_ s: String) -> String { s.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ") }
        var md = "# locflow rules\n\nEvery rule the model applies, with the sources it cites. "
            + "An *assumption* is locflow's inference where Apple is silent.\n\n"
            + "| Rule | Sentence | Assumption | Sources |\n|---|---|---|---|\n"
        var cited: [Source] = []
        for r in rules {
            let links = r.sources.map { s -> String in
                if !cited.contains(s) { cited.append(s) }
                return s.url.map { "[\(s.id)](\($0))" } ?? s.id
            }
            md += "| `\(r.rawValue)` | \(esc(r.text)) | \(r.isInferred ? "yes" : "") | \(links.isEmpty ? "—" : links.joined(separator: ", ")) |\n"
        }
        md += "\n## Sources\n\n"
        for s in cited.sorted(by: { sourceOrder($0) < sourceOrder($1) }) {
            md += "- **\(s.id)** " + (s.url.map { "[\(esc(s.title))](\($0))" } ?? esc(s.title)) + "\n"
        }
        return md
    }

    static func sourceOrder(_ s: Source) -> Int { Source.all.firstIndex(of: s) ?? Int.max }

    /// The nearest of `words` to `word` when it is close (a typo), else nil.
    static func nearestWord(_ word: String, in words: [String]) -> String? {
        let scored = words.map { ($0, editDistance(word.lowercased(), $0.lowercased())) }
        guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= max(2, word.count / 3) else { return nil }
        return best.0
    }
}
