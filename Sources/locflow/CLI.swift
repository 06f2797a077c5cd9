import Foundation
import LocflowCore
import LocflowExplorer
import LocflowFlow

/// The command line: thin; it wires the rooms together.
@MainActor
enum CLI {
    static let usage = """
    usage: locflow [explorer options]          open the interactive explorer (sample app, ios18)
           locflow open FILE.flow               open a flow in the explorer
           locflow check FILE|DIR...            run flows and check their expectations
           locflow run FILE [--format text|json]  print a flow's trace
           locflow inspect PLIST [--strings FILE] [--platform P]  what iOS would do with an Info.plist
           locflow explore [config options] [--depth N] [--format text|dot|mermaid|json]
                                                every reachable state, with invariants checked
           locflow paths --to "status=S settings=C ..." [config options] [--max N]
                                                the shortest flow to each matching state
           locflow play FILE.flow [--step-delay 2s]  autoplay a flow in the explorer, with captions
           locflow record FILE.flow -o demo.cast [--size 120x40] [--speed N]  an asciicast v2 recording
           locflow report FILE.flow [-o report.md]  a Markdown bug report of a flow
           locflow diff FILE.flow --platform A [--assume N=V] --platform B [--assume N=V] [--format text|md]
                                                the same flow on two sides, only what differs
           locflow bench [--events N] [--lines N]  measure the model and the checker (use a release build)
           locflow rules [NAME...] [--format text|md|json]  every rule, whether it is an assumption, its sources
           locflow help [COMMAND]               this text, or a command's

    config options (explorer, explore, paths): --platform P, --plist FILE, --strings FILE, --assume NAME=VALUE (repeatable)
    explorer options: --lang en|ko, --theme light|dark|auto, --ascii, --no-color (NO_COLOR is honoured)
    exit codes: 0 ok, 1 an expectation or step failed, 2 a file or argument could not be used
    """

    static let help: [String: String] = [
        "diff": DiffCommand.help,
        "check": """
        usage: locflow check FILE|DIR... [--quiet]

        Runs each flow (folders are searched for *.flow) headless and checks its expect lines.
        Prints each failed expectation or refused step as FILE:LINE: expected ..., found ...
        with the rule that decided it, then a closing line "N passed, M failed".
          --quiet   do not print an "ok" line for each flow that passed
        Exit: 0 every expectation held and every step could be performed; 1 something failed;
              2 a file could not be read or parsed (nothing of that file runs).
        """,
        "run": """
        usage: locflow run FILE [--format text|json]

        Prints the trace of a flow: one entry per step and per timer that fired, with the state
        after it and the rules that decided it. json is JSON Lines, one object per entry, with
        line, time, event, actor, refused, status, accuracy, settings, prompt, lifecycle, inUse,
        callbacks, diagnostics, outputs and why. Exit codes as for check.
        """,
        "inspect": """
        usage: locflow inspect PLIST [--strings FILE] [--platform P]

        Loads an Info.plist (XML or binary) and an optional InfoPlist.strings (UTF-8 or UTF-16)
        and says what iOS would do with it: prompt texts, which requests work, the Settings
        options, background modes, and each key that iOS ignores or reads differently.
        """,
        "bench": """
        usage: locflow bench [--events N] [--lines N] [--runs N] [--only model|check|explorer]

        Measures (a) a seeded random walk of N legal events through the model (default
        1,000,000; ns per event, median of --runs, default 5), (b) checking a generated flow
        of --lines lines (default 100,000; seconds and peak memory), and (c) the explorer:
        rendering a 200x60 frame with 10,000 events in the history, and peak memory after
        100,000 events. Peak memory is the process's: use --only for a part's own figure.
        Build with -c release; tools/first-frame.py measures the time to the first frame.
        """,
        "explore": """
        usage: locflow explore [--platform P] [--plist F] [--strings F] [--assume N=V] [--depth N]
                               [--actions v1|standard|all] [--format text|dot|mermaid|json]

        Walks breadth-first through every state reachable from the start over all the person's,
        the app's and the system's actions (at most two explicit sessions, waits of 5s, 10s, 1m
        and 10m, and --depth steps from the start: default 5, or all). --actions standard (the default)
        adds the most asked-about format 1.1 calls (requestLocation, a stationary device, visits, a Live
        Activity); all adds pausing, the indicator property, desiredAccuracy, beacons, widgets and a
        15m wait; v1 leaves them out. A state is what the person and the app can observe. Prints the number of
        states and edges and checks invariants on every state; a broken invariant exits 1 and
        prints the shortest .flow that reaches it. dot renders with Graphviz, mermaid
        (stateDiagram-v2) in a Markdown viewer, json is JSON Lines (states, then edges).
        """,
        "paths": """
        usage: locflow paths --to "KEY=VALUE ..." [--platform P] [config options] [--max N] [--depth N] [--actions v1|standard|all]

        Prints, for each reachable state where every condition holds, the shortest .flow that
        reaches it (at most --max, default 10, shortest first), ending with expect lines for the
        conditions, so it runs as it is with locflow check. Keys: status, accuracy, settings,
        precise, prompt, lifecycle, inUse, indicator, locationServicesEnabled, completion, error,
        delivering.SOURCE, session.a, session.b, fix, paused, widgetUpdates.
        Example: locflow paths --to "status=authorizedAlways settings=whileUsing"
        """,
        "play": """
        usage: locflow play FILE.flow [--step-delay 2s] [explorer options]

        Autoplays a flow in the explorer for demos: one step every --step-delay (default 2.5s),
        with the step's comment (beside it, or the comment lines just above it) as the caption.
        Space pauses and resumes; r and u step by hand; q quits.
        """,
        "record": """
        usage: locflow record FILE.flow -o demo.cast [--size 120x40] [--speed N] [--no-captions] [--lang en|ko]

        Replays a flow through the explorer's renderer and writes an asciicast v2 recording
        (asciinema play demo.cast) with a marker per step. Time is virtual: two seconds per step
        divided by --speed (default 1), so the same flow, size and speed give the same bytes.
        """,
        "report": """
        usage: locflow report FILE.flow [-o report.md]

        Writes a Markdown bug report: the configuration, the steps as a table with the time and
        the state after each, the callbacks, the diagnostics, a text drawing of the session bars,
        the rules that fired with their sources, and the flow itself to attach. Without -o it
        prints to stdout. Exit: 0, 1 when an expectation failed (the report is still written),
        2 when the flow cannot be read.
        """,
        "open": """
        usage: locflow open FILE.flow [explorer options]

        Opens a flow in the explorer: its configuration applies, its steps are loaded into the
        history, and you can step through them forward and back, then carry on by hand.
        """,
    ]

    static func main(_ args: [String]) -> Int32 {
        let io = CommandIO.standard
        guard let command = args.first else { return Explorer.launch(args: [], flow: nil) }
        let rest = Array(args.dropFirst())
        if rest.contains("--help") || rest.contains("-h") {
            io.out(help[command] ?? usage)
            return 0
        }
        switch command {
        case "--help", "-h", "help":
            io.out(rest.first.flatMap { help[$0] } ?? usage)
            return 0
        case "check":
            let quiet = rest.contains("--quiet")
            let files = rest.filter { $0 != "--quiet" }
            if let bad = files.first(where: { $0.hasPrefix("--") }) { return usageError("check: unknown option \(bad)") }
            guard !files.isEmpty else { return usageError("check: give one or more .flow files or folders") }
            return Commands.check(files, quiet: quiet, io: io)
        case "run":
            var format = Commands.TraceFormatOption.text
            var files: [String] = []
            var i = 0
            while i < rest.count {
                let a = rest[i]
                if a == "--format" || a.hasPrefix("--format=") {
                    let value: String
                    if a == "--format" {
                        guard i + 1 < rest.count else { return usageError("run: --format needs text or json") }
                        value = rest[i + 1]; i += 1
                    } else { value = String(a.dropFirst("--format=".count)) }
                    guard let f = Commands.TraceFormatOption(rawValue: value) else { return usageError("run: --format is text or json, not '\(value)'") }
                    format = f
                } else if a.hasPrefix("--") {
                    return usageError("run: unknown option \(a)")
                } else { files.append(a) }
                i += 1
            }
            guard files.count == 1 else { return usageError("run: give exactly one .flow file") }
            return Commands.run(files[0], format: format, io: io)
        case "inspect":
            var strings: String?
            var platform = Platform.ios18
            var files: [String] = []
            var i = 0
            while i < rest.count {
                switch rest[i] {
                case "--strings":
                    guard i + 1 < rest.count else { return usageError("inspect: --strings needs a file") }
                    strings = rest[i + 1]; i += 1
                case "--platform":
                    guard i + 1 < rest.count, let p = Platform(rawValue: rest[i + 1]) else {
                        return usageError("inspect: --platform is one of " + Platform.allCases.map(\.rawValue).joined(separator: ", "))
                    }
                    platform = p; i += 1
                case let a where a.hasPrefix("--"): return usageError("inspect: unknown option \(a)")
                case let a: files.append(a)
                }
                i += 1
            }
            guard files.count == 1 else { return usageError("inspect: give exactly one Info.plist") }
            return Commands.inspect(files[0], strings: strings, platform: platform, io: io)
        case "bench":
            return Bench.main(rest, io: io)
        case "rules":
            return rules(rest, io: io)
        case "explore", "paths":
            var o = Explorer.Options()
            var configArgs: [String] = []
            var depth: Int? = 5
            var actions = StateSearch.ActionSet.standard
            var format = Commands.GraphFormat.text
            var to: String?
            var max = 10
            var i = 0
            while i < rest.count {
                let a = rest[i]
                func next() -> String? { i + 1 < rest.count ? rest[i + 1] : nil }
                switch a {
                case "--depth":
                    guard let v = next(), v == "all" || Int(v).map({ $0 >= 0 }) == true else { return usageError("\(command): --depth takes a number or all") }
                    depth = Int(v); i += 2
                case "--actions":
                    guard let v = next(), let set = StateSearch.ActionSet(rawValue: v) else {
                        return usageError("\(command): --actions is v1, standard or all")
                    }
                    actions = set; i += 2
                case "--format" where command == "explore":
                    guard let v = next(), let f = Commands.GraphFormat(rawValue: v) else { return usageError("explore: --format is text, dot, mermaid or json") }
                    format = f; i += 2
                case "--to" where command == "paths":
                    guard let v = next() else { return usageError("paths: --to needs conditions, e.g. --to \"status=authorizedAlways settings=whileUsing\"") }
                    to = v; i += 2
                case "--max" where command == "paths":
                    guard let v = next(), let n = Int(v), n > 0 else { return usageError("paths: --max takes a number") }
                    max = n; i += 2
                case "--platform", "--plist", "--strings", "--assume":
                    guard let v = next() else { return usageError("\(command): \(a) needs a value") }
                    configArgs += [a, v]; i += 2
                default:
                    return usageError("\(command): unknown option \(a)")
                }
            }
            if let problem = Explorer.parse(configArgs, into: &o) { return usageError("\(command): \(problem)") }
            let config = o.builder.finish()
            if command == "explore" {
                return Commands.explore(config: config, configLines: o.configLines, depth: depth, format: format, actions: actions, io: io)
            }
            guard let to else { return usageError("paths: --to is required, e.g. --to \"status=authorizedAlways settings=whileUsing\"") }
            return Commands.paths(config: config, configLines: o.configLines, to: to, max: max, depth: depth, actions: actions, io: io)
        case "open", "play":
            guard let file = rest.first, !file.hasPrefix("--") else { return usageError("\(command): give a .flow file") }
            return Explorer.launch(args: Array(rest.dropFirst()), flow: file, autoplay: command == "play")
        case "record":
            return record(rest, io: io)
        case "diff":
            return DiffCommand.main(rest, io: io)
        case "report":
            var file: String?, output: String?
            var i = 0
            while i < rest.count {
                if rest[i] == "-o" || rest[i] == "--output" {
                    guard i + 1 < rest.count else { return usageError("report: -o needs a file name") }
                    output = rest[i + 1]; i += 2
                } else if rest[i].hasPrefix("-") || file != nil {
                    return usageError("report: unexpected \(rest[i])")
                } else { file = rest[i]; i += 1 }
            }
            guard let file else { return usageError("report: give a .flow file") }
            let flow: Flow
            let text: String
            do {
                (flow, text) = try Commands.loadWithText(file)
            } catch { io.err(error.description); return 2 }
            let dir = (file as NSString).deletingLastPathComponent
            do {
                let (md, failed) = try Report.markdown(flow: flow, flowText: text, file: file, baseDirectory: dir.isEmpty ? "." : dir)
                if let output {
                    let outcome: OutputFile.Outcome
                    do { outcome = try OutputFile.write(output, md) } catch {
                        io.err("locflow report: " + error.message); return 2
                    }
                    io.out("locflow report: wrote \(output)\(replacedNote(outcome))" + (failed > 0 ? " (\(failed) expectation\(failed == 1 ? "" : "s") failed)" : ""))
                } else {
                    io.out(md)
                }
                return failed > 0 ? 1 : 0
            } catch { io.err(error.description); return 2 }
        default:
            if command.hasPrefix("--") { return Explorer.launch(args: args, flow: nil) }
            let commands = ["check", "run", "inspect", "bench", "open", "play", "record", "report", "diff", "explore", "paths", "rules", "help"]
            var msg = "unknown command '\(command)'"
            if let near = nearest(command, in: commands) { msg += " (did you mean '\(near)'?)" }
            return usageError(msg)
        }
    }

    static func usageError(_ message: String) -> Int32 {
        CommandIO.standard.err("locflow: \(message)\n\n\(usage)")
        return 2
    }
}

extension CLI {
    /// `locflow record FILE.flow -o demo.cast [--size WxH] [--speed N] [--no-captions]`.
    static func record(_ args: [String], io: CommandIO) -> Int32 {
        var file: String?, output: String?
        var width = 120, height = 40
        var speed = 1.0
        var captions = true
        var language = Language.en
        var i = 0
        while i < args.count {
            let a = args[i]
            func next() -> String? { i + 1 < args.count ? args[i + 1] : nil }
            switch a {
            case "-o", "--output":
                guard let v = next() else { return usageError("record: -o needs a file name") }
                output = v; i += 2
            case "--size":
                let parts = (next() ?? "").split(separator: "x").compactMap { Int($0) }
                guard parts.count == 2, parts[0] >= minimumSize.width, parts[1] >= minimumSize.height, parts[0] <= 500, parts[1] <= 200 else {
                    return usageError("record: --size is WIDTHxHEIGHT, at least \(minimumSize.width)x\(minimumSize.height), e.g. 120x40")
                }
                width = parts[0]; height = parts[1]; i += 2
            case "--speed":
                guard let v = next(), let n = Double(v), n > 0 else { return usageError("record: --speed takes a positive number") }
                speed = n; i += 2
            case "--no-captions":
                captions = false; i += 1
            case "--lang":
                guard let v = next(), let l = Language(rawValue: v) else { return usageError("record: --lang is en or ko") }
                language = l; i += 2
            default:
                if a.hasPrefix("-") || file != nil { return usageError("record: unexpected \(a)") }
                file = a; i += 1
            }
        }
        guard let file else { return usageError("record: give a .flow file") }
        guard let output else { return usageError("record: give the output file with -o demo.cast") }
        var o = Explorer.Options()
        guard let (flow, _) = Explorer.loadFlow(file, into: &o) else { return 2 }
        let config = o.builder.finish()
        var events = 0
        let outcome: OutputFile.Outcome
        do {
            // Streamed: each event goes to the file as it is made, so memory stays flat.
            outcome = try OutputFile.write(output) { (w: inout OutputFile.Writer) throws(FlowError) in
                events = try Recording.stream(flow: flow, config: config, configLines: o.configLines, width: width, height: height,
                                              speed: speed, captions: captions, language: language) { (line: String) throws(FlowError) in
                    try w.write(line)
                }
            }
        } catch {
            io.err("locflow record: " + error.message)
            return 2
        }
        io.out("locflow record: \(output): \(width)x\(height), \(events) events\(replacedNote(outcome))")
        return 0
    }

    /// Says when a file was there before (it is replaced, never silently).
    static func replacedNote(_ outcome: OutputFile.Outcome) -> String {
        switch outcome {
        case .created: ""
        case .replaced: " (replaced the file that was there)"
        case .replacedThroughLink(let target): " (through the symbolic link: replaced \(target))"
        }
    }
}
