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
        var left = " locflow \(d) \(w.info.appName) \(d) \(w.profile.platform.displayName) \(d) \(formatClock(w.now / 1000 * 1000)) \(clock)"
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

    mutating func drawSettings(_ r: (x: Int, y: Int, w: Int, h: Int), focused: Bool) {
        let items = s.items(.settings)
        let sel = focused ? s.selected(.settings) : -1
        var y = r.y
        let bottom = r.y + r.h
        f.put(r.x, y, "\(L("Privacy & Security")) \(g.arrow) \(L("Location"))", .dim, maxWidth: r.w); y += 1
        drawItem(items[0], index: 0, pane: .settings, x: r.x, y: y, width: r.w, selected: sel == 0, switchStyle: true); y += 2
        var index = 1
        if w.record.choice == .unlisted {
            for line in TextWidth.wrap(w.info.appName + (s.language == .ko ? "" : " ") + L("is not listed: it has never asked for location."), width: r.w) where y < bottom - 2 {
                f.put(r.x, y, line, .dim); y += 1
            }
        } else {
            f.put(r.x, y, w.info.appName, .heading, maxWidth: r.w); y += 1
            if w.restricted {
                f.put(r.x, y, L("Restricted: the page is locked"), .warn, maxWidth: r.w); y += 1
            }
            f.put(r.x, y, L("ALLOW LOCATION ACCESS"), .dim, maxWidth: r.w); y += 1
            while index < items.count, case .step(.user(.settings)) = items[index].command ?? .undo {
                if y < bottom - 1 { drawItem(items[index], index: index, pane: .settings, x: r.x + 1, y: y, width: r.w - 1, selected: sel == index) }
                y += 1; index += 1
            }
            if w.isProvisionalAlways && y < bottom - 1 {
                f.put(r.x + 1, y, L("(the app reads Always: provisional)"), .warn, maxWidth: r.w - 1); y += 1
            }
            if w.isTemporaryWhenInUse && y < bottom - 1 {
                f.put(r.x + 1, y, L("(Allow Once in force)"), .warn, maxWidth: r.w - 1); y += 1
            }
            y += 1
        }
        while index < items.count {
            if case .step(.user(.settingsReset)) = items[index].command ?? .undo { break }
            if y < bottom - 1 { drawItem(items[index], index: index, pane: .settings, x: r.x, y: y, width: r.w, selected: sel == index, switchStyle: true) }
            y += 1; index += 1
        }
        if w.record.choice != .unlisted, let text = w.config.whenInUseMessage {
            for line in TextWidth.wrap(text, width: r.w).prefix(max(0, bottom - 1 - y - 1)) {
                f.put(r.x, y, line, .dim); y += 1
            }
        }
        if index < items.count {
            drawItem(items[index], index: index, pane: .settings, x: r.x, y: bottom - 1, width: r.w, selected: sel == index)
        }
    }

    mutating func drawApp(_ r: (x: Int, y: Int, w: Int, h: Int), focused: Bool) {
        var y = r.y
        let st = w.status
        f.put(r.x, y, "\(w.lifecycle.rawValue) \(g.dot) " + L(w.inUse ? "in use" : "not in use") + (w.indicatorShown ? " \(g.dot) \(L("blue indicator"))" : ""),
              w.lifecycle == .foreground ? .good : .warn, maxWidth: r.w); y += 1
        let statusRole: Role = st.isAuthorized ? .good : (st == .notDetermined ? .normal : .bad)
        let sx = r.x + 10
        // What the app reads, and right under it what Settings shows: provisional Always and
        // Allow Once are the rows where they disagree.
        f.put(r.x, y, L("status"), .dim)
        var cx = sx + f.put(sx, y, st.rawValue, statusRole, maxWidth: r.w - 10)
        if w.isProvisionalAlways {
            f.put(cx + 1, y, "\(g.arrow) " + L("provisional"), .warn, maxWidth: max(0, r.x + r.w - cx - 1))
        } else if w.isTemporaryWhenInUse {
            f.put(cx + 1, y, "\(g.arrow) " + L("Allow Once, temporary"), .warn, maxWidth: max(0, r.x + r.w - cx - 1))
        }
        y += 1
        f.put(r.x, y, L("Settings"), .dim)
        f.put(sx, y, w.record.choice == .unlisted ? L("not listed") : s.settingsLabel(w.record.choice),
              w.isProvisionalAlways || w.isTemporaryWhenInUse ? .warn : .normal, maxWidth: r.w - 10)
        y += 1
        f.put(r.x, y, L("accuracy"), .dim)
        cx = sx + f.put(sx, y, w.accuracy.rawValue, w.accuracy == .fullAccuracy ? .normal : .warn, maxWidth: r.w - 10)
        if w.profile.hasAccuracy {
            f.put(cx + 1, y, "\(g.dot) " + L("Precise: ") + L(w.record.precise ? "On" : "Off").lowercased() + (w.record.temporaryFullAccuracy ? " + temporary" : ""),
                  .dim, maxWidth: max(0, r.x + r.w - cx - 1))
        }
        y += 1
        let last = w.lastCallback.map { "\($0.status.rawValue) \($0.accuracy == .fullAccuracy ? "full" : "reduced")" } ?? "none"
        f.put(r.x, y, L("callbacks"), .dim)
        f.put(sx, y, "\(w.callbacks) \(g.dot) \(L("last: "))\(last)" + (w.lastError == .denied ? " \(g.dot) kCLErrorDenied" : "") + (w.completion != .none ? " \(g.dot) completion \(w.completion.rawValue)" : ""), .normal, maxWidth: r.w - 10)
        y += 1
        f.put(r.x, y, L("keys"), .dim)
        var kx = sx
        func key(_ name: String, _ present: Bool) {
            let text = (present ? String(g.check) : String(g.cross)) + name + " "
            kx += f.put(kx, y, text, present ? .good : .bad, maxWidth: max(0, r.x + r.w - kx))
        }
        key("WhenInUse", w.info.hasWhenInUseKey)
        key("Always", w.info.hasAlwaysKey)
        key("Temporary" + (w.info.temporaryUsageDescriptions.map { "(\($0.keys.sorted().joined(separator: ",")))" } ?? ""), w.info.temporaryUsageDescriptions?.isEmpty == false)
        key("bg:location", w.info.hasLocationBackgroundMode)
        if w.info.requireExplicitServiceSession { key("explicit", true) }
        y += 1
        let timers = w.pendingTimers
        f.put(r.x, y, L("timers"), .dim)
        if timers.isEmpty {
            f.put(sx, y, L("none running"), .dim)
        } else {
            f.put(sx, y, timers.map { L($0.kind.label) + L(" in ") + formatClock($0.due - w.now) }.joined(separator: " \(g.dot) "), .warn, maxWidth: r.w - 10)
        }
        y += 1
        // The app's calls and the world's events, scrolled to keep the selection visible.
        let items = self.items(.app)
        let listH = r.y + r.h - y
        guard listH > 0 else { return }
        let sel = s.selected(.app)
        let top = max(0, min(sel - listH / 2, items.count - listH))
        for (row, index) in (top..<min(items.count, top + listH)).enumerated() {
            let item = items[index]
            if item.isHeader {
                f.put(r.x, y + row, "\(g.horizontal) \(L(item.label)) " + String(repeating: g.horizontal, count: max(0, r.w - TextWidth.columns(of: item.label) - 3)), .border, maxWidth: r.w)
            } else {
                drawItem(item, index: index, pane: .app, x: r.x, y: y + row, width: r.w, selected: focused && sel == index)
            }
        }
    }

    mutating func drawDiagnostics(_ r: (x: Int, y: Int, w: Int, h: Int), focused: Bool) {
        var y = r.y
        var dx = r.x
        let deliveringLabel = L("delivering:")
        f.put(r.x, y, deliveringLabel, .dim); dx += TextWidth.columns(of: deliveringLabel) + 1
        var names = DeliverySource.allCases.map { ($0, $0 == .significantChanges ? "SLC" : $0.rawValue) }
        func needed() -> Int { names.reduce(0) { $0 + TextWidth.columns(of: $1.1) + 2 } }
        if dx + needed() > r.x + r.w { y += 1; dx = r.x + 1 }  // on a line of their own when narrow
        if dx + needed() > r.x + r.w { names = names.map { ($0.0, $0.0 == .liveUpdates ? "live" : $0.1) } }
        for (source, name) in names {
            let on = w.delivering(source)
            dx += f.put(dx, y, "\(on ? g.check : g.dot)\(name) ", on ? .good : .dim, maxWidth: max(0, r.x + r.w - dx))
        }
        y += 1
        let lines = s.diagnosticItems
        if lines.isEmpty {
            let text = w.profile.hasServiceSessions
                ? L("No sources yet. CLServiceSession, liveUpdates, CLMonitor events and CLBackgroundActivitySession report diagnostics.")
                : "Diagnostics arrive with iOS 18 (this is \(w.profile.platform.displayName))."
            for line in TextWidth.wrap(text, width: r.w).prefix(r.h - 1) { y += 1; f.put(r.x, y, line, .dim) }
            return
        }
        let meaningH = 3
        let listH = r.h - 1 - meaningH
        guard listH > 0 else { return }
        func changed(_ source: World.DiagnosticSource, _ d: Diagnostic) -> Bool {
            (s.diagnosticChangedAt["\(source.name).\(d.rawValue)"]).map { s.wallNow - $0 < ExplorerState.highlightMs } ?? false
        }
        // Unfocused and too long to show whole: at a glance, each source with only what is true
        // (and what just changed); focused (Tab): every property, to select and read.
        var shown = Array(lines.indices)
        let compact = !focused && lines.count > listH
        if compact {
            shown = lines.indices.filter { i in
                guard let d = lines[i].property, let source = lines[i].source else { return true }
                return lines[i].on || changed(source, d)
            }
        }
        let sel = min(s.selected(.diagnostics), lines.count - 1)
        let selRow = shown.firstIndex(of: sel) ?? 0
        let top = compact ? 0 : max(0, min(selRow - listH / 2, shown.count - listH))
        for (row, index) in shown[top..<min(shown.count, top + listH)].enumerated() {
            let line = lines[index]
            let yy = y + row
            if let d = line.property, let source = line.source {
                let changed = changed(source, d)
                f.put(r.x + 1, yy, "\(line.on ? g.check : g.dot) \(d.rawValue)", changed ? .changed : (line.on ? .bad : .dim), maxWidth: r.w - 1)
                if line.on { f.put(r.x + r.w - 4, yy, "true", changed ? .changed : .bad) }
            } else if let source = line.source {
                let label: String = switch source {
                case .session(let id):
                    w.session(id).map { "session \(id) .\($0.goal.rawValue)" + ($0.fullAccuracyKey.map { " +\($0)" } ?? "") + ($0.held ? "" : " (kept)") } ?? id
                default: source.name
                }
                f.put(r.x, yy, label, .heading, maxWidth: r.w)
                var note = source.type.rawValue
                if compact {
                    let on = lines.filter { $0.source == source && $0.on }.count
                    note = on == 0 ? "\(g.check) " + L("nothing in the way") : "\(on) " + L("true")
                }
                f.put(r.x + TextWidth.columns(of: label) + 1, yy, note, compact && !note.hasSuffix(L("true")) ? .good : .dim,
                      maxWidth: max(0, r.w - TextWidth.columns(of: label) - 1))
            }
            if focused && index == sel { f.paint(r.x, yy, r.w, .selected) }
            f.click(r.x, yy, r.w, 1, .select(.diagnostics, index))
        }
        let meaningY = r.y + r.h - meaningH
        f.put(r.x, meaningY, String(repeating: g.horizontal, count: r.w), .border)
        if compact {
            f.put(r.x, meaningY + 1, "Tab: " + L("every property, and what each means"), .dim, maxWidth: r.w)
        } else if let d = lines[sel].property {
            for (i, line) in TextWidth.wrap(d.rawValue + ": " + s.language.meaning(d), width: r.w).prefix(meaningH - 1).enumerated() {
                f.put(r.x, meaningY + 1 + i, line, .dim)
            }
        } else {
            f.put(r.x, meaningY + 1, g.keys("↑↓") + " " + L("to read what a property means"), .dim, maxWidth: r.w)
        }
    }

    // MARK: Session bars

    mutating func drawSessions(_ r: (x: Int, y: Int, w: Int, h: Int)) {
        let labelW = 14
        let cols = r.w - labelW
        guard cols > 8 else { return }
        let scale = ExplorerState.zooms[s.zoomIndex]
        let end = s.timelineEnd ?? max(w.now + 2 * scale, cols * scale / 2)
        let start = end - cols * scale
        let all = s.history.samples
        // Only the samples the bars can show: the one in force at the left edge, and those after it.
        var lo = 0, hi = all.count
        while lo < hi { let mid = (lo + hi) / 2; if all[mid].time < start { lo = mid + 1 } else { hi = mid } }
        let samples = Array(all[max(0, lo - 1)...])
        // For each column, the sample in force at the column's end.
        var colSample = [Int?](repeating: nil, count: cols)
        var idx = 0
        for c in 0..<cols {
            let t = start + (c + 1) * scale
            if t - scale > w.now { break }
            while idx + 1 < samples.count && samples[idx + 1].time < t { idx += 1 }
            if samples[idx].time < t || (samples[idx].time == 0 && c >= 0 && t > 0) { colSample[c] = idx }
        }
        func marks(_ c: Int) -> (tap: Bool, callback: Bool, prompt: Bool) {
            let lo = start + c * scale, hi = lo + scale
            var out = (false, false, false)
            var i = colSample[c] ?? -1
            while i >= 0 && samples[i].time >= lo {
                if samples[i].time < hi {
                    out.0 = out.0 || samples[i].tap
                    out.1 = out.1 || samples[i].callback
                }
                i -= 1
            }
            if let k = colSample[c] { out.2 = samples[k].prompt != nil }
            return out
        }
        let g = self.g
        var lanes: [(String, (Sample) -> (Character, Role)?)] = []
        lanes.append((L("process"), { smp in
            switch smp.lifecycle {
            case .foreground: (g.full, .laneForeground)
            case .background: (g.shade, .laneBackground)
            case .suspended: (g.light, .laneSuspended)
            case .terminated: (g.dot, .laneTerminated)
            }
        }))
        lanes.append((L("in use"), { smp in smp.inUse ? (g.full, .laneInUse) : nil }))
        var ids: [String] = []
        for smp in samples { for (id, _) in smp.sessions where !ids.contains(id) { ids.append(id) } }
        for id in ids {
            lanes.append(("session \(id)", { smp in
                guard let e = smp.sessions.first(where: { $0.id == id }) else { return nil }
                return e.state == 0 ? (g.full, .laneActive) : e.state == 1 ? (g.shade, .laneKept) : nil
            }))
        }
        if samples.contains(where: { $0.liveUpdates }) { lanes.append(("liveUpdates", { $0.liveUpdates ? (g.full, .laneActive) : nil })) }
        if samples.contains(where: { $0.monitor }) { lanes.append(("monitor", { $0.monitor ? (g.full, .laneActive) : nil })) }
        if samples.contains(where: { $0.backgroundActivity > 0 }) {
            lanes.append(("bg activity", { smp in smp.backgroundActivity == 2 ? (g.full, .laneActive) : smp.backgroundActivity == 3 ? (g.shade, .laneKept) : smp.backgroundActivity == 1 ? (g.light, .laneKept) : nil }))
        }
        if samples.contains(where: { $0.relaunchWindow }) { lanes.append(("relaunch win", { $0.relaunchWindow ? (g.shade, .laneWindow) : nil })) }

        // Axis with tick labels.
        var y = r.y
        f.put(r.x, y, L("time"), .dim)
        let tickEvery = 12
        let tickSpan = tickEvery * scale
        var c = ((tickSpan - ((start % tickSpan) + tickSpan) % tickSpan) % tickSpan) / scale
        while c < cols {
            let t = start + c * scale
            if t >= 0 { f.put(r.x + labelW + c, y, "\(g.vertical)" + formatClock(t), .dim, maxWidth: cols - c) }
            c += tickEvery
        }
        y += 1
        // Marks lane: taps, callbacks, prompts.
        f.put(r.x, y, L("prompts/taps"), .dim)
        for c in 0..<cols where colSample[c] != nil {
            let m = marks(c)
            if m.tap { f.put(r.x + labelW + c, y, "T", .accent) }
            else if m.callback { f.put(r.x + labelW + c, y, "c", .good) }
            else if m.prompt { f.put(r.x + labelW + c, y, "P", .warn) }
        }
        y += 1
        let laneRows = r.y + r.h - y - 1
        for (i, lane) in lanes.enumerated() {
            if lanes.count > laneRows && i == laneRows - 1 { f.put(r.x, y, "+\(lanes.count - i) more", .dim); break }
            f.put(r.x, y, lane.0, .dim, maxWidth: labelW - 1)
            for c in 0..<cols {
                guard let k = colSample[c], let (ch, role) = lane.1(samples[k]) else { continue }
                f.put(r.x + labelW + c, y, String(ch), role)
            }
            y += 1
        }
        // Legend and countdowns.
        let legend = "\(g.full)\(L("fg")) \(g.shade)\(L("bg")) \(g.light)\(L("suspended")) \(g.dot)\(L("terminated"))  T \(L("tap"))  c \(L("callback"))  P \(L("prompt"))"
        let timers = w.pendingTimers.map { L($0.kind.label) + " " + formatClock($0.due - w.now) }.joined(separator: " \(g.dot) ")
        f.put(r.x, r.y + r.h - 1, legend + (timers.isEmpty ? "" : "   \(L("timers")): " + timers), .dim, maxWidth: r.w)
        // The "now" cursor.
        let nowCol = (w.now - start) / scale
        if nowCol >= 0 && nowCol < cols {
            for yy in r.y..<(r.y + r.h - 1) {
                if f[r.x + labelW + nowCol, yy].char == " " { f.put(r.x + labelW + nowCol, yy, String(g.cursor), .cursor) }
                else { f.paint(r.x + labelW + nowCol, yy, 1, .cursor) }
            }
        }
    }

    // MARK: Event log

    mutating func drawLog(_ r: (x: Int, y: Int, w: Int, h: Int)) {
        // Plain waits of the running clock are the clock itself; the log shows what happened.
        // Newest last; walk back from the end only as far as the pane shows.
        var visible: [LogEntry] = []
        var skip = s.logScroll
        let focused = s.focus == .log
        var i = s.history.log.count - 1
        while i >= 0 && visible.count < r.h {
            let e = s.history.log[i]
            i -= 1
            guard s.logFilter.matches(e), !e.isPlainWait else { continue }
            if skip > 0 { skip -= 1; continue }
            visible.append(e)
        }
        visible.reverse()
        let entries = visible
        var y = r.y
        for e in visible {
            var text = formatClock(e.time).leftPadded(8) + " " + e.actor.rawValue.padded(7) + " " + e.text
            let arrow = g.ascii ? "->" : "→"
            var role: Role = .normal
            if let exp = e.expectation {
                text += exp.ok ? "  \(g.check) holds" : "  \(g.cross) found \(exp.found)"
                role = exp.ok ? .good : .bad
            } else if let refusal = e.refusal {
                text += "  REFUSED: " + refusal.text
                role = .bad
            } else {
                let changed = s.history.changes(e, arrow: arrow)
                let all = s.history.outputs(of: e)
                let outputs = all.filter {
                    switch $0 {
                    case .callback: false
                    case .suspended, .resumed, .terminated: changed == nil  // the lifecycle change says it
                    default: true
                    }
                }.map(\.text)
                let said = (changed.map { [$0] } ?? []) + outputs + all.compactMap { if case .callback(let c) = $0 { "callback \(c.status.rawValue)" } else { nil } }
                if !said.isEmpty { text += "  \(arrow) " + said.joined(separator: ", ") }
                if let why = e.why {
                    text += "  \(g.dot) " + why.text
                }
                if e.hasCallback { role = .accent }
                if e.actor == .timer { role = e.hasCallback ? .accent : .dim }
            }
            f.put(r.x, y, text, role, maxWidth: r.w)
            y += 1
        }
        if entries.isEmpty { f.put(r.x, r.y, L("nothing for this filter yet"), .dim) }
        else if focused {
            f.paint(r.x, r.y + entries.count - 1, r.w, .selected)
            f.click(r.x, r.y, r.w, entries.count, .activate)
        }
    }

    // MARK: Prompt overlay

    mutating func drawPrompt(in area: (x: Int, y: Int, w: Int, h: Int)) {
        guard let p = w.prompt else { return }
        let width = min(48, area.w - 4)
        let textW = width - 4
        let title = TextWidth.wrap(s.language.title(for: p, in: w), width: textW)
        let message = TextWidth.wrap(w.message(for: p), width: textW)
        let buttons = w.buttons(for: p)
        let hasMap = p.kind == .whenInUse || p.kind == .temporaryFullAccuracy
        var height = 2 + title.count + 1 + message.count + buttons.count * 2
        if hasMap { height += 3 }
        let maxMessage = max(1, message.count - max(0, height - area.h))
        height = min(height, area.h)
        let x = area.x + (area.w - width) / 2
        let y = area.y + max(0, (area.h - height) / 2)
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
        for line in message.prefix(maxMessage) {
            f.put(x + (width - TextWidth.columns(of: line)) / 2, yy, line, .normal); yy += 1
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

    // MARK: Details of a log line

    mutating func drawDetails() {
        guard let index = s.selectedLogIndex else { return }
        let entry = s.history.log[index]
        let (t, after) = s.history.details(ofLogEntry: index)
        var lines: [(String, Role)] = [("\(formatClock(entry.time))  \(entry.actor.rawValue)  \(entry.text)", .heading), ("", .normal)]
        if let exp = entry.expectation {
            lines.append((exp.ok ? "\(g.check) holds" : "\(g.cross) found \(exp.found)", exp.ok ? .good : .bad))
        }
        if let t {
            if let r = t.refusal { lines.append(("REFUSED: " + r.text, .bad)) }
            for o in t.outputs { lines.append(("\(g.arrow) " + o.text, .accent)) }
            if let changed = s.history.changes(entry, arrow: g.ascii ? "->" : "→") { lines.append(("\(g.arrow) " + changed, .accent)) }
            lines.append(("", .normal))
            lines.append((L("why") + ":", .dim))
            for why in t.why { lines.append(("\(g.dot) " + why.text, why.rule.isInferred ? .warn : .normal)) }
        }
        if let a = after {
            lines.append(("", .normal))
            lines.append(("= \(a.status.rawValue) \(a.accuracy.rawValue) \(g.dot) Settings \(a.settings.rawValue) \(g.dot) \(a.lifecycle.rawValue)"
                          + (a.inUse ? "" : " (\(L("not in use")))") + (a.prompt.map { " \(g.dot) prompt \($0.rawValue)" } ?? ""), .dim))
        }
        let width = min(s.width - 4, 100)
        var wrapped: [(String, Role)] = []
        for (text, role) in lines {
            if text.isEmpty { wrapped.append(("", role)); continue }
            for part in TextWidth.wrap(text, width: width - 4) { wrapped.append((part, role)) }
        }
        let height = min(s.height - 2, wrapped.count + 3)
        let x = (s.width - width) / 2, y = max(1, (s.height - height) / 2)
        f.fill(x, y, width, height)
        f.box(x, y, width, height, title: L("what happened, and why (any key closes)"), glyphs: g, role: .accent, titleRole: .accent)
        for (i, line) in wrapped.prefix(height - 3).enumerated() {
            f.put(x + 2, y + 1 + i, line.0, line.1, maxWidth: width - 4)
        }
        f.put(x + 2, y + height - 2, L("[I] rules are the simulator's assumptions"), .dim, maxWidth: width - 4)
    }

    // MARK: Help

    mutating func drawHelp() {
        let width = min(s.width - 4, 96), height = s.height - 4
        let x = (s.width - width) / 2, y = 2
        f.fill(x, y, width, height)
        f.box(x, y, width, height, title: L("help: every key (any key closes)"), glyphs: g, role: .accent, titleRole: .accent)
        var bindings: [(String, String)] = []
        for b in Keymap.bindings where b.inHelp {
            bindings.append((g.keys(b.keyLabel), L(b.label) + (b.context == .prompt ? " (prompt)" : "")))
        }
        // Rows of the help: bindings two to a row, then notes and the assumptions; scrolls when
        // the terminal is too short to show it all, so nothing is out of reach at 80x24.
        enum HelpRow { case pair((String, String), (String, String)?), text(String, Role) }
        var rows: [HelpRow] = []
        let half = (bindings.count + 1) / 2
        for i in 0..<half { rows.append(.pair(bindings[i], i + half < bindings.count ? bindings[i + half] : nil)) }
        rows.append(.text("", .normal))
        for note in [": " + L("any .flow statement, e.g. user settings never, wait 90s, expect status denied"),
                     "click: " + L("a pane, an item, a prompt button or a footer key does the same as its key")] {
            for line in TextWidth.wrap(note, width: width - 4) { rows.append(.text(line, .normal)) }
        }
        let assumptions = L("assumptions: ") + w.assumptions.described.map { "\($0.name) \($0.value)" }.joined(separator: ", ")
        for line in TextWidth.wrap(assumptions, width: width - 4) { rows.append(.text(line, .dim)) }
        let visible = height - 2
        let top = max(0, min(s.helpScroll, rows.count - visible))
        if rows.count > visible {
            f.put(x + width - 22, y + height - 1, " \(g.keys("↑↓")) \(L("more")) \(top + 1)-\(min(rows.count, top + visible))/\(rows.count) ", .accent)
        }
        let colW = (width - 4) / 2
        for (i, row) in rows[top..<min(rows.count, top + visible)].enumerated() {
            let cy = y + 1 + i
            switch row {
            case .pair(let a, let b):
                for (col, item) in [a, b].enumerated() {
                    guard let item else { continue }
                    let cx = x + 2 + col * colW
                    f.put(cx, cy, item.0.padded(10), .key)
                    f.put(cx + 10, cy, item.1, .normal, maxWidth: colW - 10)
                }
            case .text(let text, let role):
                f.put(x + 2, cy, text, role, maxWidth: width - 4)
            }
        }
    }
}

extension String {
    func padded(_ n: Int) -> String { TextWidth.fit(self, n) }
    func leftPadded(_ n: Int) -> String {
        let w = TextWidth.columns(of: self)
        return w >= n ? self : String(repeating: " ", count: n - w) + self
    }
}
