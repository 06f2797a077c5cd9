import LocflowCore
import LocflowFlow

/// The smallest terminal the explorer draws in.
public let minimumSize = (width: 80, height: 24)

/// `(state, size) -> Frame`: the whole screen, a pure function of the explorer's state.
public func render(_ s: ExplorerState, glyphs g: Glyphs) -> Frame {
    guard s.width >= minimumSize.width, s.height >= minimumSize.height else {
        var f = Frame(width: s.width, height: s.height)
        f.ellipsis = g.ellipsis
        // One message, wrapped from the top row; the last row ends with "…" when rows run out.
        let need = "\(minimumSize.width)x\(minimumSize.height)", have = "\(s.width)x\(s.height)"
        let message = s.language.pick("locflow needs a terminal of at least \(need); this one is \(have). Make it larger, or press q to quit.",
                                      "locflow는 최소 \(need) 크기의 터미널이 필요합니다. 지금은 \(have)입니다. 창을 키우거나 q를 눌러 종료하세요.")
        let lines = TextWidth.wrap(message, width: max(1, s.width))
        for (y, line) in lines.prefix(s.height).enumerated() {
            let rest = y == s.height - 1 ? lines[y...].joined(separator: " ") : line
            f.put(0, y, rest, .warn, maxWidth: s.width)
        }
        return f
    }
    // The renderer owns the only reference to its frame: no copy of the cells on the first write.
    var r = Renderer(s: s, g: g, f: Frame(width: s.width, height: s.height))
    r.f.ellipsis = g.ellipsis
    r.draw()
    return r.f
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
    /// Whether the prompt's message is taller than its box (PgUp/PgDn scroll it).
    var promptScrollable = false

    mutating func items(_ pane: Pane) -> [Item] {
        guard pane == .app else { return s.items(pane) }
        if let cached = appItems { return cached }
        let made = s.items(.app)
        appItems = made
        return made
    }

    mutating func draw() {
        drawTitle()
        // Nothing is cut: a long status takes up to 4 lines, and the panes make room.
        let status = statusText()
        // Presenting: a large caption area above the footer, the tour's words wrapped whole.
        var caption = s.caption
        // A step too long for the caption's title goes whole into its first line.
        if let c = caption, TextWidth.columns(of: c.title) + 6 > s.width, let colon = c.title.range(of: ": ") {
            caption = (String(c.title[..<colon.lowerBound]), String(c.title[colon.upperBound...]) + "\n" + c.text, c.failed)
        }
        var captionLines: [String] = []
        if let c = caption {
            captionLines = TextWidth.wrap(c.text, width: s.width - 4)
            let most = s.height >= 34 ? 6 : 4
            if captionLines.count > most { captionLines = TextWidth.wrap(c.text, width: s.width - 4, lines: most, ellipsis: g.ellipsis) }
            captionLines = captionLines.isEmpty ? [""] : captionLines
        }
        let captionH = caption == nil ? 0 : captionLines.count + 2
        // A picture has no footer: the status and caption go down to the last row.
        let footerY = s.picture ? s.height : s.height - 1
        let statusY = footerY - captionH - (caption != nil && status.lines.isEmpty ? 0 : max(1, status.lines.count))
        if s.isNarrow, s.namedPanes.count == 2 {
            // A step about two panes ("look at both, side by side") shows both.
            drawTabs(y: 1)
            let panes = s.namedPanes
            let leftW = panes[0] == .settings ? min(s.width / 2, 38) : s.width / 2
            drawPane(panes[0], (0, 2, leftW, statusY - 2), focused: s.focus == panes[0])
            drawPane(panes[1], (leftW, 2, s.width - leftW, statusY - 2), focused: s.focus == panes[1])
            if w.prompt != nil { drawPrompt(in: (0, 2, s.width, statusY - 2)) }
        } else if s.isNarrow {
            drawTabs(y: 1)
            let rect = (x: 0, y: 2, w: s.width, h: statusY - 2)
            drawPane(s.focus, rect, focused: true)
            // On the Settings and App tabs the prompt is on top; Tab to the log reads why it came.
            if s.promptFocused { drawPrompt(in: rect) }
        } else {
            let extra = s.height - 40
            // The bars grow (taking from the panes above) when they have more lanes to show.
            let sessH = max(11 + max(0, extra / 3), min(barRowsWanted(width: s.width), 16 + max(0, extra / 3))), logH = 7 + max(0, extra / 3)
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
        drawStatus(y: statusY, status)
        if let c = caption {
            let y = footerY - captionH
            f.fill(0, y, s.width, captionH, " ", .normal)
            f.box(0, y, s.width, captionH, title: c.title, glyphs: g, role: .accent, titleRole: c.failed ? .bad : .accent)
            for (i, line) in captionLines.enumerated() { f.put(2, y + 1 + i, line, .caption, maxWidth: s.width - 4) }
        }
        if !s.picture { drawFooter(y: footerY) }
        if s.showHelp { drawHelp() }
        if s.showDetails { drawDetails() }
    }

    // MARK: Title, tabs, status, footer

    mutating func drawTitle() {
        f.fill(0, 0, s.width, 1, " ", .title)
        var clock = s.isPaused ? "\(g.pause) \(L("paused"))" : "\(g.play) \(s.speed)x"
        var step = "\(L("step")) \(s.history.applied)/\(s.history.steps.count) "
        if let a = s.autoplay {
            if let b = a.branchAt {
                // Off the tour nothing plays: the presenter's own steps, and where → returns.
                clock = "\(g.pause) \(L("off the tour"))"
                step = "\(L("tour")) \(L("step")) \(b)/\(a.tour.count) "
            } else {
                clock = !s.history.canRedo && a.waiting == nil ? "\(g.pause) \(L("end of the tour"))"
                    : a.paused ? "\(g.pause) \(L("tour paused"))" : "\(g.play) \(L("playing the tour"))"
            }
        }
        let d = g.dot
        var left = " locflow \(d) \(w.appName) \(d) \(w.profile.platform.displayName) \(d) \(formatClock(w.now / 1000 * 1000)) \(clock)"
        if s.recording { left += " \(d) \(g.radioOn) \(L("REC"))" }
        f.put(0, 0, left, .title)
        f.put(s.width - TextWidth.columns(of: step), 0, step, .title)
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

    /// The status line's text: the message, or what the selection is when the pane cannot show
    /// it whole (a dimmed action's reason, a label too long for its pane).
    /// With the `:` line open it is the line itself (the last row), and above it the parser's
    /// message when that does not fit beside the line: whole, up to three rows.
    mutating func statusText() -> (lines: [String], role: Role) {
        if let line = s.commandLine {
            guard let error = s.message, s.messageIsError else { return ([""], .accent) }
            if TextWidth.columns(of: ":" + line) + 3 + TextWidth.columns(of: error) <= s.width { return ([""], .error) }
            var lines = TextWidth.wrap(error, width: s.width - 2)
            if lines.count > 3 { lines = TextWidth.wrap(error, width: s.width - 2, lines: 3, ellipsis: g.ellipsis) }
            return (lines + [""], .error)
        }
        guard s.autoplay == nil || s.message != nil else { return ([], .normal) }
        var text: String?
        var role: Role = .dim
        if let m = s.message {
            text = m
            role = s.messageIsError ? .error : .accent
        } else if s.focus == .settings || s.focus == .app, !s.promptFocused {
            let list = items(s.focus)
            if s.selected(s.focus) < list.count {
                let item = list[s.selected(s.focus)]
                let room = s.isNarrow ? s.width - 4 : (s.focus == .app ? s.width - 36 - 37 - 2 * max(0, (s.width - 120) / 4) - 4 : 36 + max(0, (s.width - 120) / 4) - 4)
                let cut = TextWidth.columns(of: item.label) + 8 > room
                if let why = item.disabled { text = (cut ? item.label + ": " : "") + why }
                else if cut { text = item.label; role = .normal }
            }
        }
        guard let text else { return ([], .normal) }
        var lines = TextWidth.wrap(text, width: s.width - 2)
        if lines.count > 4 { lines = TextWidth.wrap(text, width: s.width - 2, lines: 4, ellipsis: g.ellipsis) }
        return (lines, role)
    }

    mutating func drawStatus(y: Int, _ status: (lines: [String], role: Role)) {
        if let line = s.commandLine {
            // The parser's message (until the line is fixed) on the rows above when it is long.
            let above = status.lines.dropLast()
            for (i, row) in above.enumerated() { f.put(1, y + i, row, .error, maxWidth: s.width - 1) }
            let y = y + above.count
            let text = ":" + line
            f.put(0, y, text, .accent)
            f.cursor = (min(s.width - 1, TextWidth.columns(of: text)), y)
            let x = TextWidth.columns(of: text) + 1
            if let error = s.message, s.messageIsError {
                if above.isEmpty { f.put(x, y, "  " + error, .error, maxWidth: s.width - x) }
            } else {
                let hints = Completion.hint(line)
                if !hints.isEmpty {
                    let hint = "  Tab: " + hints.prefix(8).joined(separator: " ") + (hints.count > 8 ? " …" : "")
                    f.put(x, y, hint, .dim, maxWidth: s.width - x)
                }
            }
            return
        }
        for (i, line) in status.lines.enumerated() { f.put(1, y + i, line, status.role, maxWidth: s.width - 1) }
    }

    /// The footer's bindings for the state: what the keys do now, `? help` and `q quit` always last.
    var footerBindings: [(key: String, label: String, command: Command)] {
        // Presenting: only the keys that drive the tour.
        if let a = s.autoplay {
            if a.branchAt != nil { return [("→ ←", "back to the tour", .tourNext), ("q", "quit", .quit)] }
            // At the end there is nothing to step to or to play: back and quit.
            if !s.history.canRedo && a.waiting == nil { return [("←", "back", .tourBack), ("q", "quit", .quit)] }
            return [("→", "next", .tourNext), ("←", "back", .tourBack), ("Space", a.paused ? "play" : "pause", .togglePause),
                    ("m", a.fullKeys ? "tour keys only" : "every key", .presenterKeys), ("q", "quit", .quit)]
        }
        // The `:` line takes every key as text: only its own keys apply.
        if s.commandLine != nil {
            return [("⏎", "run", .commandLine), ("Tab", "complete", .commandLine), ("↑↓", "earlier lines", .commandLine), ("Esc", "leave the line", .commandLine)]
        }
        let prompt = w.prompt
        let promptFocused = s.promptFocused
        let buttons = prompt.map { w.buttons(for: $0).count } ?? 0
        var out: [(String, String, Command)] = []
        for b in Keymap.bindings where b.inFooter && b.command != .help && b.command != .quit {
            switch b.context {
            case .prompt:
                guard prompt != nil else { continue }
                if !promptFocused && Keymap.navigation.contains(b.command) { continue }
                if b.command == .promptPrecise && prompt?.showsPreciseSwitch != true { continue }
                let key = b.command == .promptButton(0) ? (buttons > 1 ? "1-\(buttons)" : "1") : b.keyLabel
                out.append((key, b.label, b.command))
            case .normal:
                if prompt != nil && (promptFocused || !Keymap.navigation.contains(b.command)) { continue }
                // Enter says what it does in the focused pane (the log opens the whole why; the bars have nothing to do).
                if b.command == .activate && s.focus == .log { out.append((b.keyLabel, "the whole why", b.command)); continue }
                if b.command == .activate && s.focus == .sessions { continue }
                out.append((b.keyLabel, b.label, b.command))
            case .always:
                out.append((b.keyLabel, b.label, b.command))
            }
        }
        if promptScrollable && promptFocused { out.insert(("PgUp/Dn", "read the whole message", .promptScroll(3)), at: 0) }
        // On the bars, their own keys come first (the footer is cut from the right).
        if s.focus == .sessions && !(prompt != nil && promptFocused) {
            let bars = Keymap.bindings.filter { [.barsMode, .zoomFit, .zoom(-1), .scroll(-1)].contains($0.command) }.map { ($0.keyLabel, $0.label, $0.command) }
            out = bars + out.filter { $0.2 != .barsMode }
        }
        return out + [("?", "help", .help), ("q", "quit", .quit)]
    }

    mutating func drawFooter(y: Int) {
        let all = footerBindings.map { (key: " \(g.keys($0.key))", label: " \(L($0.label)) ", command: $0.command) }
        func width(_ b: (key: String, label: String, command: Command)) -> Int { TextWidth.columns(of: b.key + b.label) }
        if s.autoplay != nil || s.commandLine != nil {
            var x = 0
            for b in all {
                f.put(x, y, b.key, .key)
                f.put(x + TextWidth.columns(of: b.key), y, b.label, .dim)
                if s.commandLine == nil { f.click(x, y, width(b), 1, b.command) }  // the `:` line's keys are keys only
                x += width(b)
            }
            return
        }
        // `? help` and `q quit` always fit: the others take what is left, in order.
        let reserved = all.suffix(2).reduce(0) { $0 + width($1) }
        var shown: [(key: String, label: String, command: Command)] = []
        var used = 0
        for b in all.dropLast(2) {
            if used + width(b) + reserved > s.width { break }
            shown.append(b)
            used += width(b)
        }
        var x = 0
        for b in shown + all.suffix(2) {
            f.put(x, y, b.key, .key)
            f.put(x + TextWidth.columns(of: b.key), y, b.label, .dim)
            f.click(x, y, width(b), 1, b.command)
            x += width(b)
        }
    }

    // MARK: Panes

    mutating func drawPane(_ pane: Pane, _ r: (x: Int, y: Int, w: Int, h: Int), focused: Bool) {
        // The focused pane is marked in its title too: without colour a bold border is all there is.
        var title = (focused && (!s.isNarrow || s.namedPanes.count == 2) ? "\(g.play) " : "") + L(pane.title)
        switch pane {
        case .log: title += " (\(L(s.logFilter.label)), " + L("F to filter") + (focused ? ", \(g.keys("⏎")) " + L("for the whole why") + ")" : ")")
        case .sessions:
            if s.stepBars {
                title += s.language.pick(" (step by step, t: real time, [ ] scroll)", " (단계별, t: 실제 시간, [ ] 이동)")
            } else {
                let zoom = s.barScale(cols: max(10, r.w - 4 - Self.barLabelWidth))
                let fit = s.zoomIndex >= ExplorerState.zooms.count ? s.language.pick("fit, ", "전체, ") : ""
                title += s.language.pick(" (\(fit)\(formatDuration(zoom))/col, z/Z = zoom, t: steps, [ ] scroll)", " (\(fit)칸당 \(s.language.koreanDuration(zoom)), z/Z = 확대/축소, t: 단계별, [ ] 이동)")
            }
        default: break
        }
        f.box(r.x, r.y, r.w, r.h, title: title, glyphs: g, role: focused ? .accent : .border, titleRole: focused ? .accent : .heading)
        f.click(r.x, r.y, r.w, 1, .focus(pane))
        f.panes.append((r.x, r.y, r.w, r.h, pane))
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
    /// How many rows a Settings option takes: one, or two when its label must wrap to be whole.
    func optionRows(_ item: Item, width: Int) -> Int {
        TextWidth.columns(of: item.label) + 2 <= width ? 1 : 2
    }

    /// An option of the Settings page; a label too long for the row wraps under itself, as iOS
    /// wraps it, rather than lose its end. Draws at most `rows` rows.
    mutating func drawOption(_ item: Item, index: Int, x: Int, y: Int, width: Int, rows: Int, selected: Bool) {
        guard rows > 0 else { return }
        let on = item.checked == true
        let role: Role = on ? .accent : (item.disabled != nil ? .dim : .normal)
        let lines = TextWidth.wrap(item.label, width: width - 2, lines: min(rows, optionRows(item, width: width)), ellipsis: g.ellipsis)
        for (i, line) in lines.enumerated() {
            f.put(x, y + i, (i == 0 ? "\(on ? g.radioOn : g.radioOff) " : "  ") + line, role, maxWidth: width)
            if selected { f.paint(x, y + i, width, .selected) }
        }
        if item.command != nil { f.click(x, y, width, max(1, lines.count), .select(.settings, index)) }
    }

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
            // The hint only when it fits whole (the status line has the full reason when selected).
            if let why = item.short, TextWidth.columns(of: text) + TextWidth.columns(of: why) + 4 <= width {
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
