/// Reads `.strings` files as Apple's tools write and read them (genstrings, Xcode, plutil;
/// CFPropertyList's old-style parser): UTF-8, UTF-16 (with a BOM, or without one, recognised by
/// its NUL bytes), UTF-32 with a BOM; `"KEY" = "VALUE";` pairs (bare words allowed, `"KEY";`
/// meaning `"KEY" = "KEY";`); `/* */` and `//` comments; the escapes `\n \t \r \a \b \f \v \" \' \\`,
/// `\UXXXX` (one to four hex digits, a surrogate pair combined into one character) and octal
/// `\NNN`. Every error names the line. Pure Swift on bytes, so it can be fuzzed.
public enum StringsFile {
    public enum Encoding: String, Sendable { case utf8 = "UTF-8", utf16LE = "UTF-16LE", utf16BE = "UTF-16BE", utf32LE = "UTF-32LE", utf32BE = "UTF-32BE" }

    /// Reads the bytes of a strings file into key -> value.
    public static func parse(_ bytes: [UInt8]) throws(PlistError) -> [String: String] {
        try parse(scalars: decode(bytes))
    }

    /// The encoding of the bytes, from a BOM or the pattern of NUL bytes (ASCII text in UTF-16
    /// has a NUL in every other byte), and where the text starts.
    public static func detect(_ b: [UInt8]) -> (Encoding, bomLength: Int) {
        if b.starts(with: [0xFF, 0xFE, 0x00, 0x00]) { return (.utf32LE, 4) }
        if b.starts(with: [0x00, 0x00, 0xFE, 0xFF]) { return (.utf32BE, 4) }
        if b.starts(with: [0xFF, 0xFE]) { return (.utf16LE, 2) }
        if b.starts(with: [0xFE, 0xFF]) { return (.utf16BE, 2) }
        if b.starts(with: [0xEF, 0xBB, 0xBF]) { return (.utf8, 3) }
        // No BOM: look at the NULs of the first 4 KB. UTF-8 text never holds NUL.
        let n = min(b.count, 4096)
        var zeros = [0, 0, 0, 0]
        for i in 0..<n where b[i] == 0 { zeros[i % 4] += 1 }
        guard zeros.reduce(0, +) > 0 else { return (.utf8, 0) }
        let quads = max(1, n / 4)
        if b.count % 4 == 0 && zeros[1] * 2 > quads && zeros[2] * 2 > quads && zeros[3] * 2 > quads { return (.utf32LE, 0) }
        if b.count % 4 == 0 && zeros[0] * 2 > quads && zeros[1] * 2 > quads && zeros[2] * 2 > quads { return (.utf32BE, 0) }
        let even = zeros[0] + zeros[2], odd = zeros[1] + zeros[3]
        if b.count % 2 == 0 && odd > even { return (.utf16LE, 0) }
        if b.count % 2 == 0 && even > odd { return (.utf16BE, 0) }
        return (.utf8, 0)
    }

    static func decode(_ b: [UInt8]) throws(PlistError) -> [Unicode.Scalar] {
        let (encoding, bom) = detect(b)
        var out: [Unicode.Scalar] = []
        out.reserveCapacity(b.count)
        switch encoding {
        case .utf8:
            var it = b[bom...].makeIterator()
            var decoder = UTF8()
            var offset = bom
            loop: while true {
                switch decoder.decode(&it) {
                case .scalarValue(let s):
                    if s == "\0" { throw PlistError("a NUL byte at byte \(offset): this is not UTF-8 text", line: line(of: out)) }
                    out.append(s)
                    offset += s.utf8.count
                case .emptyInput: break loop
                case .error:
                    throw PlistError("not UTF-8 text (a malformed byte near byte \(offset)); Apple's tools write strings files as UTF-8 or UTF-16",
                                     line: line(of: out))
                }
            }
        case .utf16LE, .utf16BE:
            guard (b.count - bom) % 2 == 0 else { throw PlistError("\(encoding.rawValue) text with an odd number of bytes") }
            var units: [UInt16] = []
            units.reserveCapacity((b.count - bom) / 2)
            var i = bom
            while i + 1 < b.count {
                units.append(encoding == .utf16LE ? UInt16(b[i]) | UInt16(b[i + 1]) << 8 : UInt16(b[i]) << 8 | UInt16(b[i + 1]))
                i += 2
            }
            var it = units.makeIterator()
            var decoder = UTF16()
            loop: while true {
                switch decoder.decode(&it) {
                case .scalarValue(let s): out.append(s)
                case .emptyInput: break loop
                case .error: throw PlistError("\(encoding.rawValue) text with a lone surrogate (a broken character)", line: line(of: out))
                }
            }
        case .utf32LE, .utf32BE:
            guard (b.count - bom) % 4 == 0 else { throw PlistError("\(encoding.rawValue) text whose length is not a multiple of 4 bytes") }
            var i = bom
            while i + 3 < b.count {
                let v = encoding == .utf32LE
                    ? UInt32(b[i]) | UInt32(b[i + 1]) << 8 | UInt32(b[i + 2]) << 16 | UInt32(b[i + 3]) << 24
                    : UInt32(b[i]) << 24 | UInt32(b[i + 1]) << 16 | UInt32(b[i + 2]) << 8 | UInt32(b[i + 3])
                guard let s = Unicode.Scalar(v) else {
                    throw PlistError("\(encoding.rawValue) text with 0x\(String(v, radix: 16, uppercase: true)), which is not a character", line: line(of: out))
                }
                out.append(s)
                i += 4
            }
        }
        return out
    }

    /// The line the text read so far ends on (for messages).
    static func line(of s: [Unicode.Scalar]) -> Int {
        var n = 1
        for (i, c) in s.enumerated() where c == "\n" || (c == "\r" && (i + 1 == s.count || s[i + 1] != "\n")) { n += 1 }
        return n
    }

    /// Parses decoded text.
    public static func parse(scalars chars: [Unicode.Scalar]) throws(PlistError) -> [String: String] {
        var i = 0, line = 1
        var out: [String: String] = [:]
        func fail(_ message: String) -> PlistError { PlistError(message, line: line) }
        func newline(_ at: Int) -> Bool {
            chars[at] == "\n" || (chars[at] == "\r" && (at + 1 == chars.count || chars[at + 1] != "\n"))
        }
        func skipSpace() throws(PlistError) {
            while i < chars.count {
                let c = chars[i]
                if newline(i) { line += 1; i += 1 }
                else if c == " " || c == "\t" || c == "\r" || c == "\u{FEFF}" || c == "\u{0B}" || c == "\u{0C}" { i += 1 }
                else if c == "/" && i + 1 < chars.count && chars[i + 1] == "*" {
                    let start = line
                    i += 2
                    while i + 1 < chars.count && !(chars[i] == "*" && chars[i + 1] == "/") { if newline(i) { line += 1 }; i += 1 }
                    guard i + 1 < chars.count else { line = start; throw fail("a /* comment is not closed") }
                    i += 2
                } else if c == "/" && i + 1 < chars.count && chars[i + 1] == "/" {
                    while i < chars.count && chars[i] != "\n" && chars[i] != "\r" { i += 1 }
                } else { return }
            }
        }
        func isBare(_ c: Unicode.Scalar) -> Bool {
            c.properties.isAlphabetic || ("0"..."9").contains(c) || "_$+/:.-".unicodeScalars.contains(c)
        }
        func hexValue(_ c: Unicode.Scalar) -> UInt32? {
            switch c {
            case "0"..."9": c.value - 0x30
            case "a"..."f": c.value - 0x61 + 10
            case "A"..."F": c.value - 0x41 + 10
            default: nil
            }
        }
        /// `\U` and one to four hex digits, at `i` (the U).
        func unicodeEscape() throws(PlistError) -> UInt32 {
            var v: UInt32 = 0, digits = 0
            while digits < 4, i + 1 < chars.count, let h = hexValue(chars[i + 1]) { v = v << 4 | h; digits += 1; i += 1 }
            guard digits > 0 else { throw fail("\\U without hex digits (write \\U and one to four hex digits, e.g. \\U00E9)") }
            return v
        }
        func string() throws(PlistError) -> String {
            guard i < chars.count else { throw fail("expected a quoted string at the end of the file") }
            if chars[i] != "\"" {
                var word = String.UnicodeScalarView()
                while i < chars.count, isBare(chars[i]) { word.append(chars[i]); i += 1 }
                guard !word.isEmpty else { throw fail("expected a quoted string, found '\(excerpt(String(Character(chars[i]))))'") }
                return String(word)
            }
            let startLine = line
            i += 1
            var s = String.UnicodeScalarView()
            while i < chars.count && chars[i] != "\"" {
                var c = chars[i]
                if newline(i) { line += 1 }
                if c == "\\" && i + 1 < chars.count {
                    i += 1
                    switch chars[i] {
                    case "n": c = "\n"
                    case "t": c = "\t"
                    case "r": c = "\r"
                    case "a": c = "\u{07}"
                    case "b": c = "\u{08}"
                    case "f": c = "\u{0C}"
                    case "v": c = "\u{0B}"
                    case "U", "u":
                        let v = try unicodeEscape()
                        if (0xD800...0xDBFF).contains(v) {
                            // A high surrogate: the low one must follow as \UDCxx.
                            guard i + 2 < chars.count, chars[i + 1] == "\\", chars[i + 2] == "U" || chars[i + 2] == "u" else {
                                throw fail("\\U\(String(v, radix: 16, uppercase: true)) is the first half of a surrogate pair, and no \\U with the second half follows")
                            }
                            i += 2
                            let low = try unicodeEscape()
                            guard (0xDC00...0xDFFF).contains(low) else {
                                throw fail("\\U\(String(v, radix: 16, uppercase: true)) is the first half of a surrogate pair, but \\U\(String(low, radix: 16, uppercase: true)) is not a second half")
                            }
                            c = Unicode.Scalar(0x10000 + ((v - 0xD800) << 10) + (low - 0xDC00))!
                        } else if let u = Unicode.Scalar(v) {
                            c = u
                        } else {
                            throw fail("\\U\(String(v, radix: 16, uppercase: true)) is the second half of a surrogate pair without the first")
                        }
                    case "0"..."7":
                        var v: UInt32 = 0, digits = 0
                        while digits < 3, i < chars.count, ("0"..."7").contains(chars[i]) { v = v << 3 | (chars[i].value - 0x30); digits += 1; i += 1 }
                        i -= 1
                        guard v < 0o200 else {
                            throw fail("the octal escape \\\(String(v, radix: 8)) is above \\177: Apple reads it in the NeXTSTEP encoding, which locflow does not; write the character itself or \\U\(String(v, radix: 16, uppercase: true))")
                        }
                        c = Unicode.Scalar(UInt8(v))
                    default: c = chars[i]  // \" \' \\ and any other character stand for themselves
                    }
                }
                s.append(c)
                i += 1
            }
            guard i < chars.count else { line = startLine; throw fail("a quoted string is not closed") }
            i += 1
            return String(s)
        }
        while true {
            try skipSpace()
            if i >= chars.count { break }
            let key = try string()
            try skipSpace()
            if i < chars.count, chars[i] == ";" { i += 1; out[key] = key; continue }
            guard i < chars.count, chars[i] == "=" else { throw fail("expected = after \"\(excerpt(key))\"") }
            i += 1
            try skipSpace()
            let value = try string()
            let valueLine = line
            try skipSpace()
            guard i < chars.count, chars[i] == ";" else { line = valueLine; throw fail("expected ; after the value of \"\(excerpt(key))\"") }
            i += 1
            out[key] = value
        }
        return out
    }
}
