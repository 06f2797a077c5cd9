import LocflowCore
import LocflowFlow

/// The `:` line: a `.flow` statement typed into the explorer, with completion and hints.
extension ExplorerState {

    /// The longest `:` line (in characters). A statement is a line of a flow; a paste of tens of
    /// thousands of characters made every frame measure the whole line, so the keys after it
    /// (Esc, Ctrl-C) waited seconds. Past it, characters are refused and the status says so.
    public static let maxCommandLine = 1_024

    mutating func commandLineKey(_ key: Key) -> [Effect] {
        // Taken out of the state while it changes: a copy left behind made every key copy the line.
        guard var line = commandLine.take() else { return [] }
        if messageIsError { message = nil; messageIsError = false }
        switch key {
        case .escape, .ctrl("c"):
            commandLine = nil
            commandHistoryIndex = nil
            return []
        case .backspace:
            if line.isEmpty { commandLine = nil; return [] }
            line.removeLast()
        case .tab:
            line = Completion.complete(line)
        case .up, .down:
            guard !commandHistory.isEmpty else { break }
            var i = commandHistoryIndex ?? commandHistory.count
            i = max(0, min(commandHistory.count, i + (key == .up ? -1 : 1)))
            commandHistoryIndex = i
            line = i < commandHistory.count ? commandHistory[i] : ""
        case .enter:
            commandLine = nil
            commandHistoryIndex = nil
            let trimmed = line.trimmingCharacters(in: " ")
            if !trimmed.isEmpty && commandHistory.last != trimmed { commandHistory.append(trimmed) }
            return runCommandLine(line)
        case .char(let c):
            guard line.unicodeScalars.count < Self.maxCommandLine else {
                message = language.pick("the : line holds at most \(Self.maxCommandLine) characters", ": 줄에는 최대 \(Self.maxCommandLine)자까지 들어갑니다")
                messageIsError = true
                break
            }
            line.append(c)
        default:
            break
        }
        commandLine = line
        return []
    }

    /// How a configuration line typed on the command line is given instead: the start option
    /// that means the same, or a flow that says it (`locflow open`).
    static func howToConfigure(_ c: ConfigStatement, _ language: Language = .en) -> String {
        let option: String? = switch c {
        case .plist: "--plist FILE"
        case .strings: "--strings FILE"
        case .assume(let name, _): "--assume \(name)=VALUE"
        case .widget(true): "--widget"
        case .appClip(true): "--app-clip"
        default: nil
        }
        if let option { return language.pick("start locflow with \(option)", "locflow를 \(option)(으)로 시작하세요") }
        return language.pick("write it in a flow and open that (locflow open FILE.flow)", ".flow 파일에 써서 여세요 (locflow open FILE.flow)")
    }

    /// Runs a `.flow` statement typed on the command line.
    public mutating func runCommandLine(_ line: String) -> [Effect] {
        let trimmed = line.trimmingCharacters(in: " ")
        guard !trimmed.isEmpty else { return [] }
        if trimmed == "pin" { return pin() }
        do {
            let statement = try FlowParser.parseStatement(trimmed, file: "command")
            switch statement {
            case .config(.platform(let p)):
                return switchPlatform(to: p)
            case .config(let c):
                say("'\(c.flowText)'" + language.pick(" is configuration: ", "은(는) 설정입니다: ") + ExplorerState.howToConfigure(c, language), error: true)
                return []
            case .step(let e):
                return apply(.event(e))
            case .expect(let x):
                if case .refused = x {
                    let last = history.log.last
                    say(last?.refusal != nil ? "✓ the last step was refused" : "✗ the last step was performed", error: last?.refusal == nil)
                    return []
                }
                return apply(.expect(x))
            }
        } catch {
            commandLine = trimmed
            say("column \(error.location?.column ?? 1): \(error.message)", error: true)
            return []
        }
    }
}

extension String {
    func trimmingCharacters(in set: Character) -> String {
        var s = Substring(self)
        while s.first == set { s = s.dropFirst() }
        while s.last == set { s = s.dropLast() }
        return String(s)
    }
}

/// Tab completion for the command line, from the parser's own word lists.
public enum Completion {
    public static func candidates(for words: [String]) -> [String] {
        switch words.count {
        case 0: return FlowParser.statementKeywords + ["pin"]
        case 1:
            switch words[0] {
            case "app": return FlowParser.appCalls
            case "user": return FlowParser.userActions
            case "system": return FlowParser.systemActions
            case "device": return FlowParser.deviceActions
            case "expect": return FlowParser.expectations
            case "platform": return Platform.allCases.map(\.rawValue)
            case "assume": return Assumptions.catalogue.map(\.name)
            case "wait": return ["1s", "10s", "1m", "10m", "1h"]
            case "version": return FlowParser.versions
            case "appClip", "widget": return ["true", "false"]
            default: return []
            }
        default:
            switch (words[0], words[1]) {
            case ("user", "settings"): return SettingsChoice.allCases.filter { $0 != .unlisted }.map(\.rawValue) + ["precise", "locationServices", "reset"]
            case ("user", "precise"), ("expect", "indicator"), ("device", "airplaneMode"): return ["on", "off"]
            case ("user", "tap"): return []
            case ("expect", "status"), ("expect", "callback"): return AuthorizationStatus.allCases.map(\.rawValue)
            case ("expect", "accuracy"): return AccuracyAuthorization.allCases.map(\.rawValue)
            case ("expect", "settings"): return SettingsChoice.allCases.map(\.rawValue) + ["precise", "options"]
            case ("expect", "prompt"): return ["none"] + PromptKind.allCases.map(\.rawValue)
            case ("expect", "lifecycle"): return Lifecycle.allCases.map(\.rawValue)
            case ("expect", "completion"): return CompletionResult.allCases.map(\.rawValue)
            case ("expect", "delivering"): return DeliverySource.allCases.map(\.rawValue)
            case ("expect", "inUse"), ("expect", "locationServicesEnabled"), ("app", "allowsBackgroundLocationUpdates"): return ["true", "false"]
            case ("app", "liveUpdates"), ("app", "backgroundActivity"), ("app", "liveActivity"): return ["start", "stop"]
            case ("app", "desiredAccuracy"): return DesiredAccuracy.allCases.map(\.rawValue)
            case ("app", "activityType"): return ActivityType.allCases.map(\.rawValue)
            case ("app", "pausesLocationUpdatesAutomatically"), ("app", "showsBackgroundLocationIndicator"),
                 ("expect", "paused"), ("expect", "widgetUpdates"): return ["true", "false"]
            case ("expect", "fix"): return ["none"] + FixKind.allCases.map(\.rawValue)
            case ("expect", "controlCenter"): return ControlCenterListing.allCases.map(\.rawValue)
            case ("expect", "error"): return LocationError.allCases.map(\.rawValue)
            case ("app", "monitor"): return ["start", "stop", "add"]
            case ("app", "session") where words.count == 3: return SessionGoal.allCases.map(\.rawValue)
            case ("expect", "diagnostic"), ("expect", "diagnostics"):
                return words.count == 2 ? ["liveUpdates", "monitor", "backgroundActivity"] : Diagnostic.allCases.map(\.rawValue)
            default: return []
            }
        }
    }

    /// Completes the last word of a line (to the longest common prefix when several fit).
    public static func complete(_ line: String) -> String {
        let endsWithSpace = line.last == " "
        var words = line.split(separator: " ").map(String.init)
        let partial = endsWithSpace ? "" : (words.popLast() ?? "")
        let matches = candidates(for: words).filter { $0.hasPrefix(partial) }
        guard let first = matches.first else { return line }
        var common = first
        for m in matches.dropFirst() {
            while !m.hasPrefix(common) { common.removeLast() }
        }
        let done = matches.count == 1
        return (words + [common]).joined(separator: " ") + (done ? " " : "")
    }

    /// What may come next, for the hint under the command line.
    public static func hint(_ line: String) -> [String] {
        let endsWithSpace = line.last == " " || line.isEmpty
        var words = line.split(separator: " ").map(String.init)
        let partial = endsWithSpace ? "" : (words.popLast() ?? "")
        return candidates(for: words).filter { $0.hasPrefix(partial) }
    }
}
