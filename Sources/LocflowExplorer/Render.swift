import LocflowCore
import LocflowFlow

/// The smallest terminal the explorer draws in.
public let minimumSize = (width: 80, height: 24)

/// `(state, size) -> Frame`: the whole screen, a pure function of the explorer's state.
public func render(_ s: ExplorerState, glyphs g: Glyphs) -> Frame {
    var f = Frame(width: s.width, height: s.height)
    guard s.width >= minimumSize.width, s.height >= minimumSize.height else {
        let lines = ["locflow needs a terminal of at least \(minimumSize.width)x\(minimumSize.height);",
                     "this one is \(s.width)x\(s.height). Make it larger, or press q to quit."]
        for (i, line) in lines.enumerated() {
            for (j, part) in TextWidth.wrap(line, width: max(1, s.width)).enumerated() {
                f.put(0, min(s.height - 1, i * 2 + j), part, .warn)
            }
        }
        return f
    }
    var r = Renderer(s: s, g: g, f: f)
    r.draw()
    f = r.f
    return f
}

struct Renderer {
    let s: ExplorerState
    let g: Glyphs
    var f: Frame
    var w: World { s.world }
    /// A UI text in the explorer's language.
    func L(_ english: String) -> String { s.language(english) }
    /// The App pane's items, made at most once per frame (making them dry-runs every action).
    var appItems: [Item]? = nil

    mutating func items(_ pane: Pane) -> [Item] {
        guard pane == .app else { return s.items(pane) }
        if let cached = appItems { return cached }
        let made = s.items(.app)
        appItems = made
        return made
    }

    mutating func draw() {
        drawTitle()
        let footerY = s.height - 1, statusY = s.height - 2
        if s.isNarrow {
            drawTabs(y: 1)
            let rect = (x: 0, y: 2, w: s.width, h: statusY - 2)
            drawPane(s.focus, rect, focused: true)
            if w.prompt != nil { drawPrompt(in: rect) }
        } else {
            let extra = s.height - 40
            let sessH = 11 + max(0, extra / 3), logH = 7 + max(0, extra / 3)
            let topH = statusY - 1 - sessH - logH
            let extraW = s.width - 120
            let settingsW = 36 + max(0, extraW / 4), diagW = 37 + max(0, extraW / 4)
            let appW = s.width - settingsW - diagW
            drawPane(.settings, (0, 1, settingsW, topH), focused: s.focus == .settings)
            drawPane(.app, (settingsW, 1, appW, topH), focused: s.focus == .app)
            drawPane(.diagnostics, (settingsW + appW, 1, diagW, topH), focused: s.focus == .diagnostics)
            drawPane(.sessions, (0, 1 + topH, s.width, sessH), focused: s.focus == .sessions)
            drawPane(.log, (0, 1 + topH + sessH, s.width, logH), focused: s.focus == .log)
            if w.prompt != nil { drawPrompt(in: (settingsW - 6, 1, appW + 12, topH)) }
        }
        drawStatus(y: statusY)
        drawFooter(y: footerY)
        if s.showHelp { drawHelp() }
        if s.showDetails { drawDetails() }
    }

    // MARK: Title, tabs, status, footer

    mutating func drawTitle() {
        f.fill(0, 0, s.width, 1, " ", .title)
        var clock = s.isPaused ? "\(g.pause) \(L("paused"))" : "\(g.play) \(s.speed)x"
        if let a = s.autoplay { clock = a.paused ? "\(g.pause) \(L("tour paused"))" : "\(g.play) \(L("playing the tour"))" }
        let d = g.dot
        var left = " locflow \(d) \(w.appName) \(d) \(w.profile.platform.displayName) \(d) \(formatClock(w.now / 1000 * 1000)) \(clock)"
        if s.recording { left += " \(d) \(g.radioOn) REC" }
        f.put(0, 0, left, .title)
        let right = "\(L("step")) \(s.history.applied)/\(s.history.steps.count) "
        f.put(s.width - TextWidth.columns(of: right), 0, right, .title)
    }

    mutating func drawTabs(y: Int) {
        var x = 1
        for pane in Pane.allCases {
            let label = " \(L(pane.title)) "
            let width = TextWidth.columns(of: label)
            f.put(x, y, label, pane == s.focus ? .selected : .dim)
            f.click(x, y, width, 1, .focus(pane))
            x += width + 1
        }
        if w.prompt != nil { f.put(x + 1, y, L("prompt on screen"), .warn) }
    }

    mutating func drawStatus(y: Int) {
        if let line = s.commandLine {
            let text = ":" + line
            f.put(0, y, text, .accent)
            f.cursor = (min(s.width - 1, TextWidth.columns(of: text)), y)
            let x = TextWidth.columns(of: text) + 1
            if let error = s.message, s.messageIsError {
                f.put(x, y, "  " + error, .error, maxWidth: s.width - x)  // the parser's message, until the line is fixed
            } else {
                let hints = Completion.hint(line)
                if !hints.isEmpty {
                    let hint = "  Tab: " + hints.prefix(8).joined(separator: " ") + (hints.count > 8 ? " …" : "")
                    f.put(x, y, hint, .dim, maxWidth: s.width - x)
                }
            }
            return
        }
        if let m = s.message {
            f.put(0, y, " " + m, s.messageIsError ? .error : .accent, maxWidth: s.width)
        } else if s.focus == .settings || s.focus == .app, w.prompt == nil {
            let list = items(s.focus)
            if s.selected(s.focus) < list.count, let why = list[s.selected(s.focus)].disabled {
                f.put(0, y, " " + why, .dim, maxWidth: s.width)
            }
        }
    }

    mutating func drawFooter(y: Int) {
        let promptUp = w.prompt != nil
        var x = 0
        for b in Keymap.bindings where b.inFooter {
            switch b.context {
            case .prompt where !promptUp, .normal where promptUp: continue
            default: break
            }
            let key = " \(g.keys(b.keyLabel))", label = " \(L(b.label)) "
            let width = TextWidth.columns(of: key + label)
            if x + width > s.width { break }
            f.put(x, y, key, .key)
            f.put(x + TextWidth.columns(of: key), y, label, .dim)
            f.click(x, y, width, 1, b.command)
            x += width
        }
    }

    // MARK: Panes

    mutating func drawPane(_ pane: Pane, _ r: (x: Int, y: Int, w: Int, h: Int), focused: Bool) {
        var title = L(pane.title)
        switch pane {
        case .log: title += " (\(s.logFilter.label), F to filter" + (focused ? ", \(g.keys("⏎")) for the whole why)" : ")")
        case .sessions: title += " (\(formatDuration(ExplorerState.zooms[s.zoomIndex]))/col, z/Z zoom, [ ] scroll)"
        default: break
        }
        f.box(r.x, r.y, r.w, r.h, title: title, glyphs: g, role: focused ? .accent : .border, titleRole: focused ? .accent : .heading)
        f.click(r.x, r.y, r.w, 1, .focus(pane))
        let inner = (x: r.x + 2, y: r.y + 1, w: r.w - 4, h: r.h - 2)
        guard inner.w > 4, inner.h > 0 else { return }
        switch pane {
        case .settings: drawSettings(inner, focused: focused)
        case .app: drawApp(inner, focused: focused)
        case .diagnostics: drawDiagnostics(inner, focused: focused)
        case .sessions: drawSessions(inner)
        case .log: drawLog(inner)
        }
    }

    /// Draws one selectable item; returns nothing. A click selects and performs it.
    mutating func drawItem(_ item: Item, index: Int, pane: Pane, x: Int, y: Int, width: Int, selected: Bool,
                           switchStyle: Bool = false) {
        var role: Role = item.disabled == nil ? .normal : .dim
        var text: String
        if switchStyle, let on = item.checked {
            let sw = s.language == .ko ? (on ? "[ 켬 ]" : "[ 끔 ]") : (on ? "[ On ]" : "[Off ]")
            text = TextWidth.fit(item.label, max(1, width - 7)) + " " + sw
            f.put(x, y, text, role, maxWidth: width)
            f.paint(x + width - 6, y, 6, on ? .good : .dim)
        } else if let on = item.checked, pane == .settings {
            text = "\(on ? g.radioOn : g.radioOff) " + item.label
            if on { role = .accent }
            f.put(x, y, text, role, maxWidth: width)
        } else {
            let mark = item.checked == true ? "\(g.check) " : "  "
            text = mark + item.label
            if let why = item.short, TextWidth.columns(of: text) + 4 < width {
                text += "  (" + why + ")"
            }
            f.put(x, y, text, role, maxWidth: width)
        }
        if selected { f.paint(x, y, width, .selected) }
        if item.command != nil { f.click(x, y, width, 1, .select(pane, index)) }
    }

}

extension String {
    func padded(_ n: Int) -> String { TextWidth.fit(self, n) }
    func leftPadded(_ n: Int) -> String {
        let w = TextWidth.columns(of: self)
        return w >= n ? self : String(repeating: " ", count: n - w) + self
    }
}
