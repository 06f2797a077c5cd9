import LocflowCore
import LocflowFlow

/// Render, the session bars: process lifecycle, in use, sessions and background activity on a timeline.
extension Renderer {
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
        // Format 1.1: standard updates (paused shows light), Live Activity, visits, beacons.
        if samples.contains(where: { $0.standard > 0 }) {
            lanes.append((L("updates"), { smp in
                switch smp.standard {
                case 1: (g.full, .laneActive)
                case 2: (g.shade, .laneKept)
                case 3: (g.light, .laneSuspended)
                default: nil
                }
            }))
        }
        if samples.contains(where: { $0.liveActivity }) { lanes.append((L("Live Activity"), { $0.liveActivity ? (g.full, .laneActive) : nil })) }
        if samples.contains(where: { $0.visits }) { lanes.append((L("visits"), { $0.visits ? (g.full, .laneActive) : nil })) }
        if samples.contains(where: { $0.beacons }) { lanes.append((L("beacons"), { $0.beacons ? (g.full, .laneActive) : nil })) }
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
        var legend = "\(g.full)\(L("fg")) \(g.shade)\(L("bg")) \(g.light)\(L("suspended")) \(g.dot)\(L("terminated"))  T \(L("tap"))  c \(L("callback"))  P \(L("prompt"))"
        if samples.contains(where: { $0.standard == 3 }) { legend += "  \(L("updates")) \(g.light)\(L("paused"))" }
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

}
