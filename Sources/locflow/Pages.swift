import Foundation
import LocflowCore
import LocflowExplorer
import LocflowFlow

/// `locflow storyboard` (one SVG, a panel per step) and `locflow html` (a page to step through).
@MainActor
enum Pages {
    static let maxBoardSteps = 300
    static let maxPageSteps = 1_000
    static func main(_ command: String, _ args: [String], io: CommandIO) -> Int32 {
        let html = command == "html"
        var language = Language.en, theme = Theme.light, output: String?, columns = Storyboard.columns
        var size = html ? (width: 120, height: 40) : (width: 80, height: 24)
        var valued: Set<String> = ["-o", "--output", "--lang", "--theme"]
        valued.insert(html ? "--size" : "--columns")
        let a: Arguments
        switch Arguments.parse(args, flags: [], valued: valued) {
        case .success(let parsed): a = parsed
        case .failure(let p): return CLI.usageError(command, p.message)
        }
        for (name, value) in a.options {
            let v = value ?? ""
            switch name {
            case "-o", "--output": output = v
            case "--lang":
                guard let l = Language(rawValue: v) else { return CLI.usageError(command, "--lang is en or ko") }
                language = l
            case "--theme":
                guard let t = Pictures.theme(v) else { return CLI.usageError(command, "--theme is light, dark or auto") }
                theme = t
            case "--columns":
                guard let n = Int(v), (1...8).contains(n) else { return CLI.usageError(command, "--columns takes 1 to 8") }
                columns = n
            default:  // --size
                let parts = v.split(separator: "x", omittingEmptySubsequences: false).map { Int($0) }
                guard parts.count == 2, let w = parts[0], let h = parts[1], w >= minimumSize.width, h >= minimumSize.height, w <= 300, h <= 100 else {
                    return CLI.usageError(command, "--size is WIDTHxHEIGHT, from \(minimumSize.width)x\(minimumSize.height) to 300x100, e.g. 120x40")
                }
                size = (w, h)
            }
        }
        guard a.positionals.count <= 1 else { return CLI.usageError(command, "give one .flow file (\(a.positionals[1]) is a second)") }
        guard let file = a.positionals.first else { return CLI.usageError(command, "give a .flow file") }
        let ext = html ? ".html" : ".svg", example = html ? "walkthrough.html" : "board.svg"
        guard let output else { return CLI.usageError(command, "give the output file with -o \(example)") }
        guard output == "-" || output.lowercased().hasSuffix(ext) || (html && output.lowercased().hasSuffix(".htm")) else {
            return CLI.usageError(command, "writes \(html ? "HTML" : "SVG"): name the file \(ext), not '\((output as NSString).lastPathComponent)'")
        }
        var o = Explorer.Options()
        guard let original = Explorer.loadFlow(file, into: &o) else { return 2 }
        let flow = Translation.localized(original, path: file, language: language.rawValue, warn: io.err)
        // Every step is a whole frame (about 20 KB of SVG): a flow of thousands of steps is no
        // review board or page, and a 16 MB flow would fill memory.
        let steps = flow.body.filter { if case .config = $0.statement { false } else { true } }.count
        let most = html ? maxPageSteps : maxBoardSteps
        guard steps <= most else {
            io.err("locflow \(command): \(file) has \(steps) steps; a \(html ? "page" : "storyboard") holds at most \(most): show a part of the flow")
            return 2
        }
        let title = flow.description.isEmpty ? (file as NSString).lastPathComponent : flow.description.joined(separator: " ")
        let walk = Walk(flow: flow, config: o.builder.finish().localizedSample(language.rawValue), configLines: o.configLines, width: size.width, height: size.height,
                        language: language, start: html || steps == 0, title: title)
        let text = html ? Walkthrough.html(walk, theme: theme, language: language)
            : Storyboard.svg(walk, theme: theme, columns: columns, language: language)
        guard let note = Pictures.write(text, to: output, example: example, io: io) else { return 2 }
        if output != "-" {
            let count = steps
            io.out("locflow \(command): \(output): \(count) steps, \(theme.rawValue) theme\(note)")
        }
        return 0
    }
}
