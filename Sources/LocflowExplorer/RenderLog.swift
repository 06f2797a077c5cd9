import LocflowCore
import LocflowFlow

/// Render, the event log and the details of one log line.
extension Renderer {
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
                    lines.append(("\(source.id) \(source.title)", .normal))
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
        f.box(x, y, width, height, title: L("what happened, and why (any key closes)"), glyphs: g, role: .accent, titleRole: .accent)
        for (i, line) in wrapped.prefix(height - 3).enumerated() {
            f.put(x + 2, y + 1 + i, line.0, line.1, maxWidth: width - 4)
        }
        f.put(x + 2, y + height - 2, L("[I] rules are the simulator's assumptions"), .dim, maxWidth: width - 4)
    }

}
