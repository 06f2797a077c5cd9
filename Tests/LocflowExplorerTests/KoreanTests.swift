import Foundation
import Testing
@testable import LocflowCore
@testable import LocflowFlow
@testable import LocflowExplorer

/// Issue 10, part 6: Korean throughout.
@Suite("Korean throughout")
struct KoreanTests {
    /// Words a Korean frame may keep: Apple's identifiers and the `.flow` contract's values
    /// (statuses, prompt kinds, diagnostics), key names, and Swift's literals.
    static let allowed: Set<String> = {
        var set: Set<String> = ["locflow", "iOS", "visionOS", "Tab", "Space", "PgUp", "PgDn", "Dn", "Enter", "Esc", "Up",
                                "true", "false", "nil", "for", "await", "delegate", "Core", "Location", "location", "SLC", "live",
                                // The flows' own names: a purpose key, session and region IDs.
                                "Nav", "nav", "office", "home", "base", "trip"]
        set.formUnion(AuthorizationStatus.allCases.map(\.rawValue))
        set.formUnion(AccuracyAuthorization.allCases.map(\.rawValue))
        set.formUnion(Diagnostic.allCases.map(\.rawValue))
        set.formUnion(SessionGoal.allCases.map(\.rawValue))
        set.formUnion(PromptKind.allCases.map(\.rawValue))
        set.formUnion(DeliverySource.allCases.map(\.rawValue))
        set.formUnion(CompletionResult.allCases.map(\.rawValue))
        set.formUnion(SettingsChoice.allCases.map(\.rawValue))
        set.formUnion(SessionState.allCases.map(\.rawValue))
        // Apple's constants the App pane's rows name (`.best`, `.other`).
        set.formUnion(DesiredAccuracy.allCases.map(\.rawValue))
        set.formUnion(ActivityType.allCases.map(\.rawValue))
        return set
    }()

    /// The English words of a frame that are not identifiers.
    static func englishWords(_ text: String) -> Set<String> {
        var out = Set<String>()
        // A cited title (“...”) may wrap over lines; a source's address (and its wrapped rest) is an address.
        // One whose end is below what the details show (scrolled) is cited to the end of its line.
        let text = text.replacingOccurrences(of: #"“[^”]*”"#, with: " ", options: .regularExpression)
            .replacingOccurrences(of: #"“[^”\n]*"#, with: " ", options: .regularExpression)
        var afterURL = false
        for line in text.split(separator: "\n") {
            let content = line.trimmingCharacters(in: CharacterSet(charactersIn: "│ "))
            let url = content.contains("https://") || (afterURL && !content.contains(" "))
            afterURL = url
            if url { continue }
            // Quoted text is data (a button label, a region's name), not the explorer's words.
            let unquoted = line.replacingOccurrences(of: #""[^"]*"|“[^”]*”|‘[^’]*’"#, with: " ", options: .regularExpression)
            // Runs of ASCII, with what touches them: a run against a box's edge is text an overlay
            // covers part of, not a word.
            var runs: [Substring] = []
            var start: String.Index?
            for i in unquoted.indices {
                let c = unquoted[i]
                let inRun = c.isASCII && !c.isWhitespace
                if inRun, start == nil { start = i }
                if !inRun, let s0 = start {
                    let before = s0 > unquoted.startIndex ? unquoted[unquoted.index(before: s0)] : " "
                    if !"│┤├┌┐└┘╭╮╰╯".contains(c) && !"│┤├┌┐└┘╭╮╰╯".contains(before) && c != "…" { runs.append(unquoted[s0..<i]) }
                    start = nil
                }
            }
            if let s0 = start { runs.append(unquoted[s0...]) }
            for run in runs {
                var chunk = Substring(run)
                if chunk.hasPrefix(".") && chunk.dropFirst().allSatisfy(\.isLetter) { continue }  // a file extension
                while let c = chunk.first, !c.isLetter && !c.isNumber { chunk = chunk.dropFirst() }
                while let c = chunk.last, !c.isLetter && !c.isNumber { chunk = chunk.dropLast() }
                guard chunk.contains(where: \.isLetter) else { continue }
                // Identifiers: calls, properties, keys, camelCase, numbers with units, tags like S9.
                if chunk.contains(where: { "._():=/+-[]<>!@#$,;'".contains($0) }) { continue }
                if chunk.dropFirst().contains(where: \.isUppercase) || chunk.contains(where: \.isNumber) { continue }
                if chunk.count == 1 { continue }  // key letters, source tags
                if allowed.contains(String(chunk)) { continue }
                out.insert(String(chunk))
            }
        }
        return out
    }

    let koreanStrings = ["NSLocationWhenInUseUsageDescription": "지도에서 현재 위치를 보여 줍니다.",
                         "NSLocationUsageDescription": "지도에서 현재 위치를 보여 줍니다.",
                         "NSLocationAlwaysAndWhenInUseUsageDescription": "저장한 장소에 도착하면 알려 줍니다.",
                         "Nav": "길 안내에는 정확한 위치가 필요합니다."]

    /// The sample app with Korean usage descriptions (the app's own texts are its data).
    func korean(_ flow: String, _ w: Int = 120, _ h: Int = 40) throws -> ExplorerState {
        var config = AppConfig()
        config.strings = koreanStrings
        var s = ExplorerState(config: config, width: w, height: h)
        s.language = .ko
        s.speedIndex = 0
        for line in try FlowParser.parse(flow, file: "ko.flow").body {
            switch line.statement {
            case .step(let e): _ = s.perform(.step(e))
            case .expect(let x): _ = s.apply(.expect(x))
            case .config: break
            }
        }
        s.message = nil
        s.wallNow = 1_000_000
        return s
    }

    func frames(_ s0: ExplorerState) -> [String] {
        var out: [String] = []
        for (w, h) in [(120, 40), (80, 24)] {
            var s = s0
            _ = s.update(.resize(width: w, height: h))
            for pane in Pane.allCases {
                s.focus = pane
                out.append(render(s, glyphs: .unicode).text)
                if pane == .log {
                    _ = s.update(.key(.enter))
                    out.append(render(s, glyphs: .unicode).text)
                    _ = s.update(.key(.escape))
                }
            }
        }
        return out
    }

    let scenarios = [
        "app requestWhenInUseAuthorization",
        "app requestAlwaysAuthorization\nuser tap \"Allow While Using App\"\nexpect status authorizedAlways\nexpect settings whileUsing",
        "app requestWhenInUseAuthorization\nuser tap \"Allow Once\"\nuser background\nwait 10s\nwait 1m\nexpect status notDetermined\nuser foreground",
        "app session nav always\nuser tap \"Allow While Using App\"\nuser tap \"Change to Always Allow\"\napp liveUpdates start\napp monitor start\napp backgroundActivity start\nwait 10s\nuser background\nwait 20s\nsystem terminate\nwait 20s\nsystem relaunch\napp session nav always\nwait 10s",
        "app liveUpdates start\nuser precise off\nuser tap \"Allow While Using App\"\napp requestTemporaryFullAccuracyAuthorization Nav",
        "app requestWhenInUseAuthorization\nuser tap \"Don't Allow\"\napp startUpdatingLocation\nuser settings locationServices off\napp requestAlwaysAuthorization",
    ]

    @Test func noEnglishWordIsLeftInAKoreanFrame() throws {
        var found: [String: String] = [:]
        for flow in scenarios {
            let s = try korean(flow)
            for text in frames(s) {
                for word in Self.englishWords(text) where found[word] == nil {
                    found[word] = flow.split(separator: "\n").last.map(String.init)
                    if ProcessInfo.processInfo.environment["LOCFLOW_SHOW_ENGLISH"] != nil { print("=== \(word)\n" + text.split(separator: "\n").filter { $0.contains(word) }.joined(separator: "\n")) }
                }
            }
        }
        // Help, scrolled through, and the status line after each kind of message.
        var s = try korean("")
        _ = s.update(.key(.char("?")))
        for _ in 0..<30 {
            let text = render(s, glyphs: .unicode).text
            for word in Self.englishWords(text) where found[word] == nil {
                found[word] = "help"
                if ProcessInfo.processInfo.environment["LOCFLOW_SHOW_ENGLISH"] != nil { print("=== \(word)\n" + text.split(separator: "\n").filter { $0.contains(word) }.joined(separator: "\n")) }
            }
            _ = s.update(.key(.down))
        }
        _ = s.update(.key(.escape))
        for key in ["w", "1", "u", "r", " ", " ", ">", "<", "F", "R", "R", "z", "x", "r", "b", "@", "a"] {
            _ = s.update(.key(.char(Character(key))))
            let text = render(s, glyphs: .unicode).text
            for word in Self.englishWords(text) where found[word] == nil {
                found[word] = "after \(key)"
                if ProcessInfo.processInfo.environment["LOCFLOW_SHOW_ENGLISH"] != nil { print("=== \(word)\n" + text.split(separator: "\n").filter { $0.contains(word) }.joined(separator: "\n")) }
            }
        }
        // Presenting a tour (its captions are the tour's own words: only the frame around them).
        var p = try tour("5-termination-relaunch-window.flow") { $0.strings = koreanStrings }
        p.language = .ko
        for _ in 0..<30 {
            var text = render(p, glyphs: .unicode).text
            if let c = p.caption { for line in TextWidth.wrap(c.text, width: p.width - 4) { text = text.replacingOccurrences(of: line, with: "") } }
            for word in Self.englishWords(text) where found[word] == nil { found[word] = "presenting, step \(p.history.applied)" }
            _ = p.update(.key(.right))
        }
        _ = p.update(.key(.char("m")))
        _ = p.update(.key(.char("x")))
        for word in Self.englishWords(render(p, glyphs: .unicode).text) where found[word] == nil { found[word] = "off the tour" }
        #expect(found.isEmpty, "English in Korean frames: \(found.sorted { $0.key < $1.key }.map { "\($0.key) (\($0.value))" }.joined(separator: ", "))")
    }

    /// Every app call in Korean reads as Swift writes it: a call's arguments inside its
    /// parentheses, never the flow's words before an empty "()" ("startRangingBeacons lobby()").
    @Test func everyAppCallReadsAsSwift() {
        for e in EventCatalogue.samples {
            guard case .app = e else { continue }
            let text = Language.ko.event(e)
            let call = text.dropFirst("앱: ".count)
            #expect(!(call.hasSuffix("()") && call.contains(" ")), "\(e.flowText) reads \(text)")
        }
    }

    @Test func theTestFindsEnglish() {
        #expect(Self.englishWords("│ 상태 notDetermined · paused the app │") == ["paused", "the", "app"])
        #expect(Self.englishWords("requestWhenInUseAuthorization() ‘한 번 허용’ \"Allow Once\" [A S9] 1:30 kCLErrorDenied") == [])
    }

    @Test func distinctWordsForDistinctThings() {
        let ko = Language.ko
        #expect(ko("paused") != ko("suspended"))
        #expect(ko("paused") != ko.lifecycle(.suspended))
        #expect(ko("suspend the app") != ko("pause/run"))
        // One word for one thing: every suspended state says the same.
        #expect(ko.lifecycle(.suspended) == ko("suspended"))
    }

    @Test func everyHelpLabelFitsAt80x24InKorean() {
        var s = ExplorerState(config: AppConfig(), width: 80, height: 24)
        s.language = .ko
        _ = s.update(.key(.char("?")))
        var seen = ""
        for _ in 0..<30 { seen += render(s, glyphs: .unicode).text; _ = s.update(.key(.down)) }
        for b in Keymap.bindings where b.inHelp { #expect(seen.contains(Language.ko(b.label)), "\(Language.ko(b.label)) is cut in the Korean help") }
    }

    @Test func everyRuleHasAKoreanSentence() {
        let missing = Rule.allCases.filter { Korean.rules[$0] == nil }
        #expect(missing.isEmpty, "no Korean for \(missing)")
    }

    @Test func everyExplorerLabelHasAKoreanText() {
        for b in Keymap.bindings where b.inHelp || b.inFooter {
            #expect(Language.ko(b.label) != b.label || b.label.range(of: #"^request\w+$"#, options: .regularExpression) != nil, "\(b.label)")
        }
    }
}
