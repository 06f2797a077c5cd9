import Foundation

/// What pictures need of a theme besides the palette: the terminal's own colours as RGB.
extension Theme {
    /// The terminal's own colours (RoleStyle's -1) as pictures draw them: RGB hex.
    public var defaultForeground: String { self == .dark ? "#d7d7d7" : "#1c1c1c" }
    public var defaultBackground: String { self == .dark ? "#1c1c1c" : "#fdfdfd" }
}

extension Theme {
    /// The theme for a terminal's answer to OSC 11 (`ESC ] 11 ; rgb:RRRR/GGGG/BBBB BEL`): light
    /// when the background's relative luminance is over half. Nil for anything else.
    public static func fromBackgroundReply(_ reply: String) -> Theme? {
        guard let at = reply.range(of: "rgb:") else { return nil }
        let body = reply[at.upperBound...].prefix { $0.isHexDigit || $0 == "/" }
        let parts = body.split(separator: "/")
        guard parts.count == 3 else { return nil }
        var values: [Double] = []
        for p in parts {
            guard (1...4).contains(p.count), let v = Int(p, radix: 16) else { return nil }
            values.append(Double(v) / Double((1 << (4 * p.count)) - 1))
        }
        func lin(_ v: Double) -> Double { v <= 0.03928 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4) }
        let luminance = 0.2126 * lin(values[0]) + 0.7152 * lin(values[1]) + 0.0722 * lin(values[2])
        // Against black text and white text alike: light where black text reads better.
        return (luminance + 0.05) / 0.05 > 1.05 / (luminance + 0.05) ? .light : .dark
    }
}

extension RoleStyle {
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
