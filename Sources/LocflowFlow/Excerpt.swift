import LocflowCore

/// A short excerpt of an offending word for an error message: at most `limit` characters,
/// control characters escaped, so a message never quotes a whole line of someone's file.
public func excerpt(_ s: some StringProtocol, limit: Int = 32) -> String {
    let head = s.count > limit ? String(s.prefix(limit)) + "…" : String(s)
    return visibleInvisibles(TextSafety.escape(head, keepNewlines: false))
}

/// Characters a reader cannot see, which make `found 'app'` look like the word it is not: a BOM,
/// zero-width spaces and joiners, a no-break or soft hyphen, written as `\u{HEX}`.
func visibleInvisibles(_ s: String) -> String {
    // Spaces other than the ASCII one (em, ideographic from a Korean IME, no-break) look like one.
    func invisible(_ v: UInt32) -> Bool {
        [0xA0, 0xAD, 0x200B, 0x200C, 0x200D, 0x2060, 0xFEFF, 0x1680, 0x202F, 0x205F, 0x3000].contains(v) || (0x2000...0x200A).contains(v)
    }
    guard s.unicodeScalars.contains(where: { invisible($0.value) }) else { return s }
    var out = String.UnicodeScalarView()
    for u in s.unicodeScalars {
        if invisible(u.value) { out.append(contentsOf: "\\u{\(String(u.value, radix: 16, uppercase: true))}".unicodeScalars) } else { out.append(u) }
    }
    return String(out)
}
