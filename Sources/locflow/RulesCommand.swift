import LocflowCore
import LocflowFlow

extension CLI {
    /// `locflow rules [NAME...] [--format text|md|json]`: every rule with its sentence, whether it
    /// is an assumption, and its sources (title and address).
    static func rules(_ args: [String], io: CommandIO) -> Int32 {
        var format = Commands.RulesFormat.text
        var names: [String] = []
        var platform: Platform?
        var i = 0
        while i < args.count {
            let a = args[i]
            if a == "--format" || a.hasPrefix("--format=") {
                let value: String
                if a == "--format" {
                    guard i + 1 < args.count else { return usageError("rules: --format needs text, md or json") }
                    value = args[i + 1]; i += 1
                } else { value = String(a.dropFirst("--format=".count)) }
                guard let f = Commands.RulesFormat(rawValue: value) else { return usageError("rules: --format is text, md or json, not '\(value)'") }
                format = f
            } else if a == "--platform" || a.hasPrefix("--platform=") {
                let value: String
                if a == "--platform" {
                    guard i + 1 < args.count else { return usageError("rules: --platform needs a platform") }
                    value = args[i + 1]; i += 1
                } else { value = String(a.dropFirst("--platform=".count)) }
                guard let p = Platform(rawValue: value) else {
                    return usageError("rules: --platform is one of " + Platform.allCases.map(\.rawValue).joined(separator: ", "))
                }
                platform = p
            } else if a.hasPrefix("-") {
                return usageError("rules: unknown option \(a)")
            } else {
                names.append(a)
            }
            i += 1
        }
        if let platform {
            guard names.isEmpty else { return usageError("rules: --platform shows the platform's page; give no rule names with it") }
            return Commands.platformPage(platform, format: format, io: io)
        }
        return Commands.rules(names, format: format, io: io)
    }
}
