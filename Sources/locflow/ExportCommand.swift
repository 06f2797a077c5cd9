import Foundation
import LocflowCore
import LocflowFlow
import LocflowTesting

/// `locflow export FILE.flow --to swift-testing|xctest [-o FILE.swift]`.
@MainActor
enum ExportCommand {
    static let help = """
    usage: locflow export FILE.flow --to swift-testing|xctest [-o FILE.swift]

    Writes the flow as a Swift test against the LocflowTesting library (docs/testing.md): the
    device built from the flow's configuration (its plist and strings files read now and written
    into the test), every app step a call on the manager or a service (perform("...") where the
    API has no method), every person, system and device step a call on the device, and every
    expect an assertion with the flow's line in a comment. swift-testing writes one @Test
    function, xctest an XCTestCase. The file compiles against LocflowTesting with no edits and
    passes exactly when locflow check passes the flow. Without -o it goes to standard output.
    Exit: 0 written; 2 the flow or an argument cannot be used.
    """

    static func main(_ args: [String], io: CommandIO) -> Int32 {
        let a: Arguments
        switch Arguments.parse(args, valued: ["--to", "-o", "--output"]) {
        case .success(let parsed): a = parsed
        case .failure(let p): return CLI.usageError("export", p.message)
        }
        guard a.positionals.count == 1 else {
            return CLI.usageError("export", a.positionals.isEmpty ? "give a .flow file" : "give one .flow file (\(excerpt(a.positionals[1])) is a second)")
        }
        guard let to = a.value("--to") else { return CLI.usageError("export", "--to is swift-testing or xctest") }
        guard let style = FlowExporter.Style(rawValue: to) else {
            return CLI.usageError("export", "--to is swift-testing or xctest, not '\(excerpt(to))'")
        }
        let path = a.positionals[0]
        let text: String
        do {
            let flow = try Commands.load(path)
            text = try FlowExporter.swift(for: flow, path: path, style: style)
        } catch {
            io.err(error.description)
            return 2
        }
        guard let output = CLI.outputFile(a) else {
            io.rawOut(text.hasSuffix("\n") ? String(text.dropLast()) : text)
            return 0
        }
        do {
            let outcome = try OutputFile.write(output, text, protectingInputs: true, example: "FlowTests.swift")
            io.out("locflow export: wrote \(output)\(outcome.note)")
        } catch {
            io.err(error.message)
            return 2
        }
        return 0
    }
}
