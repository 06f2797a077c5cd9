import LocflowCore

/// A place in a flow file. Lines and columns start at 1; columns count characters.
public struct SourceLocation: Sendable, Hashable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int

    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    public var description: String { "\(file):\(line):\(column)" }
}

/// An error in a flow, a plist or an argument, for a person to read.
public struct FlowError: Error, Sendable, Hashable, CustomStringConvertible {
    public var location: SourceLocation?
    public var message: String

    public init(_ location: SourceLocation?, _ message: String) {
        self.location = location
        self.message = message
    }

    public var description: String {
        if let location { return "\(location): error: \(message)" }
        return "error: \(message)"
    }
}

/// One word of a statement: bare or quoted, with the column it starts at.
public struct Token: Sendable, Hashable {
    public var text: String
    public var quoted: Bool
    public var column: Int
}

/// Splits one line into words (docs/flow-format.md §1). Returns the words and the trailing comment.
/// A carriage return separates words unless `carriageReturnsSeparate` is false (for rewriting a
/// line that a writer made, where it is part of a word).
public func lexLine(_ line: Substring, lineNumber: Int, file: String, carriageReturnsSeparate: Bool = true) throws(FlowError) -> (tokens: [Token], comment: String?) {
    let (tokens, comment, _) = try lexStatement(line, lineNumber: lineNumber, file: file, carriageReturnsSeparate: carriageReturnsSeparate)
    return (tokens, comment)
}

/// `lexLine`, with the statement's own text too: the line before its comment (a `#` inside a
/// quoted string is the string's, not a comment), as the trace and `shrink` quote the line.
public func lexStatement(_ line: Substring, lineNumber: Int, file: String, carriageReturnsSeparate: Bool = true) throws(FlowError) -> (tokens: [Token], comment: String?, statement: Substring) {
    let cr: Character = carriageReturnsSeparate ? "\r" : " "
    var tokens: [Token] = []
    var column = 0
    var i = line.startIndex
    func loc(_ c: Int) -> SourceLocation { SourceLocation(file: file, line: lineNumber, column: c) }
    while i < line.endIndex {
        let ch = line[i]
        column += 1
        if ch == " " || ch == "\t" || ch == cr { i = line.index(after: i); continue }
        if ch == "#" {
            let text = line[line.index(after: i)...].trimmingSpaces()
            return (tokens, text, line[..<i])
        }
        if ch == "\"" {
            let start = column
            var text = ""
            i = line.index(after: i)
            var closed = false
            while i < line.endIndex {
                let c = line[i]
                column += 1
                if c == "\\" {
                    let next = line.index(after: i)
                    guard next < line.endIndex else { throw FlowError(loc(column), "a quoted string ends with a lone backslash") }
                    column += 1
                    switch line[next] {
                    case "\"": text.append("\"")
                    case "\\": text.append("\\")
                    case "n": text.append("\n")
                    case "u":
                        // *Extension*: \u{HEX}, the character whose code point that is.
                        guard let (scalar, digits) = unicodeEscape(line[line.index(after: next)...]) else {
                            throw FlowError(loc(column - 1), "a \\u escape is \\u{HEX}, 1 to 6 hex digits naming a Unicode character, such as \\u{1B}")
                        }
                        text.unicodeScalars.append(scalar)
                        column += digits.count + 2
                        i = line.index(next, offsetBy: digits.count + 3)
                        continue
                    default: throw FlowError(loc(column - 1), "unknown escape \\\(excerpt(String(line[next]))) (only \\\", \\\\, \\n and \\u{HEX} are allowed)")
                    }
                    i = line.index(after: next)
                    continue
                }
                if c == "\"" { closed = true; i = line.index(after: i); break }
                text.append(c)
                i = line.index(after: i)
            }
            guard closed else { throw FlowError(loc(start), "a quoted string is not closed (missing \")") }
            if i < line.endIndex, line[i] != " " && line[i] != "\t" && line[i] != "#" && line[i] != cr {
                throw FlowError(loc(column + 1), "expected a space after the closing quote")
            }
            tokens.append(Token(text: text, quoted: true, column: start))
            continue
        }
        let start = column
        var text = String(ch)
        i = line.index(after: i)
        while i < line.endIndex, line[i] != " ", line[i] != "\t", line[i] != cr, line[i] != "#" {
            if line[i] == "\"" { throw FlowError(loc(column + 1), "a bare word cannot contain \" (quote the whole word)") }
            text.append(line[i])
            column += 1
            i = line.index(after: i)
        }
        tokens.append(Token(text: text, quoted: false, column: start))
    }
    return (tokens, nil, line)
}

/// The `{HEX}` of a `\u{HEX}` escape at the start of `s`: the scalar and its hex digits.
private func unicodeEscape(_ s: Substring) -> (Unicode.Scalar, Substring)? {
    guard s.first == "{" else { return nil }
    let digits = s.dropFirst().prefix { $0.isHexDigit && $0.isASCII }
    guard (1...6).contains(digits.count), s.dropFirst(digits.count + 1).first == "}",
          let value = UInt32(digits, radix: 16), let scalar = Unicode.Scalar(value) else { return nil }
    return (scalar, digits)
}

extension Substring {
    func trimmingSpaces() -> String {
        var s = self
        while let f = s.first, f == " " || f == "\t" { s = s.dropFirst() }
        while let l = s.last, l == " " || l == "\t" || l == "\r" { s = s.dropLast() }
        return String(s)
    }
}

/// Parses a duration: whole numbers with units in the order h, m, s, ms, each at most once,
/// and at most `VirtualTime.maxDuration` (100 years) in all.
public func parseDuration(_ text: String) -> Int? {
    guard let ms = parseDurationUnbounded(text), ms <= VirtualTime.maxDuration else { return nil }
    return ms
}

/// The message for a well-formed duration that is longer than a flow may write, else nil.
public func tooLongDuration(_ text: String) -> String? {
    guard let ms = parseDurationUnbounded(text), ms > VirtualTime.maxDuration else { return nil }
    return "the duration '\(excerpt(text))' is longer than 100 years (876000h), the longest locflow's virtual clock takes"
}

/// A well-formed duration's milliseconds, `Int.max` when it does not fit; nil when malformed.
func parseDurationUnbounded(_ text: String) -> Int? {
    let units: [(String, Int)] = [("h", 3_600_000), ("m", 60_000), ("s", 1000), ("ms", 1)]
    var rest = Substring(text)
    var total = 0
    var nextUnit = 0
    var any = false
    while !rest.isEmpty {
        let digits = rest.prefix(while: { $0.isASCII && $0.isNumber })
        guard !digits.isEmpty else { return nil }
        rest = rest.dropFirst(digits.count)
        let letters = rest.prefix(while: { $0.isASCII && $0.isLetter })
        rest = rest.dropFirst(letters.count)
        guard let idx = units.firstIndex(where: { $0.0 == letters }), idx >= nextUnit else { return nil }
        if let n = Int(digits) {
            let (product, o1) = n.multipliedReportingOverflow(by: units[idx].1)
            let (sum, o2) = total.addingReportingOverflow(product)
            total = o1 || o2 ? Int.max : sum
        } else {
            total = Int.max  // more digits than an Int holds
        }
        nextUnit = idx + 1
        any = true
    }
    return any ? total : nil
}

/// The edit distance between two words (for "did you mean ...?").
func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a.lowercased()), b = Array(b.lowercased())
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var prev = Array(0...b.count)
    var cur = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
        cur[0] = i
        for j in 1...b.count {
            cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
        }
        swap(&prev, &cur)
    }
    return prev[b.count]
}

/// The nearest valid word, if one is close enough to be a typo.
public func nearest(_ word: String, in candidates: [String]) -> String? {
    // A word far longer than any candidate is no typo (and its edit distance would take long).
    guard word.utf8.count <= 2 * (candidates.map(\.utf8.count).max() ?? 0) + 8 else { return nil }
    let lower = word.lowercased()
    if lower.count >= 4, let prefixed = candidates.filter({ $0.lowercased().hasPrefix(lower) }).min(by: { $0.count < $1.count }) {
        return prefixed
    }
    // Ties go to the candidate whose first differing character is nearest (ios19 -> ios18).
    func closeness(_ c: String) -> Int {
        for (x, y) in zip(lower.unicodeScalars, c.lowercased().unicodeScalars) where x != y {
            return abs(Int(x.value) - Int(y.value))
        }
        return 0
    }
    var best: (String, Int)?
    for c in candidates {
        let d = editDistance(word, c)
        if best == nil || d < best!.1 || (d == best!.1 && closeness(c) < closeness(best!.0)) { best = (c, d) }
    }
    guard let (c, d) = best else { return nil }
    let limit = max(2, min(word.count, c.count) / 3)
    if d <= limit { return c }
    // A word that holds a candidate whole means it: Apple's class name for the word
    // (`backgroundActivitySession`, `CLServiceSession`), a word with a suffix (`startUpdatingLocations`).
    return candidates.filter { $0.count >= 5 && lower.contains($0.lowercased()) }.max { $0.count < $1.count }
}
