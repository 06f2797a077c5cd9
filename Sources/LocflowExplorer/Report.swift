import LocflowCore
import LocflowFlow

/// The session bars of a finished history as text, zoomed so the whole flow fits.
public func sessionBarsText(_ state: ExplorerState, width: Int, height: Int = 12) -> String {
    var s = state
    let cols = width - 4 - 14
    let total = max(1, s.world.now)
    s.zoomIndex = ExplorerState.zooms.firstIndex { $0 * (cols - 2) >= total } ?? (ExplorerState.zooms.count - 1)
    let scale = ExplorerState.zooms[s.zoomIndex]
    s.timelineEnd = max(cols * scale, s.world.now + 2 * scale)
    var r = Renderer(s: s, g: .unicode, f: Frame(width: width, height: height))
    r.drawPane(.sessions, (0, 0, width, height), focused: false)
    // On a page there is nothing to zoom or scroll, and a row that holds only the end-of-flow
    // line says nothing.
    let hint = ", z/Z zoom, [ ] scroll) "
    return r.f.text.split(separator: "\n").map { String($0).replacingOccurrences("\u{258F}", "|").replacingOccurrences(hint, ") " + String(repeating: "─", count: hint.count - 2)) }
        .filter { line in !line.isEmpty && !line.dropFirst().dropLast().allSatisfy { $0 == " " || $0 == "|" } || !line.contains("|") }
        .map { $0.trimmingTrailingSpaces() }.joined(separator: "\n")
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var s = Substring(self)
        while s.last == " " { s = s.dropLast() }
        return String(s)
    }
}

/// `locflow report`: a Markdown bug report for a flow.
public enum Report {
    public static func markdown(flow: Flow, flowText: String, file: String, baseDirectory: String) throws(FlowError) -> (text: String, failed: Int) {
        let runner = FlowRunner(flow: flow, baseDirectory: baseDirectory)
        let (config, findings) = try runner.makeConfig()
        var rows: [String] = []
        var callbacks: [String] = []
        var rules: [Rule: (count: Int, firstLine: Int?, detail: String?)] = [:]
        var ruleOrder: [Rule] = []
        var lastLine: Int?
        // What a flow or a plist carries is text, never Markdown's or HTML's (`Markdown`).
        let esc = Markdown.text, code = Markdown.code
        var n = 0
        let result = try runner.run(onEntry: { e in
            let w = e.world, t = e.transition
            if e.line != nil { lastLine = e.line }
            n += 1
            let what = e.isStart ? "start: the person launches the app" : t.event.flowText
            let step = code(what) + (t.refusal.map { " — **refused**: " + esc($0.text) } ?? "")
            let outputs = t.outputs.filter { if case .callback = $0 { false } else { true } }.map(\.text)
            rows.append("| \(e.line.map(String.init) ?? "") | \(formatClock(t.time)) | \(step) | \(w.status.rawValue) | \(w.accuracy.rawValue) | \(w.settingsChoice.rawValue) | \(w.prompt?.kind.rawValue ?? "none") | \(w.lifecycle.rawValue)\(w.inUse ? "" : " (not in use)") | \(esc(outputs.joined(separator: "; "))) |")
            for c in t.callbacks {
                callbacks.append("| \(formatClock(t.time)) | \(c.status.rawValue) | \(c.accuracy.rawValue) | \(e.line.map { "line \($0)" } ?? (e.isStart ? "launch" : "timer: " + esc(what))) |")
            }
            for why in t.why + (t.refusal.map { [$0] } ?? []) {
                if rules[why.rule] == nil { ruleOrder.append(why.rule); rules[why.rule] = (0, e.line ?? lastLine, why.detail) }
                rules[why.rule]!.count += 1
            }
        }, onExpect: { line, ok, message in
            rows.append("| \(line.line) | | \(code(line.source)) | \(ok ? "✓ holds" : "✗ **fails**: " + esc(message ?? "")) | | | | | |")
        })

        // The session bars, from the explorer's renderer.
        var state = ExplorerState(config: config, width: 120, height: 40)
        state.speedIndex = 0
        for line in flow.body {
            switch line.statement {
            case .step(let e): state.history.append(HistoryStep(.event(e), line: line.line))
            case .expect, .config: break
            }
        }
        let bars = sessionBarsText(state, width: 120)

        var md: [String] = []
        let name = file.split(separator: "/").last.map(String.init) ?? file
        md.append("# locflow report: " + esc(name))
        md.append("")
        if !flow.description.isEmpty { md.append(esc(flow.description.joined(separator: " "))); md.append("") }
        md.append(result.failed == 0 ? "**Result:** all \(result.passed) expectations held and every step could be performed."
                  : "**Result:** \(result.failed) failed, \(result.passed) passed.")
        for f in result.failures { md.append("- line \(f.line): " + esc(f.message)) }
        md.append("")
        md.append("## Configuration")
        md.append("")
        md.append("| | |")
        md.append("|---|---|")
        md.append("| platform | \(config.platform.displayName) (`\(config.platform.rawValue)`) |")
        md.append("| app | \(esc(config.appName)) |")
        // The files the flow loaded, so a reader knows which Info.plist the rows below describe.
        for line in flow.config {
            switch line.statement {
            case .config(.plist(let path)): md.append("| Info.plist | " + code(path) + " (line \(line.line)) |")
            case .config(.strings(let path)): md.append("| InfoPlist.strings | " + code(path) + " (line \(line.line)) |")
            default: break
            }
        }
        func key(_ name: String, _ present: Bool) { md.append("| `\(name)` | \(present ? "present" : "**missing**") |") }
        key("NSLocationWhenInUseUsageDescription", config.info.hasWhenInUseKey)
        key("NSLocationAlwaysAndWhenInUseUsageDescription", config.info.alwaysAndWhenInUseDescription != nil)
        md.append("| `NSLocationTemporaryUsageDescriptionDictionary` | " + (config.info.temporaryUsageDescriptions.map { $0.isEmpty ? "empty" : "purpose keys: " + esc($0.keys.sorted().joined(separator: ", ")) } ?? "**missing**") + " |")
        md.append("| `NSLocationDefaultAccuracyReduced` | \(config.info.defaultAccuracyReduced) |")
        md.append("| `NSLocationRequireExplicitServiceSession` | \(config.info.requireExplicitServiceSession) |")
        md.append("| `UIBackgroundModes` | \(config.info.backgroundModes.isEmpty ? "none" : esc(config.info.backgroundModes.joined(separator: ", "))) |")
        if config.restricted { md.append("| restricted | true |") }
        if !config.locationServicesOn { md.append("| Location Services | off at the start |") }
        if config.appClip { md.append("| App Clip | yes (`appClip true`) |") }
        if config.widget { md.append("| widget extension | wants location (`widget true`) |") }
        let defaults = Assumptions().described
        for (i, a) in config.assumptions.described.enumerated() {
            let changed = a.value != defaults[i].value
            md.append("| assumption `\(a.name)` | \(a.value)\(changed ? " (changed; default \(defaults[i].value))" : "") |")
        }
        for f in findings {
            // The flow's own configuration warnings name their line; the rest are the plist's.
            md.append(f.line.map { "| flow \(f.severity.rawValue), line \($0) | \(esc(f.message)) |" } ?? "| Info.plist \(f.severity.rawValue) | \(esc(f.text)) |")
        }
        md.append("")
        md.append("## Steps")
        md.append("")
        md.append("Each step and each timer that fired, with the state after it.")
        md.append("")
        md.append("| line | time | step | status | accuracy | Settings | prompt | lifecycle | what happened |")
        md.append("|---|---|---|---|---|---|---|---|---|")
        md += rows
        md.append("")
        md.append("## Callbacks")
        md.append("")
        md.append("`\(config.profile.callbackName)`, \(callbacks.count) in all:")
        md.append("")
        md.append("| time | status | accuracy | delivered by |")
        md.append("|---|---|---|---|")
        md += callbacks
        md.append("")
        md.append("## Diagnostics at the end")
        md.append("")
        let w = result.world
        if w.diagnosticSources.isEmpty {
            md.append(config.profile.hasServiceSessions ? "No diagnostics sources (no session, liveUpdates, monitor or background activity session)."
                      : "Diagnostics need iOS 18.")
        } else {
            md.append("| source | type | true properties |")
            md.append("|---|---|---|")
            for source in w.diagnosticSources {
                let on = w.diagnostics(source)
                md.append("| \(esc(source.name)) | `\(source.type.rawValue)` | \(on.isEmpty ? "none" : on.map { "`\($0.rawValue)`" }.joined(separator: ", ")) |")
            }
        }
        md.append("")
        // Format 1.1: locations the app received, the pause, widgets, the latest error.
        md.append("## Locations at the end")
        md.append("")
        md.append("| | |")
        md.append("|---|---|")
        md.append("| locations received (`expect fixes`) | \(w.fixes) |")
        md.append("| last location (`expect fix`) | " + (w.lastFix.map { "\($0.rawValue), at \(formatClock(w.lastFixAt ?? 0))" } ?? "none") + " |")
        md.append("| standard updates | " + (w.lifecycle == .terminated || !w.process.standardUpdates ? "not started in this process"
                  : w.process.paused ? "**paused** by automatic pausing (`locationManagerDidPauseLocationUpdates`)" : "running") + " |")
        md.append("| `desiredAccuracy` | \(w.process.desiredAccuracy.rawValue) |")
        md.append("| `pausesLocationUpdatesAutomatically` | \(w.process.pausesAutomatically) |")
        md.append("| `showsBackgroundLocationIndicator` | \(w.process.showsBackgroundIndicator) |")
        md.append("| Live Activity | \(w.liveActivityActive ? "active" : "none") |")
        md.append("| `isAuthorizedForWidgetUpdates` | \(w.widgetUpdates) |")
        md.append("| Control Center (`expect controlCenter`) | \(w.controlCenter.rawValue): " + Markdown.text(w.controlCenterReason) + " |")
        md.append("| latest `didFailWithError` | \(w.lastError.rawValue) |")
        md.append("")
        md.append("Delivering: " + DeliverySource.allCases.map { "\($0.rawValue) \(w.delivering($0) ? "yes" : "no")" }.joined(separator: ", ") + ".")
        md.append("")
        md.append("## Session bars")
        md.append("")
        let barsFence = Markdown.fence(for: bars)
        md.append(barsFence + "text")
        md.append(bars)
        md.append(barsFence)
        md.append("")
        md.append("## Rules that fired")
        md.append("")
        md.append("Sources: `A` Apple documentation, `D` developer reports, `R` reverse-engineered, `I` an inference of the simulator (an assumption).")
        md.append("")
        md.append("| rule | source | times | first at |")
        md.append("|---|---|---|---|")
        for r in ruleOrder {
            let info = rules[r]!
            md.append("| \(esc(r.text)) | \(r.source) | \(info.count) | \(info.firstLine.map { "line \($0)" } ?? "launch") |")
        }
        md.append("")
        md.append("## The flow")
        md.append("")
        md.append("Run it with " + code("locflow check \(name)") + " or step through it with " + code("locflow open \(name)") + ".")
        md.append("")
        // A fence longer than any run of backticks in the flow, so nothing in it ends the block.
        let fence = Markdown.fence(for: flowText)
        md.append(fence)
        md.append(flowText.hasSuffix("\n") ? String(flowText.dropLast()) : flowText)
        md.append(fence)
        // Every "why" above leads to a page a reader can open.
        var cited: [Source] = []
        for r in ruleOrder { for source in r.sources where !cited.contains(source) { cited.append(source) } }
        md.append("")
        md.append("## Sources")
        md.append("")
        if cited.isEmpty {
            md.append("The rules that fired are all assumptions of the simulator; no source cites them.")
        } else {
            md.append("What the rules above cite (`locflow rules` lists every rule with its sources).")
            md.append("")
            for source in cited.sorted(by: { (Source.all.firstIndex(of: $0) ?? 0) < (Source.all.firstIndex(of: $1) ?? 0) }) {
                md.append("- \(source.id): " + (source.url.map { "[\(esc(source.title))](\($0))" } ?? esc(source.title)))
            }
        }
        // A stranger's flow, plist or strings file must not drive the terminal that shows the report.
        return (TextSafety.escape(md.joined(separator: "\n") + "\n"), result.failed)
    }
}
