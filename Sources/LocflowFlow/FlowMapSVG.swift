import LocflowCore

/// `locflow map --format svg`: the flow map drawn as a designer's user flow, with locflow's own
/// layout (no Graphviz). The main path runs left to right in columns (a node's column is how many
/// taps, requests or waits it is from the start); each prompt is drawn as a prompt (title,
/// purpose string, a row per button, each tap leaving from its button); each other screen as a
/// card with the Settings choice and what the app reads. Settings changes are a quieter layer: a
/// table under the map, or (`--with settings`) faint dashed arrows as well.
extension FlowMap {
    /// Where each node is drawn, and its size.
    public struct Placement: Sendable {
        public var column: Int
        public var x: Double, y: Double, width: Double, height: Double
    }

    static let cardWidth = 250.0
    static let columnGap = 160.0
    static let rowGap = 30.0
    static let margin = 30.0

    /// A node's column: breadth-first over taps, requests and time from the start; a node only
    /// Settings reaches sits one column after the first node that reaches it.
    public var columns: [Int] {
        var col = [Int?](repeating: nil, count: nodes.count)
        guard !nodes.isEmpty else { return [] }
        col[0] = 0
        for layer in [edges.filter { $0.kind != .settings }, edges] {
            var queue = nodes.indices.filter { col[$0] != nil }
            var head = 0
            while head < queue.count {
                let n = queue[head]
                head += 1
                for e in layer where e.from == n && col[e.to] == nil {
                    col[e.to] = col[n]! + 1
                    queue.append(e.to)
                }
            }
        }
        return col.map { $0 ?? 0 }
    }

    /// Lines of a prompt card: title (bold), message, buttons; or a screen card's lines.
    func card(_ i: Int) -> (title: [String], message: [String], buttons: [String], lines: [String], height: Double) {
        let n = nodes[i]
        let safe = { (s: String) in TextSafety.escape(s, keepNewlines: false) }
        let status = "app reads " + n.status.rawValue + (n.accuracy.map { $0 == .fullAccuracy ? "" : " (reduced)" } ?? "")
        if let title = n.promptTitle {
            let t = Self.wrapped(safe(title), 32)
            let m = Self.wrapped(safe(n.promptMessage ?? ""), 40).prefix(4).map { $0 }
            var b = n.buttons.map(safe)
            if let p = n.promptPrecise, extras.contains(.precise) { b.insert("Precise: \(p ? "On" : "Off")", at: 0) }
            let h = 12 + Double(t.count) * 17 + 4 + Double(m.count) * 15 + 10 + Double(b.count) * 28 + 22
            return (t, m, b, [status], h)
        }
        var lines: [String] = []
        lines.append(n.locationServices ? "Settings › " + Self.settingsLabel(n.settings, config.profile) : "Location Services Off")
        if let p = n.precise, extras.contains(.precise) { lines.append("Precise Location " + (p ? "On" : "Off")) }
        return ([], [], [], lines + [status], 14 + Double(lines.count + 1) * 18 + 6)
    }

    /// Each node's place: columns left to right, nodes in a column top to bottom, ordered by
    /// where the nodes that lead to them sit (fewer crossings).
    public var placements: [Placement] {
        let col = columns
        var byColumn: [[Int]] = Array(repeating: [], count: (col.max() ?? 0) + 1)
        for i in nodes.indices { byColumn[col[i]].append(i) }
        var place = [Placement](repeating: Placement(column: 0, x: 0, y: 0, width: 0, height: 0), count: nodes.count)
        let top = Self.margin + 86
        for (c, members) in byColumn.enumerated() {
            // Order by the mean row of the nodes in earlier columns that lead here, then by discovery.
            let order = members.map { i -> (Double, Int) in
                let from = edges.filter { $0.to == i && $0.kind != .settings && col[$0.from] < c }.map { place[$0.from].y }
                return (from.isEmpty ? .infinity : from.reduce(0, +) / Double(from.count), i)
            }.sorted { $0.0 != $1.0 ? $0.0 < $1.0 : $0.1 < $1.1 }
            var y = top
            for (_, i) in order {
                let h = card(i).height
                place[i] = Placement(column: c, x: Self.margin + Double(c) * (Self.cardWidth + Self.columnGap), y: y, width: Self.cardWidth, height: h)
                y += h + Self.rowGap
            }
        }
        return place
    }

    /// The map's colours: the light one for a page or a light slide, the dark one for a dark
    /// slide (`locflow map --theme dark`). Text and arrows keep 4.5:1 against the background
    /// (FlowMapSVGTests), the faint Settings arrows excepted.
    public struct Palette: Sendable {
        public let background, text, secondary, muted, number: String
        public let prompt, promptStroke, screen, screenStroke, allowed, allowedStroke, separator: String
        public let edges: [EdgeKind: String]

        public static let light = Palette(
            background: "#ffffff", text: "#111827", secondary: "#4b5563", muted: "#374151", number: "#6b7280",
            prompt: "#f8fafc", promptStroke: "#1d4ed8", screen: "#f3f4f6", screenStroke: "#9ca3af",
            allowed: "#dcfce7", allowedStroke: "#6b9f7c", separator: "#cbd5e1",
            edges: [.tap: "#1d4ed8", .app: "#15803d", .time: "#6b7280", .settings: "#a78bfa"])
        public static let dark = Palette(
            background: "#111827", text: "#f3f4f6", secondary: "#cbd5e1", muted: "#d1d5db", number: "#9ca3af",
            prompt: "#1e293b", promptStroke: "#60a5fa", screen: "#1f2937", screenStroke: "#6b7280",
            allowed: "#14532d", allowedStroke: "#4ade80", separator: "#374151",
            edges: [.tap: "#60a5fa", .app: "#4ade80", .time: "#9ca3af", .settings: "#8b5cf6"])
    }

    /// The map as SVG, locflow's own layout, on a light background.
    public var svg: String { svg(palette: .light) }

    /// The map as SVG in the given colours.
    public func svg(palette c: Palette) -> String {
        let place = placements
        let n = Self.number
        let mapW = place.map { $0.x + $0.width }.max() ?? 0, mapH = place.map { $0.y + $0.height }.max() ?? 0
        // The Settings layer: each change once, with the screens it is reachable from.
        var settingsRows: [(label: String, to: Int, from: [Int])] = []
        for e in edges where e.kind == .settings {
            if let k = settingsRows.firstIndex(where: { $0.label == e.label && $0.to == e.to }) { settingsRows[k].from.append(e.from) } else {
                settingsRows.append((e.label, e.to, [e.from]))
            }
        }
        let tableTop = mapH + 50
        let tableH = settingsRows.isEmpty ? 0 : 30 + Double(settingsRows.count) * 18
        let height = tableTop + tableH + Self.margin
        // The width is known once the connectors' labels are placed (they may pass the last column).
        var rightmost = max(mapW + 90, 760 - Self.margin)
        var out = ""
        out += "<title>\(Self.xml("Flow map: " + title))</title>\n<style>\n"
        out += "text{font-family:'Helvetica Neue','Helvetica','Arial','DejaVu Sans','Noto Sans CJK KR','NanumGothic',sans-serif;fill:\(c.text)}\n"
        out += ".h{font-size:18px;font-weight:bold}.s{font-size:12px;fill:\(c.secondary)}.pt{font-size:13px;font-weight:bold}.pm{font-size:11.5px;fill:\(c.muted)}"
        out += ".bt{font-size:13px;fill:\(c.edges[.tap, default: c.text])}.st{font-size:12.5px}.rd{font-size:11.5px;fill:\(c.muted)}.num{font-size:11px;font-weight:bold;fill:\(c.number)}"
        out += ".chip{font-size:11px;font-weight:bold}.el{font-size:11px;paint-order:stroke;stroke:\(c.background);stroke-width:4px;stroke-linejoin:round}\n"
        out += ".prompt{fill:\(c.prompt);stroke:\(c.promptStroke);stroke-width:1.6}.screen{fill:\(c.screen);stroke:\(c.screenStroke)}.allowed{fill:\(c.allowed);stroke:\(c.allowedStroke)}"
        out += ".sep{stroke:\(c.separator);stroke-width:1}.start{fill:none;stroke:\(c.text);stroke-width:1.2;stroke-dasharray:none}\n</style>\n"
        out += "<defs>"
        for kind in [EdgeKind.tap, .app, .time, .settings] {  // a fixed order: the same bytes every run
            let colour = c.edges[kind, default: c.text]
            out += "<marker id=\"a-\(kind.rawValue)\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" markerWidth=\"7\" markerHeight=\"7\" orient=\"auto\"><path d=\"M0 0L10 5L0 10z\" fill=\"\(colour)\"/></marker>"
        }
        out += "</defs>\n<rect width=\"100%\" height=\"100%\" fill=\"\(c.background)\"/>\n"
        out += "<text class=\"h\" x=\"\(n(Self.margin))\" y=\"\(n(Self.margin + 8))\">\(Self.xml("Flow map: " + title))</text>\n"
        out += "<text class=\"s\" x=\"\(n(Self.margin))\" y=\"\(n(Self.margin + 30))\">Left to right from the start. Blue: the person taps a button. Green: the app calls. Grey dotted: time passes. "
        out += extras.contains(.settings) ? "Faint purple dashes: Settings changes (also listed below).</text>\n" : "Settings changes are listed below the map (--with settings draws them).</text>\n"
        // Where each tap leaves its prompt: at its button.
        var buttonY: [Int: [String: Double]] = [:]
        var layers = ["", "", ""]  // settings, edges, labels
        for (i, p) in place.enumerated() {
            let c = card(i)
            guard !c.buttons.isEmpty else { continue }
            let by = p.y + 12 + Double(c.title.count) * 17 + 4 + Double(c.message.count) * 15 + 10
            for (k, b) in c.buttons.enumerated() { buttonY[i, default: [:]][b] = by + Double(k) * 28 + 14 }
        }
        // Incoming arrows spread over the target's left side.
        var incoming: [Int: [Int]] = [:]
        for (k, e) in edges.enumerated() where (e.kind != .settings || extras.contains(.settings)) && place[e.to].column > place[e.from].column {
            incoming[e.to, default: []].append(k)
        }
        var stubs: [Int: Int] = [:]  // back-references drawn so far from each node's side
        var placedLabels: [Int: Set<String>] = [:], lastLabelY: [Int: Double] = [:]
        for (k, e) in edges.enumerated() {
            guard e.kind != .settings || extras.contains(.settings) else { continue }
            let a = place[e.from], b = place[e.to]
            var y1 = a.y + a.height / 2
            if e.kind == .tap, let label = e.label.split(separator: "“").last?.split(separator: "”").first,
               let by = buttonY[e.from]?[TextSafety.escape(String(label), keepNewlines: false)] { y1 = by }
            let colour = c.edges[e.kind, default: c.text]
            guard b.column > a.column else {
                // Back to an earlier column (or the same): a short arrow to a reference chip, as a
                // user flow's off-page connector, rather than a line across the map.
                let x1 = a.x + a.width
                if y1 == a.y + a.height / 2 {
                    let k = stubs[e.from, default: 0]
                    stubs[e.from] = k + 1
                    y1 = a.y + 14 + Double(k) * 22
                }
                let text = "\(e.to + 1)"
                let chipW = 10 + Double(text.count) * 8
                let layer = e.kind == .settings ? 0 : 1
                let dash = e.kind == .time ? " stroke-dasharray=\"2 4\"" : e.kind == .settings ? " stroke-dasharray=\"5 4\" opacity=\"0.55\"" : ""
                layers[layer] += "<path class=\"edge back \(e.kind.rawValue)\" data-from=\"\(e.from + 1)\" data-to=\"\(e.to + 1)\" d=\"M\(n(x1)) \(n(y1))H\(n(x1 + 22))\" fill=\"none\" stroke=\"\(colour)\" stroke-width=\"1.6\"\(dash) marker-end=\"url(#a-\(e.kind.rawValue))\"/>"
                layers[layer] += "<rect x=\"\(n(x1 + 24))\" y=\"\(n(y1 - 9))\" width=\"\(n(chipW))\" height=\"18\" rx=\"9\" fill=\"\(c.background)\" stroke=\"\(colour)\"/>"
                layers[layer] += "<text class=\"chip\" x=\"\(n(x1 + 24 + chipW / 2))\" y=\"\(n(y1 + 4))\" text-anchor=\"middle\" fill=\"\(colour)\">\(text)</text>"
                if e.kind == .app || e.kind == .time || (e.kind == .tap && buttonY[e.from] == nil) {
                    let label = Self.shortLabel(e.label)
                    rightmost = max(rightmost, x1 + 30 + chipW + Double(label.count) * 6.2)
                    layers[2] += "<text class=\"el\" x=\"\(n(x1 + 30 + chipW))\" y=\"\(n(y1 + 4))\" fill=\"\(colour)\">\(Self.xml(TextSafety.escape(label, keepNewlines: false)))</text>\n"
                }
                layers[layer] += "\n"
                continue
            }
            let slots = incoming[e.to]!, slot = Double(slots.firstIndex(of: k)! + 1) / Double(slots.count + 1)
            let y2 = b.y + 12 + (b.height - 24) * slot
            let x1 = a.x + a.width, x2 = b.x - 2, dx = max(60, (x2 - x1) / 2)
            let d = "M\(n(x1)) \(n(y1))C\(n(x1 + dx)) \(n(y1)) \(n(x2 - dx)) \(n(y2)) \(n(x2)) \(n(y2))"
            let dash = e.kind == .time ? " stroke-dasharray=\"2 4\"" : e.kind == .settings ? " stroke-dasharray=\"5 4\" opacity=\"0.55\"" : ""
            let layer = e.kind == .settings ? 0 : 1
            layers[layer] += "<path class=\"edge \(e.kind.rawValue)\" data-from=\"\(e.from + 1)\" data-to=\"\(e.to + 1)\" d=\"\(d)\" fill=\"none\" stroke=\"\(colour)\" stroke-width=\"\(e.kind == .settings ? "1" : "1.6")\"\(dash) marker-end=\"url(#a-\(e.kind.rawValue))\"/>\n"
            // Taps need no words (the button says it); requests and time do.
            if e.kind == .app || e.kind == .time || (e.kind == .tap && y1 == a.y + a.height / 2) {
                // Near the arrow's end: arrows fanning out of one screen end at different heights.
                // One label per wording at a screen; labels at one screen never overlap.
                let text = Self.shortLabel(e.label)
                guard placedLabels[e.to, default: []].insert(text).inserted else { continue }
                var ly = y2 - 5
                if let last = lastLabelY[e.to], ly > last - 13 { ly = last - 13 }
                lastLabelY[e.to] = ly
                layers[2] += "<text class=\"el\" x=\"\(n(x2 - 8))\" y=\"\(n(ly))\" text-anchor=\"end\" fill=\"\(colour)\">\(Self.xml(TextSafety.escape(text, keepNewlines: false)))</text>\n"
            }
        }
        out += "<g class=\"settings-layer\">\n" + layers[0] + "</g>\n<g class=\"edges\">\n" + layers[1] + "</g>\n"
        for (i, p) in place.enumerated() {
            let c = card(i), node = nodes[i]
            out += "<g class=\"node\" id=\"n\(i + 1)\" data-column=\"\(p.column)\">"
            let cls = node.prompt != nil ? "prompt" : node.status.isAuthorized ? "allowed" : "screen"
            out += "<rect class=\"\(cls)\" x=\"\(n(p.x))\" y=\"\(n(p.y))\" width=\"\(n(p.width))\" height=\"\(n(p.height))\" rx=\"\(node.prompt != nil ? 14 : 6)\"/>"
            if i == 0 { out += "<rect class=\"start\" x=\"\(n(p.x - 4))\" y=\"\(n(p.y - 4))\" width=\"\(n(p.width + 8))\" height=\"\(n(p.height + 8))\" rx=\"9\"/>" }
            out += "<text class=\"num\" x=\"\(n(p.x))\" y=\"\(n(p.y - (i == 0 ? 9 : 5)))\">\(i + 1)\(i == 0 ? " · start: the app just launched" : node.origin.map { " · " + Self.xml(TextSafety.escape($0, keepNewlines: false)) } ?? "")</text>"
            var y = p.y + 12
            let cx = p.x + p.width / 2
            for line in c.title {
                y += 17
                out += "<text class=\"pt\" x=\"\(n(cx))\" y=\"\(n(y - 4))\" text-anchor=\"middle\">\(Self.xml(line))</text>"
            }
            y += 4
            for line in c.message {
                y += 15
                out += "<text class=\"pm\" x=\"\(n(cx))\" y=\"\(n(y - 4))\" text-anchor=\"middle\">\(Self.xml(line))</text>"
            }
            if !c.buttons.isEmpty { y += 10 }
            for b in c.buttons {
                out += "<line class=\"sep\" x1=\"\(n(p.x))\" y1=\"\(n(y))\" x2=\"\(n(p.x + p.width))\" y2=\"\(n(y))\"/>"
                out += "<text class=\"bt\" x=\"\(n(cx))\" y=\"\(n(y + 19))\" text-anchor=\"middle\">\(Self.xml(b))</text>"
                y += 28
            }
            if node.prompt != nil {
                out += "<line class=\"sep\" x1=\"\(n(p.x))\" y1=\"\(n(y))\" x2=\"\(n(p.x + p.width))\" y2=\"\(n(y))\"/>"
                out += "<text class=\"rd\" x=\"\(n(p.x + 10))\" y=\"\(n(y + 15))\">\(Self.xml(c.lines[0]))</text>"
            } else {
                y = p.y + 6
                for (k, line) in c.lines.enumerated() {
                    y += 18
                    out += "<text class=\"\(k == c.lines.count - 1 ? "rd" : "st")\" x=\"\(n(p.x + 10))\" y=\"\(n(y))\">\(Self.xml(line))</text>"
                }
            }
            out += "</g>\n"
        }
        out += "<g class=\"labels\">\n" + layers[2] + "</g>\n"
        if !settingsRows.isEmpty {
            out += "<g class=\"settings-table\"><text class=\"pt\" x=\"\(n(Self.margin))\" y=\"\(n(tableTop))\">In Settings, from any screen: the person changes the app's page</text>\n"
            for (k, row) in settingsRows.enumerated() {
                let from = row.from.map { String($0 + 1) }.joined(separator: ", ")
                let to = nodes[row.to]
                out += "<text class=\"s\" x=\"\(n(Self.margin))\" y=\"\(n(tableTop + 22 + Double(k) * 18))\">\(Self.xml(TextSafety.escape(row.label, keepNewlines: false))) → \(row.to + 1) (app reads \(to.status.rawValue))   from \(from)</text>\n"
            }
            out += "</g>\n"
        }
        let width = n(rightmost + Self.margin)
        return "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(n(height))\" viewBox=\"0 0 \(width) \(n(height))\">\n" + out + "</svg>\n"
    }

    /// An edge's words, short enough for the gap between columns (the screen it leads to says the rest).
    static func shortLabel(_ label: String) -> String {
        var s = label.replacingOccurrences(of: "Authorization()", with: "…()")
        s = s.replacingOccurrences(of: "requestTemporaryFullAccuracyAuthorization(", with: "requestTemporaryFullAccuracy…(")
        s = s.replacingOccurrences(of: "CLServiceSession(authorization: ", with: "CLServiceSession(")
        return s.replacingOccurrences(of: ", fullAccuracyPurposeKey: ", with: ", ")
    }

    static func number(_ v: Double) -> String {
        let r = (v * 10).rounded() / 10
        return r == r.rounded() ? String(Int(r)) : String(r)
    }

    /// Text for SVG: markup escaped, characters XML cannot hold replaced.
    static func xml(_ s: String) -> String { XMLText.escape(s) }
}

/// Text made safe for XML (SVG, HTML): markup characters escaped, characters XML cannot hold
/// replaced by U+FFFD. The one escaper of every picture locflow draws.
public enum XMLText {
    public static func escape(_ s: String) -> String {
        var out = ""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default:
                let v = scalar.value
                if (v < 0x20 && v != 0x09 && v != 0x0A && v != 0x0D) || (0xFFFE...0xFFFF).contains(v) {
                    out += "\u{FFFD}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }
}
