import Foundation
import LocflowCore
import LocflowExplore
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
                           [--coverage] [--stop-at-first] [--format text|dot|mermaid|json]
                                                model-check every reachable state
           locflow paths --to "status=S settings=C ..." [config options] [bounds] [--max N] [-o DIR]
                           [--count]            the shortest flow to a matching state
           locflow shrink FILE.flow [-o OUT.flow]  a failing flow reduced to the steps that make it fail
           locflow play FILE.flow [--step-delay 2s]  autoplay a flow in the explorer, with captions
           locflow record FILE.flow -o demo.cast|demo.svg [--size 120x40] [--speed N] [--theme T]
                                                an asciicast v2 recording, or an animated SVG
           locflow shot FILE.flow -o shot.svg [--step N] [--size WxH] [--lang ko] [--theme T]
                                                the explorer after step N, as an SVG picture
           locflow storyboard FILE.flow -o board.svg [--lang ko] [--theme T]
                                                a panel per step, in rows, for a design review
           locflow html FILE.flow -o walkthrough.html [--lang ko] [--theme T]
                                                a self-contained page to step through a flow
           locflow map [config options] [--format text|dot|mermaid|svg] [-o FILE]
                                                the designer's flow map
           locflow report FILE.flow [-o report.md]  a Markdown bug report of a flow
           locflow diff FILE.flow --platform A [--assume N=V] --platform B [--assume N=V] [--format text|md]
                                                the same flow on two sides, only what differs
           locflow export FILE.flow --to swift-testing|xctest [-o FILE.swift]
                                                the flow as a Swift test on LocflowTesting
           locflow bench [--events N] [--lines N]  measure the model and the checker (use a release build)
           locflow rules [NAME...] [--format text|md|json]  every rule, its evidence, its sources
                           [--platform P]       a platform's page: what changed, with sources
           locflow help [COMMAND|PLATFORM]      this text, a command's, or a platform's page (help ios26)
           locflow help flow                    every word of the .flow language, with its meaning
           locflow --version                    the version

    options go before or after the file; put locflow on the PATH with
      swift build -c release && export PATH="$PWD/.build/release:$PATH"    (or write swift run locflow ...)
    config options (explorer, explore, paths, map): --platform P, --plist FILE, --strings FILE, --assume NAME=VALUE (repeatable),
                   --widget (the app has a widget: widget true), --app-clip (it is an App Clip: appClip true)
    bounds (explore, paths): --actions GROUPS, --waits 5s,1m,10m, --sessions 0|1|2, --depth N|all, --max-states N,
      --max-memory SIZE (default half the machine's memory; Ctrl-C or the limit ends the search with its summary)
    explorer options: --lang en|ko, --theme light|dark|auto, --ascii, --no-color (NO_COLOR is honoured)
    exit codes: 0 ok, 1 an expectation or step failed, 2 a file or argument could not be used
    """

    static let help: [String: String] = [
        "diff": DiffCommand.help,
        "export": ExportCommand.help,
        "check": """
        usage: locflow check FILE|DIR... [--quiet]

        Runs each flow (folders are searched for *.flow) headless and checks its expect lines.
        Prints each failed expectation or refused step as FILE:LINE: expected ..., found ...
        with the rule that decided it, then "K flows checked" and the closing line
        "N passed, M failed" (expectations).
          --quiet   do not print an "ok" line for each flow that passed
        Exit: 0 every expectation held and every step could be performed; 1 something failed;
              2 a file could not be read or parsed (nothing of that file runs).
        """,
        "run": """
        usage: locflow run FILE [--format text|json] [--lang en|ko]

        Prints the trace of a flow: one entry per step and per timer that fired, with the state
        after it and the rules that decided it. json is JSON Lines, one object per entry, with
        line, time, event, actor, refused, status, accuracy, settings, prompt, lifecycle, inUse,
        callbacks, fix, fixes, paused, widgetUpdates, controlCenter, error, diagnostics, outputs, why, and
        expectations (the expect lines after the entry's step: line, expect, passed, message).
        --lang ko writes the text trace in Korean (timers, outputs, rules, the state after each
        entry, the closing count); the flow's own lines and the expectations' messages stay as
        check prints them, and JSON is the same in both languages. Exit codes as for check.
        """,
        "inspect": """
        usage: locflow inspect PLIST [--strings FILE] [--platform P]

        Loads an Info.plist (XML or binary) and an optional InfoPlist.strings (UTF-8 or UTF-16)
        and says what iOS would do with it: prompt texts, which requests work, the Settings
        options, background modes, and each key that iOS ignores or reads differently.
        """,
        "bench": """
        usage: locflow bench [--events N] [--lines N] [--runs N] [--only model|check|explorer|explore|testing]

        Measures (a) a seeded random walk of N legal events through the model (default
        1,000,000; ns per event, median of --runs, default 5), (b) checking a generated flow
        of --lines lines (default 100,000; seconds and peak memory), and (c) the explorer:
        rendering a 200x60 frame with 10,000 events in the history, and peak memory after
        100,000 events; --only explore: the model checker with the default bounds on every
        platform (states, edges, depth, states/s, bytes per state); --only testing: 10,000
        scenarios of 20 steps through LocflowTesting (device, manager, prompts, taps, waits,
        callbacks; fails above 2 s). Peak memory is the
        process's: use --only for a part's own figure.
        Build with -c release; tools/first-frame.py measures the time to the first frame.
        """,
        "explore": """
        usage: locflow explore [config options] [--actions GROUPS] [--waits LIST] [--sessions N] [--depth N|all]
                               [--max-states N] [--never C] [--reachable C] [--leads-to "A => B"] [--coverage]
                               [--stop-at-first] [--format text|dot|mermaid|json]

        A model checker: walks breadth first through every state reachable from the start over the
        person's, the app's, the system's and the device's actions, and checks the built-in
        invariants and your properties on each. A state is the whole world with its times made
        relative to now (docs/model-checking.md: the abstraction). Prints states, edges, the graph's
        depth, whether the search is complete, and its speed; a progress line on a terminal.
        Config options: --platform P, --plist FILE, --strings FILE, --assume NAME=VALUE, --widget
        (the app has a widget: the widgets group needs it), --app-clip (the app is an App Clip).
        Bounds (defaults complete on every platform):
          --actions GROUPS  comma-separated: default, all, or requests, prompts, settings,
                            lifecycle, updates, significant, regions, device, button, liveUpdates,
                            monitor, background, sessions, and format 1.1's fixes, pausing,
                            visits, beacons, liveActivity, widgets (default: requests,prompts,
                            settings,lifecycle,button,sessions)
          --waits LIST      the waits tried (default 5s,1m,10m)
          --sessions N      explicit iOS 18 sessions: 0, 1 (a; default) or 2 (a and b)
          --depth N|all     steps from the start (default all); --max-states N (default 4,000,000)
          --max-memory SIZE the most memory the process may take, e.g. 2G (default half the machine's);
                            past it, or at Ctrl-C, the search stops and reports what it found
                            ("incomplete: interrupted" exits 130)
          --threads N       threads that expand the frontier (default: one a core, at most 8;
                    the results are the same)
        Properties (conditions as for paths --to; KEY!=VALUE too; all parts must hold):
          --never C         exit 1 with the shortest runnable .flow that reaches C
          --reachable C     exit 1 when no state has C (else the shortest flow to it)
          --leads-to "A => B"  exit 1 with a flow into a state with A from which B is unreachable
          --coverage        rules that fired and never fired, actions never enabled
          --stop-at-first   stop once the verdict is known: at the first broken invariant or
                            --never, or when every --reachable is reached (the same shortest flow)
        Formats: text (the summary); json (JSON Lines: states, then edges; for tools); dot
        (Graphviz) and mermaid (stateDiagram-v2) only for small graphs (--depth 2 or 3): larger
        ones are refused with a hint; `locflow map` draws the designer's flow map.
        Exit: 0 everything holds, 1 an invariant or a property broke, 2 bad arguments.
        """,
        "paths": """
        usage: locflow paths --to "KEY=VALUE ..." [config options] [bounds] [--max N] [-o DIR] [--count]

        Prints the shortest .flow that reaches a state where every condition holds, ending with
        expect lines for the conditions, so it runs as it is with locflow check. --max N prints
        the N shortest (each a separate flow, marked); -o DIR writes each to its own file
        (path-01.flow, ...; up to --max, default 10). The search stops once it has them;
        --count searches on and says how many states match in all. Keys: status, accuracy,
        settings, precise, prompt, lifecycle, inUse, indicator, locationServicesEnabled,
        completion, error, fix, paused, widgetUpdates, delivering.SOURCE (standard, liveUpdates,
        monitor, significantChanges, visits, beacons, beaconRegions, regions), session.a, session.b.
        Config options and bounds as for explore.
        Example: locflow paths --to "status=authorizedAlways settings=whileUsing"
        """,
        "shrink": """
        usage: locflow shrink FILE.flow [-o OUT.flow]

        Reduces a failing flow (an expectation that does not hold, or a step that is refused) to
        a minimal flow that still fails the same way: its first failure, and no other, with the
        same finding (the same expectation finding the same value, decided by the same rule, or
        the same step refused by the same rule). Delta debugging over the steps, adjacent waits
        merged, each wait shortened. Prints the minimal flow (or writes it with -o), says how
        many steps it kept and the failing line in the input and in the output. Relative plist
        and strings paths are rewritten to resolve from OUT.flow's folder (absolute on stdout).
        Exit: 0 shrunk, 1 the flow does not fail, 2 it cannot be read.
        """,
        "play": """
        usage: locflow play FILE.flow [--step-delay 2s] [explorer options]

        Autoplays a flow in the explorer for demos: one step every --step-delay (default 2.5s),
        with the step's comment (beside it, or the comment lines just above it) as the caption.
        With --lang ko the captions come from ko/FILE.flow beside it when there is one (the same
        statements on the same lines, the comments in Korean; record and shot read it too).
        Space pauses and resumes; r and u step by hand; q quits.
        """,
        "record": """
        usage: locflow record FILE.flow -o demo.cast|demo.svg [--size 120x40] [--speed N] [--no-captions]
                              [--lang en|ko] [--theme light|dark|auto]

        Replays a flow through the explorer's renderer. To demo.cast it writes an asciicast v2
        recording (asciinema play demo.cast) with a marker per step; to demo.svg (any name ending
        in .svg) an animated SVG for a web page or a slide (CSS keyframes: a browser plays it, a
        renderer without animation shows the first frame). Time is virtual: two seconds per step
        divided by --speed (default 1; from 0.01 to 100), so the same flow, size, speed and theme
        give the same bytes.
        --theme (SVG only) picks the palette for a dark or a light page; auto reads COLORFGBG.
        -o - prints to stdout.
        """,
        "rules": """
        usage: locflow rules [NAME...] [--format text|md|json]
               locflow rules --platform P [--format text|md|json]

        Every rule the model decides by (or only the NAMEs given), with its sentence, its
        evidence (documented: Apple's pages say it; reported: developers or Apple engineers on
        the forums say it; assumed: one of locflow's assumptions), and its sources (title and
        address). With --platform, the platform's page: what changed from the version before,
        what did not, and what is carried over as an assumption, with sources
        (also locflow help P, as locflow help ios26).
        """,
        "map": """
        usage: locflow map [--platform P] [--plist F] [--strings F] [--assume N=V] [--widget] [--app-clip]
                           [--format text|dot|mermaid|svg] [--with precise,locationServices,sessions,settings] [--without time]
                           [--theme light|dark] [-o FILE]

        The designer's flow map for the configured app and version: each node is what the person
        sees (a prompt with its buttons and the request that brought it up, or the app's Settings
        page) and the status the app reads; each edge is a tap, a Settings change, an app request
        or time passing (leaving the app for 10 minutes; a significant location change while the
        app is away). --with precise adds the Precise switches and temporary full accuracy, --with
        locationServices the global switch, --with sessions (iOS 18) the app creating a
        CLServiceSession for when in use, Always, or with its purpose key, and the prompts each
        brings up; --without time leaves out time. svg is locflow's own drawing of a designer's
        user flow (the main path left to right, each prompt with its purpose string and buttons,
        Settings changes in a table below; --with settings draws them as faint arrows too; --theme
        dark for a dark slide, light by default); dot
        is for Graphviz, mermaid a flowchart for GitHub Markdown, text lists each node with its
        ways out. Without --format, -o's extension picks it (.svg, .dot, .mmd; else text).
        """,
        "shot": """
        usage: locflow shot FILE.flow -o shot.svg [--step N] [--size 120x40] [--lang en|ko]
                            [--theme light|dark|auto] [--no-captions]

        Draws the explorer as it is after step N of the flow (0 is the start; default: after the
        last step) as an SVG picture for slides, chat and bug reports: no keyboard footer, the
        pane the step is about in front (a prompt, Settings, the App pane, the session bars),
        the bars scaled to the flow's whole time span; the explorer's colours, box
        drawing as lines, Korean text two columns wide. The same flow and options give the same
        bytes. --theme picks the palette for a dark (default) or a light background; auto reads
        COLORFGBG. -o - prints to stdout. Renders in browsers and rsvg-convert (shot.svg -o shot.png).
        """,
        "storyboard": """
        usage: locflow storyboard FILE.flow -o board.svg [--lang en|ko] [--theme light|dark|auto] [--columns N]

        One SVG picture for a design review: a panel per step, in rows, each the screen the
        person sees after the step (the prompt, Settings, or the app's state, as the explorer
        draws it at 80x24 without its footer) under the step and its time, with the step's
        caption (the comment beside or just above it) below. --lang ko draws it in Korean with
        the Korean captions (Assets/tours/ko). -o - prints to stdout.
        """,
        "html": """
        usage: locflow html FILE.flow -o walkthrough.html [--lang en|ko] [--theme light|dark|auto] [--size WxH]

        One self-contained web page (inline styles and script, nothing fetched) to step through
        a flow without a terminal: each step's frame as the explorer draws it, its caption, the
        timeline, previous and next by button and by the arrow keys, and the rules each step
        applied with links to their sources. Open it from chat or a wiki; ?selftest in its
        address presses → once and writes the result into the page (for a headless check).
        """,
        "report": """
        usage: locflow report FILE.flow [-o report.md] [--lang en|ko]

        Writes a Markdown bug report: the configuration, the steps as a table with the time and
        the state after each, the callbacks, the diagnostics, a text drawing of the session bars,
        the rules that fired with their sources, and the flow itself to attach. Without -o it
        prints to stdout. --lang ko writes it in Korean (the headings, steps, outputs and rules;
        the expectations' messages and the plist's findings stay as check prints them).
        Exit: 0, 1 when an expectation failed (the report is still written), 2 when the flow
        cannot be read.
        """,
        "open": """
        usage: locflow open FILE.flow [explorer options]

        Opens a flow in the explorer: its configuration applies, its steps are loaded into the
        history, and you can step through them forward and back, then carry on by hand.
        """,
    ]

    /// `locflow --version`.
    static let version = "locflow 0.1.0 (flow format 1.1, reads 1)"

    /// The command running now: error messages start `locflow CMD: `.
    static var command: String?

    /// Standard output, and standard error with the one prefix `locflow CMD: ` on every message.
    static var io: CommandIO {
        let prefix = command.map { "locflow \($0): " } ?? "locflow: "
        return CommandIO(out: CommandIO.standard.out, err: { CommandIO.standard.err(prefixed($0, prefix)) })
    }

    static func prefixed(_ message: String, _ prefix: String) -> String {
        if message.hasPrefix(prefix) { return message }
        if message.hasPrefix("error: ") { return prefix + message.dropFirst("error: ".count) }
        if message.hasPrefix("locflow: ") { return prefix + message.dropFirst("locflow: ".count) }
        return prefix + message
    }

    static let commands = ["open", "check", "run", "inspect", "explore", "paths", "shrink", "play", "record", "shot", "storyboard", "html", "map", "report", "diff", "export", "rules", "bench", "help"]

    /// The explorer's options (`locflow`, `open`, `play`): config options, then how it looks.
    static let explorerValued = configValued.union(["--lang", "--theme"])
    /// Config options with a value (`Explorer.parse` reads them and `configFlags`).
    static let configValued: Set<String> = ["--platform", "--plist", "--strings", "--assume"]
    static let explorerFlags = Set(["--ascii", "--no-color"]).union(configFlags)
    /// Config options without a value: the format 1.1 configuration lines `widget true` and `appClip true`.
    static let configFlags: Set<String> = ["--widget", "--app-clip"]

    static func main(_ args: [String]) -> Int32 {
        guard let first = args.first else { return Explorer.launch(args: [], flow: nil) }
        if first == "--version" || first == "-V" {
            // The version takes nothing more: anything after it is a usage error, as everywhere.
            if let extra = args.dropFirst().first { return usageError("", "\(first) takes no arguments (found '\(excerpt(extra))')") }
            CommandIO.standard.out(version)
            return 0
        }
        if first == "--help" || first == "-h" { CommandIO.standard.out(usage); return 0 }
        if first.hasPrefix("-") {
            // The bare explorer with options: `locflow --lang ko`.
            switch Arguments.parse(args, flags: explorerFlags, valued: explorerValued) {
            case .failure(let p): return usageError("", p.message)
            case .success(let a):
                if let extra = a.positionals.first { return usageError("", "unexpected \(extra) (to open a flow: locflow open FILE.flow)") }
                return Explorer.launch(args: args, flow: nil)
            }
        }
        let command = first
        let rest = Array(args.dropFirst())
        CLI.command = commands.contains(command) ? command : nil
        let io = CLI.io
        if command != "help" && (rest.contains("--help") || rest.contains("-h")) {
            io.out(help[command] ?? usage)
            return 0
        }
        func parsed(flags: Set<String> = [], valued: Set<String> = []) -> Arguments? {
            switch Arguments.parse(rest, flags: flags, valued: valued) {
            case .success(let a): return a
            case .failure(let p): _ = usageError(command, p.message); return nil
            }
        }
        switch command {
        case "help":
            guard let topic = rest.first else { io.out(usage); return 0 }
            if topic == "flow" {
                var text = FlowVocabulary.help
                if text.hasSuffix("\n") { text.removeLast() }
                io.out(text)
                return 0
            }
            if let p = Platform(rawValue: topic) {
                for line in Commands.platformPageText(p) { io.out(line) }
                return 0
            }
            guard let text = help[topic] else { return usageError("help", "no command '\(topic)'" + (nearest(topic, in: commands).map { " (did you mean '\($0)'?)" } ?? "")) }
            io.out(text)
            return 0
        case "check":
            guard let a = parsed(flags: ["--quiet"]) else { return 2 }
            guard !a.positionals.isEmpty else { return usageError("check", "give one or more .flow files or folders") }
            return Commands.check(a.positionals, quiet: a.has("--quiet"), io: io)
        case "run":
            guard let a = parsed(valued: ["--format", "--lang"]) else { return 2 }
            var format = Commands.TraceFormatOption.text
            if let v = a.value("--format") {
                guard let f = Commands.TraceFormatOption(rawValue: v) else { return usageError("run", "--format is text or json, not '\(excerpt(v))'") }
                format = f
            }
            var words = TraceWords.english
            if let v = a.value("--lang") {
                guard let l = Language(rawValue: v) else { return usageError("run", "--lang is en or ko, not '\(excerpt(v))'") }
                if l == .ko { words = .korean }
            }
            guard a.positionals.count == 1 else { return usageError("run", "give exactly one .flow file") }
            return Commands.run(a.positionals[0], format: format, words: words, io: io)
        case "inspect":
            guard let a = parsed(valued: ["--strings", "--platform"]) else { return 2 }
            var platform = Platform.ios18
            if let v = a.value("--platform") {
                guard let p = Platform(rawValue: v) else {
                    return usageError("inspect", "--platform is one of " + Platform.allCases.map(\.rawValue).joined(separator: ", "))
                }
                platform = p
            }
            guard a.positionals.count == 1 else { return usageError("inspect", "give exactly one Info.plist") }
            return Commands.inspect(a.positionals[0], strings: a.value("--strings"), platform: platform, io: io)
        case "bench":
            return Bench.main(rest, io: io)
        case "rules":
            return rules(rest, io: io)
        case "explore", "paths":
            let shared = configValued.union(["--depth", "--actions", "--waits", "--sessions", "--threads", "--max-states", "--max-memory"])
            let valued = shared.union(command == "explore" ? ["--format", "--never", "--reachable", "--leads-to"] : ["--to", "--max", "-o", "--output"])
            let own: Set<String> = command == "explore" ? ["--coverage", "--stop-at-first"] : ["--count"]
            guard let a = parsed(flags: own.union(configFlags), valued: valued) else { return 2 }
            if let extra = a.positionals.first { return usageError(command, "takes no file (\(extra)); give the app with --plist") }
            var explore = Commands.ExploreOptions(depth: nil)
            var max: Int?
            var named: [StateSearch.Family] = []
            for (name, value) in a.options {
                let v = value ?? ""
                switch name {
                case "--depth":
                    guard v == "all" || Int(v).map({ $0 >= 0 }) == true else { return usageError(command, "--depth takes a number or all") }
                    explore.depth = Int(v)
                case "--format":
                    guard let f = Commands.GraphFormat(rawValue: v) else { return usageError(command, "--format is text, dot, mermaid or json") }
                    explore.format = f
                case "--max-states":
                    guard let n = Int(v), n > 0, n <= StateSearch.stateLimit else {
                        return usageError(command, "--max-states takes a positive number of at most \(StateSearch.stateLimit)")
                    }
                    explore.maxStates = n
                case "--max-memory":
                    guard let n = SearchGuard.parseSize(v), n >= 64 << 20 else {
                        return usageError(command, "--max-memory takes a size of at least 64M, e.g. 512M or 8G (default: half the machine's memory, \(SearchGuard.describe(SearchGuard.defaultMaxBytes)))")
                    }
                    explore.maxBytes = n
                case "--never", "--reachable", "--leads-to":
                    do { explore.properties.append(try Property.parse(option: name, v)) } catch { return usageError(command, error.message) }
                case "--coverage":
                    explore.coverage = true
                case "--stop-at-first":
                    explore.stopAtFirst = true
                case "--actions":
                    var set: Set<StateSearch.Family> = []
                    for group in v.split(separator: ",").map(String.init) {
                        if group == "all" { set.formUnion(StateSearch.Family.allCases) }
                        else if group == "default" { set.formUnion(StateSearch.defaultFamilies) }
                        else if let f = StateSearch.Family(rawValue: group) { set.insert(f); named.append(f) }
                        else {
                            let names = ["all", "default"] + StateSearch.Family.allCases.map(\.rawValue)
                            return usageError(command, "--actions: unknown group '\(group)'" + (nearest(group, in: names).map { " (did you mean '\($0)'?)" } ?? "") + "; groups: " + names.joined(separator: ", "))
                        }
                    }
                    guard !set.isEmpty else { return usageError(command, "--actions needs a list, e.g. --actions all or --actions default,monitor") }
                    explore.families = set
                case "--waits":
                    var waits: [Millis] = []
                    for part in v.split(separator: ",") {
                        guard let ms = parseDuration(String(part)), ms > 0 else { return usageError(command, "--waits takes durations, e.g. --waits 5s,1m,10m") }
                        waits.append(ms)
                    }
                    guard !waits.isEmpty else { return usageError(command, "--waits takes durations, e.g. --waits 5s,1m,10m") }
                    explore.waits = waits
                case "--sessions":
                    guard let n = Int(v), (0...2).contains(n) else { return usageError(command, "--sessions is 0, 1 or 2") }
                    explore.sessions = n
                case "--threads":
                    guard let n = Int(v), (1...8).contains(n) else { return usageError(command, "--threads is 1 to 8") }
                    explore.threads = n
                case "--max":
                    guard let n = Int(v), n > 0 else { return usageError(command, "--max takes a number of paths, 1 or more, not '\(excerpt(v))'") }
                    max = n
                default: break
                }
            }
            var o = Explorer.Options()
            let configArgs = a.rebuilt(except: valued.subtracting(configValued).union(own))
            if let problem = Explorer.parse(configArgs, into: &o) { return usageError(command, problem) }
            let config = o.builder.finish()
            // A group named that adds no action here would search the same space in silence.
            for f in named {
                if let why = StateSearch.emptyFamily(f, config, sessions: explore.sessions) { io.err("locflow \(command): --actions \(f.rawValue) adds no action here: \(why)") }
            }
            if let problem = ConfigBuilder.appClipProblem(config) { io.err("locflow \(command): warning: --app-clip: " + problem) }
            // Ctrl-C ends the search, not the process: what was found is reported (exit 130).
            SearchGuard.catchInterrupt()
            if command == "explore" {
                if isatty(2) != 0 { explore.progress = { s in StandardStreams.err(s) } }
                return Commands.explore(config: config, configLines: o.configLines, options: explore, io: io)
            }
            guard let to = a.value("--to") else { return usageError("paths", "--to is required, e.g. --to \"status=authorizedAlways settings=whileUsing\"") }
            return Commands.paths(config: config, configLines: o.configLines, to: to, max: max, bounds: explore.bounds, maxBytes: explore.maxBytes,
                                  directory: a.value("-o") ?? a.value("--output"), countAll: a.has("--count"),
                                  progress: isatty(2) != 0 ? { s in StandardStreams.err(s) } : nil, io: io)
        case "shrink":
            guard let a = parsed(valued: ["-o", "--output"]) else { return 2 }
            guard a.positionals.count == 1 else {
                return usageError(command, a.positionals.isEmpty ? "give a failing .flow file" : "give one .flow file (\(a.positionals[1]) is a second)")
            }
            return Commands.shrink(a.positionals[0], output: outputFile(a), io: io)
        case "open", "play":
            let valued = command == "play" ? explorerValued.union(["--step-delay"]) : explorerValued
            guard let a = parsed(flags: explorerFlags, valued: valued) else { return 2 }
            guard a.positionals.count == 1 else {
                return usageError(command, a.positionals.isEmpty ? "give a .flow file" : "give one .flow file (\(a.positionals[1]) is a second)")
            }
            return Explorer.launch(args: a.rebuilt(), flow: a.positionals[0], autoplay: command == "play")
        case "record":
            return Pictures.record(rest, io: io)
        case "shot":
            return Pictures.shot(rest, io: io)
        case "map":
            return Pictures.map(rest, io: io)
        case "storyboard", "html":
            return Pages.main(command, rest, io: io)
        case "diff":
            return DiffCommand.main(rest, io: io)
        case "export":
            return ExportCommand.main(rest, io: io)
        case "report":
            guard let a = parsed(valued: ["-o", "--output", "--lang"]) else { return 2 }
            guard a.positionals.count == 1 else {
                return usageError("report", a.positionals.isEmpty ? "give a .flow file" : "give one .flow file (\(a.positionals[1]) is a second)")
            }
            var language = Language.en
            if let v = a.value("--lang") {
                guard let l = Language(rawValue: v) else { return usageError("report", "--lang is en or ko, not '\(excerpt(v))'") }
                language = l
            }
            return report(a.positionals[0], output: outputFile(a), language: language, io: io)
        default:
            var msg = "unknown command '\(command)'"
            if let near = nearest(command, in: commands) { msg += " (did you mean '\(near)'?)" }
            return usageError("", msg)
        }
    }

    /// `locflow report FILE.flow [-o report.md]`.
    static func report(_ file: String, output: String?, language: Language = .en, io: CommandIO) -> Int32 {
        let flow: Flow
        let text: String
        do {
            (flow, text) = try Commands.loadWithText(file)
        } catch { io.err(error.description); return 2 }
        // The captions in the report's language (ko/NAME.flow beside it), as play and shot read them.
        let captioned = Translation.localized(flow, path: file, language: language.rawValue, warn: io.err)
        let dir = (file as NSString).deletingLastPathComponent
        do {
            let (md, failed) = try Report.markdown(flow: captioned, flowText: text, file: file, baseDirectory: dir.isEmpty ? "." : dir, language: language)
            if let output {
                let outcome: OutputFile.Outcome
                do { outcome = try OutputFile.write(output, md, protectingInputs: true, example: "report.md") } catch {
                    io.err(error.message); return 2
                }
                io.out("locflow report: wrote \(output)\(outcome.note)" + (failed > 0 ? " (\(failed) expectation\(failed == 1 ? "" : "s") failed)" : ""))
            } else {
                io.out(md)
            }
            return failed > 0 ? 1 : 0
        } catch { io.err(error.description); return 2 }
    }

    /// The file `-o` (or `--output`) names, or nil for standard output: none given, or `-`, as
    /// every command that writes one file reads it.
    static func outputFile(_ a: Arguments) -> String? {
        guard let o = a.value("-o") ?? a.value("--output"), o != "-" else { return nil }
        return o
    }

    /// A usage error written as "CMD: problem" (the older form some commands use): the same as
    /// `usageError(CMD, problem)` when CMD is a command.
    static func usageError(_ message: String) -> Int32 {
        if let colon = message.range(of: ": "), commands.contains(String(message[..<colon.lowerBound])) {
            return usageError(String(message[..<colon.lowerBound]), String(message[colon.upperBound...]))
        }
        return usageError(command ?? "", message)
    }

    /// A usage error of one command (or "" for locflow itself): `locflow CMD: problem`, then only
    /// that command's usage lines. Exit code 2.
    static func usageError(_ command: String, _ problem: String) -> Int32 {
        var text = command.isEmpty ? "locflow: \(problem)" : "locflow \(command): \(problem)"
        if command.isEmpty {
            text += "\nusage: locflow [--platform P] [--plist F] [--strings F] [--assume N=V] [--widget] [--app-clip]\n                [--lang en|ko] [--theme light|dark|auto] [--ascii] [--no-color]"
            text += "\n       locflow COMMAND ...   (\(commands.joined(separator: ", ")))"
            text += "\n(locflow help lists the commands; locflow help COMMAND says more)"
        } else if let help = help[command] {
            let lines = help.split(separator: "\n", omittingEmptySubsequences: false)
            text += "\n" + lines.prefix { !$0.isEmpty }.joined(separator: "\n") + "\n(locflow help \(command) says more)"
        }
        CommandIO.standard.err(text)
        return 2
    }
}

