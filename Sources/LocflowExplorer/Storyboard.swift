import LocflowCore
import LocflowFlow

/// A flow step by step, as the explorer draws it: what `locflow storyboard` and `locflow html`
/// show. Each panel is the explorer's own frame (the pure renderer, in picture mode: no footer,
/// the pane the step is about in front, the bars fitted to the flow's whole time span).
public struct Walk {
    public struct Panel {
        /// 0 is the start (before the first step).
        public var step: Int
        /// The step as the flow writes it; nil for the start.
        public var flowText: String?
        /// The comment beside or just above the step.
        public var caption: String?
        /// The virtual clock after the step.
        public var time: Millis
        public var frame: Frame
        /// The rules the step applied (each cites its sources).
        public var rules: [Rule]
    }

    public var title: String
    public var description: [String]
    public var panels: [Panel] = []

    /// Replays the flow; `start` adds a panel for the start.
    public init(flow: Flow, config: AppConfig, configLines: [String], width: Int, height: Int,
                language: Language, start: Bool, title: String) {
        self.title = title
        description = flow.description
        var replay = Replay(flow: flow, config: config, configLines: configLines, width: width, height: height,
                            language: language, captions: false, picture: true)
        // The rules come from the model itself, stepped alongside (the explorer's log keeps them too).
        var world = replay.state.world
        if start {
            panels.append(Panel(step: 0, flowText: nil, caption: flow.description.isEmpty ? nil : flow.description.joined(separator: " "),
                                time: world.now, frame: replay.frame, rules: []))
        }
        var index = 0
        while let text = replay.next() {
            let done = replay.state.history.steps[index]
            index += 1
            var rules: [Rule] = []
            if let e = done.event, world.refusal(for: e) == nil {
                var seen = Set<Rule>()
                for t in world.step(e) { for why in t.why where seen.insert(why.rule).inserted { rules.append(why.rule) } }
            }
            panels.append(Panel(step: replay.step, flowText: text, caption: done.caption, time: replay.state.world.now,
                                frame: replay.frame, rules: rules))
        }
    }
}

/// `locflow storyboard`: one SVG with a panel per step, in rows, each with its step and caption.
public enum Storyboard {
    /// Panels across a row.
    public static let columns = 3
    static let scale = 0.5

    public static func svg(_ walk: Walk, theme: Theme, columns: Int = Storyboard.columns, language: Language = .en) -> String {
        guard let first = walk.panels.first else { return SVGPicture.shot(Frame(width: 1, height: 1), theme: theme, title: walk.title) }
        let frameW = Double(first.frame.width * SVGPicture.cellWidth) * scale
        let frameH = Double(first.frame.height * SVGPicture.cellHeight) * scale
        let gap = 24.0, margin = 24.0, headH = 22.0, lineH = 16.0
        let captionChars = max(20, Int(frameW / 7.4))
        let captions = walk.panels.map { p in TextWidth.wrap(p.caption ?? "", width: captionChars, lines: 5, ellipsis: "…") }
        let rows = (walk.panels.count + columns - 1) / columns
        var rowCaptionLines: [Int] = []
        for r in 0..<rows {
            let slice = captions[(r * columns)..<min(captions.count, (r + 1) * columns)]
            rowCaptionLines.append(slice.map { $0.filter { !$0.isEmpty }.count }.max() ?? 0)
        }
        let cols = min(columns, walk.panels.count)
        let width = margin * 2 + Double(cols) * frameW + Double(cols - 1) * gap
        // The title (the flow's description) wrapped to the board, at about 10 px a column.
        let titleLines = TextWidth.wrap(walk.title, width: max(30, Int((width - 2 * margin) / 10)), lines: 4, ellipsis: "…")
        let top = margin + Double(titleLines.count) * 22 + 8
        var rowY: [Double] = []
        var y = top
        for r in 0..<rows {
            rowY.append(y)
            y += headH + frameH + 8 + Double(rowCaptionLines[r]) * lineH + gap
        }
        let height = y - gap + margin
        let fg = theme.defaultForeground, bg = theme.defaultBackground
        let dim = theme == .dark ? "#9ca3af" : "#4b5563", rule = theme == .dark ? "#4b5563" : "#d1d5db"
        let n = SVGPicture.number
        var out = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(n(width))\" height=\"\(n(height))\" viewBox=\"0 0 \(n(width)) \(n(height))\" xml:space=\"preserve\">\n"
        out += "<title>" + SVGPicture.escape(TextSafety.escape(walk.title, keepNewlines: false)) + "</title>\n"
        out += "<style>\n" + SVGPicture.style(theme)
        out += ".sb{font-family:'DejaVu Sans','Helvetica','Arial','Noto Sans CJK KR','NanumGothic','Apple SD Gothic Neo','Malgun Gothic',sans-serif;white-space:pre}\n"
        out += ".sbt{font-size:18px;font-weight:bold;fill:\(fg)}.sbd{font-size:13px;fill:\(dim)}.sbh{font-size:13px;font-weight:bold;fill:\(fg)}"
        out += ".sbc{font-size:13px;fill:\(fg)}.sbf{fill:none;stroke:\(rule);stroke-width:1}\n</style>\n"
        out += "<rect width=\"\(n(width))\" height=\"\(n(height))\" fill=\"\(bg)\"/>\n"
        for (i, line) in titleLines.enumerated() {
            out += "<text class=\"sb sbt\" x=\"\(n(margin))\" y=\"\(n(margin + 16 + Double(i) * 22))\">\(text(line))</text>\n"
        }
        for (i, p) in walk.panels.enumerated() {
            let x = margin + Double(i % columns) * (frameW + gap), y0 = rowY[i / columns]
            out += "<g class=\"panel\" id=\"step-\(p.step)\">\n"
            let head = (p.step == 0 ? language.pick("Start", "시작") : "\(p.step).") + " " + (p.flowText ?? "") + "  " + formatClock(p.time / 1000 * 1000)
            out += "<text class=\"sb sbh\" x=\"\(n(x))\" y=\"\(n(y0 + 15))\">\(text(TextWidth.truncate(head, captionChars - 2, ellipsis: "…")))</text>\n"
            out += "<g transform=\"translate(\(n(x)) \(n(y0 + headH))) scale(\(n(scale)))\">"
            out += "<rect width=\"\(p.frame.width * SVGPicture.cellWidth)\" height=\"\(p.frame.height * SVGPicture.cellHeight)\" fill=\"\(bg)\"/>\n"
            for row in 0..<p.frame.height {
                let body = SVGPicture.row(p.frame, row, theme: theme)
                guard !body.isEmpty else { continue }
                out += "<g transform=\"translate(0 \(row * SVGPicture.cellHeight))\">" + body + "</g>\n"
            }
            out += "</g>\n"
            out += "<rect class=\"sbf\" x=\"\(n(x))\" y=\"\(n(y0 + headH))\" width=\"\(n(frameW))\" height=\"\(n(frameH))\"/>\n"
            for (j, line) in captions[i].enumerated() where !line.isEmpty {
                out += "<text class=\"sb sbc\" x=\"\(n(x))\" y=\"\(n(y0 + headH + frameH + 8 + 12 + Double(j) * lineH))\">\(text(line))</text>\n"
            }
            out += "</g>\n"
        }
        return out + "</svg>\n"
    }

    /// Flow text for an SVG text element: controls shown escaped, markup escaped.
    static func text(_ s: String) -> String { SVGPicture.escape(TextSafety.escape(s, keepNewlines: false)) }
}
