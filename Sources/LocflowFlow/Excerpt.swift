import LocflowCore

/// A short excerpt of an offending word for an error message: at most `limit` characters,
/// control characters escaped, so a message never quotes a whole line of someone's file.
public func excerpt(_ s: some StringProtocol, limit: Int = 32) -> String {
    let head = s.count > limit ? String(s.prefix(limit)) + "…" : String(s)
    return TextSafety.escape(head, keepNewlines: false)
}
