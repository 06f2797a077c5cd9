// Writes the world's plain fields from their declarations (Sources/LocflowCore/World.fields; the
// file's head explains the format). Run by the WorldFields build plugin; by hand:
//   swift run WorldFieldsTool Sources/LocflowCore/World.fields -      (prints what it writes)
// A malformed line stops the build with the file, the line and what is wrong.
import Foundation

struct Field {
    var name: String
    var type: String
    var initial: String
    var identity: String
    var docs: [String]
    var line: Int

    /// A time that may be absent is stored in one word (`Time`).
    var isOptionalTime: Bool { type == "Millis?" }
    /// Hashed as a whole word; everything else is packed into bit words.
    var isWord: Bool { type == "Millis" || type == "Int" || isOptionalTime }
    /// A boolean of a stored section is a bit of the section's `flags` word.
    var isFlag: Bool { type == "Bool" }
    var storageType: String { isOptionalTime ? "Time" : type }
    var storageInitial: String { isOptionalTime ? "Time(\(initial))" : initial }
    var isHistory: Bool { identity == "history" }
    /// Set to its starting value by the canonical form and left out of the fingerprint.
    var isDropped: Bool { identity == "history" || identity == "budget" }
    /// The name with its first letter in capitals (`addCallbacks`).
    var capitalized: String { name.prefix(1).uppercased() + name.dropFirst() }

    /// The identity's kind and its argument (`past(X)` → ("past", "X")).
    var identityParts: (kind: String, argument: String?) {
        guard let open = identity.firstIndex(of: "("), identity.hasSuffix(")") else { return (identity, nil) }
        return (String(identity[..<open]), String(identity[identity.index(after: open)..<identity.index(before: identity.endIndex)]))
    }
}

struct Section {
    var host: String
    /// nil for a value type of its own (`[AppRecord at record]`).
    var storage: String?
    /// Where the storage (or the value) is reached from the world.
    var path: String?
    var fields: [Field] = []
}

func fail(_ file: String, _ line: Int, _ message: String) -> Never {
    FileHandle.standardError.write(Data("\(file):\(line):1: error: \(message)\n".utf8))
    exit(1)
}

let commandLine = CommandLine.arguments
// `--readers`: the history's readers, for LocflowFlow (no rule in LocflowCore can read history).
let readers = commandLine.count == 4 && commandLine[1] == "--readers"
guard commandLine.count == 3 || readers else {
    FileHandle.standardError.write(Data("usage: WorldFieldsTool [--readers] World.fields OUTPUT.swift|-\n".utf8))
    exit(2)
}
let arguments = readers ? [commandLine[0]] + commandLine.dropFirst(2) : commandLine
let inputPath = arguments[1]
guard let text = try? String(contentsOfFile: inputPath, encoding: .utf8) else { fail(inputPath, 1, "cannot read the declarations") }

let kinds: Set<String> = ["clock", "future", "past", "kept", "keptWhile", "history", "budget"]
var sections: [Section] = []
var docs: [String] = []
var names: Set<String> = []
for (i, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
    let line = raw.trimmingCharacters(in: .whitespaces)
    let number = i + 1
    if line.isEmpty || line.hasPrefix("#") { continue }
    if line.hasPrefix("///") { docs.append(line); continue }
    if line.hasPrefix("[") {
        guard line.hasSuffix("]") else { fail(inputPath, number, "a section is [Host Storage at path] or [Type at path]") }
        let words = line.dropFirst().dropLast().split(separator: " ").map(String.init)
        if words.count == 3 && words[1] == "at" {
            sections.append(Section(host: words[0], storage: nil, path: words[2]))
        } else if words.count == 4 && words[2] == "at" {
            sections.append(Section(host: words[0], storage: words[1], path: words[3]))
        } else {
            fail(inputPath, number, "a section is [Host Storage at path] or [Type at path]")
        }
        docs = []
        continue
    }
    let columns = line.split(separator: "|", maxSplits: 3, omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
    guard columns.count == 4, columns.allSatisfy({ !$0.isEmpty }) else {
        fail(inputPath, number, "a field is: name | Type | starting value | identity")
    }
    guard !sections.isEmpty else { fail(inputPath, number, "a field before any [section]") }
    let field = Field(name: columns[0], type: columns[1], initial: columns[2], identity: columns[3], docs: docs, line: number)
    docs = []
    guard field.name.allSatisfy({ $0.isLetter || $0.isNumber }), field.name.first?.isLowercase == true else {
        fail(inputPath, number, "'\(field.name)' is not a field name")
    }
    let key = "\(sections[sections.count - 1].host).\(field.name)"
    guard names.insert(key).inserted else { fail(inputPath, number, "'\(field.name)' is declared twice") }
    let parts = field.identityParts
    guard kinds.contains(parts.kind), (parts.argument != nil) == (parts.kind == "past" || parts.kind == "keptWhile") else {
        fail(inputPath, number, "unknown identity '\(field.identity)' (clock, future, past(HORIZON), kept, keptWhile(COND), history, budget)")
    }
    if ["clock", "future", "past"].contains(parts.kind) && !(field.type == "Millis" || field.isOptionalTime) {
        fail(inputPath, number, "'\(field.identity)' is for times (Millis or Millis?), not \(field.type)")
    }
    if sections[sections.count - 1].storage == nil && parts.kind != "kept" {
        fail(inputPath, number, "the fields of a value type are kept (its field in the world says how it counts)")
    }
    sections[sections.count - 1].fields.append(field)
}

/// Writes `text` to the output named on the command line (or prints it), only when it changes,
/// so an unchanged declaration rebuilds nothing.
func emit(_ text: String, to path: String) {
    if path == "-" { print(text, terminator: ""); return }
    let old = try? String(contentsOfFile: path, encoding: .utf8)
    guard old != text else { return }
    do { try text.write(toFile: path, atomically: true, encoding: .utf8) } catch {
        fail(path, 1, "cannot write: \(error)")
    }
}

if readers {
    var text = """
    // Written by WorldFieldsTool from LocflowCore's World.fields (the WorldFields build plugin): the
    // readers of the history, which no rule may read (World.fields, `history`), so they live here,
    // outside LocflowCore, where the flows, the explorer and the library show it.
    import LocflowCore

    """
    for s in sections where s.storage != nil {
        let history = s.fields.filter(\.isHistory)
        guard !history.isEmpty else { continue }
        text += "\nextension \(s.host) {\n"
        for f in history {
            text += docLines(f, indent: "    ")
            text += "    public var \(f.name): \(f.type) { plain.\(f.name)\(f.isOptionalTime ? ".value" : "") }\n"
        }
        text += "}\n"
    }
    emit(text, to: arguments[2])
    exit(0)
}

var out = """
// Written by WorldFieldsTool from World.fields (the WorldFields build plugin): do not edit; edit
// World.fields. Each field's storage, accessor, canonical form and fingerprint follow from its
// one declaration (docs/design.md, "Fields, declared once").

"""

func docLines(_ f: Field, indent: String) -> String {
    f.docs.map { "\(indent)\($0)\n" }.joined()
}

for s in sections {
    if let storage = s.storage, let path = s.path {
        // The storage: the fields in their order, history last.
        out += "/// The plain fields of `\(s.host)`, declared in World.fields.\n"
        out += "package struct \(storage): Sendable, Hashable {\n"
        for f in s.fields where !f.isFlag { out += "    package var \(f.name): \(f.storageType) = \(f.storageInitial)\n" }
        // The booleans, one bit each of one word: a copy moves them together, the fingerprint
        // takes them as one word, and each reads and writes its bit.
        let flags = s.fields.filter(\.isFlag)
        if flags.count > 64 { fail(inputPath, flags[64].line, "more than 64 booleans in [\(s.host)]") }
        if !flags.isEmpty {
            var initial: UInt64 = 0
            for (i, f) in flags.enumerated() {
                guard f.initial == "true" || f.initial == "false" else { fail(inputPath, f.line, "a Bool starts true or false") }
                if f.initial == "true" { initial |= 1 << UInt64(i) }
            }
            out += "    package var flags: UInt64 = \(initial)\n"
            for (i, f) in flags.enumerated() {
                out += "    package var \(f.name): Bool {\n"
                out += "        @inline(__always) get { flags & \(1 << UInt64(i)) != 0 }\n"
                out += "        @inline(__always) set { flags = newValue ? flags | \(1 << UInt64(i)) : flags & ~\(1 << UInt64(i)) }\n"
                out += "    }\n"
            }
        }
        out += "}\n\n"
        let access = s.host == "World" ? "public internal(set)" : "public"
        let local = String(path.split(separator: ".").last!)
        out += "extension \(s.host) {\n"
        for f in s.fields where f.isHistory {
            // History: written here, read only outside LocflowCore (the readers LocflowFlow gets).
            out += docLines(f, indent: "    ")
            if f.type == "Int" {
                out += "    @inline(__always) mutating func add\(f.capitalized)(_ n: Int) { \(local).\(f.name) += n }\n"
            } else if f.isOptionalTime {
                out += "    @inline(__always) mutating func set\(f.capitalized)(_ t: Millis?) { \(local).\(f.name) = Time(t) }\n"
                out += "    /// Moves it to `t` unless it is already later.\n"
                out += "    @inline(__always) mutating func raise\(f.capitalized)(to t: Millis) { if t > (\(local).\(f.name).value ?? .min) { \(local).\(f.name) = Time(t) } }\n"
            } else {
                out += "    @inline(__always) mutating func set\(f.capitalized)(_ v: \(f.type)) { \(local).\(f.name) = v }\n"
            }
        }
        for f in s.fields where !f.isHistory {
            out += docLines(f, indent: "    ")
            if f.isOptionalTime {
                out += "    @inline(__always) \(access) var \(f.name): Millis? { get { \(local).\(f.name).value } set { \(local).\(f.name) = Time(newValue) } }\n"
            } else if f.isFlag {
                out += "    @inline(__always) \(access) var \(f.name): Bool { get { \(local).\(f.name) } set { \(local).\(f.name) = newValue } }\n"
            } else {
                out += "    \(access) var \(f.name): \(f.type) {\n"
                out += "        @inline(__always) _read { yield \(local).\(f.name) }\n"
                out += "        @inline(__always) _modify { yield &\(local).\(f.name) }\n"
                out += "    }\n"
            }
        }
        out += "}\n\n"
    } else {
        // A value type of its own: its fields, and its fingerprint code packed from theirs.
        out += "public struct \(s.host): Sendable, Hashable, BitwiseCopyable {\n"
        for f in s.fields {
            out += docLines(f, indent: "    ")
            out += "    public var \(f.name): \(f.type) = \(f.initial)\n"
        }
        out += "\n    public init() {}\n}\n\n"
        // Each field's code in a slot of 4 bits, placed when this is written (a test holds every
        // code within its slot: `World.fingerprintSlots`).
        out += "extension \(s.host): FingerprintCode {\n"
        out += "    @inline(__always) public static var codeBits: Int { \(s.fields.count * 4) }\n"
        out += "    @inline(__always) public var code: UInt64 {\n"
        out += "        var c: UInt64 = \(s.fields[0].name).code\n"
        for (i, f) in s.fields.enumerated().dropFirst() { out += "        c |= \(f.name).code << \(i * 4)\n" }
        out += "        return c\n    }\n"
        out += "    public static var samples: [\(s.host)] {\n"
        out += "        var all = [\(s.host)()]\n"
        for f in s.fields {
            out += "        for v in \(f.type).samples where v != \(s.host)().\(f.name) { var r = \(s.host)(); r.\(f.name) = v; all.append(r) }\n"
        }
        out += "        return all\n    }\n}\n\n"
    }
}

// The canonical form and the fingerprint of the declared fields, in the world.
let stored = sections.filter { $0.storage != nil }
out += "extension World {\n"
out += "    /// The declared fields' part of `canonicalize` (World.fields: each field's identity).\n"
out += "    @inline(__always) mutating func canonicalizeDeclaredFields(now n: Millis, to base: Millis, keepLastOutputs: Bool) {\n"
if stored.contains(where: { $0.fields.contains { $0.identity.contains("assumptions") } }) {
    // Read once: the declarations' horizons and conditions name it.
    out += "        let assumptions = self.assumptions\n"
}
for s in stored {
    for f in s.fields {
        let p = "\(s.path!).\(f.name)"
        let (kind, argument) = f.identityParts
        switch kind {
        case "clock": out += "        \(p) = base\n"
        case "future": out += "        \(p).rebase(now: n, to: base)\n"
        case "past": out += "        \(p).rebase(now: n, to: base, past: \(argument!))\n"
        case "keptWhile": out += "        if !(\(argument!)) { \(p) = \(f.storageInitial) }\n"
        case "history", "budget": out += "        \(p) = \(f.storageInitial)\n"
        default: break
        }
    }
}
out += "    }\n\n"
out += "    /// The declared fields' part of the fingerprint: the words, then the small fields packed.\n"
out += "    @inline(__always) func fingerprintDeclaredFields(into h: inout FingerprintHasher) {\n"
for s in stored {
    for f in s.fields where f.isWord && !f.isDropped {
        let p = "\(s.path!).\(f.name)"
        out += f.isOptionalTime ? "        h.word(\(p).word)\n" : "        h.word(UInt64(truncatingIfNeeded: \(p)))\n"
    }
}
// The booleans: their word, without the bits the canonical form drops.
for s in stored {
    let flags = s.fields.filter(\.isFlag)
    guard !flags.isEmpty else { continue }
    var kept: UInt64 = 0
    for (i, f) in flags.enumerated() where !f.isDropped { kept |= 1 << UInt64(i) }
    out += "        h.word(\(s.path!).flags & \(kept))\n"
}
// The small fields packed into words, each in a slot placed here: 8 bits, or 4 bits for each
// field of a value type of its own (a test holds every code within its slot).
let valueTypes = Dictionary(uniqueKeysWithValues: sections.filter { $0.storage == nil }.map { ($0.host, $0.fields.count) })
func slotBits(_ f: Field) -> Int { valueTypes[f.type].map { ($0 * 4 + 7) / 8 * 8 } ?? 8 }
var slots: [(path: String, field: Field, bits: Int)] = []
var packed: [[(path: String, shift: Int)]] = [[]]
var used = 0
for s in stored {
    for f in s.fields where !f.isWord && !f.isFlag && !f.isDropped {
        let bits = slotBits(f)
        if used + bits > 64 { packed.append([]); used = 0 }
        packed[packed.count - 1].append(("\(s.path!).\(f.name)", used))
        slots.append(("\(s.path!).\(f.name)", f, bits))
        used += bits
    }
}
for (i, word) in packed.enumerated() where !word.isEmpty {
    out += "        var w\(i): UInt64 = \(word[0].path).code\n"
    for (path, shift) in word.dropFirst() { out += "        w\(i) |= \(path).code << \(shift)\n" }
    out += "        h.word(w\(i))\n"
}
out += "    }\n\n"
out += "    /// Every declared field: where it lives, its name and type, how it counts for identity, and\n"
out += "    /// a probe that sets it to each of its sample values (for the tests).\n"
out += "    public static let declaredFields: [DeclaredField] = [\n"
for s in sections {
    for f in s.fields {
        // The accessor's path from the world: a stored section's host, or the value type's field.
        let path = s.path!
        let hostPath = s.storage == nil ? path : path.split(separator: ".").dropLast().joined(separator: ".")
        // History has no accessor in LocflowCore: its probe sets the storage.
        let member = f.isHistory ? "plain.\(f.name)" : f.name
        let keyPath = "\\World.\(hostPath.isEmpty ? "" : hostPath + ".")\(member)"
        let identity = f.identityParts
        let id = identity.argument.map { ".\(identity.kind)(\(String(reflecting: $0)))" } ?? ".\(identity.kind)"
        out += "        DeclaredField(owner: \"\(s.host)\", name: \"\(f.name)\", type: \"\(f.type)\", identity: \(id), probe: FieldProbe(\(keyPath))),\n"
    }
}
out += "    ]\n\n"
out += "    /// Each small field's code width against the slot the fingerprint gives it (for the tests).\n"
out += "    public static let fingerprintSlots: [(field: String, codeBits: Int, slotBits: Int)] = [\n"
for (path, f, bits) in slots { out += "        (\"\(path)\", \(f.type).codeBits, \(bits)),\n" }
for s in sections where s.storage == nil {
    for f in s.fields { out += "        (\"\(s.path!).\(f.name)\", \(f.type).codeBits, 4),\n" }
}
out += "    ]\n}\n"

emit(out, to: arguments[2])
