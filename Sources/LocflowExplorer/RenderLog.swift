import LocflowCore
import LocflowFlow

/// Render, the event log and the details of one log line.
extension Renderer {
    // MARK: Event log

    mutating func drawLog(_ r: (x: Int, y: Int, w: Int, h: Int)) {
        // Plain waits of the running clock are the clock itself; the log shows what happened.
        // Newest last; walk back from the end only as far as the pane shows.
        // The selected line is `logScroll` lines back from the newest; the pane scrolls only as far
        // as it must to show it, so the lines after it fill the rows below while there is room.
        let focused = s.focus == .log
        var newestFirst: [LogEntry] = []
        var i = s.history.log.count - 1
        while i >= 0 && newestFirst.count < s.logScroll + r.h {
            let e = s.history.log[i]
            i -= 1
            guard s.logFilter.matches(e), !e.isPlainWait else { continue }
            newestFirst.append(e)
        }
        let selectedBack = min(s.logScroll, max(0, newestFirst.count - 1))
        // Only once the selection would leave the top row does the window move back.
        let skip = min(max(0, selectedBack - (r.h - 1)), max(0, newestFirst.count - r.h))
        var visible = Array(newestFirst[skip..<min(newestFirst.count, skip + r.h)])
        visible.reverse()
        let entries = visible
        var y = r.y
        // The time column as wide as the widest time shown (10:26.500, 1:00:06.539), so the
        // actor and event columns line up on every row.
        let timeWidth = max(8, visible.map { formatClock($0.time).utf8.count }.max() ?? 8)
        for e in visible {
            var text = formatClock(e.time).leftPadded(timeWidth) + " " + s.language.actor(e.actor).padded(7) + " " + logText(e)
            let arrow = g.ascii ? "->" : "→"
            var role: Role = .normal
            if let exp = e.expectation {
                text += exp.ok ? "  \(g.check) " + L("holds") : "  \(g.cross) " + L("found") + " \(exp.found)"
                role = exp.ok ? .good : .bad
            } else if let refusal = e.refusal {
                text += "  " + L("REFUSED: ") + s.language.why(refusal)
                role = .bad
            } else {
                let changed = s.history.changes(e, arrow: arrow, language: s.language)
                let all = s.history.outputs(of: e)
                let outputs = all.filter {
                    switch $0 {
                    case .callback: false
                    case .suspended, .resumed, .terminated: changed == nil  // the lifecycle change says it
                    default: true
                    }
                }.map(s.language.output)
                let said = (changed.map { [$0] } ?? []) + outputs + all.compactMap { if case .callback(let c) = $0 { L("callback") + " \(c.status.rawValue)" } else { nil } }
                if !said.isEmpty { text += "  \(arrow) " + said.joined(separator: ", ") }
                if let why = e.why {
                    text += "  \(g.dot) " + s.language.why(why)
                }
                if e.hasCallback { role = .accent }
                if e.actor == .timer { role = e.hasCallback ? .accent : .dim }
            }
            f.put(r.x, y, text, role, maxWidth: r.w)
            y += 1
        }
        if entries.isEmpty { f.put(r.x, r.y, L("nothing for this filter yet"), .dim) }
        else if focused {
            f.paint(r.x, r.y + entries.count - 1 - (selectedBack - skip), r.w, .selected)
            // A click opens the line it is on.
            for row in 0..<entries.count { f.click(r.x, r.y + row, r.w, 1, .select(.log, skip + entries.count - 1 - row)) }
        }
    }


    /// A log line's words: the step in this language, or its label (the start, an expectation).
    func logText(_ e: LogEntry) -> String {
        guard let label = e.label else { return e.event.map(s.language.event) ?? "" }
        if label.hasPrefix("expect ") { return s.language.expectation(label) }
        if label.hasPrefix("start: the person launches ") {
            return s.language.pick(label, "시작: 사용자가 " + label.dropFirst("start: the person launches ".count) + " 실행")
        }
        return label
    }

    // MARK: Details of a log line

    mutating func drawDetails() {
        guard let index = s.selectedLogIndex else { return }
        let entry = s.history.log[index]
        let (t, after) = s.history.details(ofLogEntry: index)
        var lines: [(String, Role)] = [("\(formatClock(entry.time))  \(s.language.actor(entry.actor))  \(logText(entry))", .heading), ("", .normal)]
        if let exp = entry.expectation {
            lines.append((exp.ok ? "\(g.check) " + L("holds") : "\(g.cross) " + L("found") + " \(exp.found)", exp.ok ? .good : .bad))
        }
        if let t {
            if let r = t.refusal { lines.append((L("REFUSED: ") + s.language.why(r), .bad)) }
            for o in t.outputs { lines.append(("\(g.arrow) " + s.language.output(o), .accent)) }
            if let changed = s.history.changes(entry, arrow: g.ascii ? "->" : "→", language: s.language) { lines.append(("\(g.arrow) " + changed, .accent)) }
            lines.append(("", .normal))
            lines.append((L("why") + ":", .dim))
            for why in t.why { lines.append(("\(g.dot) " + s.language.why(why), why.rule.isInferred ? .warn : .normal)) }
        }
        if let a = after {
            lines.append(("", .normal))
            let settings = a.settings == .unlisted ? L("not listed") : s.settingsLabel(a.settings)  // as the Settings pane words it
            lines.append(("= \(a.status.rawValue) \(a.accuracy.rawValue) \(g.dot) \(L("Settings")) \(settings) \(g.dot) \(s.language.lifecycle(a.lifecycle))"
                          + (a.inUse ? "" : " (\(L("not in use")))") + (a.prompt.map { " \(g.dot) \(L("prompt")) \($0.rawValue)" } ?? ""), .dim))
        }
        var longestURL = 0
        if let t {
            // Every "why" leads somewhere a person can open: each cited source, title and address.
            var cited: [Source] = []
            for why in t.why + (t.refusal.map { [$0] } ?? []) {
                for source in why.rule.sources where !cited.contains(source) { cited.append(source) }
            }
            if !cited.isEmpty {
                lines.append(("", .normal))
                lines.append((L("sources") + ":", .dim))
                for source in cited {
                    // A source's title is its own (a page's, a post's): quoted as cited in Korean.
                    lines.append(("\(source.id) " + s.language.pick(source.title, "“\(source.title)”"), .normal))
                    if let url = source.url { lines.append((url, .dim)); longestURL = max(longestURL, url.count) }
                }
            }
        }
        // Wide enough for the sources' addresses where the terminal allows, so they stay on one line.
        let width = min(s.width - 4, max(100, longestURL + 4))
        var wrapped: [(String, Role)] = []
        for (text, role) in lines {
            if text.isEmpty { wrapped.append(("", role)); continue }
            for part in TextWidth.wrap(text, width: width - 4) { wrapped.append((part, role)) }
        }
        let height = min(s.height - 2, wrapped.count + 3)
        let x = (s.width - width) / 2, y = max(1, (s.height - height) / 2)
        f.fill(x, y, width, height)
        f.box(x, y, width, height, title: L("what happened, and why (↑↓ scroll, any other key closes)"), glyphs: g, role: .accent, titleRole: .accent)
        let visible = height - 3
        let top = max(0, min(s.detailsScroll, wrapped.count - visible))
        if wrapped.count > visible {
            let more = " \(g.keys("↑↓")) \(L("more")) \(top + 1)-\(top + visible)/\(wrapped.count) "
            f.put(x + width - 2 - TextWidth.columns(of: more), y + height - 1, more, .accent)
        }
        for (i, line) in wrapped[top..<min(wrapped.count, top + visible)].enumerated() {
            f.put(x + 2, y + 1 + i, line.0, line.1, maxWidth: width - 4)
        }
        f.put(x + 2, y + height - 2, L("[I] rules are the simulator's assumptions"), .dim, maxWidth: width - 4)
    }

}
