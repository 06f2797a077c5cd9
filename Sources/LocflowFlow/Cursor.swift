import LocflowCore

/// Walks the words of one statement and explains what it expected where it fails.
struct Cursor {
    let tokens: [Token]
    let file: String
    let line: Int
    let lineLength: Int
    var i = 0

    init(tokens: [Token], file: String, line: Int, lineLength: Int) {
        self.tokens = tokens
        self.file = file
        self.line = line
        self.lineLength = lineLength
    }

    func location(of t: Token) -> SourceLocation { SourceLocation(file: file, line: line, column: t.column) }

    func peek() -> Token? { i < tokens.count ? tokens[i] : nil }

    func expectedAtEnd(_ what: String) -> FlowError {
        FlowError(SourceLocation(file: file, line: line, column: lineLength + 1), "expected \(what) at the end of the line")
    }

    mutating func word(_ what: String) throws(FlowError) -> Token {
        guard let t = peek() else { throw expectedAtEnd(what) }
        i += 1
        return t
    }

    /// An error lists the valid words when there are at most this many (the 13 platforms are).
    static let listedOptions = 13

    /// An unknown word: what was expected, the word, the nearest valid one; with a `listing` (the
    /// words after a verb) every valid word, however many (`locflow help flow` gives their meanings).
    func unknown(_ t: Token, _ options: [String], what: String, listing: FlowVocabulary.Group? = nil) -> FlowError {
        var msg = "expected \(what)"
        let listAfter = listing != nil && options.count > Cursor.listedOptions
        if options.count <= Cursor.listedOptions { msg += " (" + options.joined(separator: ", ") + ")" }
        // A word near no option may be a line of some other file (check /etc/shadow): quote less of it.
        let near = nearest(t.text, in: options)
        msg += ", found '\(excerpt(t.text, limit: near == nil ? 16 : 32))'"
        if let near { msg += " (did you mean '\(near)'?)" }
        if listAfter, let listing { msg += "; the \(listing.plural) are " + options.joined(separator: ", ") + FlowVocabulary.helpHint }
        return FlowError(location(of: t), msg)
    }

    mutating func keyword(_ options: [String], what: String, listing: FlowVocabulary.Group? = nil) throws(FlowError) -> String {
        guard let t = peek() else {
            if let listing, options.count > Cursor.listedOptions {
                throw FlowError(SourceLocation(file: file, line: line, column: lineLength + 1),
                                "expected \(what) at the end of the line; the \(listing.plural) are " + options.joined(separator: ", ") + FlowVocabulary.helpHint)
            }
            throw expectedAtEnd(what + (options.count <= Cursor.listedOptions ? " (" + options.joined(separator: ", ") + ")" : ""))
        }
        // A keyword in quotes is the right word written wrong: "did you mean 'ios17'?" for
        // "ios17" would suggest the very word (docs/flow-format.md §1: keywords are bare words).
        if t.quoted && options.contains(t.text) {
            throw FlowError(location(of: t), "expected \(what), found the quoted string \"\(excerpt(t.text))\" (a keyword is a bare word: write \(t.text) without quotes)")
        }
        guard !t.quoted, options.contains(t.text) else { throw unknown(t, options, what: what, listing: listing) }
        i += 1
        return t.text
    }

    func bool(_ t: Token) throws(FlowError) -> Bool {
        if t.quoted && (t.text == "true" || t.text == "false") {
            throw FlowError(location(of: t), "expected true or false, found the quoted string \"\(t.text)\" (a keyword is a bare word: write \(t.text) without quotes)")
        }
        switch t.text {
        case "true" where !t.quoted: return true
        case "false" where !t.quoted: return false
        default: throw unknown(t, ["true", "false"], what: "true or false")
        }
    }

    mutating func onOff() throws(FlowError) -> Bool {
        try keyword(["on", "off"], what: "on or off") == "on"
    }

    func end() throws(FlowError) {
        if let t = peek() {
            throw FlowError(location(of: t), "unexpected '\(excerpt(t.text))' after the end of the statement")
        }
    }
}
