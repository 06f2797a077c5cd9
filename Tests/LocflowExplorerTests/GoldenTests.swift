import Foundation
import Testing
@testable import LocflowCore
@testable import LocflowFlow
@testable import LocflowExplorer

/// Builds an explorer state from flow text (configuration, then steps applied in order).
func explorer(_ text: String, width: Int = 120, height: Int = 40) throws -> ExplorerState {
    let flow = try FlowParser.parse(text, file: "golden.flow")
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
    var builder = ConfigBuilder(baseDirectory: root)
    for line in flow.config {
        if case .config(let c) = line.statement { try builder.apply(c, at: nil) }
    }
    var state = ExplorerState(config: builder.finish(), width: width, height: height)
    state.speedIndex = 0
    for line in flow.body {
        switch line.statement {
        case .step(let e): _ = state.perform(.step(e))
        case .expect(let x): _ = state.apply(.expect(x))
        case .config: break
        }
    }
    state.message = nil
    state.wallNow = 1_000_000  // highlights have faded
    return state
}

enum Golden {
    static let dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens")
    static var updating: Bool { ProcessInfo.processInfo.environment["LOCFLOW_UPDATE_GOLDENS"] == "1" }

    /// Compares a frame with its golden (text, then roles); LOCFLOW_UPDATE_GOLDENS=1 rewrites it.
    static func check(_ name: String, _ state: ExplorerState, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        var s = state
        for (w, h) in [(120, 40), (80, 24)] {
            _ = s.update(.resize(width: w, height: h))
            let frame = render(s, glyphs: .unicode)
            let file = dir.appendingPathComponent("\(name)-\(w)x\(h).txt")
            let actual = frame.text + "--- roles\n" + frame.roleText
            if updating {
                try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
                try? actual.write(to: file, atomically: true, encoding: .utf8)
                continue
            }
            guard let expected = try? String(contentsOf: file, encoding: .utf8) else {
                Issue.record("no golden \(file.lastPathComponent); run with LOCFLOW_UPDATE_GOLDENS=1 and read it", sourceLocation: sourceLocation)
                continue
            }
            if expected != actual {
                let e = expected.split(separator: "\n", omittingEmptySubsequences: false)
                let a = actual.split(separator: "\n", omittingEmptySubsequences: false)
                let line = zip(e, a).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(e.count, a.count)
                Issue.record("""
                    \(file.lastPathComponent) differs at line \(line + 1):
                    expected: \(line < e.count ? String(e[line]) : "<end>")
                    actual:   \(line < a.count ? String(a[line]) : "<end>")
                    """, sourceLocation: sourceLocation)
            }
        }
    }
}

@Suite("Golden screens at 120x40 and 80x24")
struct GoldenTests {
    @Test func start() throws { Golden.check("start", try explorer("")) }

    @Test func whenInUsePrompt() throws {
        Golden.check("prompt-whenInUse", try explorer("app requestWhenInUseAuthorization"))
    }

    @Test func whenInUsePromptIOS13() throws {
        Golden.check("prompt-whenInUse-ios13", try explorer("platform ios13\napp requestWhenInUseAuthorization"))
    }

    @Test func alwaysUpgradePrompt() throws {
        Golden.check("prompt-alwaysUpgrade", try explorer("""
            app requestWhenInUseAuthorization
            user tap "Allow While Using App"
            app requestAlwaysAuthorization
            """))
    }

    @Test func temporaryFullAccuracyPrompt() throws {
        Golden.check("prompt-temporaryFullAccuracy", try explorer("""
            app requestWhenInUseAuthorization
            user precise off
            user tap "Allow While Using App"
            app requestTemporaryFullAccuracyAuthorization Nav
            """))
    }

    @Test func backgroundReminderPrompt() throws {
        Golden.check("prompt-backgroundReminder", try explorer("""
            app requestWhenInUseAuthorization
            user tap "Allow While Using App"
            user settings always
            system reminder
            """))
    }

    @Test func legacyPrompts() throws {
        Golden.check("prompt-legacyAlways", try explorer("platform ios12\napp requestAlwaysAuthorization"))
        Golden.check("prompt-legacyWhenInUse", try explorer("platform ios12\napp requestWhenInUseAuthorization"))
    }

    @Test func locationButtonPrompt() throws {
        Golden.check("prompt-locationButton", try explorer("platform ios15\nuser locationButton"))
    }

    @Test func widgetPrompt() throws {
        // Format 1.1 with the assumption addWidgetAsks: adding the widget asks to extend the grant.
        Golden.check("prompt-widget", try explorer("""
            widget true
            assume addWidgetAsks true
            app requestWhenInUseAuthorization
            user tap "Allow While Using App"
            user addWidget
            """))
    }

    @Test func servicesOffPrompt() throws {
        Golden.check("prompt-servicesOff", try explorer("locationServices off\napp requestWhenInUseAuthorization"))
    }

    @Test func provisionalAlways() throws {
        Golden.check("provisional-always", try explorer("""
            app requestAlwaysAuthorization
            user tap "Allow While Using App"
            """))
    }

    @Test func allowOnceRunningOut() throws {
        Golden.check("allow-once-running-out", try explorer("""
            app requestWhenInUseAuthorization
            user tap "Allow Once"
            user background
            wait 30s
            """))
    }

    @Test func sessionBarsThroughTerminateAndRelaunch() throws {
        Golden.check("sessions-terminate-relaunch", try explorer("""
            app session nav always
            user tap "Allow While Using App"
            user tap "Change to Always Allow"
            app liveUpdates start
            app backgroundActivity start
            wait 10s
            user background
            wait 20s
            system terminate
            wait 20s
            system relaunch
            app session nav always
            wait 10s
            """))
    }

    @Test func deniedDiagnostics() throws {
        var s = try explorer("""
            app session main whenInUse
            user tap "Don't Allow"
            app liveUpdates start
            """)
        s.focus = .diagnostics
        s.selection[.diagnostics] = 1
        Golden.check("diagnostics-denied", s)
    }

    @Test func explicitSessionDiagnostics() throws {
        var s = try explorer("""
            key NSLocationRequireExplicitServiceSession true
            app liveUpdates start
            app monitor start
            app session quiet none
            """)
        s.focus = .diagnostics
        Golden.check("diagnostics-explicit-session", s)
        s.focus = .app
        Golden.check("diagnostics-at-a-glance", s)
    }

    @Test func korean() throws {
        var s = try explorer("""
            strings Assets/plists/ko-InfoPlist.strings
            app requestWhenInUseAuthorization
            """)
        s.language = .ko
        Golden.check("ko-prompt-whenInUse", s)
        var upgrade = try explorer("""
            app requestWhenInUseAuthorization
            user tap "Allow While Using App"
            app requestAlwaysAuthorization
            """)
        upgrade.language = .ko
        upgrade.focus = .settings
        Golden.check("ko-prompt-alwaysUpgrade", upgrade)
        let text = render(upgrade, glyphs: .unicode).text
        #expect(text.contains("항상 허용으로 변경"))
        #expect(text.contains("사용하는 동안만 유지"))
        #expect(text.contains("앱을 사용하는 동안"))
        #expect(text.contains("정확한 위치"))
        // Every row is exactly as wide as the screen, Hangul counted twice.
        for line in text.split(separator: "\n") { #expect(TextWidth.columns(of: String(line)) == 120) }
    }

    @Test func help() throws {
        var s = try explorer("")
        _ = s.update(.key(.char("?")))
        Golden.check("help", s)
    }

    /// One message, wrapped without a blank line in the middle of its sentence.
    @Test(arguments: [(60, 15), (60, 20), (79, 24), (80, 23), (30, 4)])
    func tooSmall(_ width: Int, _ height: Int) throws {
        let s = try explorer("", width: width, height: height)
        let rows = render(s, glyphs: .unicode).text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
        let said = rows.prefix { !$0.isEmpty }
        let gap = rows.dropFirst(said.count).contains { !$0.isEmpty }
        #expect(!gap, "\(rows)")
        #expect(said.joined(separator: " ") == "locflow needs a terminal of at least 80x24; this one is \(width)x\(height). Make it larger, or press q to quit.")
    }

    /// In Korean too (it was drawn in English whatever the language).
    @Test func tooSmallInKorean() throws {
        var s = try explorer("", width: 60, height: 15)
        s.language = .ko
        let rows = render(s, glyphs: .unicode).text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        #expect(rows.joined(separator: " ") == "locflow는 최소 80x24 크기의 터미널이 필요합니다. 지금은 60x15입니다. 창을 키우거나 q를 눌러 종료하세요.", "\(rows)")
    }

    @Test func asciiFallbackHasNoUnicode() throws {
        let s = try explorer("app requestWhenInUseAuthorization")
        var frame = render(s, glyphs: .ascii)
        // The app's own strings (names, prompt titles) keep their characters; the drawing is ASCII.
        frame.cells = frame.cells.map { c in var c = c; if c.role == .promptTitle || c.role == .title { c.char = " " }; return c }
        let nonASCII = frame.text.unicodeScalars.filter { !$0.isASCII && $0 != "“" && $0 != "”" }
        #expect(nonASCII.isEmpty, "\(String(String.UnicodeScalarView(nonASCII)))")
    }
}
