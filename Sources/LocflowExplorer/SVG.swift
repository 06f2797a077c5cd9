import LocflowCore
import LocflowFlow

/// Frames as SVG pictures (`locflow shot`, `locflow record -o demo.svg`): every cell at its
/// column, in the palette's colours, box drawing as lines so borders join, wide (Hangul) cells
/// spanning two columns. Byte-identical for the same frames and theme.
public enum SVGPicture {
    public static let cellWidth = 9
    public static let cellHeight = 18
    static let fontSize = 15
    static let baseline = 14
    static let fonts = "'DejaVu Sans Mono','Menlo','Consolas','Liberation Mono','NanumGothicCoding','Noto Sans Mono CJK KR','Apple SD Gothic Neo','Malgun Gothic',monospace"

    /// One frame as a still picture.
    public static func shot(_ frame: Frame, theme: Theme, title: String? = nil) -> String {
        var out = header(width: frame.width, height: frame.height, theme: theme, title: title)
        out += "<g>\n"
        for y in 0..<frame.height {
            let body = row(frame, y, theme: theme)
            guard !body.isEmpty else { continue }
            out += "<g transform=\"translate(0 \(y * cellHeight))\">" + body + "</g>\n"
        }
        return out + "</g>\n</svg>\n"
    }

    /// Frames shown one after another (CSS keyframes; a renderer without animation shows the
    /// first). `seconds` is when each frame appears; the last is held for `hold` seconds, then
    /// it starts again. Rows that repeat across frames are drawn once and reused.
    public static func animation(_ frames: [(seconds: Double, frame: Frame)], hold: Double = 3, theme: Theme,
                                 title: String? = nil) -> String {
        var builder = SVGAnimation(theme: theme)
        for item in frames { builder.add(item.frame, at: item.seconds) }
        return builder.finish(hold: hold, title: title)
    }

    // MARK: Parts

    static func header(width: Int, height: Int, theme: Theme, title: String?, extraCSS: String = "") -> String {
        let w = width * cellWidth, h = height * cellHeight
        var css = style(theme)
        if !extraCSS.isEmpty { css += extraCSS + "\n" }
        var out = "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" width=\"\(w)\" height=\"\(h)\" viewBox=\"0 0 \(w) \(h)\" xml:space=\"preserve\">\n"
        if let title { out += "<title>" + escape(TextSafety.escape(title, keepNewlines: false)) + "</title>\n" }
        out += "<style>\n" + css + "</style>\n"
        out += "<rect width=\"\(w)\" height=\"\(h)\" fill=\"\(theme.defaultBackground)\"/>\n"
        return out
    }

    /// One row's backgrounds, lines and text, at y = 0 (the caller places it).
    static func row(_ f: Frame, _ y: Int, theme: Theme) -> String {
        var backgrounds = ""
        var lines: [String] = Array(repeating: "", count: Role.allCases.count)
        var text = ""
        // Background runs: cells of one role with a background colour.
        var x = 0
        while x < f.width {
            let role = f[x, y].role
            var end = x + 1
            while end < f.width && f[end, y].role == role { end += 1 }
            if RoleStyle.of(role, theme: theme).bg >= 0 {
                backgrounds += "<rect x=\"\(x * cellWidth)\" width=\"\((end - x) * cellWidth)\" height=\"\(cellHeight)\" class=\"b\(role.rawValue)\"/>"
            }
            x = end
        }
        // Text: runs of plain ASCII of one role; any other character alone, centred on its cells.
        var run = "", runX = 0, runRole = Role.normal
        func flush() {
            let trimmed = run.trimmingTrailingSpaces()
            guard !trimmed.isEmpty else { run = ""; return }
            var lead = 0
            for ch in trimmed { if ch == " " { lead += 1 } else { break } }
            let body = String(trimmed.dropFirst(lead))
            let cols = body.count
            text += "<text x=\"\((runX + lead) * cellWidth)\" y=\"\(baseline)\" textLength=\"\(cols * cellWidth)\" class=\"f\(runRole.rawValue)\">" + escape(body) + "</text>"
            run = ""
        }
        x = 0
        while x < f.width {
            let cell = f[x, y]
            if cell.continuation { x += 1; continue }
            let wide = x + 1 < f.width && f[x + 1, y].continuation
            let cols = wide ? 2 : 1
            let ascii = cell.char.isASCII && !wide
            if ascii && (run.isEmpty || cell.role == runRole) {
                if run.isEmpty { runX = x; runRole = cell.role }
                run.append(cell.char)
                x += 1
                continue
            }
            flush()
            if ascii {
                runX = x; runRole = cell.role; run.append(cell.char)
            } else if let d = geometry(cell.char, x: x * cellWidth) {
                if d.hasPrefix("<") {
                    text += d.replacingOccurrences("CLASS", "f\(cell.role.rawValue)")
                } else {
                    // A line that goes on from the previous cell's extends it.
                    let r = Int(cell.role.rawValue), px = x * cellWidth
                    let start = "M\(px) \(number(Double(cellHeight) / 2))", end = "H\(px)"
                    if d.hasPrefix(start) && lines[r].hasSuffix(end) {
                        lines[r].removeLast(end.count)
                        lines[r] += d.dropFirst(start.count)
                    } else {
                        lines[r] += d
                    }
                }
            } else {
                let cx = number(Double(x * cellWidth) + Double(cols * cellWidth) / 2)
                text += "<text x=\"\(cx)\" y=\"\(baseline)\" text-anchor=\"middle\" class=\"f\(cell.role.rawValue)\">" + escape(String(cell.char)) + "</text>"
            }
            x += cols
        }
        flush()
        var paths = ""
        for (i, d) in lines.enumerated() where !d.isEmpty { paths += "<path class=\"g\(i)\" d=\"\(d)\"/>" }
        return backgrounds + paths + text
    }

    /// Box drawing as path data, blocks as rectangles (an element, with CLASS for its colour),
    /// or nil for a character drawn as text.
    static func geometry(_ ch: Character, x: Int) -> String? {
        let w = cellWidth, h = cellHeight
        let mx = number(Double(x) + Double(w) / 2), my = number(Double(h) / 2)
        switch ch {
        case "─": return "M\(x) \(my)H\(x + w)"
        case "│": return "M\(mx) 0V\(h)"
        case "┌": return "M\(mx) \(h)V\(my)H\(x + w)"
        case "┐": return "M\(x) \(my)H\(mx)V\(h)"
        case "└": return "M\(mx) 0V\(my)H\(x + w)"
        case "┘": return "M\(mx) 0V\(my)H\(x)"
        case "├": return "M\(mx) 0V\(h)M\(mx) \(my)H\(x + w)"
        case "┤": return "M\(mx) 0V\(h)M\(mx) \(my)H\(x)"
        case "┬": return "M\(x) \(my)H\(x + w)M\(mx) \(my)V\(h)"
        case "┴": return "M\(x) \(my)H\(x + w)M\(mx) \(my)V0"
        case "┼": return "M\(x) \(my)H\(x + w)M\(mx) 0V\(h)"
        case "╭": return "M\(mx) \(h)Q\(mx) \(my) \(x + w) \(my)"
        case "╮": return "M\(x) \(my)Q\(mx) \(my) \(mx) \(h)"
        case "╰": return "M\(mx) 0Q\(mx) \(my) \(x + w) \(my)"
        case "╯": return "M\(mx) 0Q\(mx) \(my) \(x) \(my)"
        case "█": return "<rect x=\"\(x)\" width=\"\(w)\" height=\"\(h)\" class=\"CLASS\"/>"
        case "▒": return "<rect x=\"\(x)\" width=\"\(w)\" height=\"\(h)\" class=\"CLASS\" opacity=\"0.55\"/>"
        case "░": return "<rect x=\"\(x)\" width=\"\(w)\" height=\"\(h)\" class=\"CLASS\" opacity=\"0.3\"/>"
        case "⏸": return "<rect x=\"\(x + 2)\" y=\"4\" width=\"2\" height=\"10\" class=\"CLASS\"/><rect x=\"\(x + 6)\" y=\"4\" width=\"2\" height=\"10\" class=\"CLASS\"/>"
        case "▏": return "<rect x=\"\(x)\" width=\"2\" height=\"\(h)\" class=\"CLASS\"/>"
        default: return nil
        }
    }

    /// The style sheet the frames' rows use (`f`, `g` and `b` classes for each role).
    static func style(_ theme: Theme) -> String {
        var css = "text{font-family:\(fonts);font-size:\(fontSize)px;white-space:pre}\n"
        for role in Role.allCases {
            let st = RoleStyle.of(role, theme: theme)
            let fg = st.fg < 0 ? theme.defaultForeground : RoleStyle.hex(st.fg)
            css += ".f\(role.rawValue){fill:\(fg)\(st.bold ? ";font-weight:bold" : "")}"
            css += ".g\(role.rawValue){stroke:\(fg);stroke-width:1.5;fill:none}"
            if st.bg >= 0 { css += ".b\(role.rawValue){fill:\(RoleStyle.hex(st.bg))}" }
            css += "\n"
        }
        return css
    }

    /// Text made safe for XML: markup characters escaped, characters XML cannot hold replaced.
    static func escape(_ s: String) -> String { XMLText.escape(s) }

    static func number(_ v: Double) -> String {
        let scaled = (v * 1000).rounded() / 1000
        // (Int(_:) traps past Int.max: a number that large is written as Swift prints it.)
        if scaled == scaled.rounded(), scaled.magnitude < 1e15 { return String(Int(scaled)) }
        return String(scaled)
    }

    static func percent(_ fraction: Double) -> String { number(max(0, min(1, fraction)) * 100) + "%" }
}

