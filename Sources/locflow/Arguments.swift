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
