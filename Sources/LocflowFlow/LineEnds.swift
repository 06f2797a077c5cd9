/// Line ends as people's editors write them: `\n`, `\r\n` (Windows) and a lone `\r` (old Mac)
/// all end a line, and a UTF-8 byte-order mark at the very start is not text. Swift reads
/// `"\r\n"` as one Character, so splitting on `"\n"` alone would leave CRLF files as one line.
public enum LineEnds {
    /// The lines of a text, without their line ends (a leading BOM dropped). A final line end
    /// gives a final empty line, as splitting on `\n` does, so line numbers match editors'.
    public static func lines(_ text: String) -> [Substring] {
        var body = Substring(text)
        if body.unicodeScalars.first == "\u{FEFF}" { body = body.dropFirst() }
        return body.split(omittingEmptySubsequences: false, whereSeparator: isLineEnd)
    }

    public static func isLineEnd(_ c: Character) -> Bool { c == "\n" || c == "\r\n" || c == "\r" }

    /// One statement typed or pasted on a single line (the explorer's `:` line): a leading BOM
    /// and trailing line ends dropped. Returns nil when the text holds more than one line.
    public static func singleLine(_ text: String) -> String? {
        var s = Substring(text)
        if s.unicodeScalars.first == "\u{FEFF}" { s = s.dropFirst() }
        while let l = s.last, isLineEnd(l) { s = s.dropLast() }
        return s.contains(where: isLineEnd) ? nil : String(s)
    }
}
