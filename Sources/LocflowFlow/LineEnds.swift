/// Line ends as people's editors write them: `\n`, `\r\n` (Windows) and a lone `\r` (old Mac)
/// all end a line, and a UTF-8 byte-order mark at the very start is not text. Swift reads
/// `"\r\n"` as one Character, so splitting on `"\n"` alone would leave CRLF files as one line.
public enum LineEnds {
    /// The lines of a text, without their line ends (a leading BOM dropped). A final line end
    /// gives a final empty line, as splitting on `\n` does, so line numbers match editors'.
    /// Splits on the UTF-8 bytes (LF, CR, CR LF): a line end is always a grapheme boundary, so
    /// this equals splitting on Characters, without breaking graphemes across a hostile 16 MB file.
    public static func lines(_ text: String) -> [Substring] {
        var body = Substring(text)
        if body.unicodeScalars.first == "\u{FEFF}" { body = body.dropFirst() }
        let u = body.utf8
        var out: [Substring] = []
        var start = u.startIndex
        var i = u.startIndex
        while i != u.endIndex {
            let b = u[i]
            if b == 0x0A || b == 0x0D {
                out.append(body[start..<i])
                var next = u.index(after: i)
                if b == 0x0D, next != u.endIndex, u[next] == 0x0A { next = u.index(after: next) }
                start = next
                i = next
            } else {
                i = u.index(after: i)
            }
        }
        out.append(body[start..<u.endIndex])
        return out
    }

    /// The longest line a flow may have (UTF-8 bytes): far beyond any statement, short enough
    /// that a hostile line is refused at once instead of being lexed.
    public static let maxLineBytes = 65_536

    public static func isLineEnd(_ c: Character) -> Bool { c == "\n" || c == "\r\n" || c == "\r" }

    /// The first byte of a file that is not UTF-8: its line and column, counted as the parser
    /// counts them (these line ends, a leading BOM skipped, columns in characters), and the byte
    /// itself; nil when the whole file is UTF-8. docs/flow-format.md §1: an error names the file,
    /// line and column, so a stray Latin-1 byte on line 40 is not reported at 1:1.
    public static func firstNonUTF8(_ bytes: [UInt8]) -> (line: Int, column: Int, byte: UInt8)? {
        guard let offset = firstInvalidUTF8(bytes) else { return nil }
        // Everything before `offset` is UTF-8: where it leaves off is where the error is.
        let lines = lines(String(decoding: bytes[..<offset], as: UTF8.self))
        return (lines.count, (lines.last?.count ?? 0) + 1, bytes[offset])
    }

    /// The offset of the first byte that is not UTF-8, or nil when all of `bytes` is UTF-8.
    public static func firstInvalidUTF8(_ bytes: [UInt8]) -> Int? {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let scalar): offset += scalar.count
            case .emptyInput: return nil
            case .error: return offset
            }
        }
    }

    /// One statement typed or pasted on a single line (the explorer's `:` line): a leading BOM
    /// and trailing line ends dropped. Returns nil when the text holds more than one line.
    public static func singleLine(_ text: String) -> String? {
        var s = Substring(text)
        if s.unicodeScalars.first == "\u{FEFF}" { s = s.dropFirst() }
        while let l = s.last, isLineEnd(l) { s = s.dropLast() }
        return s.contains(where: isLineEnd) ? nil : String(s)
    }
}
