import Glibc
import LocflowCore
import LocflowFlow

/// A command's arguments: options before or after the files, `--name value` or `--name=value`,
/// `--` ends the options. The one parser every command uses, so they all take the same shapes.
struct Arguments {
    var positionals: [String] = []
    /// The options in the order given (a repeated option appears each time).
    var options: [(name: String, value: String?)] = []

    struct Problem: Error { let message: String }

    /// `flags` take no value, `valued` take one. An option outside both is a problem (with the
    /// nearest known name).
    static func parse(_ args: [String], flags: Set<String> = [], valued: Set<String> = []) -> Result<Arguments, Problem> {
        var out = Arguments()
        var i = 0
        var optionsEnded = false
        while i < args.count {
            let a = args[i]
            i += 1
            if optionsEnded || a == "-" || !a.hasPrefix("-") { out.positionals.append(a); continue }
            if a == "--" { optionsEnded = true; continue }
            var name = a, inline: String?
            if let eq = a.firstIndex(of: "="), a.hasPrefix("--") {
                name = String(a[..<eq])
                inline = String(a[a.index(after: eq)...])
            }
            if flags.contains(name) {
                guard inline == nil else { return .failure(Problem(message: "\(name) takes no value")) }
                out.options.append((name, nil))
            } else if valued.contains(name) {
                if let inline { out.options.append((name, inline)); continue }
                guard i < args.count else { return .failure(Problem(message: "\(name) needs a value")) }
                out.options.append((name, args[i]))
                i += 1
            } else {
                var message = "unknown option \(name)"
                if let near = nearest(name, in: Array(flags.union(valued)).sorted()) { message += " (did you mean \(near)?)" }
                return .failure(Problem(message: message))
            }
        }
        return .success(out)
    }

    func has(_ flag: String) -> Bool { options.contains { $0.name == flag } }
    /// The last value given for an option.
    func value(_ name: String) -> String? { options.last { $0.name == name }?.value }
    /// The options again as arguments (for a parser further down).
    func rebuilt(except: Set<String> = []) -> [String] {
        options.filter { !except.contains($0.name) }.flatMap { o in [o.name] + (o.value.map { [$0] } ?? []) }
    }
}

extension Arguments {
    /// The first argument that is not UTF-8, said for a person, or nil. Swift's
    /// `CommandLine.arguments` repairs such bytes to U+FFFD, so `shot F -o $'x\xff.svg'` wrote
    /// `x�.svg`, a file nobody named, and `check $'x\xff.flow'` said an existing file did not exist.
    static func notUTF8(argc: Int32, argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> String? {
        for i in 1..<max(1, Int(argc)) {
            guard let p = argv[i] else { continue }
            let bytes = UnsafeRawBufferPointer(start: p, count: strlen(p))
            guard String(validating: bytes, as: UTF8.self) == nil else { continue }
            // The bytes as far as they are UTF-8, each other one as \xHH (at most 64 shown).
            var shown = "", rest = Array(bytes.prefix(64))
            while !rest.isEmpty {
                let valid = LineEnds.firstInvalidUTF8(rest) ?? rest.count
                shown += TextSafety.escape(String(decoding: rest[..<valid], as: UTF8.self), keepNewlines: false)
                guard valid < rest.count else { break }
                shown += "\\x" + TextSafety.hex(rest[valid])
                rest.removeSubrange(...valid)
            }
            if bytes.count > 64 { shown += "…" }
            return "locflow: argument \(i) is not UTF-8 ('\(shown)'); locflow takes file names and options in UTF-8 (rename the file)"
        }
        return nil
    }
}
