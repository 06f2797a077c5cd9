// INTERIM: the same API as the explorer helper's palette (issue 10 parts 1-6: `Theme` and
// `RoleStyle.of(_:theme:)` in Asciicast.swift). When that lands, delete this file: nothing else
// changes, pictures then draw in that palette.

/// The terminal's background, for colours that keep their contrast on it (`--theme`).
public enum Theme: String, CaseIterable, Sendable {
    case dark, light

    /// `auto`: from COLORFGBG ("fg;bg", or "fg;default;bg") where the terminal sets it; dark otherwise.
    public static func auto(colorFGBG: String?) -> Theme {
        guard let value = colorFGBG, let last = value.split(separator: ";").last, let bg = Int(last) else { return .dark }
        // 0-6 and 8 are dark backgrounds; 7 and 9-15 light ones (rxvt, Konsole, iTerm2 convention).
        return bg == 7 || (9...15).contains(bg) ? .light : .dark
    }
}

extension RoleStyle {
    /// The palette for a theme: dark is `of(role)`; light swaps the colours that vanish or wash
    /// out on a white background (white titles, pale yellows and cyans) for darker ones.
    public static func of(_ role: Role, theme: Theme) -> RoleStyle {
        let dark = of(role)
        guard theme == .light else { return dark }
        func fg(_ c: Int, bold: Bool? = nil) -> RoleStyle {
            RoleStyle(fg: c, bg: dark.bg, fg8: dark.fg8, bg8: dark.bg8, bold: bold ?? dark.bold, dimIn8: dark.dimIn8)
        }
        switch role {
        case .dim: return fg(242)
        case .border: return fg(244)
        case .heading: return fg(24)
        case .accent: return fg(25)
        case .good: return fg(28)
        case .bad: return fg(160)
        case .warn: return fg(130)
        case .promptBorder: return fg(238)
        case .promptTitle: return fg(-1)
        case .promptButton: return fg(25)
        case .laneForeground: return fg(28)
        case .laneBackground: return fg(136)
        case .laneSuspended: return fg(130)
        case .laneTerminated: return fg(245)
        case .laneActive: return fg(25)
        case .laneKept: return fg(91)
        case .laneWindow: return fg(166)
        case .laneInUse: return fg(65)
        case .cursor: return fg(-1)
        case .error: return fg(160)
        default: return dark
        }
    }

}
