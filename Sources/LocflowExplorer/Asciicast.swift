import LocflowCore
import LocflowFlow

/// The terminal's background, for colours that keep their contrast on it (`--theme`).
public enum Theme: String, CaseIterable, Sendable {
    case dark, light

    /// `auto` without an answer to OSC 11 (`Theme.fromBackgroundReply`): from COLORFGBG ("fg;bg",
    /// or "fg;default;bg") where the terminal sets it; dark otherwise.
    public static func auto(colorFGBG: String?) -> Theme {
        guard let value = colorFGBG, let last = value.split(separator: ";").last, let bg = Int(last) else { return .dark }
        // 0-6 and 8 are dark backgrounds; 7 and 9-15 light ones (rxvt, Konsole, iTerm2 convention).
        return bg == 7 || (9...15).contains(bg) ? .light : .dark
    }
}

/// How each role looks: one palette for the terminal driver and for recordings.
public struct RoleStyle: Sendable {
    /// xterm-256 colours; -1 is the terminal's own.
    public let fg: Int, bg: Int
    /// The 8-colour fallback (COLOR_* numbers), and whether it needs dim to read as grey.
    public let fg8: Int, bg8: Int
    public let bold: Bool
    public let dimIn8: Bool

    /// Text is the terminal's own foreground; colours are picked to keep their contrast on the
    /// theme's background (a projector washes out pale greys and yellows).
    public static func of(_ role: Role, theme: Theme = .dark) -> RoleStyle {
        let light = theme == .light
        func c(_ dark: Int, _ onLight: Int) -> Int { light ? onLight : dark }
        // 8-colour numbers: 0 black, 1 red, 2 green, 3 yellow, 4 blue, 5 magenta, 6 cyan, 7 white.
        switch role {
        case .normal: return RoleStyle(fg: -1, bg: -1, fg8: -1, bg8: -1, bold: false, dimIn8: false)
        case .dim: return RoleStyle(fg: c(249, 241), bg: -1, fg8: -1, bg8: -1, bold: false, dimIn8: true)
        case .title: return RoleStyle(fg: 231, bg: 24, fg8: 7, bg8: 4, bold: true, dimIn8: false)
        case .heading: return RoleStyle(fg: c(81, 24), bg: -1, fg8: 6, bg8: -1, bold: true, dimIn8: false)
        case .border: return RoleStyle(fg: c(246, 241), bg: -1, fg8: -1, bg8: -1, bold: false, dimIn8: false)
        case .accent: return RoleStyle(fg: c(75, 25), bg: -1, fg8: light ? 4 : 6, bg8: -1, bold: true, dimIn8: false)
        case .good: return RoleStyle(fg: c(78, 28), bg: -1, fg8: 2, bg8: -1, bold: false, dimIn8: false)
        case .bad: return RoleStyle(fg: c(203, 160), bg: -1, fg8: 1, bg8: -1, bold: false, dimIn8: false)
        case .warn: return RoleStyle(fg: c(221, 130), bg: -1, fg8: light ? 5 : 3, bg8: -1, bold: false, dimIn8: false)
        case .selected: return RoleStyle(fg: 16, bg: c(117, 153), fg8: 0, bg8: 6, bold: false, dimIn8: false)
        case .changed: return RoleStyle(fg: 16, bg: 220, fg8: 0, bg8: 3, bold: true, dimIn8: false)
        case .promptBorder: return RoleStyle(fg: -1, bg: -1, fg8: -1, bg8: -1, bold: true, dimIn8: false)
        case .promptTitle: return RoleStyle(fg: -1, bg: -1, fg8: -1, bg8: -1, bold: true, dimIn8: false)
        case .promptButton: return RoleStyle(fg: c(75, 25), bg: -1, fg8: 4, bg8: -1, bold: true, dimIn8: false)
        case .promptSelected: return RoleStyle(fg: 231, bg: 25, fg8: 7, bg8: 4, bold: true, dimIn8: false)
        case .key: return RoleStyle(fg: 16, bg: c(250, 252), fg8: 0, bg8: 7, bold: false, dimIn8: false)
        case .laneForeground: return RoleStyle(fg: c(78, 28), bg: -1, fg8: 2, bg8: -1, bold: false, dimIn8: false)
        case .laneBackground: return RoleStyle(fg: c(221, 94), bg: -1, fg8: 3, bg8: -1, bold: false, dimIn8: false)
        case .laneSuspended: return RoleStyle(fg: c(173, 130), bg: -1, fg8: 5, bg8: -1, bold: false, dimIn8: false)
        case .laneTerminated: return RoleStyle(fg: c(246, 241), bg: -1, fg8: -1, bg8: -1, bold: false, dimIn8: false)
        case .laneActive: return RoleStyle(fg: c(75, 25), bg: -1, fg8: light ? 4 : 6, bg8: -1, bold: false, dimIn8: false)
        case .laneKept: return RoleStyle(fg: c(140, 97), bg: -1, fg8: 5, bg8: -1, bold: false, dimIn8: false)
        case .laneWindow: return RoleStyle(fg: c(209, 130), bg: -1, fg8: 1, bg8: -1, bold: false, dimIn8: false)
        case .laneInUse: return RoleStyle(fg: c(114, 28), bg: -1, fg8: 2, bg8: -1, bold: false, dimIn8: false)
        case .cursor: return RoleStyle(fg: -1, bg: -1, fg8: -1, bg8: -1, bold: true, dimIn8: false)
        case .error: return RoleStyle(fg: c(203, 160), bg: -1, fg8: 1, bg8: -1, bold: true, dimIn8: false)
        case .caption: return RoleStyle(fg: -1, bg: -1, fg8: -1, bg8: -1, bold: true, dimIn8: false)
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
        var out = ""
        stream(flow: flow, config: config, configLines: configLines, width: width, height: height,
               speed: speed, captions: captions, language: language) { out += $0 }
        return out
    }

    /// The same recording, handed to `emit` line by line (each with its newline) as it is made,
    /// so that a long flow is written out without being held in memory. Returns the number of
    /// events (lines after the header).
    /// The most steps (and expectations) `record` turns into an asciicast: each is a frame of
    /// about 12 KB at 120x40, so 10,000 make about 120 MB (a 16 MB flow would have made 12 GB).
    public static let maxSteps = 10_000

    @discardableResult
    public static func stream<E: Error>(flow: Flow, config: AppConfig, configLines: [String], width: Int, height: Int,
                                        speed: Double, captions: Bool, language: Language = .en,
                                        emit: (String) throws(E) -> Void) throws(E) -> Int {
        var replay = Replay(flow: flow, config: config, configLines: configLines, width: width, height: height,
                            language: language, captions: captions, picture: true)
        var header = JSONWriter()
        header.field("version", .int(2))
        header.field("width", .int(width))
        header.field("height", .int(height))
        if !flow.description.isEmpty { header.field("title", .string(TextSafety.escape(flow.description.joined(separator: " "), keepNewlines: false))) }
        header.field("env", .object([("TERM", .string("xterm-256color")), ("SHELL", .string("/bin/sh"))]))
        try emit(header.finish() + "\n")
        var events = 0
        func event(_ t: Double, _ kind: String, _ text: String) throws(E) {
            try emit(JSONWriter.encode(.array([.number((t * 1000).rounded() / 1000), .string(kind), .string(text)])) + "\n")
            events += 1
        }
        let stepSeconds = 2.0 / max(0.01, speed)
        try event(0, "o", "\u{1B}[?25l\u{1B}[2J" + ANSI.frame(replay.frame))
        var t = 0.0
        while let text = replay.next() {
            t += stepSeconds
            try event(t, "m", TextSafety.escape("step \(replay.step): \(text)", keepNewlines: false))
            try event(t, "o", ANSI.frame(replay.frame))
        }
        try event(t + stepSeconds, "o", "\u{1B}[0m\u{1B}[?25h\r\n")
        return events
    }
}
