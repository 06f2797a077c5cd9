import Foundation
import LocflowCore
import LocflowFlow

/// `locflow export`: a flow as a Swift test against this library. Every step is a call on the
/// simulated device, the manager or a service where one exists (`perform("...")` otherwise), every
/// `expect` an `#expect` (or `XCTAssert...`) with the flow's line in a comment; the test passes
/// exactly when `locflow check` passes the flow. Every string taken from the flow, its plist or
/// its strings file is escaped (a flow comes from strangers).
public enum FlowExporter {
    public enum Style: String, CaseIterable, Sendable {
        case swiftTesting = "swift-testing"
        case xctest
    }

    /// The Swift file for `flow` (read from `path`). Reads the plist and strings files the flow
    /// names (their contents go into the file, so the test needs nothing beside it); a file that
    /// cannot be read is an error at its line, as in `check`.
    public static func swift(for flow: Flow, path: String, style: Style) throws(FlowError) -> String {
        var w = Writer(style: style, flow: flow)
        try w.configuration(baseDirectory: Commands.directory(of: path))
        w.body()
        return w.file(path: path)
    }

    // MARK: Swift text

    /// A Swift string literal holding exactly `s`: quotes, backslashes, line ends, every control
    /// or invisible bidirectional character escaped (so `"""`, `#`, `\(` are plain text in it).
    public static func literal(_ s: String) -> String {
        var out = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\0": out += "\\0"
            default:
                if TextSafety.isUnsafe(u.value, keepNewlines: false) || u.properties.generalCategory == .format
                    || u.properties.generalCategory == .surrogate || u.properties.generalCategory == .privateUse {
                    out += "\\u{\(String(u.value, radix: 16, uppercase: true))}"
                } else {
                    out.unicodeScalars.append(u)
                }
            }
        }
        return out + "\""
    }

    /// Text for a `//` comment: one line, control and bidirectional characters escaped.
    static func comment(_ s: String) -> String {
        var out = ""
        for u in s.unicodeScalars {
            if u == "\t" { out += " " } else if TextSafety.isUnsafe(u.value, keepNewlines: false) || u.properties.generalCategory == .format {
                out += "\\u{\(String(u.value, radix: 16, uppercase: true))}"
            } else { out.unicodeScalars.append(u) }
        }
        return out
    }

    /// An identifier from a file name: ASCII letters and digits, camel-cased ("allow-once-expiry"
    /// gives "allowOnceExpiry"); never empty, never starting with a digit.
    static func identifier(_ name: String) -> String {
        let words = name.split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }.map(String.init)
        var out = ""
        for (i, w) in words.enumerated() {
            out += i == 0 ? w.prefix(1).lowercased() + w.dropFirst() : w.prefix(1).uppercased() + w.dropFirst()
        }
        if out.isEmpty || out.first?.isNumber == true { out = "flow" + out.prefix(1).uppercased() + out.dropFirst() }
        return String(out.prefix(80))
    }

    static func plistLiteral(_ v: PlistValue, indent: String) -> String {
        switch v {
        case .string(let s): return ".string(\(literal(s)))"
        case .bool(let b): return ".bool(\(b))"
        case .integer(let n): return ".integer(\(n))"
        case .real(let d):
            if d.isNaN { return ".real(.nan)" }
            if d.isInfinite { return d < 0 ? ".real(-.infinity)" : ".real(.infinity)" }
            return ".real(\(d))"
        case .data: return ".data"
        case .date: return ".date"
        case .array(let a):
            if a.isEmpty { return ".array([])" }
            return ".array([" + a.map { plistLiteral($0, indent: indent) }.joined(separator: ", ") + "])"
        case .dict(let d):
            return ".dict(" + dictLiteral(d, indent: indent + "    ") + ")"
        }
    }

    static func dictLiteral(_ d: [String: PlistValue], indent: String) -> String {
        if d.isEmpty { return "[:]" }
        let entries = d.keys.sorted().map { k in "\(indent)\(literal(k)): \(plistLiteral(d[k] ?? .string(""), indent: indent))," }
        return "[\n" + entries.joined(separator: "\n") + "\n" + indent.dropLast(4) + "]"
    }

    static func duration(_ ms: Millis) -> String {
        if ms % 1000 == 0 { return ".seconds(\(ms / 1000))" }
        return ".milliseconds(\(ms))"
    }
}
