import LocflowCore

/// The flow map as text, Graphviz DOT and Mermaid.
extension FlowMap {
    public enum Format: String, CaseIterable, Sendable { case text, dot, mermaid, svg }

    public var title: String {
        "\(TextSafety.escape(config.info.appName, keepNewlines: false)) on \(config.profile.platform.displayName): \(nodes.count) screens, \(edges.count) transitions"
    }

    /// A line wrapped at spaces to about `width` characters.
    static func wrapped(_ s: String, _ width: Int = 38) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in s.split(separator: " ") {
            if !line.isEmpty && line.count + 1 + word.count > width { lines.append(line); line = "" }
            line += (line.isEmpty ? "" : " ") + word
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }

    func labelLines(_ n: Node) -> [String] { lines(n).flatMap { Self.wrapped($0) } }

    /// Each node with its way out, in the order the walk found them.
    public var text: String {
        var out = "Flow map: \(title)\n"
        out += "Nodes are what the person sees (a prompt with its buttons, or the app's Settings page) and the status the app reads.\n"
        for (i, n) in nodes.enumerated() {
            out += "\n[\(i + 1)] " + lines(n).joined(separator: " · ") + (i == 0 ? "   (start: the app just launched)" : "") + "\n"
            for e in edges where e.from == i {
                out += "    \(e.label) → [\(e.to + 1)]\n"
            }
        }
        return out
    }

    /// A DOT string literal: quoted as a flow word is (`\"`, `\\`, `\n`), which DOT reads alike.
    static func dotString(_ s: String) -> String { quote(s) }

    static let edgeStyle: [EdgeKind: String] = [
        .tap: "color=\"#1d4ed8\", fontcolor=\"#1d4ed8\"",
        .settings: "color=\"#c4b5fd\", fontcolor=\"#8b5cf6\", style=dashed, constraint=false",
        .app: "color=\"#15803d\", fontcolor=\"#15803d\"",
        .time: "color=\"#6b7280\", fontcolor=\"#6b7280\", style=dotted",
    ]

    /// Graphviz: a large map (more than 40 nodes, with every extra) limits the placement passes
    /// (nslimit) so dot still lays it out in about a second rather than seven.
    /// Prompts as blue rounded boxes, Settings pages as grey boxes; taps blue, Settings
    /// changes dashed purple, app requests green, time dotted grey.
    public var dot: String {
        var out = "digraph flowmap {\n"
        out += "  graph [rankdir=LR, fontname=\"Helvetica\", fontsize=14, labelloc=t, label=\(Self.dotString("Flow map: " + title)), nodesep=0.3, ranksep=0.45\(nodes.count > 40 ? ", nslimit=2" : "")];\n"
        out += "  node [shape=box, style=\"rounded,filled\", fontname=\"Helvetica\", fontsize=10, margin=\"0.12,0.06\"];\n"
        out += "  edge [fontname=\"Helvetica\", fontsize=9];\n"
        for (i, n) in nodes.enumerated() {
            let fill = n.prompt != nil ? "#dbeafe" : (n.status.isAuthorized ? "#dcfce7" : "#f3f4f6")
            let pen = n.prompt != nil ? ", color=\"#1d4ed8\", penwidth=1.6" : ", color=\"#6b7280\""
            out += "  n\(i) [label=\(Self.dotString(labelLines(n).joined(separator: "\n"))), fillcolor=\"\(fill)\"\(pen)\(i == 0 ? ", peripheries=2" : "")];\n"
        }
        // Settings changes are a quieter layer: drawn with --with settings (text and svg list them).
        for e in edges where e.kind != .settings || extras.contains(.settings) {
            out += "  n\(e.from) -> n\(e.to) [label=\(Self.dotString(Self.wrapped(e.label, 28).joined(separator: "\n"))), \(Self.edgeStyle[e.kind]!)];\n"
        }
        return out + "}\n"
    }

    static func mermaidString(_ s: String) -> String {
        var out = ""
        for ch in s {
            switch ch {
            case "\"": out += "#quot;"
            case "<": out += "#lt;"
            case ">": out += "#gt;"
            case "#": out += "#35;"
            case "|": out += "#124;"
            default: out.append(ch)
            }
        }
        return out
    }

    /// Mermaid (flowchart): renders in GitHub Markdown inside a ```mermaid block.
    public var mermaid: String {
        // The title is a YAML string in double quotes (the text has colons).
        var out = "---\ntitle: " + Self.dotString(Self.mermaidString("Flow map: " + title)) + "\n---\nflowchart TD\n"
        for (i, n) in nodes.enumerated() {
            let label = labelLines(n).map(Self.mermaidString).joined(separator: "<br/>")
            out += n.prompt != nil ? "  n\(i)([\"\(label)\"])\n" : "  n\(i)[\"\(label)\"]\n"
        }
        for e in edges where e.kind != .settings || extras.contains(.settings) {
            let arrow = e.kind == .settings || e.kind == .time ? "-.->" : "-->"
            out += "  n\(e.from) \(arrow)|\"\(Self.mermaidString(e.label))\"| n\(e.to)\n"
        }
        let prompts = nodes.indices.filter { nodes[$0].prompt != nil }.map { "n\($0)" }
        let allowed = nodes.indices.filter { nodes[$0].prompt == nil && nodes[$0].status.isAuthorized }.map { "n\($0)" }
        out += "  classDef prompt fill:#dbeafe,stroke:#1d4ed8,stroke-width:2px\n"
        out += "  classDef allowed fill:#dcfce7,stroke:#6b7280\n"
        out += "  classDef other fill:#f3f4f6,stroke:#6b7280\n"
        if !prompts.isEmpty { out += "  class \(prompts.joined(separator: ",")) prompt\n" }
        if !allowed.isEmpty { out += "  class \(allowed.joined(separator: ",")) allowed\n" }
        let others = nodes.indices.filter { nodes[$0].prompt == nil && !nodes[$0].status.isAuthorized }.map { "n\($0)" }
        if !others.isEmpty { out += "  class \(others.joined(separator: ",")) other\n" }
        return out
    }
}
