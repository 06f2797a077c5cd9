import LocflowCore
import LocflowFlow

/// Render, the overlays: the system prompt and help.
extension Renderer {
    // MARK: Prompt overlay

    mutating func drawPrompt(in area: (x: Int, y: Int, w: Int, h: Int)) {
        guard let p = w.prompt else { return }
        let width = min(48, area.w - 4)
        let textW = width - 4
        let title = TextWidth.wrap(s.language.title(for: p, in: w), width: textW)
        let message = TextWidth.wrap(s.promptMessage(p), width: textW)
        let buttons = w.buttons(for: p)
        // The map (with its Precise switch) came with iOS 14; iOS 13's prompt is text only. [A S2; docs/flow-format.md §4]
        // macOS's alert has no map (`promptShowsMap`).
        let hasMap = (p.kind == .whenInUse && w.profile.promptShowsMap) || p.kind == .temporaryFullAccuracy
        let fixed = 2 + title.count + 1 + buttons.count * 2 + (hasMap ? 3 : 0)
        // The whole usage description is readable: when it is taller than the room, it scrolls
        // (PgUp/PgDn, or the wheel over the prompt) under a line that says where in it the reader is.
        let room = max(2, area.h - fixed)
        let scrolls = message.count > room
        let shownLines = scrolls ? room - 1 : message.count
        let top = scrolls ? min(s.promptScroll, message.count - shownLines) : 0
        promptScrollable = scrolls
        let height = min(fixed + shownLines + (scrolls ? 1 : 0), area.h)
        let x = area.x + (area.w - width) / 2
        let y = area.y + max(0, (area.h - height) / 2)
        if scrolls { f.scrollingPrompt = (x, y, width, height) }
        f.fill(x, y, width, height, " ", .normal)
        var b = g
        b.topLeft = g.roundTopLeft; b.topRight = g.roundTopRight; b.bottomLeft = g.roundBottomLeft; b.bottomRight = g.roundBottomRight
        f.box(x, y, width, height, title: "\(L("system prompt")): \(p.kind.rawValue)" + (w.promptQueue.isEmpty ? "" : " (+\(w.promptQueue.count) \(L("waiting")))"),
              glyphs: b, role: .promptBorder, titleRole: .promptBorder)
        var yy = y + 1
        for line in title {
            f.put(x + (width - TextWidth.columns(of: line)) / 2, yy, line, .promptTitle); yy += 1
        }
        yy += 1
        for line in message[top..<(top + shownLines)] {
            f.put(x + (width - TextWidth.columns(of: line)) / 2, yy, line, .normal); yy += 1
        }
        if scrolls {
            let more = "\(g.keys("PgUp/Dn")) \(L("lines")) \(top + 1)-\(top + shownLines)/\(message.count)"
            f.put(x + (width - TextWidth.columns(of: more)) / 2, yy, more, .accent, maxWidth: textW); yy += 1
        }
        if hasMap {
            let sw = L("Precise: ") + L(p.precise ? "On" : "Off")
            let swW = TextWidth.columns(of: sw)
            let mapW = p.showsPreciseSwitch ? textW - swW - 2 : textW
            let precise = p.kind == .temporaryFullAccuracy || p.precise
            f.box(x + 2, yy, mapW, 3, title: L(precise ? "map: precise" : "map: approximate"), glyphs: g, role: .dim, titleRole: .dim)
            f.put(x + 4, yy + 1, precise ? "\(g.mark) " + L("you are here") : L("~ around here ~"), .accent, maxWidth: mapW - 4)
            if p.showsPreciseSwitch {
                f.put(x + width - 2 - swW, yy + 1, sw, p.precise ? .good : .warn)
                f.click(x + width - 2 - swW, yy + 1, swW, 1, .promptPrecise)
            }
            yy += 3
        }
        for (i, label) in buttons.enumerated() {
            guard yy + 1 < y + height else { break }
            f.put(x, yy, String(g.teeLeft) + String(repeating: g.horizontal, count: width - 2) + String(g.teeRight), .promptBorder)
            yy += 1
            let text = "\(i + 1)  \(s.language.button(label))"
            let selected = i == s.promptSelection
            f.fill(x + 1, yy, width - 2, 1, " ", selected ? .promptSelected : .promptButton)
            f.put(x + (width - TextWidth.columns(of: text)) / 2, yy, text, selected ? .promptSelected : .promptButton)
            f.click(x + 1, yy, width - 2, 1, .promptButton(i))
            yy += 1
        }
    }


    // MARK: Help

    mutating func drawHelp() {
        let width = min(s.width - 4, 96), height = s.height - 4
        let x = (s.width - width) / 2, y = 2
        f.fill(x, y, width, height)
        f.box(x, y, width, height, title: L("help: every key (↑↓ scroll, any other key closes)"), glyphs: g, role: .accent, titleRole: .accent)
        var bindings: [(String, String)] = []
        for b in Keymap.bindings where b.inHelp {
            bindings.append((g.keys(b.keyLabel), L(b.label) + (b.context == .prompt ? " (\(L("prompt")))" : "")))
        }
        // Rows of the help: bindings two to a row, then notes and the assumptions; scrolls when
        // the terminal is too short to show it all, so nothing is out of reach at 80x24.
        enum HelpRow { case pair((String, String), (String, String)?), text(String, Role) }
        var rows: [HelpRow] = []
        let half = (bindings.count + 1) / 2
        for i in 0..<half { rows.append(.pair(bindings[i], i + half < bindings.count ? bindings[i + half] : nil)) }
        rows.append(.text("", .normal))
        for note in [": " + L("any .flow statement, e.g. user settings never, wait 90s, expect status denied"),
                     L(":pin, :platform P: pin what is on screen as expect lines; replay the history on another iOS version"),
                     L("click: ") + L("a pane, an item, a prompt button or a footer key does the same as its key")] {
            for line in TextWidth.wrap(note, width: width - 4) { rows.append(.text(line, .normal)) }
        }
        let assumptions = L("assumptions: ") + w.assumptions.described.map { "\($0.name) \($0.value)" }.joined(separator: ", ")
        for line in TextWidth.wrap(assumptions, width: width - 4) { rows.append(.text(line, .dim)) }
        let visible = height - 2
        let top = max(0, min(s.helpScroll, rows.count - visible))
        if rows.count > visible {
            f.put(x + width - 22, y + height - 1, " \(g.keys("↑↓")) \(L("more")) \(top + 1)-\(min(rows.count, top + visible))/\(rows.count) ", .accent)
        }
        let colW = (width - 4) / 2, keyW = 10
        for (i, row) in rows[top..<min(rows.count, top + visible)].enumerated() {
            let cy = y + 1 + i
            switch row {
            case .pair(let a, let b):
                for (col, item) in [a, b].enumerated() {
                    guard let item else { continue }
                    let cx = x + 2 + col * colW
                    // A key keeps a space before its text, and the left column one before the
                    // right: what is too long is cut with "…" short of the next column.
                    f.put(cx, cy, item.0, .key, maxWidth: keyW - 1)
                    f.put(cx + keyW, cy, item.1, .normal, maxWidth: colW - keyW - (col == 0 ? 1 : 0))
                }
            case .text(let text, let role):
                f.put(x + 2, cy, text, role, maxWidth: width - 4)
            }
        }
    }
}
