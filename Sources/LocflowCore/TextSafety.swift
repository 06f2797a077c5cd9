/// Text that came from a file, made safe to show: control characters (ESC, OSC, a carriage
/// return, C1 controls, bidirectional overrides) are written as `\u{1B}` so that a stranger's
/// flow or strings file cannot retitle, clear or rewrite the terminal that shows it.
public enum TextSafety {
    /// A byte as two upper-case hex digits ("E9"), for saying which byte is not UTF-8.
    public static func hex(_ b: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String(digits[Int(b >> 4)]) + String(digits[Int(b & 0xF)])
    }

    /// Whether a scalar must not reach a terminal as it is.
    public static func isUnsafe(_ v: UInt32, keepNewlines: Bool) -> Bool {
        switch v {
        case 0x0A: return !keepNewlines
        case 0x09: return false
        case 0x00...0x1F, 0x7F...0x9F: return true
        case 0x200E, 0x200F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }

    /// The text with every unsafe scalar written as `\u{HEX}` (newlines and tabs kept unless asked).
    public static func escape(_ s: String, keepNewlines: Bool = true) -> String {
        guard s.unicodeScalars.contains(where: { isUnsafe($0.value, keepNewlines: keepNewlines) }) else { return s }
        var out = String.UnicodeScalarView()
        for u in s.unicodeScalars {
            if isUnsafe(u.value, keepNewlines: keepNewlines) {
                out.append(contentsOf: "\\u{\(String(u.value, radix: 16, uppercase: true))}".unicodeScalars)
            } else {
                out.append(u)
            }
        }
        return String(out)
    }
}
