import Foundation
import LocflowCore

/// Where a command writes. Commands return their exit code and never call `exit` themselves,
/// so tests run them in-process. Every line goes out with its control characters escaped
/// (`\u{1B}`): a flow, plist or strings file from a stranger cannot drive the terminal.
public struct CommandIO {
    /// The sinks, given text that is already safe to show.
    public var rawOut: (String) -> Void
    public var rawErr: (String) -> Void

    public init(out: @escaping (String) -> Void, err: @escaping (String) -> Void) {
        self.rawOut = out
        self.rawErr = err
    }

    /// Writes a line to standard output (or the test's sink), control characters escaped.
    public func out(_ s: String) { rawOut(TextSafety.escape(s)) }
    /// Writes a line to standard error (or the test's sink), control characters escaped.
    public func err(_ s: String) { rawErr(TextSafety.escape(s)) }

    /// Standard output and standard error, a line at a time (a failed write to standard
    /// output is a message and exit 2, never a crash: `StandardStreams`).
    public static var standard: CommandIO {
        CommandIO(out: { StandardStreams.out($0 + "\n") },
                  err: { StandardStreams.err($0 + "\n") })
    }
}

/// The headless commands: `check`, `run`, `inspect`.
public enum Commands {

    /// Reads and parses a flow file.
    public static func load(_ path: String) throws(FlowError) -> Flow {
        try loadWithText(path).flow
    }

    /// Reads and parses a flow file, keeping its text (for a report to attach). The file is
    /// read as hostile input: regular files of at most `InputFile.limit` bytes, UTF-8 only.
    public static func loadWithText(_ path: String) throws(FlowError) -> (flow: Flow, text: String) {
        let bytes = try InputFile.read(path)
        guard let text = String(validating: bytes, as: UTF8.self) else {
            let at = LineEnds.firstNonUTF8(bytes)
            let byte = at.map { " (the byte 0x" + TextSafety.hex($0.byte) + " here is not UTF-8; save the file as UTF-8)" } ?? ""
            throw FlowError(SourceLocation(file: path, line: at?.line ?? 1, column: at?.column ?? 1), "the file is not UTF-8 text" + byte)
        }
        return (try FlowParser.parse(text, file: path), text)
    }

    /// The flows named by the arguments: files as given, folders searched for `*.flow`.
    public static func expand(_ paths: [String]) -> [String] {
        var out: [String] = []
        for path in paths {
            var isDir: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDir), isDir.boolValue {
                let found = (FileManager.default.enumerator(atPath: path)?.allObjects as? [String] ?? [])
                    .filter { $0.hasSuffix(".flow") }
                    .sorted()
                out += found.map { (path as NSString).appendingPathComponent($0) }
            } else {
                out.append(path)
            }
        }
        return out
    }

    /// The folder a flow's path is in ("." for a bare name, "/" for a file at the root), the
    /// folder its plist and strings paths are read from. Plain string work, as `OutputFile`'s:
    /// Foundation's `deletingLastPathComponent` trapped on the path "-" on Linux.
    package static func directory(of path: String) -> String {
        var p = Substring(path)
        while p.count > 1, p.hasSuffix("/") { p = p.dropLast() }
        return OutputFile.directory(of: String(p))
    }

    /// `locflow check FILE...`: exit 0 when everything held, 1 when anything failed, 2 when a file
    /// could not be read or parsed.
    public static func check(_ paths: [String], quiet: Bool = false, io: CommandIO) -> Int32 {
        let files = expand(paths)
        if files.isEmpty {
            io.err("locflow check: no .flow files in \(paths.joined(separator: " "))")
            return 2
        }
        var passed = 0, failed = 0, broken = 0
        for file in files {
            let flow: Flow
            do {
                flow = try load(file)
            } catch {
                io.err(error.description)
                broken += 1
                continue
            }
            do {
                let result = try FlowRunner(flow: flow, baseDirectory: directory(of: file)).run()
                for f in result.findings where f.severity == .warning { io.err(f.text(in: file)) }
                for f in result.failures { io.out("\(file):\(f.line): \(f.message)") }
                passed += result.passed
                failed += result.failed
                if !quiet && result.failed == 0 { io.out("ok \(file) (\(result.passed) expectation\(result.passed == 1 ? "" : "s"))") }
            } catch {
                io.err(error.description)
                broken += 1
            }
        }
        // The flows that ran, then the closing line of §7, exactly: "376 passed, 0 failed"
        // (the expectations), so that a script can match it.
        let ran = files.count - broken
        io.out("\(ran) flow\(ran == 1 ? "" : "s") checked")
        io.out("\(passed) passed, \(failed) failed")
        if broken > 0 {
            io.err("\(broken) file\(broken == 1 ? "" : "s") could not be read or parsed")
            return 2
        }
        return failed > 0 ? 1 : 0
    }

    public enum TraceFormatOption: String { case text, json }

    /// `locflow run FILE [--format text|json]`: the trace; the same exit codes as `check`.
    public static func run(_ path: String, format: TraceFormatOption, words: TraceWords = .english, io: CommandIO) -> Int32 {
        let flow: Flow
        do { flow = try load(path) } catch { io.err(error.description); return 2 }
        do {
            var pendingText = ""
            // JSON: an entry waits for the expectations written after it, which it carries in
            // its `expectations` field (so a tool sees which held, one object per entry still).
            var pending: FlowRunner.Entry?
            var expectations: [TraceFormat.ExpectationResult] = []
            func flush() {
                if let e = pending { io.out(TraceFormat.json(e, expectations: expectations)) }
                pending = nil
                expectations = []
            }
            let result = try FlowRunner(flow: flow, baseDirectory: directory(of: path)).run(
                onEntry: { entry in
                    switch format {
                    case .json:
                        flush()
                        pending = entry
                    case .text:
                        if !pendingText.isEmpty { io.out(pendingText); pendingText = "" }
                        io.out(TraceFormat.text(entry, words: words))
                    }
                },
                onExpect: { line, ok, message in
                    guard format == .text else {
                        expectations.append(TraceFormat.ExpectationResult(line: line.line, source: line.source, passed: ok, message: message))
                        return
                    }
                    io.out(String(repeating: " ", count: 8) + "L\(line.line)".leftPad(5) + "  " + (ok ? "✓ " : "✗ ") + line.source
                           + (message.map { "\n" + String(repeating: " ", count: 16) + $0 } ?? ""))
                })
            flush()
            for f in result.findings where f.severity == .warning { io.err(f.text(in: path)) }
            if format == .json { for f in result.failures { io.err("\(path):\(f.line): \(f.message)") } }
            else { for f in result.failures { io.out("\(path):\(f.line): \(f.message)") } }
            let closing = words.closing(result.passed, result.failed)
            if format == .json { io.err(closing) } else { io.out(closing) }
            return result.failed > 0 ? 1 : 0
        } catch {
            io.err(error.description)
            return 2
        }
    }

    /// Where the name in prompts and Settings comes from, for `inspect`.
    static func appNameLine(_ config: AppConfig) -> String {
        let info = config.info
        if let localized = config.localizedAppName {
            return "\(localized) (CFBundleDisplayName in InfoPlist.strings: prompts and Settings show it)"
        }
        if info.displayName == nil && info.bundleName == nil, let raw = info.unexpandedName {
            return "\(raw) is an Xcode build setting, set by Xcode at build time; prompts and Settings here show \(AppInfo.standIn(raw))"
        }
        if info.displayName == nil && info.bundleName == nil { return "\(info.appName) (no CFBundleDisplayName or CFBundleName; the sample name is used)" }
        return info.appName
    }

    /// `locflow inspect PLIST [--strings FILE] [--platform P]`: what iOS would do with an Info.plist.
    public static func inspect(_ path: String, strings: String?, platform: Platform, io: CommandIO) -> Int32 {
        let dict: [String: PlistValue]
        let format: String
        do {
            (dict, format) = try InfoPlistLoader.loadPlist(path: path)
        } catch {
            io.err("locflow inspect: " + error.message)
            return 2
        }
        var config = AppConfig()
        config.platform = platform
        let (info, _) = InfoPlistLoader.resolve(dict)
        config.info = info
        if let strings {
            do { config.strings = try InfoPlistLoader.loadStrings(path: strings) } catch {
                io.err("locflow inspect: " + error.message)
                return 2
            }
        }
        // Every line once, escaped: a plist's strings (a display name, a purpose text, a
        // background mode) are the stranger's, and a newline in one forged lines of the verdict.
        func say(_ line: String) { io.out(TextSafety.escape(line, keepNewlines: false)) }
        say("\(path) (\(format) property list) on \(platform.displayName)")
        say("  app name: " + appNameLine(config))
        func show(_ label: String, _ v: String?) { say("  \(label): " + (v.map { "\"\($0)\"" } ?? "(missing)")) }
        show("when-in-use prompt text", config.whenInUseMessage)
        show("Always prompt text", config.alwaysMessage)
        if let purposes = info.temporaryUsageDescriptions, !purposes.isEmpty {
            for key in purposes.keys.sorted() { show("purpose \(PlistFinding.shown(key))", config.purposeMessage(key)) }
        } else {
            say("  temporary full-accuracy purpose keys: none")
        }
        say("  background modes: " + (info.backgroundModes.isEmpty ? "none" : info.backgroundModes.joined(separator: ", ")))
        say("")
        say("What \(platform.osName) would do:")
        let profile = platform.profile
        // macOS asks with NSLocationUsageDescription, for either request. [A S231]
        let askKey = profile.usesMacUsageKey ? "NSLocationUsageDescription" : "NSLocationWhenInUseUsageDescription"
        let canAsk = profile.usesMacUsageKey ? info.hasMacUsageKey : info.hasWhenInUseKey
        say("  requestWhenInUseAuthorization: " + (canAsk ? (profile.grantIsAlways ? "shows macOS's alert (Allow grants authorizedAlways)" : "shows the when-in-use prompt") : "does nothing (\(askKey) is missing)"))
        let always: String
        if !canAsk { always = "does nothing (\(askKey) is missing)" }
        else if profile.grantIsAlways { always = "shows the same alert: macOS has no when-in-use level" }
        else if !profile.hasAlways { always = "is a when-in-use request on visionOS" }
        else if !info.hasAlwaysKey { always = "does nothing (NSLocationAlwaysAndWhenInUseUsageDescription is missing)" }
        else if profile.legacyPrompts { always = "shows the three-option Always prompt" }
        else { always = "shows the when-in-use prompt, then provisional Always (the upgrade prompt comes later)" }
        say("  requestAlwaysAuthorization: " + always)
        if profile.hasLocationButton {
            say("  CLLocationButton: " + (info.hasWhenInUseKey ? "a one-time grant, like Allow Once (confirmed on its first tap)" : "grants nothing (NSLocationWhenInUseUsageDescription is missing)"))
        }
        let probe = World(config: config)
        if probe.canEverAsk {
            say("  Settings options once the app has asked: " + probe.settingsOptionsOnceListed.map(\.rawValue).joined(separator: ", "))
        } else {
            say("  Settings: never lists the app, because it cannot ask (nothing prompts without \(askKey))")
        }
        if profile.hasAccuracy && !profile.settingsIsSwitch { say("  Precise Location starts " + (info.defaultAccuracyReduced ? "off" : "on")) }
        if profile.suspendsInBackground {
            say("  allowsBackgroundLocationUpdates = true: " + (info.hasLocationBackgroundMode ? "allowed" : "crashes the app (no location in UIBackgroundModes)"))
        } else {
            say("  in the background: never suspended, every service keeps running (macOS has no UIBackgroundModes)")
        }
        if !profile.isPhoneLike {
            // What the catalogue's calls need that the platform lacks, each named once.
            var lacking: [String] = []
            for case .app(let call) in EventCatalogue.samples { if let what = profile.lacks(call), !lacking.contains(what) { lacking.append(what) } }
            say("  unavailable on \(platform.displayName) (the calls are refused): " + lacking.joined(separator: ", "))
        }
        if profile.hasServiceSessions && profile.hasSessionClasses {
            say("  iOS 18 sessions: " + (info.requireExplicitServiceSession ? "explicit CLServiceSession required (implicit sessions are off)" : "implicit sessions on"))
        }
        if profile.isVisionOS {
            say("  unavailable to a compatible app on visionOS: Always authorization, the significant-change service, CLMonitor,")
            say("    background location updates, CLLocationButton; nothing keeps the app in use from the background")
        }
        let findings = InfoPlistLoader.analyse(dict, platform: platform)
        if !findings.isEmpty {
            say("")
            for f in findings { say("  " + f.text) }
        }
        return 0
    }
}

extension CommandIO {
    public func out(_ s: String, terminator: String) {
        out(terminator.isEmpty && s.hasSuffix("\n") ? String(s.dropLast()) : s)
    }
}
