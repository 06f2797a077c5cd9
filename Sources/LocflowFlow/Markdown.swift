/// Markdown for what strangers' files carry (a flow's steps and comments, a plist's names): it
/// stays text. `report` and `diff --format md` write everything that came from a file through
/// these, so no HTML runs, no link, image, emphasis or code span starts, and no `|` splits a row.
public enum Markdown {
    /// Text for a paragraph, a list item or a table cell: `<`, `>` and `&` as entities, the
    /// marks that start emphasis, code, links and strike-through escaped, a `|` escaped for
    /// tables, a block marker at the start (`#`, `>`, `-`, `+`, `1.`) escaped, newlines as spaces.
    /// No link either where GitHub finds one in bare text: the `:` of `://` (`https://`) and
    /// the dot of `www.` are escaped (an escape ends the run of text GitHub's autolinker reads
    /// for those, and renders as the character itself), and an `@` is followed by an empty HTML
    /// comment (`@<!-- -->`), the one thing that ends the text its e-mail autolinker reads
    /// (escapes and entities do not: cmark-gfm 0.29 linked `user\@host.example`).
    public static func text(_ s: String) -> String {
        var out = ""
        out.reserveCapacity(s.utf8.count)
        var rest = Substring(s)
        while let c = rest.popFirst() {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\\", "`", "*", "_", "[", "]", "~", "|": out.append("\\"); out.append(c)
            case ":" where rest.hasPrefix("//"): out += "\\:"
            case "@": out += "@<!-- -->"
            case "." where endsWithWWW(out): out += "\\."
            case _ where c.isNewline: out.append(" ")  // "\r\n" is one Character
            default: out.append(c)
            }
        }
        // A line that starts like a heading, a quote or a list would become one.
        let body = out.drop { $0 == " " }
        if let first = body.first, "#-+=".contains(first) {
            out.insert("\\", at: body.startIndex)
        } else if let dot = body.firstIndex(where: { !$0.isASCII || !$0.isNumber }), dot != body.startIndex, body[dot] == "." || body[dot] == ")" {
            out.insert("\\", at: dot)
        }
        return out
    }

    /// Whether `s` ends with "www" in any case (three bytes read, whatever its length).
    static func endsWithWWW(_ s: String) -> Bool {
        let tail = s.utf8.suffix(3)
        return tail.count == 3 && tail.allSatisfy { $0 | 0x20 == UInt8(ascii: "w") }
    }

    static func longestBacktickRun(_ s: String) -> Int {
        var longest = 0, run = 0
        for c in s.utf8 { if c == UInt8(ascii: "`") { run += 1; longest = max(longest, run) } else { run = 0 } }
        return longest
    }

    /// A code span that shows `s` exactly, in a table cell too: its fence longer than any run of
    /// backticks inside, padded when it starts or ends with one, `|` escaped, newlines as spaces.
    public static func code(_ s: String) -> String {
        var t = ""
        for c in s { if c == "|" { t += "\\|" } else if c.isNewline { t.append(" ") } else { t.append(c) } }
        let fence = String(repeating: "`", count: longestBacktickRun(t) + 1)
        let pad = t.hasPrefix("`") || t.hasSuffix("`") ? " " : ""
        return fence + pad + t + pad + fence
    }

    /// The fence of a code block holding `s`: longer than any run of backticks in it.
    public static func fence(for s: String) -> String {
        String(repeating: "`", count: max(3, longestBacktickRun(s) + 1))
    }
}
