import LocflowCore
import LocflowFlow

/// How each role looks: one palette for the terminal driver and for recordings.
public struct RoleStyle: Sendable {
    /// xterm-256 colours; -1 is the terminal's own.
    public let fg: Int, bg: Int
    /// The 8-colour fallback (COLOR_* numbers), and whether it needs dim to read as grey.
    public let fg8: Int, bg8: Int
    public let bold: Bool
    public let dimIn8: Bool

    public static func of(_ role: Role) -> RoleStyle {
        // 8-colour numbers: 0 black, 1 red, 2 green, 3 yellow, 4 blue, 5 magenta, 6 cyan, 7 white.
        switch role {
        case .normal: RoleStyle(fg: -1, bg: -1, fg8: -1, bg8: -1, bold: false, dimIn8: false)
        case .dim: RoleStyle(fg: 245, bg: -1, fg8: 7, bg8: -1, bold: false, dimIn8: true)
        case .title: RoleStyle(fg: 231, bg: 24, fg8: 7, bg8: 4, bold: true, dimIn8: false)
        case .heading: RoleStyle(fg: 81, bg: -1, fg8: 6, bg8: -1, bold: true, dimIn8: false)
        case .border: RoleStyle(fg: 240, bg: -1, fg8: 7, bg8: -1, bold: false, dimIn8: true)
        case .accent: RoleStyle(fg: 75, bg: -1, fg8: 6, bg8: -1, bold: true, dimIn8: false)
        case .good: RoleStyle(fg: 78, bg: -1, fg8: 2, bg8: -1, bold: false, dimIn8: false)
        case .bad: RoleStyle(fg: 203, bg: -1, fg8: 1, bg8: -1, bold: false, dimIn8: false)
        case .warn: RoleStyle(fg: 221, bg: -1, fg8: 3, bg8: -1, bold: false, dimIn8: false)
        case .selected: RoleStyle(fg: 16, bg: 117, fg8: 0, bg8: 6, bold: false, dimIn8: false)
        case .changed: RoleStyle(fg: 16, bg: 220, fg8: 0, bg8: 3, bold: true, dimIn8: false)
        case .promptBorder: RoleStyle(fg: 252, bg: -1, fg8: 7, bg8: -1, bold: true, dimIn8: false)
        case .promptTitle: RoleStyle(fg: 231, bg: -1, fg8: 7, bg8: -1, bold: true, dimIn8: false)
        case .promptButton: RoleStyle(fg: 75, bg: -1, fg8: 4, bg8: -1, bold: true, dimIn8: false)
        case .promptSelected: RoleStyle(fg: 231, bg: 25, fg8: 7, bg8: 4, bold: true, dimIn8: false)
        case .key: RoleStyle(fg: 16, bg: 250, fg8: 0, bg8: 7, bold: false, dimIn8: false)
        case .laneForeground: RoleStyle(fg: 78, bg: -1, fg8: 2, bg8: -1, bold: false, dimIn8: false)
        case .laneBackground: RoleStyle(fg: 221, bg: -1, fg8: 3, bg8: -1, bold: false, dimIn8: false)
        case .laneSuspended: RoleStyle(fg: 173, bg: -1, fg8: 5, bg8: -1, bold: false, dimIn8: false)
        case .laneTerminated: RoleStyle(fg: 240, bg: -1, fg8: 7, bg8: -1, bold: false, dimIn8: true)
        case .laneActive: RoleStyle(fg: 75, bg: -1, fg8: 6, bg8: -1, bold: false, dimIn8: false)
        case .laneKept: RoleStyle(fg: 140, bg: -1, fg8: 5, bg8: -1, bold: false, dimIn8: false)
        case .laneWindow: RoleStyle(fg: 209, bg: -1, fg8: 1, bg8: -1, bold: false, dimIn8: false)
        case .laneInUse: RoleStyle(fg: 114, bg: -1, fg8: 2, bg8: -1, bold: false, dimIn8: false)
        case .cursor: RoleStyle(fg: 231, bg: -1, fg8: 7, bg8: -1, bold: true, dimIn8: false)
        case .error: RoleStyle(fg: 203, bg: -1, fg8: 1, bg8: -1, bold: true, dimIn8: false)
        }
    }
}

/// Frames as ANSI text (xterm 256 colours), for recordings.
public enum ANSI {
    static func sgr(_ role: Role) -> String {
        let st = RoleStyle.of(role)
        var codes = st.bold ? "0;1" : "0"
        if st.fg >= 0 { codes += ";38;5;\(st.fg)" }
        if st.bg >= 0 { codes += ";48;5;\(st.bg)" }
        return "\u{1B}[" + codes + "m"
    }

    /// The whole frame: home the cursor, then every row with its colours.
    public static func frame(_ f: Frame) -> String {
        var out = "\u{1B}[H"
        for y in 0..<f.height {
            if y > 0 { out += "\r\n" }
            var role: Role?
            for x in 0..<f.width {
                let cell = f[x, y]
                if cell.continuation { continue }
                if cell.role != role { out += sgr(cell.role); role = cell.role }
                out.append(cell.char)
            }
        }
        return out + "\u{1B}[0m"
    }
}

/// `locflow record`: replays a flow through the explorer's renderer into an asciicast v2 file.
public enum Recording {
    /// The recording: a header line, then `[time, "o", text]` events and a `"m"` marker per step.
    /// Virtual time only: the same flow, size and speed give the same bytes.
    public static func asciicast(flow: Flow, config: AppConfig, configLines: [String], width: Int, height: Int,
                                 speed: Double, captions: Bool, language: Language = .en) -> String {
        var state = ExplorerState(config: config, configLines: configLines, width: width, height: height)
        state.language = language
        state.speedIndex = 0
        state.focus = .app
        state.history.load(flow.body.compactMap { line in
            switch line.statement {
            case .step(let e): HistoryStep(.event(e), line: line.line, caption: line.comment)
            case .expect(let x): HistoryStep(.expect(x), line: line.line, caption: line.comment)
            case .config: nil
            }
        })
        var header = JSONWriter()
        header.field("version", .int(2))
        header.field("width", .int(width))
        header.field("height", .int(height))
        if !flow.description.isEmpty { header.field("title", .string(TextSafety.escape(flow.description.joined(separator: " "), keepNewlines: false))) }
        header.field("env", .object([("TERM", .string("xterm-256color")), ("SHELL", .string("/bin/sh"))]))
        var lines = [header.finish()]
        func event(_ t: Double, _ kind: String, _ text: String) {
            lines.append(JSONWriter.encode(.array([.number((t * 1000).rounded() / 1000), .string(kind), .string(text)])))
        }
        let stepSeconds = 2.0 / max(0.01, speed)
        state.message = flow.description.isEmpty ? flow.file : flow.description.joined(separator: " ")
        event(0, "o", "\u{1B}[?25l\u{1B}[2J" + ANSI.frame(render(state, glyphs: .unicode)))
        var t = 0.0
        var n = 0
        while state.history.canRedo {
            t += stepSeconds
            n += 1
            _ = state.perform(.redo)
            let step = state.history.steps[state.history.applied - 1]
            if captions, let caption = step.caption { state.message = caption }
            event(t, "m", TextSafety.escape("step \(n): \(step.flowText)", keepNewlines: false))
            event(t, "o", ANSI.frame(render(state, glyphs: .unicode)))
        }
        event(t + stepSeconds, "o", "\u{1B}[0m\u{1B}[?25h\r\n")
        return lines.joined(separator: "\n") + "\n"
    }
}
