import LocflowCore

/// How every flow that locflow writes quotes its words (docs/flow-format.md §1), so that what
/// it writes reads back as it was and is safe to show: a control character (ESC, a carriage
/// return, bidirectional overrides: `TextSafety.isUnsafe`) is written as `\u{HEX}` inside a
/// quoted string, never raw and never in a bare word.
public enum FlowQuoting {
    /// A quoted string: `\"`, `\\` and `\n` escaped, every other control character as `\u{HEX}`.
    public static func quote(_ s: String) -> String {
        var out = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case _ where TextSafety.isUnsafe(u.value, keepNewlines: false): out += "\\u{\(String(u.value, radix: 16, uppercase: true))}"
            default: out.unicodeScalars.append(u)
            }
        }
        return out + "\""
    }

    /// A bare word when the string allows one, else a quoted string.
    public static func word(_ s: String) -> String {
        let bare = !s.isEmpty && !s.unicodeScalars.contains {
            $0 == " " || $0 == "\t" || $0 == "\"" || $0 == "#" || $0 == "\\" || TextSafety.isUnsafe($0.value, keepNewlines: false)
        }
        return bare ? s : quote(s)
    }

    /// A statement line as it is written: each word that holds a control character quoted as
    /// above (a line made by `Event.flowText`, say, or copied from a flow); other lines as they are.
    public static func line(_ line: String) -> String {
        guard line.unicodeScalars.contains(where: { TextSafety.isUnsafe($0.value, keepNewlines: false) }),
              let (tokens, comment) = try? lexLine(Substring(line), lineNumber: 1, file: "", carriageReturnsSeparate: false)
        else { return line }
        let words = tokens.map { $0.quoted ? quote($0.text) : word($0.text) }
        return words.joined(separator: " ") + (comment.map { (words.isEmpty ? "# " : "  # ") + $0 } ?? "")
    }

    /// Lines (a recording's, say) as they are written: each as `line` does.
    public static func lines(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line(String($0)) }.joined(separator: "\n")
    }
}
