/// What a cell means; the terminal driver maps roles to colours and attributes.
public enum Role: UInt8, CaseIterable, Sendable {
    case normal, dim, title, heading, border, accent, good, bad, warn, selected, changed
    case promptBorder, promptTitle, promptButton, promptSelected, key
    case laneForeground, laneBackground, laneSuspended, laneTerminated, laneActive, laneKept, laneWindow, laneInUse
    case cursor, error, caption

    /// A one-letter code for golden files.
    public var code: Character {
        let codes: [Character] = Array(".dthbagxwsc" + "PTBSk" + "FGUXAKWI" + "|eC")
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
    /// Where each pane is drawn (the mouse wheel scrolls the pane under the pointer).
    public var panes: [(x: Int, y: Int, width: Int, height: Int, pane: Pane)] = []
    /// The App list's first row as drawn.
    public var appListTop: Int?
    /// The system prompt's box when its message scrolls (the wheel over it scrolls the message).
    public var scrollingPrompt: (x: Int, y: Int, width: Int, height: Int)?

    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        cells = Array(repeating: .blank, count: self.width * self.height)
    }

    public subscript(x: Int, y: Int) -> Cell {
        get { cells[y * width + x] }
        set { cells[y * width + x] = newValue }
    }

    /// What a cut ends with ("…", or "~" on an ASCII terminal).
    public var ellipsis: Character = "…"

    /// Writes text at (x, y) within `maxWidth` columns; returns the columns used. Text that does
    /// not fit is never cut silently: its last column shows the ellipsis (trailing spaces may go).
    @discardableResult
    public mutating func put(_ x: Int, _ y: Int, _ text: String, _ role: Role = .normal, maxWidth: Int? = nil) -> Int {
        guard y >= 0, y < height else { return 0 }
        let limit = min(width, x + (maxWidth ?? width))
        var cx = x
        // Plain ASCII (most of the screen): one byte, one column, no grapheme breaking.
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
            let bytes = text.utf8
            var i = bytes.startIndex
            while i < bytes.endIndex {
                let b = bytes[i]
                if cx + 1 > limit {
                    if bytes[i...].contains(where: { $0 != 0x20 }) { cx = putEllipsis(x, cx, limit, y, role) }
                    break
                }
                if cx >= 0 {
                    let at = y * width + cx
                    if cells[at].continuation { cells[at - 1].char = " " }
                    if cx + 1 < width && cells[at + 1].continuation { cells[at + 1].char = " "; cells[at + 1].continuation = false }
                    cells[at] = Cell(char: Character(Unicode.Scalar(b)), role: role, continuation: false)
                }
                cx += 1
                bytes.formIndex(after: &i)
            }
            return cx - x
        }
        var chars = text.makeIterator()
        while let next = chars.next() {
            let ch: Character = next == "\t" ? " " : next
            let w = TextWidth.columns(of: ch)
            if w == 0 { continue }
            if cx + w > limit {
                // Cut: unless only spaces are left, the last column shows the ellipsis.
                var more = ch != " "
                while !more, let rest = chars.next() { more = rest != " " }
                if more { cx = putEllipsis(x, cx, limit, y, role) }
                break
            }
            if cx >= 0 {
                let at = y * width + cx
                // Over half of a wide character: its other half goes too (no split Hangul). The
                // flags are read in place (a Cell copy would retain its Character).
                if cells[at].continuation { cells[at - 1].char = " " }
                if cx + w < width && cells[at + w].continuation { cells[at + w].char = " "; cells[at + w].continuation = false }
                cells[at] = Cell(char: ch, role: role, continuation: false)
                if w == 2 { cells[at + 1] = Cell(char: " ", role: role, continuation: true) }
            }
            cx += w
        }
        return cx - x
    }

    /// Writes one single-column character (a box's edge, a bar's cell) without making a String.
    public mutating func put(_ x: Int, _ y: Int, char ch: Character, _ role: Role) {
        guard x >= 0, x < width, y >= 0, y < height else { return }
        let at = y * width + x
        if cells[at].continuation { cells[at - 1].char = " " }
        if x + 1 < width && cells[at + 1].continuation { cells[at + 1].char = " "; cells[at + 1].continuation = false }
        cells[at] = Cell(char: ch, role: role, continuation: false)
    }

    /// Ends a cut run (started at x, drawn up to cx) with the ellipsis in its last column.
    private mutating func putEllipsis(_ x: Int, _ cx: Int, _ limit: Int, _ y: Int, _ role: Role) -> Int {
        let ex = min(cx, limit - 1)
        guard ex >= max(0, x), ex < width else { return cx }
        if ex > max(0, x) && self[ex, y].continuation && ex < cx {
            // The last column is half of a wide character: the ellipsis takes its first half.
            self[ex - 1, y] = Cell(char: ellipsis, role: role, continuation: false)
            self[ex, y] = Cell(char: " ", role: role, continuation: false)
            return ex
        }
        self[ex, y] = Cell(char: ellipsis, role: role, continuation: false)
        return ex + 1
    }

    /// Fills a rectangle with a character and role.
    public mutating func fill(_ x: Int, _ y: Int, _ w: Int, _ h: Int, _ ch: Character = " ", _ role: Role = .normal) {
        let x0 = max(0, x), x1 = min(width, x + w), y0 = max(0, y), y1 = min(height, y + h)
        guard x0 < x1, y0 < y1 else { return }
        for yy in y0..<y1 {
            if x0 > 0 && self[x0, yy].continuation { self[x0 - 1, yy] = Cell(char: " ", role: self[x0 - 1, yy].role, continuation: false) }
            if x1 < width && self[x1, yy].continuation { self[x1, yy] = Cell(char: " ", role: self[x1, yy].role, continuation: false) }
        }
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

    /// The pane drawn at (x, y): the last drawn wins.
    public func pane(atX x: Int, y: Int) -> Pane? {
        panes.last { x >= $0.x && x < $0.x + $0.width && y >= $0.y && y < $0.y + $0.height }?.pane
    }

    /// Draws a box with a title in its top border.
    public mutating func box(_ x: Int, _ y: Int, _ w: Int, _ h: Int, title: String? = nil, glyphs: Glyphs,
                             role: Role = .border, titleRole: Role = .heading) {
        guard w >= 2, h >= 2, x >= 0, y >= 0, x + w <= width, y + h <= height else { return }
        put(x, y, char: glyphs.topLeft, role)
        put(x + w - 1, y, char: glyphs.topRight, role)
        put(x, y + h - 1, char: glyphs.bottomLeft, role)
        put(x + w - 1, y + h - 1, char: glyphs.bottomRight, role)
        for xx in (x + 1)..<(x + w - 1) {
            put(xx, y, char: glyphs.horizontal, role)
            put(xx, y + h - 1, char: glyphs.horizontal, role)
        }
        for yy in (y + 1)..<(y + h - 1) {
            put(x, yy, char: glyphs.vertical, role)
            put(x + w - 1, yy, char: glyphs.vertical, role)
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
    /// What a cut text ends with.
    public var ellipsis: Character = "…"
    /// Lane glyphs that read without colour: a session held by the app, in use, a service running.
    public var held: Character = "▇", inUse: Character = "▀", running: Character = "▄"

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
        arrow: ">", cursor: "|", play: ">", pause: "=", mark: "*", ascii: true, ellipsis: "~",
        held: "@", inUse: "^", running: "%")
}

/// Terminal column width of text, East-Asian aware (Hangul and CJK take two columns).
public enum TextWidth {
    public static func columns(of scalar: Unicode.Scalar) -> Int {
        switch scalar.value {
        case 0: return 0
        // A tab (real usage descriptions hold them) is drawn as one space, as a wrapped alert
        // shows whitespace; every other control character is never drawn.
        case 0x09: return 1
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

    public static func columns(of text: String) -> Int {
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text.utf8.count }
        return text.reduce(0) { $0 + columns(of: $1) }
    }

    /// Splits text into lines of at most `width` columns, at spaces where possible.
    public static func wrap(_ text: String, width: Int) -> [String] {
        guard width > 0 else { return [] }
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = ""
            var lineWidth = 0
            for word in paragraph.split(whereSeparator: { $0 == " " || $0 == "\t" }) {
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

    /// Cuts text to at most `width` columns, ending a cut with the ellipsis: the one truncation
    /// rule of the explorer (`Frame.put` follows it too).
    public static func truncate(_ text: String, _ width: Int, ellipsis: Character = "…") -> String {
        guard width > 0 else { return "" }
        var out = ""
        var w = 0
        var i = text.startIndex
        while i < text.endIndex {
            let cw = columns(of: text[i])
            if w + cw > width {
                guard text[i...].contains(where: { $0 != " " }) else { break }
                // Make room for the ellipsis.
                while w + 1 > width, let last = out.popLast() { w -= columns(of: last) }
                return out + String(ellipsis)
            }
            out.append(text[i]); w += cw
            text.formIndex(after: &i)
        }
        return out
    }

    /// Wraps text into at most `lines` lines; when it needs more, the last one ends with the
    /// ellipsis (the rest is never dropped silently).
    public static func wrap(_ text: String, width: Int, lines: Int, ellipsis: Character = "…") -> [String] {
        let all = wrap(text, width: width)
        guard lines > 0 else { return [] }
        guard all.count > lines else { return all }
        return Array(all.prefix(lines - 1)) + [truncate(all[(lines - 1)...].joined(separator: " ") + " ", width, ellipsis: ellipsis)]
    }

    /// Pads or cuts (with the ellipsis) text to exactly `width` columns.
    public static func fit(_ text: String, _ width: Int) -> String {
        let cut = truncate(text, width)
        return cut + String(repeating: " ", count: max(0, width - columns(of: cut)))
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

extension Frame {
    /// The ASCII look-alikes of the typographic marks the screen's texts use.
    static let asciiLookAlike: [Character: Character] = [
        "“": "\"", "”": "\"", "„": "\"", "‘": "'", "’": "'", "‚": "'", "…": "~", "–": "-", "—": "-",
        "→": ">", "←": "<", "↑": "^", "↓": "v", "•": "*", "·": ".", "✓": "+", "✗": "x", "×": "x", "⏎": "#",
        "›": ">", "‹": "<",
    ]

    /// The frame in plain ASCII, for a terminal whose character set is not UTF-8: a typographic
    /// mark becomes its look-alike, anything else `?`, a wide character's two columns `??`, so
    /// the columns stay where they were and no byte is sent that the terminal would turn into
    /// something else. With `keepingLetters` (`--ascii` on a UTF-8 terminal) only the marks
    /// change: Korean and other letters stay.
    public func asciiOnly(keepingLetters: Bool = false) -> Frame {
        var out = self
        for i in out.cells.indices {
            let c = out.cells[i]
            if c.continuation {
                if !keepingLetters { out.cells[i].char = "?"; out.cells[i].continuation = false }
                continue
            }
            guard !c.char.isASCII else { continue }
            if let plain = Frame.asciiLookAlike[c.char] { out.cells[i].char = plain } else if !keepingLetters { out.cells[i].char = "?" }
        }
        return out
    }
}
