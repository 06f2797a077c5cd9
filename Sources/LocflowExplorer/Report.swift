import LocflowCore
import LocflowFlow

/// The session bars of a finished history as text, zoomed so the whole flow fits.
public func sessionBarsText(_ state: ExplorerState, width: Int, height: Int? = nil) -> String {
    var s = state
    let cols = width - 4 - 14
    let total = max(1, s.world.now)
    s.zoomIndex = ExplorerState.zooms.firstIndex { $0 * (cols - 2) >= total } ?? (ExplorerState.zooms.count - 1)
    let scale = ExplorerState.zooms[s.zoomIndex]
    s.timelineEnd = max(cols * scale, s.world.now + 2 * scale)
    // As tall as the lanes and the legend want (at least the 12 rows it always had).
    let rows = height ?? max(12, Renderer(s: s, g: .unicode, f: Frame(width: width, height: 1)).barRowsWanted(width: width))
    var r = Renderer(s: s, g: .unicode, f: Frame(width: width, height: rows))
    r.drawPane(.sessions, (0, 0, width, rows), focused: false)
    // On a page there is nothing to zoom or scroll, and a row that holds only the end-of-flow
    // line says nothing.
    let hint = s.language.pick(", z/Z = zoom, t: steps, [ ] scroll) ", ", z/Z = 확대/축소, t: 단계별, [ ] 이동) ")
    let border = ") " + String(repeating: "─", count: TextWidth.columns(of: hint) - 2)
    return r.f.text.split(separator: "\n").map { String($0).replacingOccurrences("\u{258F}", "|").replacingOccurrences(hint, border) }
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
    /// The report in `language` (Korean: headings, labels, steps, outputs and rules; the
    /// expectations' messages and the plist's findings stay as `check` prints them).
    public static func markdown(flow: Flow, flowText: String, file: String, baseDirectory: String,
                                language: Language = .en) throws(FlowError) -> (text: String, failed: Int) {
        let L = language.pick
        let runner = FlowRunner(flow: flow, baseDirectory: baseDirectory)
        let (built, findings) = try runner.makeConfig()
        // The sample app speaks the report's language (its own InfoPlist.strings).
        let config = built.localizedSample(language.rawValue)
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
            // A statement as the flow writes it; a timer (no statement) in the report's language.
            let what = e.isStart ? L("start: the person launches the app", "시작: 사용자가 앱을 엽니다") : e.line == nil ? language.event(t.event) : t.event.flowText
            let step = code(what) + (t.refusal.map { L(" — **refused**: ", " — **거부됨**: ") + esc(language.why($0)) } ?? "")
            let outputs = t.outputs.filter { if case .callback = $0 { false } else { true } }.map(language.output)
            rows.append("| \(e.line.map(String.init) ?? "") | \(formatClock(t.time)) | \(step) | \(w.status.rawValue) | \(w.accuracy.rawValue) | \(w.settingsChoice.rawValue) | \(w.prompt?.kind.rawValue ?? "none") | \(language.lifecycle(w.lifecycle))\(w.inUse ? "" : L(" (not in use)", " (사용 중 아님)")) | \(esc(outputs.joined(separator: "; "))) |")
            for c in t.callbacks {
                callbacks.append("| \(formatClock(t.time)) | \(c.status.rawValue) | \(c.accuracy.rawValue) | \(e.line.map { L("line \($0)", "\($0)번 줄") } ?? (e.isStart ? L("launch", "실행") : L("timer: ", "타이머: ") + esc(what))) |")
            }
            for why in t.why + (t.refusal.map { [$0] } ?? []) {
                if rules[why.rule] == nil { ruleOrder.append(why.rule); rules[why.rule] = (0, e.line ?? lastLine, why.detail) }
                rules[why.rule]!.count += 1
            }
        }, onExpect: { line, ok, message in
            rows.append("| \(line.line) | | \(code(line.source)) | \(ok ? L("✓ holds", "✓ 맞음") : L("✗ **fails**: ", "✗ **틀림**: ") + esc(message ?? "")) | | | | | |")
        })

        // The session bars, from the explorer's renderer.
        var state = ExplorerState(config: config, width: 120, height: 40)
        state.language = language
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
        md.append(L("# locflow report: ", "# locflow 보고서: ") + esc(name))
        md.append("")
        if !flow.description.isEmpty { md.append(esc(flow.description.joined(separator: " "))); md.append("") }
        md.append(result.failed == 0 ? L("**Result:** all \(result.passed) expectations held and every step could be performed.", "**결과:** 확인 \(result.passed)개가 모두 맞았고 모든 단계를 수행할 수 있었습니다.")
                  : L("**Result:** \(result.failed) failed, \(result.passed) passed.", "**결과:** 확인 \(result.failed)개 틀림, \(result.passed)개 맞음."))
        for f in result.failures { md.append(L("- line \(f.line): ", "- \(f.line)번 줄: ") + esc(f.message)) }
        md.append("")
        md.append(L("## Configuration", "## 구성"))
        md.append("")
        md.append("| | |")
        md.append("|---|---|")
        md.append(L("| platform | ", "| 플랫폼 | ") + "\(config.platform.displayName) (`\(config.platform.rawValue)`) |")
        md.append(L("| app | ", "| 앱 | ") + "\(esc(config.appName)) |")
        // The files the flow loaded, so a reader knows which Info.plist the rows below describe.
        for line in flow.config {
            switch line.statement {
            case .config(.plist(let path)): md.append("| Info.plist | " + code(path) + L(" (line \(line.line)) |", " (\(line.line)번 줄) |"))
            case .config(.strings(let path)): md.append("| InfoPlist.strings | " + code(path) + L(" (line \(line.line)) |", " (\(line.line)번 줄) |"))
            default: break
            }
        }
        func key(_ name: String, _ present: Bool) { md.append("| `\(name)` | \(present ? L("present", "있음") : L("**missing**", "**없음**")) |") }
        key("NSLocationWhenInUseUsageDescription", config.info.hasWhenInUseKey)
        key("NSLocationAlwaysAndWhenInUseUsageDescription", config.info.alwaysAndWhenInUseDescription != nil)
        md.append("| `NSLocationTemporaryUsageDescriptionDictionary` | " + (config.info.temporaryUsageDescriptions.map { $0.isEmpty ? L("empty", "비어 있음") : L("purpose keys: ", "목적 키: ") + esc($0.keys.sorted().joined(separator: ", ")) } ?? L("**missing**", "**없음**")) + " |")
        md.append("| `NSLocationDefaultAccuracyReduced` | \(config.info.defaultAccuracyReduced) |")
        md.append("| `NSLocationRequireExplicitServiceSession` | \(config.info.requireExplicitServiceSession) |")
        md.append("| `UIBackgroundModes` | \(config.info.backgroundModes.isEmpty ? L("none", "없음") : esc(config.info.backgroundModes.joined(separator: ", "))) |")
        if config.restricted { md.append(L("| restricted | true |", "| 제한됨 | true |")) }
        if !config.locationServicesOn { md.append(L("| Location Services | off at the start |", "| 위치 서비스 | 시작할 때 꺼짐 |")) }
        if config.appClip { md.append(L("| App Clip | yes (`appClip true`) |", "| 앱 클립 | 예 (`appClip true`) |")) }
        if config.widget { md.append(L("| widget extension | wants location (`widget true`) |", "| 위젯 확장 | 위치 사용 (`widget true`) |")) }
        let defaults = Assumptions().described
        for (i, a) in config.assumptions.described.enumerated() {
            let changed = a.value != defaults[i].value
            md.append(L("| assumption `", "| 가정 `") + "\(a.name)` | \(a.value)\(changed ? L(" (changed; default \(defaults[i].value))", " (바뀜; 기본값 \(defaults[i].value))") : "") |")
        }
        for f in findings {
            // The flow's own configuration warnings name their line; the rest are the plist's.
            md.append(f.line.map { L("| flow \(f.severity.rawValue), line \($0) | ", "| 흐름 \(f.severity.rawValue), \($0)번 줄 | ") + "\(esc(f.message)) |" } ?? "| Info.plist \(f.severity.rawValue) | \(esc(f.text)) |")
        }
        md.append("")
        md.append(L("## Steps", "## 단계"))
        md.append("")
        md.append(L("Each step and each timer that fired, with the state after it.", "각 단계와 실행된 타이머, 그 뒤의 상태."))
        md.append("")
        md.append(L("| line | time | step | status | accuracy | Settings | prompt | lifecycle | what happened |", "| 줄 | 시각 | 단계 | 상태 | 정확도 | 설정 | 알림 | 생명주기 | 일어난 일 |"))
        md.append("|---|---|---|---|---|---|---|---|---|")
        md += rows
        md.append("")
        md.append(L("## Callbacks", "## 콜백"))
        md.append("")
        md.append("`\(config.profile.callbackName)`, " + L("\(callbacks.count) in all:", "모두 \(callbacks.count)번:"))
        md.append("")
        md.append(L("| time | status | accuracy | delivered by |", "| 시각 | 상태 | 정확도 | 전달한 것 |"))
        md.append("|---|---|---|---|")
        md += callbacks
        md.append("")
        md.append(L("## Diagnostics at the end", "## 마지막 상태의 진단"))
        md.append("")
        let w = result.world
        if w.diagnosticSources.isEmpty {
            md.append(config.profile.hasServiceSessions ? L("No diagnostics sources (no session, liveUpdates, monitor or background activity session).", "진단 소스가 없습니다 (세션, liveUpdates, monitor, 백그라운드 활동 세션 없음).")
                      : L("Diagnostics need iOS 18.", "진단은 iOS 18부터 있습니다."))
        } else {
            md.append(L("| source | type | true properties |", "| 소스 | 타입 | 참인 속성 |"))
            md.append("|---|---|---|")
            for source in w.diagnosticSources {
                let on = w.diagnostics(source)
                md.append("| \(esc(source.name)) | `\(source.type.rawValue)` | \(on.isEmpty ? L("none", "없음") : on.map { "`\($0.rawValue)`" }.joined(separator: ", ")) |")
            }
        }
        md.append("")
        // Format 1.1: locations the app received, the pause, widgets, the latest error.
        md.append(L("## Locations at the end", "## 마지막 상태의 위치"))
        md.append("")
        md.append("| | |")
        md.append("|---|---|")
        md.append(L("| locations received (`expect fixes`) | ", "| 받은 위치 수 (`expect fixes`) | ") + "\(w.fixes) |")
        md.append(L("| last location (`expect fix`) | ", "| 마지막 위치 (`expect fix`) | ") + (w.lastFix.map { "\($0.rawValue), " + L("at ", "시각 ") + formatClock(w.lastFixAt ?? 0) } ?? L("none", "없음")) + " |")
        md.append(L("| standard updates | ", "| 표준 업데이트 | ") + (w.lifecycle == .terminated || !w.process.standardUpdates ? L("not started in this process", "이 프로세스에서 시작하지 않음")
                  : w.process.paused ? L("**paused** by automatic pausing (`locationManagerDidPauseLocationUpdates`)", "자동 일시 정지로 **멈춤** (`locationManagerDidPauseLocationUpdates`)") : L("running", "실행 중")) + " |")
        md.append("| `desiredAccuracy` | \(w.process.desiredAccuracy.rawValue) |")
        md.append("| `pausesLocationUpdatesAutomatically` | \(w.process.pausesAutomatically) |")
        md.append("| `showsBackgroundLocationIndicator` | \(w.process.showsBackgroundIndicator) |")
        md.append(L("| Live Activity | ", "| 라이브 액티비티 | ") + (w.liveActivityActive ? L("active", "활성") : L("none", "없음")) + " |")
        md.append("| `isAuthorizedForWidgetUpdates` | \(w.widgetUpdates) |")
        md.append(L("| Control Center (`expect controlCenter`) | ", "| 제어 센터 (`expect controlCenter`) | ") + "\(w.controlCenter.rawValue): " + Markdown.text(language.controlCenterReason(w)) + " |")
        md.append(L("| latest `didFailWithError` | ", "| 마지막 `didFailWithError` | ") + "\(w.lastError.rawValue) |")
        md.append("")
        md.append(L("Delivering: ", "전달: ") + DeliverySource.allCases.map { "\($0.rawValue) \(w.delivering($0) ? L("yes", "예") : L("no", "아니오"))" }.joined(separator: ", ") + ".")
        md.append("")
        md.append(L("## Session bars", "## 세션 막대"))
        md.append("")
        let barsFence = Markdown.fence(for: bars)
        md.append(barsFence + "text")
        md.append(bars)
        md.append(barsFence)
        md.append("")
        md.append(L("## Rules that fired", "## 적용된 규칙"))
        md.append("")
        md.append(L("Sources: `A` Apple documentation, `D` developer reports, `R` reverse-engineered, `I` an inference of the simulator (an assumption).", "출처: `A` 애플 문서, `D` 개발자 보고, `R` 리버스 엔지니어링, `I` 시뮬레이터의 추론 (가정)."))
        md.append("")
        md.append(L("| rule | source | times | first at |", "| 규칙 | 출처 | 횟수 | 처음 |"))
        md.append("|---|---|---|---|")
        for r in ruleOrder {
            let info = rules[r]!
            md.append("| \(esc(language == .ko ? Korean.rules[r] ?? r.text : r.text)) | \(r.source) | \(info.count) | \(info.firstLine.map { L("line \($0)", "\($0)번 줄") } ?? L("launch", "실행")) |")
        }
        md.append("")
        md.append(L("## The flow", "## 흐름"))
        md.append("")
        md.append(L("Run it with ", "실행: ") + code("locflow check \(name)") + L(" or step through it with ", ", 단계별로 보기: ") + code("locflow open \(name)") + L(".", ""))
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
        md.append(L("## Sources", "## 출처"))
        md.append("")
        if cited.isEmpty {
            md.append(L("The rules that fired are all assumptions of the simulator; no source cites them.", "적용된 규칙은 모두 시뮬레이터의 가정입니다. 인용할 출처가 없습니다."))
        } else {
            md.append(L("What the rules above cite (`locflow rules` lists every rule with its sources).", "위 규칙이 인용하는 출처 (`locflow rules`가 모든 규칙과 출처를 나열합니다)."))
            md.append("")
            for source in cited.sorted(by: { (Source.all.firstIndex(of: $0) ?? 0) < (Source.all.firstIndex(of: $1) ?? 0) }) {
                md.append("- \(source.id): " + (source.url.map { "[\(esc(source.title))](\($0))" } ?? esc(source.title)))
            }
        }
        // A stranger's flow, plist or strings file must not drive the terminal that shows the report.
        return (TextSafety.escape(md.joined(separator: "\n") + "\n"), result.failed)
    }
}
