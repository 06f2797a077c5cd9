/// A colour theme: the palette for a dark or a light background (`--theme light|dark|auto`).
public enum Theme: String, CaseIterable, Sendable {
    case dark, light

    /// The theme `auto` picks from `COLORFGBG` ("15;0" is light text on black: dark), or nil
    /// when the variable is missing or unreadable. Pure: the caller reads the environment.
    public static func from(colorFGBG value: String?) -> Theme? {
        guard let value, let last = value.split(separator: ";").last, let bg = Int(last) else { return nil }
        // xterm colours 0-6 and 8 are dark backgrounds; 7 and 9-15 light ones.
        switch bg {
        case 0...6, 8: return .dark
        case 7, 9...15: return .light
        default: return nil
        }
    }

    /// Parses a `--theme` value: light, dark, or auto (COLORFGBG, else dark).
    public static func parse(_ name: String, colorFGBG: String?) -> Theme? {
        switch name {
        case "auto": from(colorFGBG: colorFGBG) ?? .dark
        default: Theme(rawValue: name)
        }
    }

    /// The terminal's own colours (RoleStyle's -1) as pictures draw them: RGB hex.
    public var defaultForeground: String { self == .dark ? "#d7d7d7" : "#1c1c1c" }
    public var defaultBackground: String { self == .dark ? "#1c1c1c" : "#fdfdfd" }
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

    /// An xterm-256 colour as RGB hex.
    public static func hex(_ c: Int) -> String {
        let base16 = [0x000000, 0xcd0000, 0x00cd00, 0xcdcd00, 0x0000ee, 0xcd00cd, 0x00cdcd, 0xe5e5e5,
                      0x7f7f7f, 0xff0000, 0x00ff00, 0xffff00, 0x5c5cff, 0xff00ff, 0x00ffff, 0xffffff]
        let rgb: Int
        switch c {
        case 0..<16: rgb = base16[c]
        case 16..<232:
            let levels = [0, 95, 135, 175, 215, 255]
            let n = c - 16
            rgb = levels[n / 36] << 16 | levels[n / 6 % 6] << 8 | levels[n % 6]
        case 232..<256:
            let g = 8 + 10 * (c - 232)
            rgb = g << 16 | g << 8 | g
        default: rgb = 0
        }
        let digits = Array("0123456789abcdef")
        var out = "#"
        for shift in stride(from: 20, through: 0, by: -4) { out.append(digits[(rgb >> shift) & 0xf]) }
        return out
    }
}
