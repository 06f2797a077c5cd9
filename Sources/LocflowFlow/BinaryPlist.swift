/// A reader of binary property lists (`bplist00`) written for hostile input. Foundation's reader
/// on Linux crashes on damaged files (a set, a flipped bit), so untrusted bytes never reach it.
///
/// Every number in the file is checked before it is used: the trailer's sizes, the offset table
/// (inside the file, before the trailer), every offset (inside the object area), every object
/// reference (below the object count), every length (inside the file). Only the markers of
/// Apple's format are accepted; sets and keyed-archiver UIDs, which an Info.plist never holds,
/// are refused by name. A reference back to an array or dictionary being read is a cycle and is
/// refused; values and bytes are counted as the tree is expanded (an object referred to twice
/// counts twice), so a small file cannot expand exponentially. Arithmetic never traps.
public enum BinaryPlist {
    public static func isBinary(_ bytes: [UInt8]) -> Bool { bytes.starts(with: Array("bplist".utf8)) }

    public static func parse(_ bytes: [UInt8], limits: PlistLimits = .standard) throws(PlistError) -> PlistValue {
        var reader = try Reader(bytes, limits: limits)
        return try reader.value(reader.top, depth: 0)
    }

    struct Reader {
        let b: [UInt8]
        let limits: PlistLimits
        let offsetSize: Int
        let refSize: Int
        let count: Int
        let top: Int
        let tableStart: Int
        var values = 0
        var textBytes = 0
        /// The containers being read, innermost last (a reference to one of them is a cycle).
        var open: [Int] = []

        init(_ bytes: [UInt8], limits: PlistLimits) throws(PlistError) {
            b = bytes
            self.limits = limits
            guard bytes.starts(with: Array("bplist".utf8)) else { throw PlistError("not a binary property list") }
            guard bytes.count >= 8, bytes[6] == UInt8(ascii: "0"), bytes[7] == UInt8(ascii: "0") else {
                throw PlistError("only version 00 of the binary format (bplist00, what Xcode and plutil write) is read")
            }
            guard bytes.count >= 8 + 1 + 1 + 32 else { throw PlistError("the file is too short to hold a trailer (\(bytes.count) bytes)") }
            let t = bytes.count - 32
            offsetSize = Int(bytes[t + 6])
            refSize = Int(bytes[t + 7])
            guard (1...8).contains(offsetSize), (1...8).contains(refSize) else {
                throw PlistError("the trailer gives an offset size of \(offsetSize) and a reference size of \(refSize) bytes (each must be 1 to 8)")
            }
            let objects = Self.be(bytes, t + 8, 8), topObject = Self.be(bytes, t + 16, 8), table = Self.be(bytes, t + 24, 8)
            // Every object takes at least one byte between the header and the offset table.
            guard objects >= 1, objects < UInt64(t) else { throw PlistError("the trailer gives \(objects) objects, which this file cannot hold") }
            guard topObject < objects else { throw PlistError("the top object (\(topObject)) is not one of the \(objects) objects") }
            count = Int(objects)
            top = Int(topObject)
            let (tableBytes, o1) = count.multipliedReportingOverflow(by: offsetSize)
            guard table >= 9, table < UInt64(t), !o1, Int(table) + tableBytes <= t else {
                throw PlistError("the offset table (at byte \(table), \(count) entries of \(offsetSize) bytes) does not fit between the objects and the trailer")
            }
            tableStart = Int(table)
        }

        /// A big-endian unsigned number of `size` (1 to 8) bytes at `at`; the caller checked the range.
        static func be(_ b: [UInt8], _ at: Int, _ size: Int) -> UInt64 {
            var v: UInt64 = 0
            for i in 0..<size { v = v << 8 | UInt64(b[at + i]) }
            return v
        }

        func offset(of ref: Int) throws(PlistError) -> Int {
            let o = Self.be(b, tableStart + ref * offsetSize, offsetSize)
            guard o >= 8, o < UInt64(tableStart) else {
                throw PlistError("object \(ref) is said to start at byte \(o), outside the objects (bytes 8 to \(tableStart - 1))")
            }
            return Int(o)
        }

        /// `n` bytes starting at `at` must lie before the offset table.
        func need(_ at: Int, _ n: Int, _ what: String, _ ref: Int) throws(PlistError) {
            let (end, o) = at.addingReportingOverflow(n)
            guard n >= 0, !o, end <= tableStart else {
                throw PlistError("object \(ref) (\(what)) runs past the end of the objects")
            }
        }

        /// The length that follows a marker: its low nibble, or an integer object after it.
        func length(_ marker: UInt8, at start: Int, ref: Int) throws(PlistError) -> (count: Int, body: Int) {
            let nibble = Int(marker & 0x0F)
            if nibble != 0x0F { return (nibble, start + 1) }
            try need(start + 1, 1, "a length", ref)
            let m = b[start + 1]
            guard m & 0xF0 == 0x10, m & 0x0F <= 3 else {
                throw PlistError("object \(ref) has a length marker 0x\(hex(m)) where an integer marker 0x10 to 0x13 belongs")
            }
            let size = 1 << Int(m & 0x0F)
            try need(start + 2, size, "a length", ref)
            let v = Self.be(b, start + 2, size)
            guard v <= UInt64(tableStart) else { throw PlistError("object \(ref) claims \(v) elements, more than the file holds") }
            return (Int(v), start + 2 + size)
        }

        mutating func count(_ n: Int = 1, bytes: Int = 0) throws(PlistError) {
            values += n
            textBytes += bytes
            guard values <= limits.maxValues else {
                throw PlistError("the property list expands into more than \(limits.maxValues) values (objects referred to over and over); locflow reads at most \(limits.maxValues)")
            }
            guard textBytes <= limits.maxBytes else {
                throw PlistError("the property list expands into more than \(limits.maxBytes / 1_048_576) MB of text and data; locflow reads at most that")
            }
        }

        func ref(at position: Int) -> Int {
            let v = Self.be(b, position, refSize)
            return v < UInt64(count) ? Int(v) : -1
        }

        mutating func children(_ ref: Int, _ n: Int, at body: Int, what: String) throws(PlistError) -> [Int] {
            let (bytes, o) = n.multipliedReportingOverflow(by: refSize)
            guard !o else { throw PlistError("object \(ref) (\(what)) claims more elements than the file holds") }
            try need(body, bytes, what, ref)
            var out: [Int] = []
            out.reserveCapacity(n)
            for i in 0..<n {
                let r = self.ref(at: body + i * refSize)
                guard r >= 0 else {
                    throw PlistError("object \(ref) (\(what)) refers to object \(Self.be(b, body + i * refSize, refSize)), but there are only \(count)")
                }
                out.append(r)
            }
            return out
        }

        mutating func value(_ ref: Int, depth: Int) throws(PlistError) -> PlistValue {
            let start = try offset(of: ref)
            let marker = b[start]
            try count()
            switch marker >> 4 {
            case 0x0:
                switch marker {
                case 0x08: return .bool(false)
                case 0x09: return .bool(true)
                default: throw unknown(marker, ref)
                }
            case 0x1:
                let size = 1 << Int(marker & 0x0F)
                guard marker & 0x0F <= 4 else { throw unknown(marker, ref) }
                try need(start + 1, size, "an integer", ref)
                switch size {
                case 1, 2, 4: return .integer(Int(Self.be(b, start + 1, size)))
                case 8: return .integer(Int(Int64(bitPattern: Self.be(b, start + 1, 8))))
                default:
                    // 128-bit: read it when it fits in 64 bits, as CF does for values it can represent.
                    let high = Self.be(b, start + 1, 8), low = Self.be(b, start + 9, 8)
                    guard high == 0, low <= UInt64(Int.max) else {
                        throw PlistError("object \(ref) is an integer that does not fit in 64 bits")
                    }
                    return .integer(Int(low))
                }
            case 0x2:
                switch marker & 0x0F {
                case 2:
                    try need(start + 1, 4, "a real number", ref)
                    return .real(Double(Float(bitPattern: UInt32(Self.be(b, start + 1, 4)))))
                case 3:
                    try need(start + 1, 8, "a real number", ref)
                    return .real(Double(bitPattern: Self.be(b, start + 1, 8)))
                default: throw unknown(marker, ref)
                }
            case 0x3:
                guard marker == 0x33 else { throw unknown(marker, ref) }
                try need(start + 1, 8, "a date", ref)
                return .date
            case 0x4:
                let (n, body) = try length(marker, at: start, ref: ref)
                try need(body, n, "data", ref)
                try count(0, bytes: n)
                return .data
            case 0x5:
                let (n, body) = try length(marker, at: start, ref: ref)
                try need(body, n, "an ASCII string", ref)
                try count(0, bytes: n)
                var s = String.UnicodeScalarView()
                for byte in b[body..<(body + n)] {
                    guard byte < 0x80 else { throw PlistError("object \(ref) is an ASCII string with the byte 0x\(hex(byte)), which is not ASCII") }
                    s.append(Unicode.Scalar(byte))
                }
                return .string(String(s))
            case 0x6:
                let (n, body) = try length(marker, at: start, ref: ref)
                let (bytes, o) = n.multipliedReportingOverflow(by: 2)
                guard !o else { throw PlistError("object \(ref) (a UTF-16 string) runs past the end of the objects") }
                try need(body, bytes, "a UTF-16 string", ref)
                try count(0, bytes: bytes)
                var units: [UInt16] = []
                units.reserveCapacity(n)
                for i in 0..<n { units.append(UInt16(b[body + 2 * i]) << 8 | UInt16(b[body + 2 * i + 1])) }
                // A lone surrogate becomes U+FFFD rather than an error, as CF's conversion does.
                return .string(String(decoding: units, as: UTF16.self))
            case 0x8:
                throw PlistError("object \(ref) is a keyed-archiver UID (marker 0x\(hex(marker))), which an Info.plist never holds")
            case 0xA:
                let (n, body) = try length(marker, at: start, ref: ref)
                let refs = try children(ref, n, at: body, what: "an array")
                try enter(ref, depth)
                var out: [PlistValue] = []
                out.reserveCapacity(refs.count)
                for r in refs { out.append(try value(r, depth: depth + 1)) }
                open.removeLast()
                return .array(out)
            case 0xC:
                throw PlistError("object \(ref) is a set (marker 0x\(hex(marker))): Info.plist values are never sets (Xcode and plutil do not write them), so locflow cannot say what iOS would make of it")
            case 0xD:
                let (n, body) = try length(marker, at: start, ref: ref)
                let (twice, o) = n.multipliedReportingOverflow(by: 2)
                guard !o else { throw PlistError("object \(ref) (a dictionary) claims more entries than the file holds") }
                let refs = try children(ref, twice, at: body, what: "a dictionary")
                try enter(ref, depth)
                var out: [String: PlistValue] = [:]
                for i in 0..<n {
                    guard case .string(let key) = try value(refs[i], depth: depth + 1) else {
                        throw PlistError("object \(ref) is a dictionary with a key (object \(refs[i])) that is not a string")
                    }
                    out[key] = try value(refs[n + i], depth: depth + 1)
                }
                open.removeLast()
                return .dict(out)
            default:
                throw unknown(marker, ref)
            }
        }

        mutating func enter(_ ref: Int, _ depth: Int) throws(PlistError) {
            if open.contains(ref) {
                throw PlistError("object \(ref) contains itself (a cycle of references); a property list is a tree")
            }
            guard depth < limits.maxDepth else {
                throw PlistError("arrays and dictionaries are nested more than \(limits.maxDepth) deep; locflow reads at most \(limits.maxDepth)")
            }
            open.append(ref)
        }

        func unknown(_ marker: UInt8, _ ref: Int) -> PlistError {
            PlistError("object \(ref) has the marker 0x\(hex(marker)), which is not one of the binary format's")
        }
    }
}

func hex(_ byte: UInt8) -> String {
    let digits = Array("0123456789ABCDEF")
    return String([digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]])
}
