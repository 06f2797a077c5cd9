/// A reader of XML property lists written for hostile input, so that no untrusted byte reaches
/// Foundation's parser (which recurses without a bound on Linux). It reads what Xcode and
/// plutil write: an optional `<?xml?>` declaration, comments, a `<!DOCTYPE plist ...>` without
/// an internal subset, and `<plist>` around one value of `dict`, `array`, `key`/`string`,
/// `integer`, `real`, `true`, `false`, `date` and `data`. Only XML's five named entities and
/// numeric character references are expanded (a DOCTYPE that declares entities is refused:
/// nothing can expand), nesting is bounded, and every error names the line.
public enum XMLPlist {
    public static func parse(_ input: [UInt8], limits: PlistLimits = .standard) throws(PlistError) -> PlistValue {
        var r = Reader(bytes: endOfLines(try utf8(input)), limits: limits)
        return try r.document()
    }

    /// XML's end-of-line handling (XML 1.0 §2.11): CR LF and a lone CR become LF before anything
    /// is read, so a usage description saved with Windows line ends reads as Apple's parser reads
    /// it. A character reference `&#13;` still gives a CR.
    static func endOfLines(_ b: [UInt8]) -> [UInt8] {
        guard b.contains(0x0D) else { return b }
        var out: [UInt8] = []
        out.reserveCapacity(b.count)
        var i = 0
        while i < b.count {
            if b[i] == 0x0D {
                out.append(0x0A)
                if i + 1 < b.count && b[i + 1] == 0x0A { i += 1 }
            } else {
                out.append(b[i])
            }
            i += 1
        }
        return out
    }

    /// The bytes as UTF-8: a UTF-8 BOM dropped, UTF-16 with a BOM converted.
    static func utf8(_ b: [UInt8]) throws(PlistError) -> [UInt8] {
        if b.starts(with: [0xEF, 0xBB, 0xBF]) { return Array(b.dropFirst(3)) }
        let le = b.starts(with: [0xFF, 0xFE]), be = b.starts(with: [0xFE, 0xFF])
        guard le || be else { return b }
        guard b.count % 2 == 0 else { throw PlistError("the UTF-16 text has an odd number of bytes") }
        var units: [UInt16] = []
        units.reserveCapacity(b.count / 2)
        var i = 2
        while i + 1 < b.count {
            units.append(le ? UInt16(b[i]) | UInt16(b[i + 1]) << 8 : UInt16(b[i]) << 8 | UInt16(b[i + 1]))
            i += 2
        }
        return Array(String(decoding: units, as: UTF16.self).utf8)
    }

    struct Reader {
        let bytes: [UInt8]
        let limits: PlistLimits
        var pos = 0
        var values = 0

        init(bytes: [UInt8], limits: PlistLimits) {
            self.bytes = bytes
            self.limits = limits
        }

        /// The line of a byte position (for messages only, so counted when an error is made).
        func line(at p: Int) -> Int {
            var n = 1
            var i = 0
            let end = min(p, bytes.count)
            while i < end {
                if bytes[i] == 0x0A || (bytes[i] == 0x0D && (i + 1 >= bytes.count || bytes[i + 1] != 0x0A)) { n += 1 }
                i += 1
            }
            return n
        }

        func fail(_ message: String, at p: Int? = nil) -> PlistError { PlistError(message, line: line(at: p ?? pos)) }

        func at(_ s: String) -> Bool {
            let u = Array(s.utf8)
            guard pos + u.count <= bytes.count else { return false }
            for i in 0..<u.count where bytes[pos + i] != u[i] { return false }
            return true
        }

        mutating func skip(past s: String, what: String) throws(PlistError) {
            let start = pos
            let u = Array(s.utf8)
            while pos + u.count <= bytes.count {
                if at(s) { pos += u.count; return }
                pos += 1
            }
            throw fail("\(what) is not closed (no \(s))", at: start)
        }

        static func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D }

        /// Whitespace, comments and processing instructions between elements.
        mutating func misc() throws(PlistError) {
            while pos < bytes.count {
                if Self.isSpace(bytes[pos]) { pos += 1 }
                else if at("<!--") { try skip(past: "-->", what: "a comment") }
                else if at("<?") { try skip(past: "?>", what: "a processing instruction") }
                else { return }
            }
        }

        mutating func document() throws(PlistError) -> PlistValue {
            try misc()
            if at("<!DOCTYPE") {
                let start = pos
                while pos < bytes.count && bytes[pos] != UInt8(ascii: ">") {
                    if bytes[pos] == UInt8(ascii: "[") {
                        throw fail("the DOCTYPE has an internal subset (entity declarations); locflow does not expand entities", at: start)
                    }
                    if bytes[pos] == UInt8(ascii: "\"") || bytes[pos] == UInt8(ascii: "'") {
                        let q = bytes[pos]
                        pos += 1
                        while pos < bytes.count && bytes[pos] != q { pos += 1 }
                    }
                    pos += 1
                }
                guard pos < bytes.count else { throw fail("the DOCTYPE is not closed", at: start) }
                pos += 1
                try misc()
            }
            guard pos < bytes.count else { throw fail("the file holds no property list") }
            guard bytes[pos] == UInt8(ascii: "<") else {
                throw fail("not an XML property list (locflow reads the XML and binary formats that Xcode writes; convert others with plutil -convert xml1)")
            }
            let tagStart = pos
            var tag = try openTag()
            let value: PlistValue
            if tag.name == "plist" {
                guard !tag.empty else { throw fail("<plist/> holds no value", at: tagStart) }
                try misc()
                tag = try openTag()
                value = try self.value(tag, depth: 0)
                try misc()
                try closeTag("plist", opened: tagStart)
            } else {
                value = try self.value(tag, depth: 0)
            }
            try misc()
            guard pos == bytes.count else { throw fail("text after the end of the property list") }
            return value
        }

        struct Tag { var name: String; var empty: Bool; var start: Int }

        /// `<name attr="..." ...>` or `<name/>`.
        mutating func openTag() throws(PlistError) -> Tag {
            let start = pos
            guard pos < bytes.count, bytes[pos] == UInt8(ascii: "<") else { throw fail("expected an element such as <string> here") }
            pos += 1
            guard pos < bytes.count, bytes[pos] != UInt8(ascii: "/") else { throw fail("expected a value, found the closing tag \(peekTag())", at: start) }
            let name = word()
            guard !name.isEmpty else { throw fail("expected an element name after <", at: start) }
            while pos < bytes.count {
                let c = bytes[pos]
                if c == UInt8(ascii: ">") { pos += 1; return Tag(name: name, empty: false, start: start) }
                if c == UInt8(ascii: "/") {
                    guard pos + 1 < bytes.count, bytes[pos + 1] == UInt8(ascii: ">") else { throw fail("expected /> in <\(name)", at: start) }
                    pos += 2
                    return Tag(name: name, empty: true, start: start)
                }
                if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") {
                    pos += 1
                    while pos < bytes.count && bytes[pos] != c { pos += 1 }
                    guard pos < bytes.count else { break }
                }
                pos += 1
            }
            throw fail("the tag <\(name) is not closed (no >)", at: start)
        }

        mutating func word() -> String {
            let s = pos
            while pos < bytes.count, bytes[pos] < 0x80, let u = Optional(bytes[pos]),
                  (u >= 0x61 && u <= 0x7A) || (u >= 0x41 && u <= 0x5A) || (u >= 0x30 && u <= 0x39) || u == 0x2D || u == 0x5F || u == 0x3A || u == 0x2E {
                pos += 1
                if pos - s > 64 { break }
            }
            return String(decoding: bytes[s..<pos], as: UTF8.self)
        }

        func peekTag() -> String {
            var p = pos
            var s = ""
            while p < bytes.count, bytes[p] != UInt8(ascii: ">"), s.count < 24 {
                if bytes[p] >= 0x21 && bytes[p] < 0x7F { s.append(Character(Unicode.Scalar(bytes[p]))) }
                p += 1
            }
            return "<" + s + ">"
        }

        mutating func closeTag(_ name: String, opened: Int) throws(PlistError) {
            guard at("</") else {
                throw fail("<\(name)> (line \(line(at: opened))) is not closed: expected </\(name)>" + (pos < bytes.count ? ", found \(peekTag())" : " before the end of the file"))
            }
            let start = pos
            pos += 2
            let found = word()
            while pos < bytes.count && Self.isSpace(bytes[pos]) { pos += 1 }
            guard found == name, pos < bytes.count, bytes[pos] == UInt8(ascii: ">") else {
                throw fail("expected </\(name)> to close <\(name)> of line \(line(at: opened)), found </\(found.prefix(24))>", at: start)
            }
            pos += 1
        }

        mutating func value(_ tag: Tag, depth: Int) throws(PlistError) -> PlistValue {
            values += 1
            guard values <= limits.maxValues else {
                throw fail("the property list has more than \(limits.maxValues) values; locflow reads at most \(limits.maxValues)", at: tag.start)
            }
            switch tag.name {
            case "dict":
                try deeper(depth, tag)
                var out: [String: PlistValue] = [:]
                if tag.empty { return .dict(out) }
                while true {
                    try misc()
                    if at("</") { try closeTag("dict", opened: tag.start); return .dict(out) }
                    let k = try openTag()
                    guard k.name == "key" else { throw fail("expected <key> in a <dict>, found <\(k.name.prefix(24))>", at: k.start) }
                    let key = k.empty ? "" : try text(until: "key", opened: k.start)
                    try misc()
                    guard !at("</") else { throw fail("the key \"\(excerpt(key))\" has no value", at: k.start) }
                    let v = try openTag()
                    out[key] = try value(v, depth: depth + 1)
                }
            case "array":
                try deeper(depth, tag)
                var out: [PlistValue] = []
                if tag.empty { return .array(out) }
                while true {
                    try misc()
                    if at("</") { try closeTag("array", opened: tag.start); return .array(out) }
                    out.append(try value(try openTag(), depth: depth + 1))
                }
            case "string": return .string(tag.empty ? "" : try text(until: "string", opened: tag.start))
            case "key": throw fail("a <key> outside a <dict>", at: tag.start)
            case "true", "false":
                if !tag.empty { try misc(); try closeTag(tag.name, opened: tag.start) }
                return .bool(tag.name == "true")
            case "integer":
                let t = tag.empty ? "" : try text(until: "integer", opened: tag.start)
                guard let n = Self.integer(t) else { throw fail("<integer> holds '\(excerpt(t))', not a whole number that fits in 64 bits", at: tag.start) }
                return .integer(n)
            case "real":
                let t = (tag.empty ? "" : try text(until: "real", opened: tag.start)).trimmingXMLSpace()
                guard let d = Double(t) else { throw fail("<real> holds '\(excerpt(t))', not a number", at: tag.start) }
                return .real(d)
            case "date":
                if !tag.empty { _ = try text(until: "date", opened: tag.start) }
                return .date
            case "data":
                if !tag.empty { _ = try text(until: "data", opened: tag.start) }
                return .data
            default:
                throw fail("<\(tag.name.prefix(24))> is not a property-list element (dict, array, key, string, integer, real, true, false, date, data)", at: tag.start)
            }
        }

        func deeper(_ depth: Int, _ tag: Tag) throws(PlistError) {
            guard depth < limits.maxDepth else {
                throw fail("arrays and dictionaries are nested more than \(limits.maxDepth) deep; locflow reads at most \(limits.maxDepth)", at: tag.start)
            }
        }

        static func integer(_ raw: String) -> Int? {
            let t = raw.trimmingXMLSpace()
            var body = Substring(t)
            var negative = false
            if body.first == "-" { negative = true; body = body.dropFirst() } else if body.first == "+" { body = body.dropFirst() }
            var radix = 10
            if body.hasPrefix("0x") || body.hasPrefix("0X") { radix = 16; body = body.dropFirst(2) }
            guard !body.isEmpty, let magnitude = UInt64(body, radix: radix) else { return nil }
            if negative { return magnitude <= UInt64(Int.max) + 1 ? Int(truncatingIfNeeded: 0 &- magnitude) : nil }
            return magnitude <= UInt64(Int.max) ? Int(magnitude) : nil
        }

        /// Character data up to `</name>`, entities and CDATA decoded, comments skipped.
        mutating func text(until name: String, opened: Int) throws(PlistError) -> String {
            var out: [UInt8] = []
            while pos < bytes.count {
                let c = bytes[pos]
                if c == UInt8(ascii: "<") {
                    if at("<![CDATA[") {
                        pos += 9
                        let s = pos
                        try skip(past: "]]>", what: "a CDATA section")
                        out += bytes[s..<(pos - 3)]
                        continue
                    }
                    if at("<!--") { try skip(past: "-->", what: "a comment"); continue }
                    try closeTag(name, opened: opened)
                    guard let s = String(validating: out, as: UTF8.self) else {
                        throw fail("<\(name)> holds bytes that are not UTF-8 text", at: opened)
                    }
                    return s
                }
                if c == UInt8(ascii: "&") {
                    let start = pos
                    guard let semi = bytes[pos...].prefix(12).firstIndex(of: UInt8(ascii: ";")) else {
                        throw fail("a & that starts no entity (write &amp;)", at: start)
                    }
                    let ref = String(decoding: bytes[(pos + 1)..<semi], as: UTF8.self)
                    pos = semi + 1
                    switch ref {
                    case "lt": out.append(UInt8(ascii: "<"))
                    case "gt": out.append(UInt8(ascii: ">"))
                    case "amp": out.append(UInt8(ascii: "&"))
                    case "quot": out.append(UInt8(ascii: "\""))
                    case "apos": out.append(UInt8(ascii: "'"))
                    default:
                        var v: UInt32?
                        if ref.hasPrefix("#x") || ref.hasPrefix("#X") { v = UInt32(ref.dropFirst(2), radix: 16) }
                        else if ref.hasPrefix("#") { v = UInt32(ref.dropFirst(), radix: 10) }
                        else { throw fail("the entity &\(excerpt(ref)); is not one of XML's five (lt, gt, amp, quot, apos); locflow expands no others", at: start) }
                        guard let v, v != 0, let scalar = Unicode.Scalar(v) else {
                            throw fail("&\(excerpt(ref)); is not a character", at: start)
                        }
                        out += Array(String(Character(scalar)).utf8)
                    }
                    continue
                }
                out.append(c)
                pos += 1
            }
            throw fail("<\(name)> (line \(line(at: opened))) is not closed before the end of the file", at: opened)
        }
    }
}

extension String {
    func trimmingXMLSpace() -> String {
        var s = Substring(self)
        while let f = s.unicodeScalars.first, f == " " || f == "\t" || f == "\n" || f == "\r" { s = s.dropFirst() }
        while let l = s.unicodeScalars.last, l == " " || l == "\t" || l == "\n" || l == "\r" { s = s.dropLast() }
        return String(s)
    }
}
