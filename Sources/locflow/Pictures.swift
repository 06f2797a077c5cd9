import Foundation
import LocflowCore
import LocflowExplorer
import LocflowFlow

/// `locflow shot` and `locflow record -o demo.svg`: the explorer's frames as pictures.
@MainActor
enum Pictures {
    struct Options {
        var file: String?
        var output: String?
        var step: Int?
        var width = 120, height = 40
        var speed = 1.0
        var captions = true
        var language = Language.en
        var theme = Theme.dark
    }

    /// The speeds `record` takes: 200 s to 20 ms a step.
    static let speedRange = 0.01...100.0

    /// Reads the options `shot` and `record` share; returns a problem to report as a usage error.
    static func parse(_ command: String, _ args: [String], into o: inout Options) -> String? {
        var valued: Set<String> = ["-o", "--output", "--size", "--lang", "--theme"]
        valued.insert(command == "shot" ? "--step" : "--speed")
        let a: Arguments
        switch Arguments.parse(args, flags: ["--no-captions"], valued: valued) {
        case .success(let parsed): a = parsed
        case .failure(let p): return p.message
        }
        for (name, value) in a.options {
            let v = value ?? ""
            switch name {
            case "-o", "--output": o.output = v
            case "--size":
                let parts = v.split(separator: "x", omittingEmptySubsequences: false).map { Int($0) }
                guard parts.count == 2, let w = parts[0], let h = parts[1], w >= minimumSize.width, h >= minimumSize.height, w <= 500, h <= 200 else {
                    return "--size is WIDTHxHEIGHT, from \(minimumSize.width)x\(minimumSize.height) to 500x200, e.g. 120x40"
                }
                o.width = w; o.height = h
            case "--lang":
                guard let l = Language(rawValue: v) else { return "--lang is en or ko" }
                o.language = l
            case "--theme":
                guard let t = theme(v) else {
                    return "--theme is light, dark or auto"
                }
                o.theme = t
            case "--step":
                guard let n = Int(v), n >= 0 else { return "--step takes a step number (0 is the start)" }
                o.step = n
            case "--speed":
                // Two seconds a step divided by the speed: slower than 0.01 (200 s a step) is no
                // demo, and a speed such as 1e-300 made the SVG's duration too large to write.
                guard let n = Double(v), n >= speedRange.lowerBound, n <= speedRange.upperBound else {
                    return "--speed takes a number from 0.01 to 100 (1 is two seconds a step), not '\(excerpt(v))'"
                }
                o.speed = n
            default: o.captions = false  // --no-captions
            }
        }
        guard a.positionals.count <= 1 else { return "give one .flow file (\(a.positionals[1]) is a second)" }
        o.file = a.positionals.first
        return nil
    }

    /// A `--theme` value: light, dark, or auto (from COLORFGBG, else dark).
    static func theme(_ name: String) -> Theme? {
        name == "auto" ? Theme.auto(colorFGBG: ProcessInfo.processInfo.environment["COLORFGBG"]) : Theme(rawValue: name)
    }

    /// `locflow shot FILE.flow [--step N] [--size WxH] [--lang ko] [--theme T] -o shot.svg`.
    static func shot(_ args: [String], io: CommandIO) -> Int32 {
        var p = Options()
        if let problem = parse("shot", args, into: &p) { return CLI.usageError("shot", problem) }
        guard let file = p.file else { return CLI.usageError("shot", "give a .flow file") }
        guard let output = p.output else { return CLI.usageError("shot", "give the picture's file with -o shot.svg") }
        guard output == "-" || output.lowercased().hasSuffix(".svg") else {
            return CLI.usageError("shot", "writes SVG: name the file .svg, not '\((output as NSString).lastPathComponent)' (a PNG: rsvg-convert shot.svg -o shot.png)")
        }
        var o = Explorer.Options()
        guard let original = Explorer.loadFlow(file, into: &o) else { return 2 }
        let flow = Translation.localized(original, path: file, language: p.language.rawValue, warn: io.err)
        var replay = Replay(flow: flow, config: o.builder.finish().localizedSample(p.language.rawValue), configLines: o.configLines, width: p.width, height: p.height,
                            language: p.language, captions: p.captions, picture: true)
        let target = p.step ?? replay.stepCount
        guard target <= replay.stepCount else {
            io.err("locflow shot: \(file) has \(replay.stepCount) steps; --step is 0 to \(replay.stepCount)")
            return 2
        }
        while replay.step < target, replay.next() != nil {}
        let title = flow.description.isEmpty ? (file as NSString).lastPathComponent : flow.description.joined(separator: " ")
        let svg = SVGPicture.shot(replay.frame, theme: p.theme, title: "\(title), step \(target)/\(replay.stepCount)")
        guard let note = write(svg, to: output, example: "shot.svg", io: io) else { return 2 }
        if output != "-" {
            io.out("locflow shot: \(output): step \(target)/\(replay.stepCount), \(p.width)x\(p.height), \(p.theme.rawValue) theme\(note)")
        }
        return 0
    }

    /// `locflow record FILE.flow -o demo.svg|demo.cast ...`: an animated SVG or an asciicast, by the extension.
    static func record(_ args: [String], io: CommandIO) -> Int32 {
        var p = Options()
        if let problem = parse("record", args, into: &p) { return CLI.usageError("record", problem) }
        guard let file = p.file else { return CLI.usageError("record", "give a .flow file") }
        guard let output = p.output else { return CLI.usageError("record", "give the output file with -o demo.cast or -o demo.svg") }
        guard output == "-" || [".svg", ".cast"].contains(where: output.lowercased().hasSuffix) else {
            return CLI.usageError("record", "writes an asciicast (.cast) or an animated SVG (.svg), chosen by the extension: '\((output as NSString).lastPathComponent)' is neither")
        }
        var o = Explorer.Options()
        guard let original = Explorer.loadFlow(file, into: &o) else { return 2 }
        let flow = Translation.localized(original, path: file, language: p.language.rawValue, warn: io.err)
        let config = o.builder.finish().localizedSample(p.language.rawValue)
        if output.lowercased().hasSuffix(".svg") {
            var replay = Replay(flow: flow, config: config, configLines: o.configLines, width: p.width, height: p.height,
                                language: p.language, captions: p.captions, picture: true)
            // Every frame is in the picture: a flow of thousands of steps is no slide, and a
            // 16 MB flow would fill memory (the asciicast streams any length).
            guard replay.stepCount < SVGAnimation.maxFrames else {
                io.err("locflow record: \(file) has \(replay.stepCount) steps; an animated SVG holds a frame for the start and one per step, at most \(SVGAnimation.maxFrames) frames: a flow of at most \(SVGAnimation.maxFrames - 1) steps (-o NAME.cast takes up to \(Recording.maxSteps))")
                return 2
            }
            let stepSeconds = 2.0 / p.speed
            var animation = SVGAnimation(theme: p.theme)
            animation.add(replay.frame, at: 0)
            while replay.next() != nil { animation.add(replay.frame, at: Double(replay.step) * stepSeconds) }
            let title = flow.description.isEmpty ? (file as NSString).lastPathComponent : flow.description.joined(separator: " ")
            let svg = animation.finish(hold: stepSeconds * 1.5, title: title)
            guard let note = write(svg, to: output, example: "demo.svg", io: io) else { return 2 }
            if output != "-" {
                io.out("locflow record: \(output): \(p.width)x\(p.height), \(animation.count) frames, \(p.theme.rawValue) theme, animated SVG\(note)")
            }
            return 0
        }
        // A step is about 12 KB of asciicast at 120x40 (a frame of escapes): the steps are bounded
        // so that a 16 MB flow cannot write gigabytes.
        let steps = flow.body.count
        guard steps <= Recording.maxSteps else {
            io.err("locflow record: \(file) has \(steps) steps and expectations; a recording holds at most \(Recording.maxSteps) (about \(Recording.maxSteps * 12 / 1000) MB at 120x40): record a part of the flow")
            return 2
        }
        if output == "-" {
            Recording.stream(flow: flow, config: config, configLines: o.configLines, width: p.width, height: p.height,
                             speed: p.speed, captions: p.captions, language: p.language) { StandardStreams.out($0) }
            return 0
        }
        var events = 0
        let outcome: OutputFile.Outcome
        do {
            // Streamed: each event goes to the file as it is made, so memory stays flat.
            outcome = try OutputFile.write(output, protectingInputs: true, example: "demo.cast") { (w: inout OutputFile.Writer) throws(FlowError) in
                events = try Recording.stream(flow: flow, config: config, configLines: o.configLines, width: p.width, height: p.height,
                                              speed: p.speed, captions: p.captions, language: p.language) { (line: String) throws(FlowError) in
                    try w.write(line)
                }
            }
        } catch {
            io.err(error.message)
            return 2
        }
        io.out("locflow record: \(output): \(p.width)x\(p.height), \(events) events\(outcome.note)")
        return 0
    }

    /// Writes a picture safely (OutputFile: never half a file, a replaced file said so), or prints
    /// it for `-o -`; returns the note on a replaced file, or nil after saying why it failed.
    static func write(_ text: String, to output: String, example: String, io: CommandIO) -> String? {
        if output == "-" { io.out(String(text.dropLast(text.hasSuffix("\n") ? 1 : 0))); return "" }
        do { return (try OutputFile.write(output, text, protectingInputs: true, example: example)).note } catch {
            io.err(error.message)
            return nil
        }
    }
}

extension Pictures {
    /// `locflow map [config options] [--format text|dot|mermaid|svg] [-o FILE]`.
    static func map(_ args: [String], io: CommandIO) -> Int32 {
        var format: FlowMap.Format?
        var output: String?
        var extras: FlowMap.Extras = [.time]
        var palette = FlowMap.Palette.light
        var themed = false
        let a: Arguments
        switch Arguments.parse(args, flags: CLI.configFlags, valued: CLI.configValued.union(["--format", "-o", "--output", "--with", "--without", "--theme"])) {
        case .success(let parsed): a = parsed
        case .failure(let p): return CLI.usageError("map", p.message)
        }
        if let extra = a.positionals.first { return CLI.usageError("map", "takes no file (\(extra)); give the app with --plist") }
        for (name, value) in a.options {
            let v = value ?? ""
            switch name {
            case "--format":
                guard let f = FlowMap.Format(rawValue: v) else { return CLI.usageError("map", "--format is text, dot, mermaid or svg") }
                format = f
            case "-o", "--output": output = v
            case "--theme":
                // A page or a printed review is light; a dark slide wants the dark one. (No
                // auto: a map is a file for somewhere else, not for this terminal.)
                guard let p = ["light": FlowMap.Palette.light, "dark": .dark][v] else { return CLI.usageError("map", "--theme is light or dark") }
                palette = p
                themed = true
            case "--with", "--without":
                for part in v.split(separator: ",") {
                    guard let e = FlowMap.Extras.names.first(where: { $0.0 == part })?.1 else {
                        return CLI.usageError("map", "\(name) takes " + FlowMap.Extras.names.map(\.0).joined(separator: ", ") + " (comma-separated), not '\(part)'")
                    }
                    if name == "--with" { extras.insert(e) } else { extras.remove(e) }
                }
            default: break
            }
        }
        let configArgs = a.rebuilt(except: ["--format", "-o", "--output", "--with", "--without", "--theme"])
        var o = Explorer.Options()
        if let problem = Explorer.parse(configArgs, into: &o) { return CLI.usageError("map", problem) }
        let config = o.builder.finish()
        if let problem = ConfigBuilder.appClipProblem(config) { io.err("locflow map: warning: --app-clip: " + problem) }
        let map = FlowMap(config: config, extras: extras)
        // Without --format, the output file's extension says which (as shot and record do).
        let ext = output.map { ($0 as NSString).pathExtension.lowercased() } ?? ""
        let chosen = format ?? ["dot": .dot, "gv": .dot, "mmd": .mermaid, "mermaid": .mermaid, "svg": .svg][ext] ?? .text
        if themed && chosen != .svg { return CLI.usageError("map", "--theme colours the svg map; \(chosen.rawValue) has no colours of its own") }
        let text: String
        switch chosen {
        case .text: text = map.text
        case .dot: text = map.dot
        case .mermaid: text = map.mermaid
        case .svg: text = map.svg(palette: palette)  // locflow's own layout: no Graphviz needed
        }
        if let output {
            guard let note = write(text, to: output, example: "map." + ["text": "txt", "mermaid": "mmd"][chosen.rawValue, default: chosen.rawValue], io: io) else { return 2 }
            if output != "-" { io.out("locflow map: \(output): \(map.title)\(note)") }
        } else {
            io.out(String(text.dropLast(text.hasSuffix("\n") ? 1 : 0)))
        }
        return 0
    }
}
