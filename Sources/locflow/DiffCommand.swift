import Foundation
import LocflowCore
import LocflowFlow

/// `locflow diff FILE.flow --platform A [--assume N=V]... --platform B [--assume N=V]... [--format text|md]`.
@MainActor
enum DiffCommand {
    static let help = """
    usage: locflow diff FILE.flow --platform A [--assume NAME=VALUE]... --platform B [--assume NAME=VALUE]...
                        [--format text|md] [-o FILE]

    Runs one flow on two sides and prints, step by step, only what differs: status, accuracy,
    Settings and its options, the prompt and its buttons (in order), lifecycle, in use, sessions,
    what is delivering, diagnostics, the callbacks each step delivered, expectation results,
    refusals, and the rules that decided the step. A difference of state that carries over
    unchanged from the step before is not repeated. Each --platform starts a side; an --assume
    applies to the side it follows (before the first --platform: to both), so one assumption can
    be compared with another on the same platform. md writes a Markdown table (a bug report, a
    release note).
      locflow diff Assets/flows/session-always.flow --platform ios17 --platform ios18
      locflow diff f.flow --platform ios18 --assume allowOnceGrace=30s --platform ios18
    Exit: 0 nothing differs; 1 something differs; 2 the flow or an argument cannot be used.
    """

    static func main(_ args: [String], io: CommandIO) -> Int32 {
        var file: String?
        var common: [ConfigStatement] = []
        var sides: [[ConfigStatement]] = []
        var markdown = false
        var output: String?
        var i = 0
        func fail(_ m: String) -> Int32 { CLI.usageError("diff: \(m)") }
        while i < args.count {
            let a = args[i]
            let value: String? = i + 1 < args.count ? args[i + 1] : nil
            switch a {
            case "--platform":
                guard let v = value, let p = Platform(rawValue: v) else {
                    return fail("--platform is one of " + Platform.allCases.map(\.rawValue).joined(separator: ", "))
                }
                guard sides.count < 2 else { return fail("give --platform exactly twice (one per side)") }
                sides.append([.platform(p)])
                i += 2
            case "--assume":
                guard let v = value, let eq = v.firstIndex(of: "="), eq != v.startIndex else {
                    return fail("--assume takes NAME=VALUE, e.g. --assume allowOnceGrace=30s")
                }
                let statement = "assume \(v[..<eq]) \(v[v.index(after: eq)...])"
                let parsed: Statement
                do { parsed = try FlowParser.parseStatement(statement, file: "--assume") } catch { return fail(error.message) }
                guard case .config(let c) = parsed, case .assume(let name, let val) = c else { return fail("--assume: not an assumption") }
                var probe = Assumptions()
                if let problem = probe.set(name, val) { return fail("--assume \(v): \(problem)") }
                if sides.isEmpty { common.append(c) } else { sides[sides.count - 1].append(c) }
                i += 2
            case "--format":
                guard let v = value, v == "text" || v == "md" else { return fail("--format is text or md") }
                markdown = v == "md"
                i += 2
            case "-o", "--output":
                guard let v = value else { return fail("-o needs a file name") }
                output = v == "-" ? nil : v  // standard output, as for every command
                i += 2
            default:
                if a.hasPrefix("-") || file != nil { return fail("unexpected \(a)") }
                file = a
                i += 1
            }
        }
        guard let file else { return fail("give a .flow file") }
        guard sides.count == 2 else { return fail("give --platform twice: diff FILE --platform A --platform B") }
        let flow: Flow
        do { flow = try Commands.load(file) } catch { io.err(error.description); return 2 }
        let dir = (file as NSString).deletingLastPathComponent
        let result: FlowDiff.Result
        do {
            result = try FlowDiff.run(flow, baseDirectory: dir.isEmpty ? "." : dir,
                                      a: FlowDiff.Side(overrides: common + sides[0]), b: FlowDiff.Side(overrides: common + sides[1]))
        } catch { io.err(error.description); return 2 }
        let text = markdown ? FlowDiff.markdown(result, file: file) : FlowDiff.text(result, file: file)
        if let output {
            do { try OutputFile.write(output, TextSafety.escape(text), protectingInputs: true, example: markdown ? "diff.md" : "diff.txt") } catch { io.err("locflow diff: " + error.message); return 2 }
            io.out("locflow diff: wrote \(output) (" + (result.isSame ? "no differences" : result.countText) + ")")
        } else {
            io.out(text.hasSuffix("\n") ? String(text.dropLast()) : text)
        }
        return result.isSame ? 0 : 1
    }
}
