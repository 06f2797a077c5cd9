import LocflowCore

/// How every flow that locflow writes quotes its words (docs/flow-format.md §1), so that what
/// it writes reads back as it was and is safe to show: a control character (ESC, a carriage
/// return, bidirectional overrides: `TextSafety.isUnsafe`) is written as `\u{HEX}` inside a
/// quoted string, never raw and never in a bare word.
public enum FlowQuoting {
    /// A quoted string: `\"`, `\\` and `\n` escaped, every other control character as `\u{HEX}`
    /// (the model's own `quote`, which `Event.flowText` uses too).
    public static func quote(_ s: String) -> String { LocflowCore.quote(s) }

    /// A bare word when the string allows one, else a quoted string.
    public static func word(_ s: String) -> String { quoteIfNeeded(s) }

    /// A statement line as it is written: each word that holds a control character quoted as
    /// above (a line copied from a flow, whose quoted string may hold one raw); other lines as
    /// they are. `Event.flowText` quotes its words this way already.
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
