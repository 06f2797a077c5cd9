import LocflowCore
import LocflowFlow

/// Which samples each column of the session bars shows: in real time (a fixed time per column)
/// or step by step (a column or more per event, the time between events as labelled breaks).
struct BarColumns {
    /// The sample in force at the column's end (an index into the history's samples).
    var sample: [Int?]
    /// The first and the last sample that happened inside the column (both or neither).
    var first: [Int?]
    var last: [Int?]
    /// Time labels on the axis: the column of the tick and the text after it.
    var labels: [(col: Int, text: String)] = []
    /// Step by step: the breaks where time passed, each with its first column, width and length.
    var breaks: [(col: Int, width: Int, ms: Millis)] = []
    /// Where "now" is, if it is on screen.
    var nowCol: Int?
    /// Step by step: columns cut off before the first one shown (scrolling back shows them).
    var hiddenBefore = 0
    var hiddenAfter = 0

    init(cols: Int) {
        sample = Array(repeating: nil, count: max(0, cols))
        first = sample
        last = sample
    }

    var count: Int { sample.count }

    /// Every sample that happened inside column c.
    func inside(_ c: Int) -> ClosedRange<Int>? {
        guard let a = first[c], let b = last[c], b >= a else { return nil }
        return a...b
    }

    /// Real time: `scale` ms a column, from `start`; samples after `now` are not shown.
    static func realTime(_ samples: [Sample], cols: Int, start: Millis, scale: Millis, now: Millis) -> BarColumns {
        var out = BarColumns(cols: cols)
        var lo = 0, hi = samples.count
        while lo < hi { let mid = (lo + hi) / 2; if samples[mid].time < start { lo = mid + 1 } else { hi = mid } }
        var p = max(0, lo - 1), q = p - 1
        for c in 0..<cols {
            let t0 = start + c * scale, t = t0 + scale
            if t0 > now { break }
            while p < samples.count && samples[p].time < t0 { p += 1 }
            while q + 1 < samples.count && samples[q + 1].time < t { q += 1 }
            if p < samples.count && samples[p].time < t { out.first[c] = p; out.last[c] = q }
            if q >= 0 { out.sample[c] = q }
        }
        let nowCol = (now - start) / scale
        if now >= start && nowCol < cols { out.nowCol = nowCol }
        return out
    }

    /// A break's label: the time that passed, between two ellipses ("⋯ 1h ⋯"); `tight` drops the spaces.
    static func breakLabel(_ ms: Millis, dots: Character, tight: Bool) -> String {
        let d = formatDuration(ms)
        return tight ? "\(dots)\(d)\(dots)" : "\(dots) \(d) \(dots)"
    }

    /// Step by step: every event (a sample that is not time only passing) gets one column or
    /// more, and the time between two events a break as wide as its label. Too long a story
    /// shows its end, `scrollBack` columns earlier.
    static let maxEventWidth = 10

    static func steps(_ samples: [Sample], cols: Int, scrollBack: Int = 0, dots: Character = "⋯") -> BarColumns {
        enum Slot { case event(Int), gap(Millis, Int) }
        var slots: [Slot] = []
        var events = 0, previous: Millis = 0
        for (i, smp) in samples.enumerated() {
            if smp.time > previous, i > 0 { slots.append(.gap(smp.time - previous, i - 1)) }
            previous = max(previous, smp.time)
            if !smp.quiet || i == 0 { slots.append(.event(i)); events += 1 }
        }
        // The widest columns that fit (up to 10 a step, room for a lane's words); breaks lose their spaces, then their
        // labels, before the story is cut.
        func gapWidth(_ ms: Millis, _ level: Int) -> Int {
            level == 2 ? 1 : TextWidth.columns(of: breakLabel(ms, dots: dots, tight: level == 1))
        }
        var level = 0
        func gapsWidth() -> Int { slots.reduce(0) { if case .gap(let ms, _) = $1 { $0 + gapWidth(ms, level) } else { $0 } } }
        while level < 2 && events + gapsWidth() > cols { level += 1 }
        let eventWidth = max(1, min(maxEventWidth, (cols - gapsWidth()) / max(1, events)))
        let total = events * eventWidth + gapsWidth()
        let startCol = max(0, total - cols - max(0, scrollBack))
        var out = BarColumns(cols: cols)
        out.hiddenBefore = startCol
        out.hiddenAfter = max(0, total - startCol - cols)
        var x = -startCol
        var runStart = true
        for slot in slots {
            switch slot {
            case .event(let i):
                if runStart, x >= 0, x < cols { out.labels.append((x, formatClock(samples[i].time))) }
                runStart = false
                for k in 0..<eventWidth where x + k >= 0 && x + k < cols {
                    out.sample[x + k] = i
                    if k == 0 { out.first[x] = i; out.last[x] = i }
                }
                x += eventWidth
            case .gap(let ms, let held):
                let w = gapWidth(ms, level)
                if x + w > 0 && x < cols { out.breaks.append((x, w, ms)) }
                for k in 0..<w where x + k >= 0 && x + k < cols { out.sample[x + k] = held }
                x += w
                runStart = true
            }
        }
        if x >= 0 && x < cols { out.nowCol = x }
        return out
    }
}
