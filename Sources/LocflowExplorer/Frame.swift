/// What a cell means; the terminal driver maps roles to colours and attributes.
public enum Role: UInt8, CaseIterable, Sendable {
    case normal, dim, title, heading, border, accent, good, bad, warn, selected, changed
    case promptBorder, promptTitle, promptButton, promptSelected, key
    case laneForeground, laneBackground, laneSuspended, laneTerminated, laneActive, laneKept, laneWindow, laneInUse
    case cursor, error

    /// A one-letter code for golden files.
    public var code: Character {
        let codes: [Character] = Array(".dthbagxwsc" + "PTBSk" + "FGUXAKWI" + "|e")
        return codes[Int(rawValue)]
    }
}

/// One terminal cell. A wide character occupies its cell and marks the next as a continuation.
public struct Cell: Equatable, Sendable {
    public var char: Character
    public var role: Role
    public var continuation: Bool

    public static let blank = Cell(char: " ", role: .normal, continuation: false)
}

/// A screen's worth of cells, produced by `render` and copied to the terminal by the driver.
public struct Frame: Sendable {
    public let width: Int
    public let height: Int
    public var cells: [Cell]
    /// Clickable regions: a click inside one performs its command (the same as its key).
    public var regions: [(x: Int, y: Int, width: Int, height: Int, command: Command)] = []
    public var cursor: (x: Int, y: Int)?

    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        cells = Array(repeating: .blank, count: self.width * self.height)
    }

    public subscript(x: Int, y: Int) -> Cell {
        get { cells[y * width + x] }
        set { cells[y * width + x] = newValue }
    }

    /// Writes text at (x, y), clipped to `maxWidth` columns; returns the columns used.
    @discardableResult
    public mutating func put(_ x: Int, _ y: Int, _ text: String, _ role: Role = .normal, maxWidth: Int? = nil) -> Int {
        guard y >= 0, y < height else { return 0 }
        let limit = min(width, x + (maxWidth ?? width))
        var cx = x
        for ch in text {
            let w = TextWidth.columns(of: ch)
            if w == 0 { continue }
            if cx + w > limit { break }
            if cx >= 0 {
                self[cx, y] = Cell(char: ch, role: role, continuation: false)
                if w == 2 { self[cx + 1, y] = Cell(char: " ", role: role, continuation: true) }
            }
            cx += w
        }
        return cx - x
    }

    /// Fills a rectangle with a character and role.
    public mutating func fill(_ x: Int, _ y: Int, _ w: Int, _ h: Int, _ ch: Character = " ", _ role: Role = .normal) {
        let x0 = max(0, x), x1 = min(width, x + w), y0 = max(0, y), y1 = min(height, y + h)
        guard x0 < x1, y0 < y1 else { return }
        for yy in y0..<y1 {
            for xx in x0..<x1 { self[xx, yy] = Cell(char: ch, role: role, continuation: false) }
        }
    }

    /// Sets the role of a run of cells (a highlight over text already drawn).
    public mutating func paint(_ x: Int, _ y: Int, _ w: Int, _ role: Role) {
        let x0 = max(0, x), x1 = min(width, x + w)
        guard y >= 0, y < height, x0 < x1 else { return }
        for xx in x0..<x1 { cells[y * width + xx].role = role }
    }

    public mutating func click(_ x: Int, _ y: Int, _ w: Int, _ h: Int = 1, _ command: Command) {
        regions.append((x, y, w, h, command))
    }

    /// The command a click at (x, y) performs: the innermost (last drawn) region wins.
    public func command(atX x: Int, y: Int) -> Command? {
        regions.last { x >= $0.x && x < $0.x + $0.width && y >= $0.y && y < $0.y + $0.height }?.command
    }

    /// Draws a box with a title in its top border.
    public mutating func box(_ x: Int, _ y: Int, _ w: Int, _ h: Int, title: String? = nil, glyphs: Glyphs,
                             role: Role = .border, titleRole: Role = .heading) {
        guard w >= 2, h >= 2, x >= 0, y >= 0, x + w <= width, y + h <= height else { return }
        put(x, y, String(glyphs.topLeft), role)
        put(x + w - 1, y, String(glyphs.topRight), role)
        put(x, y + h - 1, String(glyphs.bottomLeft), role)
        put(x + w - 1, y + h - 1, String(glyphs.bottomRight), role)
        for xx in (x + 1)..<(x + w - 1) {
            put(xx, y, String(glyphs.horizontal), role)
            put(xx, y + h - 1, String(glyphs.horizontal), role)
        }
        for yy in (y + 1)..<(y + h - 1) {
            put(x, yy, String(glyphs.vertical), role)
            put(x + w - 1, yy, String(glyphs.vertical), role)
        }
        if let title, w > 6 { put(x + 2, y, " \(title) ", titleRole, maxWidth: w - 4) }
    }

    /// The screen as text, one line per row (trailing spaces kept).
    public var text: String {
        var out = ""
        out.reserveCapacity((width + 1) * height)
        for y in 0..<height {
            for x in 0..<width where !self[x, y].continuation { out.append(self[x, y].char) }
            out.append("\n")
        }
        return out
    }

    /// The roles as one letter per cell (golden files).
    public var roleText: String {
        var out = ""
        for y in 0..<height {
            for x in 0..<width { out.append(self[x, y].role.code) }
            out.append("\n")
        }
        return out
    }
}

/// Line-drawing and bar glyphs: Unicode, or ASCII when the terminal cannot show UTF-8.
public struct Glyphs: Sendable {
    public var topLeft, topRight, bottomLeft, bottomRight, horizontal, vertical: Character
    public var roundTopLeft, roundTopRight, roundBottomLeft, roundBottomRight: Character
    public var teeLeft, teeRight: Character
    public var full, shade, light, dot, check, cross, radioOn, radioOff, arrow, cursor, play, pause, mark: Character
    public var ascii = false

    /// Key names as this terminal can show them.
    public func keys(_ label: String) -> String {
        guard ascii else { return label }
        return label.replacingOccurrences("↑↓", "Up/Dn").replacingOccurrences("↓", "Dn").replacingOccurrences("⏎", "Enter")
    }

    public static let unicode = Glyphs(
        topLeft: "┌", topRight: "┐", bottomLeft: "└", bottomRight: "┘", horizontal: "─", vertical: "│",
        roundTopLeft: "╭", roundTopRight: "╮", roundBottomLeft: "╰", roundBottomRight: "╯", teeLeft: "├", teeRight: "┤",
        full: "█", shade: "▒", light: "░", dot: "·", check: "✓", cross: "✗", radioOn: "●", radioOff: "○",
        arrow: "›", cursor: "▏", play: "▶", pause: "⏸", mark: "◆")

    public static let ascii = Glyphs(
        topLeft: "+", topRight: "+", bottomLeft: "+", bottomRight: "+", horizontal: "-", vertical: "|",
        roundTopLeft: "+", roundTopRight: "+", roundBottomLeft: "+", roundBottomRight: "+", teeLeft: "+", teeRight: "+",
        full: "#", shade: "=", light: "-", dot: ".", check: "+", cross: "x", radioOn: "*", radioOff: "o",
        arrow: ">", cursor: "|", play: ">", pause: "=", mark: "*", ascii: true)
}

/// Terminal column width of text, East-Asian aware (Hangul and CJK take two columns).
public enum TextWidth {
    public static func columns(of scalar: Unicode.Scalar) -> Int {
        switch scalar.value {
        case 0: return 0
        case 0x01..<0x20, 0x7F..<0xA0: return 0
        case 0x0300...0x036F, 0x200B...0x200F, 0xFE00...0xFE0F, 0x1160...0x11FF: return 0
        case 0x2028...0x202E, 0x2066...0x2069: return 0  // line separators, bidirectional overrides: never drawn
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
             0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
             0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
            return 2
        default: return 1
        }
    }

    public static func columns(of ch: Character) -> Int {
        var w = 0
        for s in ch.unicodeScalars { w += columns(of: s) }
        return min(2, w)
    }

    public static func columns(of text: String) -> Int { text.reduce(0) { $0 + columns(of: $1) } }

    /// Splits text into lines of at most `width` columns, at spaces where possible.
    public static func wrap(_ text: String, width: Int) -> [String] {
        guard width > 0 else { return [] }
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = ""
            var lineWidth = 0
            for word in paragraph.split(separator: " ", omittingEmptySubsequences: true) {
                let w = columns(of: String(word))
                if lineWidth > 0 && lineWidth + 1 + w > width {
                    lines.append(line); line = ""; lineWidth = 0
                }
                if w > width {
                    // A word longer than the line: cut it.
                    for ch in word {
                        let cw = columns(of: ch)
                        if lineWidth + cw > width { lines.append(line); line = ""; lineWidth = 0 }
                        line.append(ch); lineWidth += cw
                    }
                    continue
                }
                if lineWidth > 0 { line += " "; lineWidth += 1 }
                line += word; lineWidth += w
            }
            lines.append(line)
        }
        return lines
    }

    /// Pads or clips text to exactly `width` columns.
    public static func fit(_ text: String, _ width: Int) -> String {
        var out = ""
        var w = 0
        for ch in text {
            let cw = columns(of: ch)
            if w + cw > width { break }
            out.append(ch); w += cw
        }
        return out + String(repeating: " ", count: max(0, width - w))
    }
}

extension String {
    func replacingOccurrences(_ target: String, _ replacement: String) -> String {
        guard !target.isEmpty else { return self }
        var out = ""
        var rest = Substring(self)
        while let r = rest.range(of: target) {
            out += rest[..<r.lowerBound] + replacement
            rest = rest[r.upperBound...]
        }
        return out + rest
    }
}
