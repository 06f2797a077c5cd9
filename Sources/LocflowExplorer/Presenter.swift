import LocflowCore
import LocflowFlow

/// `locflow play`: presenter mode. The tour's steps survive any key: a manual action branches off
/// the tour, and next (→) or back (←) returns to where it was left. Waits play out on screen, so the
/// session bars fill as the audience watches, and each step brings its pane to the front.
extension ExplorerState {
    /// How often (wall ms) a wait being shown moves on.
    static let waitFrameMs = 50

    /// How long (wall ms) a wait of `ms` takes on screen: at least 1.5 s, at most 5 s.
    static func waitDuration(_ ms: Millis) -> Int { max(1_500, min(5_000, ms / 10)) }

    /// Starts presenting the loaded steps.
    public mutating func startTour(every: Int, title: String?) {
        var a = Autoplay(every: every)
        a.tour = history.steps
        // "Tour: ..." (and "투어: ...") intros: the caption area's title already says it is a
        // tour; what is left starts as a sentence.
        a.title = title.map { t in
            guard let prefix = ["Tour: ", "투어: "].first(where: { t.hasPrefix($0) }) else { return t }
            let rest = t.dropFirst(prefix.count)
            // A name spelt with a small first letter stays so: iOS, macOS, iPad.
            let word = rest.prefix { !$0.isWhitespace }
            if word.dropFirst().contains(where: \.isUppercase) { return String(rest) }
            return rest.prefix(1).uppercased() + rest.dropFirst()
        }
        autoplay = a
        speedIndex = 0
        message = nil
        stepBars = true
        fitBarsToTour()
    }

    /// Zooms the bars so the whole tour's time fits their width.
    mutating func fitBarsToTour() {
        guard let a = autoplay else { return }
        var total: Millis = 0
        for step in a.tour { if case .event(.wait(let ms)) = step.kind { total += ms } }
        guard total > 0 else { return }
        let cols = max(10, width - 4 - 14)
        zoomIndex = Self.zooms.firstIndex { $0 * (cols - 4) >= total } ?? Self.zooms.count - 1
    }

    /// The panes the step just shown names (`[panes: …]` in its comment) when the focus is on
    /// one of them: a narrow screen shows them side by side.
    public var namedPanes: [Pane] {
        guard history.applied > 0 else { return [] }
        let panes = history.steps[history.applied - 1].panes
        return panes.count >= 2 && panes.contains(focus) ? Array(panes.prefix(2)) : []
    }

    /// Whether the explorer is on the tour (not off it on a branch of the presenter's own).
    public var onTour: Bool { autoplay.map { $0.branchAt == nil } ?? false }

    /// What the caption area says: the tour's intro, the step's caption, or how to return.
    public var caption: (title: String, text: String, failed: Bool)? {
        guard let a = autoplay else { return nil }
        let n = a.tour.count
        if let b = a.branchAt {
            return (language("off the tour"), language("Your own steps: → or ← returns to the tour at step") + " \(b)/\(n).", false)
        }
        guard history.applied > 0 else {
            return (language("tour") + " \(g0(n))", a.title ?? "", false)
        }
        let step = history.steps[history.applied - 1]
        var title = language("step") + " \(history.applied)/\(n)" + (step.line.map { " \(language("line")) \($0)" } ?? "") + ": " + describe(a.tour.indices.contains(history.applied - 1) ? a.tour[history.applied - 1] : step)
        var failed = false
        if case .expect = step.kind, let result = history.log.last?.expectation {
            title += result.ok ? "  \u{2713}" : "  \u{2717} \(language("found")) \(result.found)"
            failed = !result.ok
        }
        return (title, step.caption ?? "", failed)
    }

    /// A step as the presenter's caption names it (a sentence in Korean).
    func describe(_ step: HistoryStep) -> String {
        if step.isExpect { return language.expectation(step.flowText) }
        return step.event.map(language.event) ?? step.flowText
    }

    private func g0(_ n: Int) -> String { "(\(n) \(language("steps")))" }

    /// The pane a step is about.
    static func pane(for step: HistoryStep) -> Pane {
        switch step.kind {
        case .event(.user(.settings)), .event(.user(.settingsPrecise)), .event(.user(.settingsLocationServices)), .event(.user(.settingsReset)):
            return .settings
        case .event(.wait), .event(.timer): return .sessions
        case .event: return .app
        case .expect(let x):
            switch x {
            case .settings, .settingsPrecise, .settingsOptions, .locationServicesEnabled: return .settings
            case .diagnostic, .diagnostics, .delivering: return .diagnostics
            case .session: return .sessions
            default: return .app
            }
        case .pin: return .app
        }
    }

    /// A key while presenting: the tour's own keys, or nil to treat it as the explorer would.
    mutating func presenterKey(_ key: Key) -> [Effect]? {
        guard autoplay != nil else { return nil }
        switch key {
        case .right, .char("n"), .pageDown, .char("r"): return tourNext()
        case .left, .pageUp: return tourBack()
        case .char("m"): return perform(.presenterKeys)
        default:
            guard autoplay?.fullKeys == false, autoplay?.branchAt == nil,
                  let command = Keymap.command(for: key, promptUp: world.prompt != nil, promptFocused: promptFocused),
                  !Self.presenterSafe(command) else { return nil }
            // A stray key must not take the demo off the tour.
            say(language("presenting: only the tour's keys act (→ next, ← back, Space, q); m gives every key"), error: true)
            return []
        }
    }

    /// Commands that change only the view (and the tour's own), which act while presenting.
    static func presenterSafe(_ command: Command) -> Bool {
        switch command {
        case .togglePause, .quit, .help, .focusNext, .focusPrevious, .focus, .move, .zoom, .scroll, .follow,
             .barsMode, .zoomFit, .logFilter, .tourNext, .tourBack, .presenterKeys, .promptScroll:
            return true
        default:
            return false
        }
    }

    /// Next: back to the tour when off it, else the end of a wait being shown, else the next step.
    mutating func tourNext() -> [Effect] {
        guard var a = autoplay else { return [] }
        if a.branchAt != nil { returnToTour(); return [] }
        if a.waiting != nil { finishTourWait(); return [] }
        guard history.canRedo else { say(language("end of the tour: ← goes back, q quits")); return [] }
        a.nextAt = wallNow + a.every
        autoplay = a
        tourStep(animated: false)
        return []
    }

    /// Back: to the tour when off it, else one step back.
    mutating func tourBack() -> [Effect] {
        guard var a = autoplay else { return [] }
        if a.branchAt != nil { returnToTour(); return [] }
        if a.waiting != nil { a.waiting = nil; autoplay = a }
        guard history.canUndo else { return [] }
        history.undo()
        history.replaceFuture(with: a.tour[history.applied...])
        a.nextAt = wallNow + a.every
        autoplay = a
        message = nil
        if history.applied > 0 { focus = history.steps[history.applied - 1].panes.first ?? Self.pane(for: history.steps[history.applied - 1]) }
        return []
    }

    /// Leaves the presenter's branch: back to the tour where it was left.
    mutating func returnToTour() {
        guard var a = autoplay, let b = a.branchAt else { return }
        while history.applied > b { history.undo() }
        let at = history.applied
        history.replaceFuture(with: a.tour[at...])
        a.branchAt = nil
        a.nextAt = wallNow + a.every
        autoplay = a
        message = nil
        if at > 0 { focus = history.steps[at - 1].panes.first ?? Self.pane(for: history.steps[at - 1]) }
    }

    /// Applies the tour's next step; a wait plays out over a few seconds when animated.
    mutating func tourStep(animated: Bool) {
        guard var a = autoplay, history.canRedo else { return }
        let index = history.applied
        let before = world
        message = nil
        if animated, case .event(.wait(let ms)) = a.tour[index].kind, ms > 0 {
            history.rerunFuture(index, as: .event(.wait(0)))
            a.waiting = (index, ms, wallNow, Self.waitDuration(ms))
            autoplay = a
        } else {
            history.redo()
        }
        noteDiagnosticChanges(before)
        promptSelection = 0
        promptScroll = 0
        focus = a.tour[index].panes.first ?? Self.pane(for: a.tour[index])
        // On Settings the selection is the option in force (the row the step is about).
        if focus == .settings, let row = settingsItems.firstIndex(where: { $0.checked == true && $0.command.map { if case .step(.user(.settings)) = $0 { true } else { false } } == true }) {
            selection[.settings] = row
        }
    }

    /// Shows a wait's whole length at once (its end).
    mutating func finishTourWait() {
        guard var a = autoplay, let wait = a.waiting else { return }
        history.rerunLast(as: .event(.wait(wait.total)))
        a.waiting = nil
        a.nextAt = wallNow + a.every
        autoplay = a
    }

    /// The presenter's clock: a wait grows, then the next step comes after the step delay.
    mutating func tourTick(_ wall: Int) -> [Effect] {
        guard var a = autoplay, !a.paused, a.branchAt == nil else { return [] }
        if let wait = a.waiting {
            let done = min(1.0, Double(wall - wait.startedAt) / Double(wait.duration))
            if done >= 1 { finishTourWait(); return [] }
            let ms = Int(Double(wait.total) * done)
            let before = world
            history.rerunLast(as: .event(.wait(ms)))
            noteDiagnosticChanges(before)
            return []
        }
        guard history.canRedo else { return [] }
        guard let next = a.nextAt else {
            a.nextAt = wall + a.every
            autoplay = a
            return []
        }
        guard wall >= next else { return [] }
        a.nextAt = wall + a.every
        autoplay = a
        tourStep(animated: true)
        return []
    }

    /// After a manual key: notes where the presenter left the tour.
    mutating func noteBranch() {
        guard var a = autoplay, a.branchAt == nil else { return }
        if a.waiting != nil { return }
        let steps = history.steps
        var i = 0
        while i < min(steps.count, a.tour.count) && steps[i].flowText == a.tour[i].flowText { i += 1 }
        if i == a.tour.count && steps.count == a.tour.count { return }
        // The presenter's own steps start at i; the tour resumes there.
        a.branchAt = min(i, history.applied)
        autoplay = a
    }
}
