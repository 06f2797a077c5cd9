import LocflowCore
import LocflowFlow

/// Render, the session bars: process lifecycle, in use, sessions and background activity on a timeline.
extension Renderer {
    // MARK: Session bars

    /// A lane: its label, the legend of its glyphs, and the glyph of a sample.
    typealias Lane = (label: String, legend: String?, glyph: (Sample) -> (Character, Role)?)

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
        let scale = ExplorerState.zooms[s.zoomIndex]
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

    /// The legend's entries for the lane kinds shown, then the marks and the countdowns.
    func barLegend(sessions: Bool, running: Bool, bgActivity: Bool, relaunch: Bool, updates: Bool = false, active11: Bool = false) -> [LegendPart] {
        var parts: [LegendPart] = [[("\(L("process")): ", .dim), (String(g.full), .laneForeground), (L("foreground") + " ", .dim),
                                    (String(g.shade), .laneBackground), (L("background") + " ", .dim),
                                    (String(g.light), .laneSuspended), (L("suspended") + " ", .dim),
                                    (String(g.dot), .laneTerminated), (L("terminated"), .dim)]]
        if sessions {
            parts.append([("\(L("session")): ", .dim), (String(g.full), .laneActive), (L("held by the app") + " ", .dim),
                          (String(g.shade), .laneKept), (L("kept by the system"), .dim)])
        }
        if running { parts.append([("liveUpdates, CLMonitor: ", .dim), (String(g.full), .laneActive), (L("running"), .dim)]) }
        if bgActivity {
            parts.append([("\(L("bg activity")): ", .dim), (String(g.full), .laneActive), (L("active") + " ", .dim),
                          (String(g.light), .laneKept), (L("held, not active") + " ", .dim),
                          (String(g.shade), .laneKept), (L("kept by the system"), .dim)])
        }
        if relaunch { parts.append([("\(L("relaunch win")): ", .dim), (String(g.shade), .laneWindow), (L("open"), .dim)]) }
        // Format 1.1
        if updates {
            parts.append([("\(L("updates")): ", .dim), (String(g.full), .laneActive), (L("delivering") + " ", .dim),
                          (String(g.shade), .laneKept), (L("started, not delivering") + " ", .dim),
                          (String(g.light), .laneSuspended), (L("paused"), .dim)])
        }
        if active11 { parts.append([("\(L("Live Activity")), \(L("visits")), \(L("beacons")): ", .dim), (String(g.full), .laneActive), (L("active"), .dim)]) }
        // The events lane's marks (a tap that brought a callback is a T in the callback's colour),
        // and the prompt lane's P: a prompt too short for a span.
        parts.append([("T", .accent), (" \(L("tap")) ", .dim), ("c", .good), (" \(L("callback")) (", .dim), ("T", .good), (" \(L("both"))) ", .dim),
                      (String(g.mark), .dim), (" \(L("other event")) ", .dim), ("P", .warn), (" \(L("brief prompt"))", .dim)])
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

    /// How many rows the bars want for a pane width (axis, prompt, events, each lane, legend).
    func barRowsWanted(width: Int) -> Int {
        let samples = barWindow(cols: width - 4 - Self.barLabelWidth).samples
        // A handful of session IDs: a list is cheaper than hashing every sample's strings.
        var ids: [String] = []
        var live = false, monitor = false, bg = false, relaunch = false
        var updates = false, activity = false, visits = false, beacons = false
        for smp in samples {
            for (id, _) in smp.sessions where !ids.contains(id) { ids.append(id) }
            live = live || smp.liveUpdates; monitor = monitor || smp.monitor
            bg = bg || smp.backgroundActivity > 0; relaunch = relaunch || smp.relaunchWindow
            updates = updates || smp.standard > 0; activity = activity || smp.liveActivity
            visits = visits || smp.visits; beacons = beacons || smp.beacons
        }
        let lanes = 2 + ids.count + [live, monitor, bg, relaunch, updates, activity, visits, beacons].filter { $0 }.count
        let legend = Self.pack(barLegend(sessions: !ids.isEmpty, running: live || monitor, bgActivity: bg, relaunch: relaunch,
                                         updates: updates, active11: activity || visits || beacons), width: width - 4)
        return 3 + lanes + legend.count + 2
    }

    mutating func drawSessions(_ r: (x: Int, y: Int, w: Int, h: Int)) {
        let labelW = Self.barLabelWidth
        let cols = r.w - labelW
        guard cols > 8 else { return }
        let scale = ExplorerState.zooms[s.zoomIndex]
        let (start, end, slice) = barWindow(cols: cols)
        let samples = Array(slice)
        // For each column, the sample in force at the column's end, and the first sample inside it.
        var colSample = [Int?](repeating: nil, count: cols)
        var colFirst = [Int?](repeating: nil, count: cols)
        var p = 0, q = -1
        for c in 0..<cols {
            let t0 = start + c * scale, t = t0 + scale
            if t0 > w.now { break }
            while p < samples.count && samples[p].time < t0 { p += 1 }
            while q + 1 < samples.count && samples[q + 1].time < t { q += 1 }
            if p < samples.count && samples[p].time < t { colFirst[c] = p }
            if q >= 0 { colSample[c] = q }
        }
        /// Every sample that happened inside column c.
        func inside(_ c: Int) -> ArraySlice<Sample> {
            guard let first = colFirst[c], let last = colSample[c], last >= first else { return [] }
            return samples[first...last]
        }
        let g = self.g
        var lanes: [Lane] = []
        lanes.append((L("process"), L("process"), { smp in
            switch smp.lifecycle {
            case .foreground: (g.full, .laneForeground)
            case .background: (g.shade, .laneBackground)
            case .suspended: (g.light, .laneSuspended)
            case .terminated: (g.dot, .laneTerminated)
            }
        }))
        lanes.append((L("in use"), nil, { smp in smp.inUse ? (g.full, .laneInUse) : nil }))
        var ids: [String] = []
        for smp in samples { for (id, _) in smp.sessions where !ids.contains(id) { ids.append(id) } }
        let sessionLegend = L("session")
        for id in ids {
            lanes.append(("\(L("session")) \(id)", sessionLegend, { smp in
                guard let e = smp.sessions.first(where: { $0.id == id }) else { return nil }
                return e.state == 0 ? (g.full, .laneActive) : e.state == 1 ? (g.shade, .laneKept) : nil
            }))
        }
        let runningLegend = "liveUpdates"
        if samples.contains(where: { $0.liveUpdates }) { lanes.append(("liveUpdates", runningLegend, { $0.liveUpdates ? (g.full, .laneActive) : nil })) }
        if samples.contains(where: { $0.monitor }) { lanes.append(("CLMonitor", runningLegend, { $0.monitor ? (g.full, .laneActive) : nil })) }
        if samples.contains(where: { $0.backgroundActivity > 0 }) {
            // The lane's label fits its 13 columns (백그라운드 활동 is 15 wide, cut to look like the process lane's 백그라운드).
            lanes.append((s.language.pick("bg activity", "배경 활동"), L("bg activity"), { smp in
                smp.backgroundActivity == 2 ? (g.full, .laneActive) : smp.backgroundActivity == 3 ? (g.shade, .laneKept) : smp.backgroundActivity == 1 ? (g.light, .laneKept) : nil
            }))
        }
        // Format 1.1: standard updates (paused shows light), Live Activity, visits, beacons.
        if samples.contains(where: { $0.standard > 0 }) {
            lanes.append((L("updates"), L("updates"), { smp in
                switch smp.standard {
                case 1: (g.full, .laneActive)
                case 2: (g.shade, .laneKept)
                case 3: (g.light, .laneSuspended)
                default: nil
                }
            }))
        }
        let active11 = "format 1.1"
        if samples.contains(where: { $0.liveActivity }) { lanes.append((L("Live Activity"), active11, { $0.liveActivity ? (g.full, .laneActive) : nil })) }
        if samples.contains(where: { $0.visits }) { lanes.append((L("visits"), active11, { $0.visits ? (g.full, .laneActive) : nil })) }
        if samples.contains(where: { $0.beacons }) { lanes.append((L("beacons"), active11, { $0.beacons ? (g.full, .laneActive) : nil })) }
        if samples.contains(where: { $0.relaunchWindow }) {
            lanes.append((L("relaunch win"), L("relaunch win"), { $0.relaunchWindow ? (g.shade, .laneWindow) : nil }))
        }

        // The legend: one entry per lane kind shown (lanes that do not fit are not explained).
        func legendFor(_ shown: ArraySlice<Lane>) -> [LegendPart] {
            let has = { (name: String) in shown.contains { $0.legend?.hasPrefix(name) == true } }
            return Self.pack(barLegend(sessions: has(L("session")), running: has("liveUpdates"), bgActivity: has(L("bg activity")),
                                       relaunch: has(L("relaunch win")), updates: has(L("updates")), active11: has("format 1.1")), width: r.w)
        }
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

        // Axis: whole m:ss labels on tick marks, each drawn only where it fits whole.
        var y = r.y
        f.put(r.x, y, L("time"), .dim)
        // Ticks far enough apart for the widest label in the window (h:mm:ss, or 875999:58:00
        // near the clock's limit) and a space, so every label is whole and none repeats.
        let widest = TextWidth.columns(of: "\(g.vertical)" + formatClock(max(0, end)))
        let tickSpan = Self.tickSpan(scale: scale, columns: widest + 1)
        var t = ((start + tickSpan - 1) / tickSpan) * tickSpan
        if t < 0 { t = 0 }
        var free = 0  // the first column after the last label drawn
        while t < end {
            let c = (t - start) / scale
            let label = "\(g.vertical)" + formatClock(t)
            let width = TextWidth.columns(of: label)
            if c >= free && c + width <= cols { f.put(r.x + labelW + c, y, label, .dim); free = c + width + 1 }
            t += tickSpan
        }
        let axisY = y
        y += 1
        // The prompt lane: each time a prompt is up, one span with one label.
        f.put(r.x, y, L("prompt"), .dim)
        var c = 0
        while c < cols {
            func kind(_ c: Int) -> PromptKind? {
                inside(c).first(where: { $0.prompt != nil })?.prompt ?? colSample[c].flatMap { samples[$0].prompt }
            }
            guard let k = kind(c) else { c += 1; continue }
            var e = c
            while e + 1 < cols, kind(e + 1) == k { e += 1 }
            let span = e - c + 1
            let x0 = r.x + labelW + c
            if span == 1 {
                f.put(x0, y, "P", .warn)
            } else {
                f.put(x0, y, "[" + String(repeating: g.horizontal, count: span - 2) + "]", .warn)
                let label = span >= 4 ? TextWidth.truncate(k.rawValue, span - 2, ellipsis: g.ellipsis) : ""
                if !label.isEmpty { f.put(x0 + 1, y, label, .warn) }
            }
            c = e + 1
        }
        y += 1
        // The events lane: a mark for every event, even one that changed nothing for long.
        f.put(r.x, y, L("events"), .dim)
        for c in 0..<cols {
            // Time that only passed (the running clock, a plain wait) is no event: the log has no line for it.
            let here = inside(c).filter { !$0.quiet }
            guard !here.isEmpty else { continue }
            // A tap and the callback it brought in one column: the T in the callback's colour.
            if here.contains(where: \.tap) { f.put(r.x + labelW + c, y, char: "T", here.contains(where: \.callback) ? .good : .accent) }
            else if here.contains(where: \.callback) { f.put(r.x + labelW + c, y, char: "c", .good) }
            else { f.put(r.x + labelW + c, y, char: g.mark, .dim) }
        }
        y += 1
        for (i, lane) in lanes.enumerated() {
            guard y < r.y + r.h - legendRows else { break }
            if i >= shownLanes { f.put(r.x, y, "+\(lanes.count - i) \(L("more")) (z/Z, Tab: \(L("Session bars")))", .dim); break }
            f.put(r.x, y, lane.label, .dim, maxWidth: labelW - 1)
            for c in 0..<cols {
                // A state that began and ended inside the column still shows (its first glyph).
                guard let k = colSample[c], let (ch, role) = lane.glyph(samples[k]) ?? inside(c).lazy.compactMap(lane.glyph).first else { continue }
                f.put(r.x + labelW + c, y, char: ch, role)
            }
            y += 1
        }
        for (i, line) in legend.enumerated() {
            var lx = r.x
            for (text, role) in line { lx += f.put(lx, r.y + r.h - legendRows + i, text, role, maxWidth: max(0, r.x + r.w - lx)) }
        }
        // The "now" cursor: over the lanes, and on the axis only where no label is.
        let nowCol = (w.now - start) / scale
        if nowCol >= 0 && nowCol < cols {
            let cx = r.x + labelW + nowCol
            if f[cx, axisY].char == " " && !f[cx, axisY].continuation { f.put(cx, axisY, char: g.cursor, .cursor) }
            for yy in (axisY + 1)..<(r.y + r.h - legendRows) {
                // Over a bar the bar keeps its colour: the cursor shows in the gaps.
                if f[cx, yy].char == " " { f.put(cx, yy, char: g.cursor, .cursor) }
            }
        }
    }

}
