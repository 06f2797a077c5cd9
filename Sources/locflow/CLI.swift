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
           locflow explore [config options] [bounds] [--never C] [--reachable C] [--leads-to "A => B"]
                           [--coverage] [--format text|dot|mermaid|json]
                                                model-check every reachable state
           locflow paths --to "status=S settings=C ..." [config options] [bounds] [--max N] [-o DIR]
                                                the shortest flow to a matching state
           locflow shrink FILE.flow [-o OUT.flow]  a failing flow reduced to the steps that make it fail
           locflow play FILE.flow [--step-delay 2s]  autoplay a flow in the explorer, with captions
           locflow record FILE.flow -o demo.cast [--size 120x40] [--speed N]  an asciicast v2 recording
           locflow report FILE.flow [-o report.md]  a Markdown bug report of a flow
           locflow diff FILE.flow --platform A [--assume N=V] --platform B [--assume N=V] [--format text|md]
                                                the same flow on two sides, only what differs
           locflow bench [--events N] [--lines N]  measure the model and the checker (use a release build)
           locflow rules [NAME...] [--format text|md|json]  every rule, whether it is an assumption, its sources
           locflow help [COMMAND]               this text, or a command's

    config options (explorer, explore, paths): --platform P, --plist FILE, --strings FILE, --assume NAME=VALUE (repeatable)
    bounds (explore, paths): --actions GROUPS, --waits 5s,1m,10m, --sessions 0|1|2, --depth N|all, --max-states N
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
        usage: locflow bench [--events N] [--lines N] [--runs N] [--only model|check|explorer|explore]

        Measures (a) a seeded random walk of N legal events through the model (default
        1,000,000; ns per event, median of --runs, default 5), (b) checking a generated flow
        of --lines lines (default 100,000; seconds and peak memory), and (c) the explorer:
        rendering a 200x60 frame with 10,000 events in the history, and peak memory after
        100,000 events; --only explore: the model checker with the default bounds on every
        platform (states, edges, depth, states/s, bytes per state). Peak memory is the
        process's: use --only for a part's own figure.
        Build with -c release; tools/first-frame.py measures the time to the first frame.
        """,
        "explore": """
        usage: locflow explore [config options] [--actions GROUPS] [--waits LIST] [--sessions N] [--depth N|all]
                               [--max-states N] [--never C] [--reachable C] [--leads-to "A => B"] [--coverage]
                               [--format text|dot|mermaid|json]

        A model checker: walks breadth first through every state reachable from the start over the
        person's, the app's, the system's and the device's actions, and checks the built-in
        invariants and your properties on each. A state is the whole world with its times made
        relative to now (README "explore": the abstraction). Prints states, edges, the graph's
        depth, whether the search is complete, and its speed; a progress line on a terminal.
        Bounds (defaults complete on every platform):
          --actions GROUPS  comma-separated: default, all, or requests, prompts, settings,
                            lifecycle, updates, significant, regions, device, button, liveUpdates,
                            monitor, background, sessions (default: requests,prompts,settings,
                            lifecycle,button,sessions)
          --waits LIST      the waits tried (default 5s,1m,10m)
          --sessions N      explicit iOS 18 sessions: 0, 1 (a; default) or 2 (a and b)
          --depth N|all     steps from the start (default all); --max-states N (default 4,000,000)
          --threads N       threads that expand the frontier (default 1; the results are the same)
        Properties (conditions as for paths --to; KEY!=VALUE too; all parts must hold):
          --never C         exit 1 with the shortest runnable .flow that reaches C
          --reachable C     exit 1 when no state has C (else the shortest flow to it)
          --leads-to "A => B"  exit 1 with a flow into a state with A from which B is unreachable
          --coverage        rules that fired and never fired, actions never enabled
        Formats: text (the summary); json (JSON Lines: states, then edges; for tools); dot
        (Graphviz) and mermaid (stateDiagram-v2) only for small graphs (--depth 2 or 3): larger
        ones are refused with a hint; `locflow map` draws the designer's flow map.
        Exit: 0 everything holds, 1 an invariant or a property broke, 2 bad arguments.
        """,
        "paths": """
        usage: locflow paths --to "KEY=VALUE ..." [config options] [bounds] [--max N] [-o DIR]

        Prints the shortest .flow that reaches a state where every condition holds, ending with
        expect lines for the conditions, so it runs as it is with locflow check. --max N prints
        the N shortest (each a separate flow, marked); -o DIR writes each to its own file
        (path-01.flow, ...; up to --max, default 10). Keys: status, accuracy, settings, precise,
        prompt, lifecycle, inUse, indicator, locationServicesEnabled, completion, error,
        delivering.SOURCE, session.a, session.b. Bounds as for explore.
        Example: locflow paths --to "status=authorizedAlways settings=whileUsing"
        """,
        "shrink": """
        usage: locflow shrink FILE.flow [-o OUT.flow]

        Reduces a failing flow (an expectation that does not hold, or a step that is refused) to
        a minimal flow that still fails the same way: its first failure, with the same finding,
        and no other. Delta debugging over the steps, adjacent waits merged, each wait shortened.
        Prints the minimal flow (or writes it with -o) and says how many steps it kept.
        Exit: 0 shrunk, 1 the flow does not fail, 2 it cannot be read.
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
            var explore = Commands.ExploreOptions(depth: nil)
            var depth: Int?
            var to: String?
            var max: Int?
            var directory: String?
            var i = 0
            while i < rest.count {
                let a = rest[i]
                func next() -> String? { i + 1 < rest.count ? rest[i + 1] : nil }
                switch a {
                case "--depth":
                    guard let v = next(), v == "all" || Int(v).map({ $0 >= 0 }) == true else { return usageError("\(command): --depth takes a number or all") }
                    depth = Int(v); i += 2
                case "--format" where command == "explore":
                    guard let v = next(), let f = Commands.GraphFormat(rawValue: v) else { return usageError("explore: --format is text, dot, mermaid or json") }
                    explore.format = f; i += 2
                case "--max-states" where command == "explore":
                    guard let v = next(), let n = Int(v), n > 0 else { return usageError("explore: --max-states takes a positive number") }
                    explore.maxStates = n; i += 2
                case "--never" where command == "explore", "--reachable" where command == "explore", "--leads-to" where command == "explore":
                    guard let v = next() else { return usageError("explore: \(a) needs a condition, e.g. \(a) \"status=authorizedAlways settings=whileUsing\"") }
                    do { explore.properties.append(try Property.parse(option: a, v)) } catch { return usageError("explore: " + error.message) }
                    i += 2
                case "--actions":
                    guard let v = next() else { return usageError("\(command): --actions needs a list, e.g. --actions all or --actions default,monitor") }
                    var set: Set<StateSearch.Family> = []
                    for name in v.split(separator: ",").map(String.init) {
                        if name == "all" { set.formUnion(StateSearch.Family.allCases) }
                        else if name == "default" { set.formUnion(StateSearch.defaultFamilies) }
                        else if let f = StateSearch.Family(rawValue: name) { set.insert(f) }
                        else {
                            let names = ["all", "default"] + StateSearch.Family.allCases.map(\.rawValue)
                            return usageError("\(command): --actions: unknown group '\(name)'" + (nearest(name, in: names).map { " (did you mean '\($0)'?)" } ?? "") + "; groups: " + names.joined(separator: ", "))
                        }
                    }
                    explore.families = set; i += 2
                case "--waits":
                    var waits: [Millis] = []
                    for part in (next() ?? "").split(separator: ",") {
                        guard let ms = parseDuration(String(part)), ms > 0 else { return usageError("\(command): --waits takes durations, e.g. --waits 5s,1m,10m") }
                        waits.append(ms)
                    }
                    guard !waits.isEmpty else { return usageError("\(command): --waits takes durations, e.g. --waits 5s,1m,10m") }
                    explore.waits = waits; i += 2
                case "--sessions":
                    guard let v = next(), let n = Int(v), (0...2).contains(n) else { return usageError("\(command): --sessions is 0, 1 or 2") }
                    explore.sessions = n; i += 2
                case "--threads":
                    guard let v = next(), let n = Int(v), (1...8).contains(n) else { return usageError("\(command): --threads is 1 to 8") }
                    StateSearch.workers = n; i += 2
                case "--coverage" where command == "explore":
                    explore.coverage = true; i += 1
                case "--to" where command == "paths":
                    guard let v = next() else { return usageError("paths: --to needs conditions, e.g. --to \"status=authorizedAlways settings=whileUsing\"") }
                    to = v; i += 2
                case "--max" where command == "paths":
                    guard let v = next(), let n = Int(v), n > 0 else { return usageError("paths: --max takes a number") }
                    max = n; i += 2
                case "-o" where command == "paths", "--output" where command == "paths":
                    guard let v = next() else { return usageError("paths: -o needs a folder") }
                    directory = v; i += 2
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
                explore.depth = depth
                if isatty(2) != 0 { explore.progress = { s in FileHandle.standardError.write(Data(s.utf8)) } }
                return Commands.explore(config: config, configLines: o.configLines, options: explore, io: io)
            }
            guard let to else { return usageError("paths: --to is required, e.g. --to \"status=authorizedAlways settings=whileUsing\"") }
            explore.depth = depth
            return Commands.paths(config: config, configLines: o.configLines, to: to, max: max, bounds: explore.bounds, directory: directory, io: io)
        case "shrink":
            var file: String?, output: String?
            var i = 0
            while i < rest.count {
                if rest[i] == "-o" || rest[i] == "--output" {
                    guard i + 1 < rest.count else { return usageError("shrink: -o needs a file name") }
                    output = rest[i + 1]; i += 2
                } else if rest[i].hasPrefix("-") || file != nil {
                    return usageError("shrink: unexpected \(rest[i])")
                } else { file = rest[i]; i += 1 }
            }
            guard let file else { return usageError("shrink: give a failing .flow file") }
            return Commands.shrink(file, output: output, io: io)
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
            let commands = ["check", "run", "inspect", "bench", "open", "play", "record", "report", "diff", "explore", "paths", "shrink", "rules", "help"]
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
