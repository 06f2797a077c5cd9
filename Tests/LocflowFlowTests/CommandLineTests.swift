import Foundation
import Testing
@testable import LocflowFlow
import LocflowExplore

/// The `locflow` executable as a person types it (it is built with the tests).
struct Locflow {
    let url: URL
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func find() -> Locflow? {
        var dirs: [URL] = []
        if let exe = Bundle.main.executableURL { dirs.append(exe.deletingLastPathComponent()) }
        dirs.append(URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent())
        for bundle in Bundle.allBundles { dirs.append(bundle.bundleURL.deletingLastPathComponent()) }
        for dir in dirs {
            // The test bundle lives in the build folder, or inside it (…/x.xctest/Contents/MacOS).
            var d = dir
            for _ in 0..<4 {
                let candidate = d.appendingPathComponent("locflow")
                var isDir: ObjCBool = false
                if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDir), !isDir.boolValue,
                   FileManager.default.isExecutableFile(atPath: candidate.path) { return Locflow(url: candidate) }
                d = d.deletingLastPathComponent()
            }
        }
        return nil
    }

    func callAsFunction(_ args: String...) throws -> (code: Int32, out: String, err: String) {
        try run(args, environment: [:])
    }

    func run(_ args: [String], environment extra: [String: String]) throws -> (code: Int32, out: String, err: String) {
        let p = Process()
        p.executableURL = url
        p.arguments = args
        p.currentDirectoryURL = Locflow.root
        var env = ProcessInfo.processInfo.environment
        env["NO_COLOR"] = "1"
        env.merge(extra) { $1 }
        p.environment = env
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        p.standardInput = FileHandle.nullDevice
        try p.run()
        let o = out.fileHandleForReading.readDataToEndOfFile()
        let e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: o, as: UTF8.self), String(decoding: e, as: UTF8.self))
    }
}

@Suite("The command line, as typed")
struct CommandLineTests {
    func locflow() throws -> Locflow { try #require(Locflow.find(), "the locflow executable is built with the tests") }

    @Test func version() throws {
        let r = try locflow()("--version")
        #expect(r.code == 0 && r.out.hasPrefix("locflow ") && r.err.isEmpty)
        // Anything after it is a usage error (it printed the version and exited 0).
        for (flag, extra) in [("--version", "--bogus"), ("-V", "check"), ("--version", "Assets/flows/visionos.flow")] {
            let bad = try locflow()(flag, extra)
            #expect(bad.code == 2 && bad.out.isEmpty, "\(flag) \(extra): \(bad)")
            #expect(bad.err.hasPrefix("locflow: \(flag) takes no arguments (found '\(extra)')\nusage: locflow "), "\(bad.err)")
        }
    }

    /// `-o -` is standard output for every command that writes one file: `shrink -o -` trapped
    /// (SIGILL, in Foundation's path code) and `report -o -` wrote a file named "-".
    @Test func dashIsStandardOutput() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("locflow-dash-\(getpid())-\(Int.random(in: 0..<1_000_000))").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let flow = dir + "/fails.flow"
        try "app requestWhenInUseAuthorization\nexpect status authorizedAlways\n".write(toFile: flow, atomically: true, encoding: .utf8)
        let dash = Locflow.root.appendingPathComponent("-").path
        defer { try? FileManager.default.removeItem(atPath: dash) }
        for (args, code, start) in [(["shrink", flow, "-o", "-"], Int32(0), "# shrunk by locflow shrink"),
                                    (["report", flow, "-o", "-"], 1, "# "),
                                    (["export", flow, "--to", "swift-testing", "-o", "-"], 0, "// "),
                                    (["diff", flow, "--platform", "ios17", "--platform", "ios18", "-o", "-"], 0, "locflow diff ")] {
            let r = try locflow().run(args, environment: ["SWIFT_BACKTRACE": "enable=no"])
            #expect(r.code == code, "\(args[0]): \(r.err)")
            #expect(r.out.hasPrefix(start), "\(args[0]) wrote \(r.out.prefix(80))")
            #expect(!FileManager.default.fileExists(atPath: dash), "\(args[0]) wrote a file named -")
        }
        #expect(Commands.directory(of: "-") == "." && Commands.directory(of: "a/b/c.flow") == "a/b"
                && Commands.directory(of: "/c.flow") == "/" && Commands.directory(of: "a/b/") == "a")
    }

    @Test func aUsageErrorPrintsThatCommandsUsageOnly() throws {
        let r = try locflow()("run", "--format", "xml", "Assets/flows/visionos.flow")
        #expect(r.code == 2)
        let lines = r.err.split(separator: "\n").map(String.init)
        #expect(lines.first == "locflow run: --format is text or json, not 'xml'")
        #expect(lines.contains("usage: locflow run FILE [--format text|json] [--lang en|ko]"))
        #expect(!r.err.contains("locflow inspect") && lines.count <= 4)
        let runLang = try locflow()("run", "Assets/flows/visionos.flow", "--lang", "fr")
        #expect(runLang.code == 2 && runLang.err.hasPrefix("locflow run: --lang is en or ko, not 'fr'"))
        let korean = try locflow()("run", "Assets/flows/visionos.flow", "--lang", "ko")
        #expect(korean.code == 0 && korean.out.contains("시작: 사용자가 앱을 엽니다") && korean.out.contains("통과 "))
        let unknown = try locflow()("report", "--outptu", "x.md", "Assets/flows/visionos.flow")
        #expect(unknown.err.hasPrefix("locflow report: unknown option --outptu (did you mean --output?)\nusage: locflow report"))
        let lang = try locflow()("report", "Assets/flows/visionos.flow", "--lang", "fr")
        #expect(lang.code == 2 && lang.err.hasPrefix("locflow report: --lang is en or ko, not 'fr'"), "\(lang.err)")
        let ko = try locflow()("report", "Assets/flows/visionos.flow", "--lang", "ko")
        #expect(ko.out.contains("## 구성"), "\(ko.out)")
        // paths' help names every key a condition takes.
        let help = try locflow()("help", "paths").out
        for key in StateCondition.keys {
            let word = key.hasPrefix("delivering.") ? String(key.dropFirst("delivering.".count)) : key
            #expect(help.contains(word), "paths help lacks \(key)")
        }
        // paths takes the bounds explore takes, --max-states too (it was refused as unknown).
        let cut = try locflow()("paths", "--to", "status=authorizedAlways settings=whileUsing", "--max-states", "3")
        #expect(cut.code == 1 && cut.out.contains("searched 3 states") && cut.out.contains("raise --max-states"), "\(cut.out)\(cut.err)")
        // 0s is a duration, but not a delay between steps: said so, not "takes a duration".
        let zero = try locflow()("play", "Assets/tours/1-provisional-always.flow", "--step-delay", "0s")
        #expect(zero.code == 2 && zero.err.hasPrefix("locflow play: --step-delay must be longer than 0s"), "\(zero.err)")
    }

    @Test func everyErrorHasOnePrefix() throws {
        let missing = try locflow()("run", "/nonexistent.flow")
        #expect(missing.code == 2 && missing.err.hasPrefix("locflow run: /nonexistent.flow: no such file"))
        let plist = try locflow()("inspect", "Assets/plists/malformed.plist")
        #expect(plist.err.hasPrefix("locflow inspect: "))
        let shot = try locflow()("shot", "Assets/flows/visionos.flow", "--step", "999", "-o", "-")
        #expect(shot.code == 2 && shot.err.hasPrefix("locflow shot: "))
        let command = try locflow()("chek", "Assets/flows")
        #expect(command.code == 2 && command.err.hasPrefix("locflow: unknown command 'chek' (did you mean 'check'?)"))
    }

    /// The extension decides what `record` writes, and `shot` writes SVG only: any other name is
    /// refused before anything is written (a review found SVG text written into `z.png`).
    @Test func pictureCommandsRefuseAnExtensionTheyDoNotWrite() throws {
        let dir = NSTemporaryDirectory() + "locflow-ext-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let png = try locflow()("shot", "Assets/flows/visionos.flow", "-o", dir + "/z.png")
        #expect(png.code == 2 && png.err.hasPrefix("locflow shot: writes SVG: name the file .svg, not 'z.png' (a PNG: rsvg-convert"), "\(png.err)")
        let txt = try locflow()("record", "Assets/flows/visionos.flow", "-o", dir + "/x.txt")
        #expect(txt.code == 2 && txt.err.contains("'x.txt' is neither"), "\(txt.err)")
        #expect((try FileManager.default.contentsOfDirectory(atPath: dir)).isEmpty)
        let svg = try locflow()("shot", "Assets/flows/visionos.flow", "-o", dir + "/Z.SVG")
        #expect(svg.code == 0, "\(svg.err)")
    }

    @Test func optionsGoBeforeOrAfterTheFile() throws {
        let before = try locflow()("run", "--format", "json", "Assets/flows/visionos.flow")
        let after = try locflow()("run", "Assets/flows/visionos.flow", "--format=json")
        #expect(before.code == 0 && before.out == after.out && before.out.hasPrefix("{"))
        // play gets past its options to the terminal check (no TTY here).
        for args in [["play", "--step-delay", "5s", "Assets/tours/1-provisional-always.flow"],
                     ["play", "Assets/tours/1-provisional-always.flow", "--step-delay", "5s"],
                     ["open", "--lang", "ko", "Assets/tours/1-provisional-always.flow"]] {
            let r = try run(args)
            #expect(r.code == 2 && r.err.contains("needs a terminal"), "\(args): \(r.err)")
        }
        let shotBefore = try locflow()("shot", "--step", "1", "-o", "-", "Assets/flows/visionos.flow")
        let shotAfter = try locflow()("shot", "Assets/flows/visionos.flow", "-o", "-", "--step", "1")
        #expect(shotBefore.code == 0 && shotBefore.out == shotAfter.out && shotBefore.out.hasPrefix("<svg "))
    }

    @Test func doubleDashEndsTheOptionsAndValuesNeedTheirOption() throws {
        let r = try locflow()("run", "--", "--format")
        #expect(r.code == 2 && r.err.hasPrefix("locflow run: --format: no such file"), "\(r.err)")
        let missing = try locflow()("shot", "Assets/flows/visionos.flow", "-o")
        #expect(missing.code == 2 && missing.err.hasPrefix("locflow shot: -o needs a value"))
        let flagValue = try locflow()("check", "--quiet=yes", "Assets/tours")
        #expect(flagValue.code == 2 && flagValue.err.hasPrefix("locflow check: --quiet takes no value"))
    }

    /// `--widget` and `--app-clip` are the configuration lines `widget true` and `appClip true`
    /// for the commands without a flow: before them, explore's widgets group added nothing, and
    /// nothing could explore, map or open an App Clip without writing a flow.
    @Test func widgetAndAppClipAreConfigOptions() throws {
        let l = try locflow()
        let reach = try l("explore", "--widget", "--platform", "ios14", "--actions", "default,widgets",
                          "--reachable", "settings=whileUsingOrWidgets", "--depth", "4")
        #expect(reach.code == 0 && reach.out.contains("property holds: --reachable \"settings=whileUsingOrWidgets\": reached in 3 steps"), "\(reach.out)\(reach.err)")
        #expect(reach.out.contains("\nwidget true\n"), "the flow it prints sets the widget up too: \(reach.out)")
        let none = try l("explore", "--platform", "ios14", "--actions", "default,widgets,liveUpdates", "--depth", "1")
        #expect(none.code == 0 && none.err.contains("locflow explore: --actions widgets adds no action here: the app has no widget (give --widget"), "\(none.err)")
        #expect(none.err.contains("--actions liveUpdates adds no action here: iOS 14 has no CLLocationUpdate (iOS 17+)"), "\(none.err)")
        let clip = try l("map", "--platform", "ios17", "--app-clip")
        let app = try l("map", "--platform", "ios17")
        #expect(clip.code == 0 && app.code == 0 && clip.out.split(separator: "\n").first != app.out.split(separator: "\n").first)
        let oldClip = try l("explore", "--app-clip", "--platform", "ios13", "--depth", "1")
        #expect(oldClip.code == 0 && oldClip.err.contains("locflow explore: warning: --app-clip: appClip true on iOS 13.0-13.3: App Clips came with iOS 14"), "\(oldClip.err)")
        let noSessions = try l("explore", "--sessions", "0", "--actions", "default,sessions", "--depth", "1")
        #expect(noSessions.err.contains("--actions sessions adds no action here: --sessions 0 tries no session"), "\(noSessions.err)")
        let korean = try l.run(["--lang", "ko"], environment: ["LANG": "C", "LC_ALL": "C"])
        #expect(korean.code == 2 && korean.err.contains("--lang ko needs a UTF-8 terminal"), "\(korean.err)")
        let explorer = try l("--widget", "--app-clip")
        #expect(explorer.code == 2 && explorer.err.contains("the explorer needs a terminal"), "\(explorer.err)")
    }

    func run(_ args: [String]) throws -> (code: Int32, out: String, err: String) {
        let l = try locflow()
        switch args.count {
        case 4: return try l(args[0], args[1], args[2], args[3])
        default: return try l(args[0], args[1])
        }
    }

    @Test func checksClosingLineCountsFlowsAndStaysParseable() throws {
        let r = try locflow()("check", "Assets/tours", "--quiet")
        #expect(r.code == 0)
        let lines = r.out.split(separator: "\n").map(String.init)
        // Seven tours with the 1.1 tour, and their Korean translations in ko/ (check reads folders within).
        let tours = (FileManager.default.subpaths(atPath: "Assets/tours") ?? []).filter { $0.hasSuffix(".flow") }.count
        #expect(tours >= 14 && lines.dropLast().last == "\(tours) flows checked", "\(lines)")
        // The closing line is §7's, exactly: nothing before the count.
        #expect(lines.last?.range(of: #"^\d+ passed, \d+ failed$"#, options: .regularExpression) != nil, "\(lines)")
    }

    @Test func mapAndRecordSVGFromTheCommandLine() throws {
        let map = try locflow()("map", "--platform", "ios12")
        #expect(map.code == 0 && map.out.hasPrefix("Flow map: LocationMonitorSample on iOS 12: 7 screens"))
        let file = NSTemporaryDirectory() + "locflow-demo-\(UUID().uuidString).svg"
        defer { try? FileManager.default.removeItem(atPath: file) }
        let record = try locflow()("record", "Assets/tours/2-allow-once-running-out.flow", "-o", file, "--size", "80x24")
        #expect(record.code == 0 && record.out.contains("animated SVG"))
        #expect(try String(contentsOfFile: file, encoding: .utf8).contains("@keyframes play"))
        let bad = try locflow()("map", "--format", "png")
        #expect(bad.code == 2 && bad.err.hasPrefix("locflow map: --format is text, dot, mermaid or svg"))
    }
}

@Suite("locflow help flow")
struct HelpFlowTests {
    /// `locflow help flow` prints the vocabulary (the words the parser reads), exit 0.
    @Test func helpFlowPrintsTheVocabulary() throws {
        let locflow = try #require(Locflow.find(), "the locflow executable is built with the tests")
        let r = try locflow("help", "flow")
        #expect(r.code == 0 && r.err.isEmpty)
        #expect(r.out == FlowVocabulary.help)
        for heading in ["Configuration (before the first step)", "app: what the app calls", "user: what the person does",
                        "system: what the system does", "device: what the device does", "wait: time", "expect: what must hold"] {
            #expect(r.out.contains(heading), "\(heading)")
        }
    }
}
