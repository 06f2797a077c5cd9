import LocflowCore
import LocflowFlow

/// Frames as ANSI text (xterm 256 colours), for recordings.
public enum ANSI {
    static func sgr(_ role: Role) -> String {
        func fg(_ c: Int) -> String { "38;5;\(c)" }
        func bg(_ c: Int) -> String { "48;5;\(c)" }
        let codes: String = switch role {
        case .normal: "0"
        case .dim: "0;" + fg(245)
        case .title: "0;1;" + fg(231) + ";" + bg(24)
        case .heading: "0;1;" + fg(81)
        case .border: "0;" + fg(240)
        case .accent: "0;1;" + fg(75)
        case .good: "0;" + fg(78)
        case .bad: "0;" + fg(203)
        case .warn: "0;" + fg(221)
        case .selected: "0;" + fg(16) + ";" + bg(117)
        case .changed: "0;1;" + fg(16) + ";" + bg(220)
        case .promptBorder: "0;1;" + fg(252)
        case .promptTitle: "0;1;" + fg(231)
        case .promptButton: "0;1;" + fg(75)
        case .promptSelected: "0;1;" + fg(231) + ";" + bg(25)
        case .key: "0;" + fg(16) + ";" + bg(250)
        case .laneForeground: "0;" + fg(78)
        case .laneBackground: "0;" + fg(221)
        case .laneSuspended: "0;" + fg(173)
        case .laneTerminated: "0;" + fg(240)
        case .laneActive: "0;" + fg(75)
        case .laneKept: "0;" + fg(140)
        case .laneWindow: "0;" + fg(209)
        case .laneInUse: "0;" + fg(114)
        case .cursor: "0;1;" + fg(231)
        case .error: "0;1;" + fg(203)
        }
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
        if !flow.description.isEmpty { header.field("title", .string(flow.description.joined(separator: " "))) }
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
            event(t, "m", "step \(n): \(step.flowText)")
            event(t, "o", ANSI.frame(render(state, glyphs: .unicode)))
        }
        event(t + stepSeconds, "o", "\u{1B}[0m\u{1B}[?25h\r\n")
        return lines.joined(separator: "\n") + "\n"
    }
}
