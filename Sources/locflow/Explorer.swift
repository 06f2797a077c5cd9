import Foundation
import Glibc
import LocflowCore
import LocflowExplorer
import LocflowFlow
import CNcursesw

/// `locflow` and `locflow open FILE.flow`: the interactive explorer.
@MainActor
enum Explorer {
    struct Options {
        var builder = ConfigBuilder(baseDirectory: FileManager.default.currentDirectoryPath)
        var configLines: [String] = []
        var ascii = false
        var noColor = false
        var language = Language.en
        /// nil: auto (from COLORFGBG).
        var theme: Theme?
    }

    static func parse(_ args: [String], into o: inout Options) -> String? {
        var i = 0
        func value(_ name: String) -> String? {
            guard i + 1 < args.count else { return nil }
            i += 1
            return args[i]
        }
        while i < args.count {
            let a = args[i]
            do {
                switch a {
                case "--platform":
                    guard let v = value(a), let p = Platform(rawValue: v) else {
                        return "--platform is one of " + Platform.allCases.map(\.rawValue).joined(separator: ", ")
                    }
                    try o.builder.apply(.platform(p), at: nil)
                    o.configLines.append("platform \(p.rawValue)")
                case "--plist", "--strings":
                    guard let v = value(a) else { return "\(a) needs a file" }
                    let path = v.hasPrefix("/") ? v : FileManager.default.currentDirectoryPath + "/" + v
                    try o.builder.apply(a == "--plist" ? .plist(path) : .strings(path), at: nil)
                    o.configLines.append("\(a.dropFirst(2)) \(FlowQuoting.quote(path))")
                case "--assume":
                    guard let v = value(a), let eq = v.firstIndex(of: "=") else { return "--assume takes NAME=VALUE, e.g. --assume allowOnceGrace=30s" }
                    let line = "assume \(v[..<eq]) \(v[v.index(after: eq)...])"
                    guard case .config(let c) = try FlowParser.parseStatement(line, file: "--assume") else { return "--assume: not an assumption" }
                    try o.builder.apply(c, at: nil)
                    o.configLines.append(line)
                case "--widget", "--app-clip":
                    let c: ConfigStatement = a == "--widget" ? .widget(true) : .appClip(true)
                    try o.builder.apply(c, at: nil)
                    o.configLines.append(c.flowText)
                case "--lang":
                    guard let v = value(a), let l = Language(rawValue: v) else { return "--lang is en or ko" }
                    o.language = l
                case "--theme":
                    guard let v = value(a), v == "auto" || Theme(rawValue: v) != nil else { return "--theme is light, dark or auto" }
                    o.theme = Theme(rawValue: v)
                case "--ascii": o.ascii = true
                case "--no-color": o.noColor = true
                default:
                    return "unknown option \(a)"
                }
            } catch {
                return error.message
            }
            i += 1
        }
        return nil
    }

    /// Reads a flow for the explorer, its configuration into `o`.
    static func loadFlow(_ path: String, into o: inout Options) -> Flow? {
        let flow: Flow
        do { flow = try Commands.load(path) } catch {
            CLI.io.err(error.description)
            return nil
        }
        let dir = (path as NSString).deletingLastPathComponent
        o.builder = ConfigBuilder(baseDirectory: dir.isEmpty ? "." : dir)
        for line in flow.config {
            guard case .config(var c) = line.statement else { continue }
            do { try o.builder.apply(c, at: SourceLocation(file: path, line: line.line, column: 1)) } catch {
                CLI.io.err(error.description)
                return nil
            }
            // Paths in a recording are absolute, so it runs from anywhere.
            if case .plist(let p) = c { c = .plist(o.builder.absolute(p)) }
            if case .strings(let p) = c { c = .strings(o.builder.absolute(p)) }
            o.configLines.append(c.flowText)
        }
        return flow
    }

    /// A flow's steps for the history, each with its comment as its caption.
    static func steps(of flow: Flow) -> [HistoryStep] {
        flow.body.compactMap { line in
            switch line.statement {
            case .step(let e): HistoryStep(.event(e), line: line.line, caption: line.comment)
            case .expect(let x): HistoryStep(.expect(x), line: line.line, caption: line.comment)
            case .config: nil
            }
        }
    }

    static func launch(args: [String], flow path: String?, autoplay: Bool = false) -> Int32 {
        var o = Options()
        var steps: [HistoryStep] = []
        var title: String?
        var rest = args
        var stepDelay = 2_500
        // Every --step-delay is taken out (the last one given counts, as for every option):
        // a second one used to be left for the explorer's options, "unknown option --step-delay".
        while let i = rest.firstIndex(of: "--step-delay") {
            guard i + 1 < rest.count, let ms = parseDuration(rest[i + 1]) else {
                return CLI.usageError(CLI.command ?? "", "--step-delay takes a duration such as 2s or 1500ms")
            }
            guard ms > 0 else { return CLI.usageError(CLI.command ?? "", "--step-delay must be longer than 0s (a step needs time to be read), such as 2s or 1500ms") }
            stepDelay = ms
            rest.removeSubrange(i...(i + 1))
        }
        var loaded: Flow?
        if let path {
            guard let flow = loadFlow(path, into: &o) else { return 2 }
            loaded = flow
        }
        if let problem = parse(rest, into: &o) {
            return CLI.usageError(CLI.command ?? "", problem)
        }
        if let path, let flow = loaded {
            // With --lang ko, the words of ko/NAME.flow beside it (docs/guide.md, "Share and demo").
            let flow = Translation.localized(flow, path: path, language: o.language.rawValue, warn: CLI.io.err)
            steps = Explorer.steps(of: flow)
            title = flow.description.isEmpty ? nil : flow.description.joined(separator: " ")
        }
        let config = o.builder.finish().localizedSample(o.language.rawValue)

        setlocale(LC_ALL, "")
        let utf8 = nc_codeset_is_utf8() != 0
        let glyphs: Glyphs = o.ascii || !utf8 ? .ascii : .unicode
        // Korean cannot be drawn in ASCII: say so rather than fill the screen with question marks.
        if o.language == .ko && !utf8 {
            return CLI.usageError(CLI.command ?? "", "--lang ko needs a UTF-8 terminal (this locale's character set is not UTF-8: try LANG=C.UTF-8 or ko_KR.UTF-8)")
        }
        installStopHandlers()
        let terminal: Terminal
        // auto: the terminal's own answer about its background, else COLORFGBG, else dark.
        let theme = o.theme ?? Terminal.queryBackground().flatMap(Theme.fromBackgroundReply)
            ?? Theme.auto(colorFGBG: ProcessInfo.processInfo.environment["COLORFGBG"])
        switch Terminal.open(forceNoColor: o.noColor, theme: theme) {
        case .success(let t): terminal = t
        case .failure(let e):
            CLI.io.err(e.message)
            return 2
        }
        let size = terminal.size
        var state = ExplorerState(config: config, configLines: o.configLines, width: size.width, height: size.height)
        state.language = o.language
        state.message = state.language("Try w (the app asks when in use) or a (Always); Tab and arrows reach every action; ? lists every key; : takes any .flow statement")
        if !steps.isEmpty {
            state.history.load(steps)
            state.speedIndex = 0
            // A flow is a story: the bars go step by step (t: real time).
            state.stepBars = true
            state.message = state.language.pick("opened", "열었습니다:") + " \(path!)" + (title.map { ": \($0)" } ?? "")
                + state.language.pick(" (\(steps.count) steps; r steps forward, u back)", " (\(steps.count)단계; r 앞으로, u 뒤로)")
        }
        if autoplay {
            state.startTour(every: stepDelay, title: title ?? path)
        }
        let recorder = Recorder(directory: FileManager.default.currentDirectoryPath)
        let clockStart = DispatchTime.now().uptimeNanoseconds
        func wallMs() -> Int { Int((DispatchTime.now().uptimeNanoseconds - clockStart) / 1_000_000) }

        // Every input's effects are carried out, ticks' included (the running clock's waits are
        // written as they finish).
        var running = true
        func carryOut(_ effects: [Effect]) {
            for effect in effects {
                if effect == .quit { running = false } else { recorder.perform(effect, state: &state) }
            }
        }
        while running {
            carryOut(state.update(.tick(wallMs())))
            let frame = render(state, glyphs: glyphs)
            terminal.draw(glyphs.ascii ? frame.asciiOnly(keepingLetters: utf8) : frame)
            let input = terminal.read(timeoutMs: Int(state.inputTimeout(now: wallMs())))
            if stopSignal.load(ordering: .relaxed) != 0 { break }
            guard let input else { continue }
            carryOut(state.update(.tick(wallMs())))
            carryOut(state.update(input))
        }
        // Whatever way the loop ended (q, a signal), write what was done and not yet recorded.
        carryOut(state.flushRecording())
        terminal.close()
        for r in recorder.made {
            print("locflow: recording in \(TextSafety.escape(r.flow))" + (r.report.map { ", report in \(TextSafety.escape($0))" } ?? "")
                  + (r.note.map { " (\(TextSafety.escape($0)), so it went on there)" } ?? ""))
        }
        if let lost = recorder.lost { CLI.io.err("locflow: \(TextSafety.escape(lost))") }
        for r in recorder.made where r.report == nil {
            CLI.io.err("locflow: no report beside \(TextSafety.escape(r.flow)): \(TextSafety.escape(r.reportProblem ?? "not written"))")
        }
        let sig = stopSignal.load(ordering: .relaxed)
        if sig != 0 {
            print("locflow: stopped by signal \(sig); the terminal is restored")
            return 128 + sig
        }
        // A recording asked for and not written (anywhere, or without its report) is a failure.
        return recorder.lost != nil || recorder.made.contains { $0.report == nil } ? 1 : 0
    }
}
