import LocflowCore
import LocflowFlow

/// Render, the session bars: process lifecycle, in use, sessions and background activity on a timeline.
extension Renderer {
    // MARK: Session bars

    /// A lane: its label, the legend entry that explains it, and what it shows for a sample: a
    /// glyph, or (`text`) a labelled span; `ended` marks where a session ended.
    struct Lane {
        var label: String
        var legend: String?
        var glyph: (Sample) -> (Character, Role)?
        var text: ((Sample) -> (String, Role))? = nil
        var ended: ((Sample) -> Bool)? = nil
    }

    /// The axis step: whole seconds, minutes, hours or days, far enough apart for a label
    /// (`columns`: its width and a space) at every tick.
    static func tickSpan(scale: Millis, columns: Int = 8) -> Millis {
        let nice: [Millis] = [1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1_800, 3_600, 7_200, 21_600, 43_200, 86_400].map { $0 * 1_000 }
        let want = max(8, columns)
        return nice.first { $0 / scale >= want } ?? 86_400_000 * max(1, (want * scale + 86_400_000 - 1) / 86_400_000)
    }

    static let barLabelWidth = 14

    /// The bars' time window for a width, and the samples they show: the one in force at the
    /// left edge, and those after it.
    func barWindow(cols: Int) -> (start: Millis, end: Millis, samples: ArraySlice<Sample>) {
        let scale = s.barScale(cols: cols)
        // The timeline starts at the left edge and scrolls once "now" nears the right.
        let end = s.timelineEnd ?? max(w.now + 2 * scale, cols * scale)
        let start = end - cols * scale
        let all = s.history.samples
        var lo = 0, hi = all.count
        while lo < hi { let mid = (lo + hi) / 2; if all[mid].time < start { lo = mid + 1 } else { hi = mid } }
        return (start, end, all[max(0, lo - 1)...])
    }

    /// A legend entry: text runs, each glyph in its lane's colour.
    typealias LegendPart = [(String, Role)]

    /// The lane kinds a legend explains.
    struct LegendKinds {
        var sessions = false, running = false, bgActivity = false, relaunch = false, updates = false, active11 = false
        var breaks = false, ended = false
    }

    /// The legend: what each lane and each mark means, in a designer's words, then the countdowns.
    func barLegend(_ k: LegendKinds) -> [LegendPart] {
        func entry(_ name: String, _ marks: [(Character, Role, String)]) -> LegendPart {
            var part: LegendPart = [("\(L(name)): ", .dim)]
            for (i, m) in marks.enumerated() { part += [(String(m.0), m.1), (" " + L(m.2) + (i < marks.count - 1 ? " " : ""), .dim)] }
            return part
        }
        var parts: [LegendPart] = []
        parts.append([("\(L("app reads")): ", .dim), ("authorizationStatus", .dim), ("   \(L("in Settings")): ", .dim), (L("the person's choice"), .dim)])
        parts.append(entry("in use", [(g.inUse, .laneInUse, "counts as in use")]))
        parts.append(entry("process", [(g.full, .laneForeground, "on screen"), (g.shade, .laneBackground, "background"),
                                       (g.light, .laneSuspended, "suspended"), (g.dot, .laneTerminated, "not running")]))
        if k.sessions {
            var marks: [(Character, Role, String)] = [(g.held, .laneActive, "held by app"), (g.shade, .laneKept, "kept by system")]
            if k.ended { marks.append((g.cross, .bad, "ended")) }
            parts.append(entry("session", marks))
        }
        if k.running { parts.append(entry("liveUpdates, CLMonitor", [(g.running, .laneActive, "running")])) }
        if k.bgActivity {
            parts.append(entry("bg activity", [(g.held, .laneActive, "active"), (g.light, .laneKept, "held, not active"), (g.shade, .laneKept, "kept by the system")]))
        }
        if k.relaunch { parts.append(entry("relaunch win", [(g.shade, .laneWindow, "open")])) }
        // Format 1.1
        if k.updates {
            parts.append(entry("updates", [(g.running, .laneActive, "delivering"), (g.shade, .laneKept, "started, not delivering"), (g.light, .laneSuspended, "paused")]))
        }
        if k.active11 { parts.append(entry("Live Activity, visits, beacons", [(g.running, .laneActive, "active")])) }
        parts.append([("\(L("events")): ", .dim), ("T", .accent), (" " + L("person taps") + " ", .dim), ("c", .good),
                      (" " + L("app is told") + " ", .dim), ("T", .good), (" " + L("both") + " ", .dim), (String(g.mark), .dim), (" " + L("other"), .dim)])
        parts.append([("\(L("prompt")): ", .dim), ("[\(g.horizontal)]", .warn), (" " + L("up") + " ", .dim), ("P", .warn), (" " + L("briefly"), .dim)])
        if k.breaks {
            let dots = g.ascii ? "~" : "⋯"
            parts.append([("\(dots) 1h \(dots)", .accent), (" " + L("time passes"), .dim)])
        }
        let timers = w.pendingTimers.map { L($0.kind.label) + " " + formatClock(($0.due - w.now + 999) / 1000 * 1000) }.joined(separator: " \(g.dot) ")
        if !timers.isEmpty { parts.append([("\(L("timers")): " + timers, .dim)]) }
        return parts
    }

    /// Entries packed into lines of a width.
    static func pack(_ parts: [LegendPart], width: Int) -> [LegendPart] {
        func cols(_ p: LegendPart) -> Int { p.reduce(0) { $0 + TextWidth.columns(of: $1.0) } }
        var lines: [LegendPart] = [[]]
        for part in parts {
            let current = lines[lines.count - 1]
            if !current.isEmpty && cols(current) + 3 + cols(part) > width { lines.append(part) }
            else { lines[lines.count - 1] += (current.isEmpty ? [] : [("   ", .dim)]) + part }
        }
        return lines
    }

    /// Which sample each column shows, step by step or in real time.
    func barColumns(cols: Int) -> BarColumns {
        let all = s.history.samples
        if s.stepBars { return BarColumns.steps(all, cols: cols, scrollBack: s.stepScroll, dots: g.ascii ? "~" : "⋯") }
        let scale = s.barScale(cols: cols)
        let (start, end, _) = barWindow(cols: cols)
        var bc = BarColumns.realTime(all, cols: cols, start: start, scale: scale, now: w.now)
        // Ticks far enough apart for the widest label in the window (h:mm:ss, or 875999:58:00
        // near the clock's limit) and a space, so every label is whole and none repeats.
        let widest = TextWidth.columns(of: "\(g.vertical)" + formatClock(max(0, end)))
        let tickSpan = Self.tickSpan(scale: scale, columns: widest + 1)
        var t = max(0, ((start + tickSpan - 1) / tickSpan) * tickSpan)
        while t < end {
            bc.labels.append(((t - start) / scale, formatClock(t)))
            t += tickSpan
        }
        return bc
    }

    /// The samples the columns show (from the first in force to the last).
    func shownSamples(_ bc: BarColumns) -> ArraySlice<Sample> {
        let all = s.history.samples
        let lo = bc.sample.lazy.compactMap { $0 }.min() ?? 0
        let hi = max(bc.sample.lazy.compactMap { $0 }.max() ?? -1, bc.last.lazy.compactMap { $0 }.max() ?? -1)
        guard hi >= lo, hi < all.count else { return [] }
        return all[lo...hi]
    }

    /// The lanes for the samples shown: what the app reads, what Settings says, the process,
    /// in use, each session, then the services that ran.
    func barLanes(_ samples: ArraySlice<Sample>) -> [Lane] {
        let g = self.g
        let language = s.language, profile = w.profile
        var lanes: [Lane] = []
        lanes.append(Lane(label: L("app reads"), legend: "auth", glyph: { _ in nil }, text: { smp in
            var text: String, role: Role
            switch smp.status {
            case .notDetermined: (text, role) = (language("not asked yet"), .dim)
            case .restricted: (text, role) = (language("restricted"), .bad)
            case .denied: (text, role) = (language("denied"), .bad)
            case .authorizedWhenInUse: (text, role) = smp.allowOnce ? (language("when in use, once"), .warn) : (language("when in use"), .good)
            case .authorizedAlways: (text, role) = smp.provisional ? (language("always, provisional"), .warn) : (language("always"), .good)
            }
            // accuracyAuthorization is read whatever the status (every change the log shows has a mark).
            if smp.fullForNow { text += language(", precise for now") } else if smp.accuracy == .reducedAccuracy { text += language(", approximate") }
            return (text, role)
        }))
        lanes.append(Lane(label: L("in Settings"), legend: "auth", glyph: { _ in nil }, text: { smp in
            smp.settings == .unlisted ? (language("not listed"), .dim) : (language.settingsLabel(smp.settings, profile: profile), .normal)
        }))
        lanes.append(Lane(label: L("process"), legend: L("process"), glyph: { smp in
            switch smp.lifecycle {
            case .foreground: (g.full, .laneForeground)
            case .background: (g.shade, .laneBackground)
            case .suspended: (g.light, .laneSuspended)
            case .terminated: (g.dot, .laneTerminated)
            }
        }))
        lanes.append(Lane(label: L("in use"), legend: nil, glyph: { smp in smp.inUse ? (g.inUse, .laneInUse) : nil }))
        var ids: [String] = []
        for smp in samples { for (id, _) in smp.sessions where !ids.contains(id) { ids.append(id) } }
        for id in ids {
            lanes.append(Lane(label: "\(L("session")) \(id)", legend: L("session"), glyph: { smp in
                guard let e = smp.sessions.first(where: { $0.id == id }) else { return nil }
                return e.state == 0 ? (g.held, .laneActive) : e.state == 1 ? (g.shade, .laneKept) : nil
            }, ended: { smp in smp.sessions.contains { $0.id == id && $0.state == 2 } }))
        }
        let running = "liveUpdates"
        if samples.contains(where: { $0.liveUpdates }) { lanes.append(Lane(label: "liveUpdates", legend: running, glyph: { $0.liveUpdates ? (g.running, .laneActive) : nil })) }
        if samples.contains(where: { $0.monitor }) { lanes.append(Lane(label: "CLMonitor", legend: running, glyph: { $0.monitor ? (g.running, .laneActive) : nil })) }
        if samples.contains(where: { $0.backgroundActivity > 0 }) {
            // The lane's label fits its 13 columns (백그라운드 활동 is 15 wide, cut to look like the process lane's 백그라운드).
            lanes.append(Lane(label: s.language.pick("bg activity", "배경 활동"), legend: L("bg activity"), glyph: { smp in
                smp.backgroundActivity == 2 ? (g.held, .laneActive) : smp.backgroundActivity == 3 ? (g.shade, .laneKept) : smp.backgroundActivity == 1 ? (g.light, .laneKept) : nil
            }))
        }
        // Format 1.1: standard updates (paused shows light), Live Activity, visits, beacons.
        if samples.contains(where: { $0.standard > 0 }) {
            lanes.append(Lane(label: L("updates"), legend: L("updates"), glyph: { smp in
                switch smp.standard {
                case 1: (g.running, .laneActive)
                case 2: (g.shade, .laneKept)
                case 3: (g.light, .laneSuspended)
                default: nil
                }
            }))
        }
        let active11 = "format 1.1"
        if samples.contains(where: { $0.liveActivity }) { lanes.append(Lane(label: L("Live Activity"), legend: active11, glyph: { $0.liveActivity ? (g.running, .laneActive) : nil })) }
        if samples.contains(where: { $0.visits }) { lanes.append(Lane(label: L("visits"), legend: active11, glyph: { $0.visits ? (g.running, .laneActive) : nil })) }
        if samples.contains(where: { $0.beacons }) { lanes.append(Lane(label: L("beacons"), legend: active11, glyph: { $0.beacons ? (g.running, .laneActive) : nil })) }
        if samples.contains(where: { $0.relaunchWindow }) {
            lanes.append(Lane(label: L("relaunch win"), legend: L("relaunch win"), glyph: { $0.relaunchWindow ? (g.shade, .laneWindow) : nil }))
        }
        return lanes
    }

    /// The legend's kinds for the lanes shown.
    func legendKinds(_ shown: ArraySlice<Lane>, _ bc: BarColumns, _ samples: ArraySlice<Sample>) -> LegendKinds {
        let has = { (name: String) in shown.contains { $0.legend?.hasPrefix(name) == true } }
        var k = LegendKinds(sessions: has(L("session")), running: has("liveUpdates"), bgActivity: has(L("bg activity")),
                            relaunch: has(L("relaunch win")), updates: has(L("updates")), active11: has("format 1.1"))
        k.breaks = !bc.breaks.isEmpty
        k.ended = k.sessions && samples.contains { $0.sessions.contains { $0.state == 2 } }
        return k
    }

    /// How many rows the bars want for a pane width (axis, prompt, events, each lane, legend).
    func barRowsWanted(width: Int) -> Int {
        let bc = barColumns(cols: width - 4 - Self.barLabelWidth)
        let samples = shownSamples(bc)
        let lanes = barLanes(samples)
        let legend = Self.pack(barLegend(legendKinds(lanes[...], bc, samples)), width: width - 4)
        return 3 + lanes.count + legend.count + 2
    }

    mutating func drawSessions(_ r: (x: Int, y: Int, w: Int, h: Int)) {
        let labelW = Self.barLabelWidth
        let cols = r.w - labelW
        guard cols > 8 else { return }
        let bc = barColumns(cols: cols)
        let all = s.history.samples
        let lanes = barLanes(shownSamples(bc))
        let shownAll = shownSamples(bc)

        // The legend: one entry per lane kind shown (lanes that do not fit are not explained).
        func legendFor(_ shown: ArraySlice<Lane>) -> [LegendPart] { Self.pack(barLegend(legendKinds(shown, bc, shownAll)), width: r.w) }
        var legend = legendFor(lanes[...])
        var shownLanes = lanes.count
        if 3 + lanes.count + legend.count > r.h {
            shownLanes = max(0, r.h - 3 - legend.count - 1)
            legend = legendFor(lanes.prefix(shownLanes))
            shownLanes = max(0, r.h - 3 - legend.count - 1)
        }
        let legendRows = min(legend.count, max(1, r.h - 4))
        if legend.count > legendRows {
            var last: LegendPart = []
            for part in legend[(legendRows - 1)...] { last += (last.isEmpty ? [] : [("   ", Role.dim)]) + part }
            legend = Array(legend.prefix(legendRows - 1)) + [last]
        }

        // Axis: the breaks (step by step), then whole m:ss labels on tick marks, each drawn only where it fits whole.
        var y = r.y
        let x0 = r.x + labelW
        f.put(r.x, y, L("time"), .dim)
        for b in bc.breaks {
            let label = b.width == 1 ? String(g.ascii ? "~" : "⋯") : BarColumns.breakLabel(b.ms, dots: g.ascii ? "~" : "⋯", tight: b.width < TextWidth.columns(of: BarColumns.breakLabel(b.ms, dots: "⋯", tight: false)))
            for (i, ch) in label.enumerated() where b.col + i >= 0 && b.col + i < cols { f.put(x0 + b.col + i, y, char: ch, .accent) }
        }
        var free = 0  // the first column after the last label drawn
        for (c, text) in bc.labels {
            let label = "\(g.vertical)" + text
            let width = TextWidth.columns(of: label)
            guard c >= free, c + width <= cols, (c..<(c + width)).allSatisfy({ f[x0 + $0, y].char == " " }) else { continue }
            f.put(x0 + c, y, label, .dim)
            free = c + width + 1
        }
        if bc.hiddenBefore > 0 { f.put(r.x, y, "\(g.ellipsis)\(L("earlier")) [", .dim, maxWidth: labelW - 1) }
        let axisY = y
        y += 1
        // The prompt lane: each time a prompt is up, one span, labelled with the prompt's kind
        // (beside the span when the span is too short for it).
        f.put(r.x, y, L("prompt"), .dim)
        func kind(_ c: Int) -> PromptKind? {
            guard c < cols else { return nil }
            return bc.inside(c).flatMap { range in all[range].first(where: { $0.prompt != nil })?.prompt } ?? bc.sample[c].flatMap { all[$0].prompt }
        }
        var c = 0
        while c < cols {
            guard let k = kind(c) else { c += 1; continue }
            var e = c
            while e + 1 < cols, kind(e + 1) == k { e += 1 }
            let span = e - c + 1
            let px = x0 + c
            var drawn = false
            if span == 1 {
                f.put(px, y, "P", .warn)
            } else {
                f.put(px, y, "[" + String(repeating: g.horizontal, count: span - 2) + "]", .warn)
                if span - 2 >= k.rawValue.count { f.put(px + 1, y, k.rawValue, .warn); drawn = true }
            }
            if !drawn {
                var n = e + 1
                while n < cols, kind(n) == nil { n += 1 }
                let room = n - (e + 1) - 1
                if room >= 4 { f.put(x0 + e + 2, y, TextWidth.truncate(k.rawValue, room, ellipsis: g.ellipsis), .warn) }
                else if span >= 4 { f.put(px + 1, y, TextWidth.truncate(k.rawValue, span - 2, ellipsis: g.ellipsis), .warn) }
            }
            c = e + 1
        }
        y += 1
        // The events lane: a mark for every event, even one that changed nothing for long.
        f.put(r.x, y, L("events"), .dim)
        for c in 0..<cols {
            guard let range = bc.inside(c) else { continue }
            // Time that only passed (the running clock, a plain wait) is no event: the log has no line for it.
            let here = all[range].filter { !$0.quiet }
            guard !here.isEmpty else { continue }
            // A tap and the callback it brought in one column: the T in the callback's colour.
            if here.contains(where: \.tap) { f.put(x0 + c, y, char: "T", here.contains(where: \.callback) ? .good : .accent) }
            else if here.contains(where: \.callback) { f.put(x0 + c, y, char: "c", .good) }
            else { f.put(x0 + c, y, char: g.mark, .dim) }
        }
        y += 1
        for (i, lane) in lanes.enumerated() {
            guard y < r.y + r.h - legendRows else { break }
            if i >= shownLanes { f.put(r.x, y, "+\(lanes.count - i) \(L("more")) (z/Z, Tab: \(L("Session bars")))", .dim); break }
            f.put(r.x, y, lane.label, .dim, maxWidth: labelW - 1)
            if let text = lane.text { drawTextLane(y: y, x0: x0, cols: cols, bc, text) ; y += 1; continue }
            var had = false
            for c in 0..<cols {
                guard let k = bc.sample[c] else { had = false; continue }
                // A state that began and ended inside the column still shows (its first glyph).
                let mark = lane.glyph(all[k]) ?? bc.inside(c).flatMap { all[$0].lazy.compactMap(lane.glyph).first }
                if let (ch, role) = mark {
                    f.put(x0 + c, y, char: ch, role)
                    had = true
                } else if had, lane.ended?(all[k]) == true {
                    // The column where a session ended (invalidated): a cross, not just nothing.
                    f.put(x0 + c, y, char: g.cross, .bad)
                    had = false
                } else {
                    had = false
                }
            }
            y += 1
        }
        for (i, line) in legend.enumerated() {
            var lx = r.x
            for (text, role) in line { lx += f.put(lx, r.y + r.h - legendRows + i, text, role, maxWidth: max(0, r.x + r.w - lx)) }
        }
        // The "now" cursor: over the lanes, and on the axis only where no label is.
        if let nowCol = bc.nowCol, nowCol >= 0, nowCol < cols {
            let cx = x0 + nowCol
            if f[cx, axisY].char == " " && !f[cx, axisY].continuation { f.put(cx, axisY, char: g.cursor, .cursor) }
            for yy in (axisY + 1)..<(r.y + r.h - legendRows) {
                // Over a bar the bar keeps its colour: the cursor shows in the gaps.
                if f[cx, yy].char == " " { f.put(cx, yy, char: g.cursor, .cursor) }
            }
        }
    }

    /// A lane of labelled spans: each run of one value starts with its words (cut to the run),
    /// then a line; a value that came and went inside a column starts a run of its own.
    mutating func drawTextLane(y: Int, x0: Int, cols: Int, _ bc: BarColumns, _ text: (Sample) -> (String, Role)) {
        let all = s.history.samples
        func value(_ c: Int) -> (String, Role)? { bc.sample[c].map { text(all[$0]) } }
        func changedInside(_ c: Int, from v: String) -> Bool { bc.inside(c).map { all[$0].contains { text($0).0 != v } } ?? false }
        var c = 0
        while c < cols {
            guard let (v, role) = value(c) else { c += 1; continue }
            var e = c
            while e + 1 < cols, let next = value(e + 1), next.0 == v, !changedInside(e + 1, from: v) { e += 1 }
            let span = e - c + 1
            // The last run (now) may spill its words into the empty columns after it.
            let room = e + 1 < cols && bc.sample[e + 1] != nil ? span : cols - c
            let label = TextWidth.columns(of: v) <= room ? v : room == 1 ? String(v.prefix(1)) : TextWidth.truncate(v, room, ellipsis: g.ellipsis)
            let used = f.put(x0 + c, y, label, role, maxWidth: room)
            if used < span { f.put(x0 + c + used, y, String(repeating: g.horizontal, count: span - used), role) }
            c = e + 1
        }
    }
}

extension ExplorerState {
    /// Milliseconds a column in real time; "fit" makes the whole history fit `cols`.
    func barScale(cols: Int) -> Millis {
        if zoomIndex < Self.zooms.count { return Self.zooms[zoomIndex] }
        let total = max(1_000, world.now + 1)
        let per = (total + max(1, cols - 3) - 1) / max(1, cols - 3)
        return max(250, (per + 249) / 250 * 250)
    }
}
