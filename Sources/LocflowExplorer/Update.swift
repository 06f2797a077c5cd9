import LocflowCore
import LocflowFlow

extension ExplorerState {

    /// The reducer of the explorer: input in, effects out (the recording is synced by `update`).
    mutating func handle(_ input: Input) -> [Effect] {
        switch input {
        case .resize(let w, let h):
            width = w
            height = h
            fitBarsToTour()
            return []
        case .tick(let wall):
            wallNow = wall
            defer { lastTick = wall }
            if autoplay != nil { return tourTick(wall) }
            guard let last = lastTick, !isPaused else { return [] }
            virtualRemainder += Double(wall - last) * Double(speed)
            let ms = Int(virtualRemainder)
            guard ms >= 1 else { return [] }
            virtualRemainder -= Double(ms)
            return advanceClock(ms)
        case .scrollWheel where isTooSmall, .click where isTooSmall:
            return []
        case .key(let key) where isTooSmall:
            // The screen says only "make it larger, or press q to quit": no other key acts
            // unseen (w, a tap and $ used to change the world, and the recording, blind).
            return key == .char("q") || key == .ctrl("c") ? perform(.quit) : []
        case .click(let x, let y):
            let frame = render(self, glyphs: .unicode)
            guard let command = frame.command(atX: x, y: y) else { return [] }
            // The list stays where it is under the pointer: the clicked line keeps its row.
            if case .select(.app, _) = command { appListTop = frame.appListTop }
            // Presenting, a click on an app action is a stray key too (m gives every key).
            if let a = autoplay, !a.fullKeys, a.branchAt == nil, !Self.presenterSafe(command) {
                say(language("presenting: only the tour's keys act (→ next, ← back, Space, q); m gives every key"), error: true)
                return []
            }
            if autoplay != nil, command != .togglePause, command != .quit, command != .tourNext, command != .tourBack { finishTourWait() }
            let effects = performKeepingAside(command)
            noteBranch()
            return effects
        case .scrollWheel(let x, let y, let delta):
            // The wheel scrolls what is under the pointer: a prompt's long message, else the
            // pane (the log by default).
            let frame = render(self, glyphs: .unicode)
            if let box = frame.scrollingPrompt, x >= box.x, x < box.x + box.width, y >= box.y, y < box.y + box.height {
                return perform(.promptScroll(delta))
            }
            let pane = frame.pane(atX: x, y: y) ?? .log
            switch pane {
            case .log: logScroll = max(0, min(logLineCount - 1, logScroll - delta))
            case .sessions: return perform(.scroll(delta))
            default:
                let kept = focus
                focus = pane
                moveSelection(delta)
                focus = kept
            }
            return []
        case .key(let key):
            if commandLine != nil {
                let effects = commandLineKey(key)
                noteBranch()
                return effects
            }
            if showDetails {
                switch key {
                case .up, .char("k"): detailsScroll = max(0, detailsScroll - 1)
                case .down, .char("j"): detailsScroll = min(200, detailsScroll + 1)
                case .pageUp: detailsScroll = max(0, detailsScroll - 10)
                case .pageDown: detailsScroll = min(200, detailsScroll + 10)
                default:
                    showDetails = false
                    detailsScroll = 0
                }
                return []
            }
            if showHelp {
                switch key {
                case .up, .char("k"): helpScroll = max(0, helpScroll - 1)
                case .down, .char("j"): helpScroll = min(60, helpScroll + 1)
                case .pageUp: helpScroll = max(0, helpScroll - 10)
                case .pageDown: helpScroll = min(60, helpScroll + 10)
                default:
                    // The key closes the help and does nothing else (`? b` must not background the app).
                    showHelp = false
                    helpScroll = 0
                }
                return []
            }
            if key == .escape { message = nil; return [] }
            if let effects = presenterKey(key) { return effects }
            guard let command = Keymap.command(for: key, promptUp: world.prompt != nil, promptFocused: promptFocused) else {
                if case .char(let c) = key { say(language.pick("no command on '\(c)'; ? lists the keys", "'\(c)' 키에는 명령이 없습니다. ?로 모든 키를 봅니다"), error: true) }
                return []
            }
            if autoplay != nil, command != .togglePause, command != .quit { finishTourWait() }
            let effects = performKeepingAside(command)
            noteBranch()
            return effects
        }
    }

    /// Performs a command; if it set aside the steps still to redo (a jump or an action in the
    /// middle of a loaded flow), the status line says so.
    mutating func performKeepingAside(_ command: Command) -> [Effect] {
        let before = history.setAside == nil
        let effects = perform(command)
        // (A presenter off the tour returns to it with →: the tour keeps its own steps.)
        if before, autoplay == nil, let kept = history.setAside {
            let n = kept.steps.count
            message = (message ?? "") + language.pick("; the \(n) step\(n == 1 ? "" : "s") ahead \(n == 1 ? "is" : "are") set aside (u back to here brings them back for r)",
                                                     ". 앞의 \(n)단계는 미뤄 둡니다 (여기로 u 하면 r로 다시 갈 수 있습니다)")
        }
        return effects
    }

    /// Said when the clock starts with steps still to redo (a loaded flow's): it does not drop
    /// them, it sets them aside, and `u` back to here brings them back.
    var clockSetsAsideNote: String {
        let ahead = history.steps.count - history.applied
        guard ahead > 0, history.setAside == nil else { return "" }
        return language.pick("; the \(ahead) steps ahead are set aside (u brings them back for r)",
                             ". 앞의 \(ahead)단계는 미뤄 둡니다 (u로 되돌리면 r로 다시 갈 수 있습니다)")
    }

    /// Whether the prompt has the arrows and Enter: it is up and drawn over the focused pane.
    public var promptFocused: Bool { world.prompt != nil && (focus == .app || focus == .settings) }

    /// Moves the focused pane's selection (or scrolls it).
    mutating func moveSelection(_ delta: Int) {
        switch focus {
        case .log:
            logScroll = max(0, min(logLineCount - 1, logScroll - delta))
        case .sessions:
            _ = perform(.scroll(delta))
        case .diagnostics:
            selection[focus] = max(0, min(max(0, diagnosticItems.count - 1), selected(focus) + delta))
        default:
            let list = items(focus)
            var i = max(0, min(max(0, list.count - 1), selected(focus) + delta))
            // Headers are not selectable: keep going the same way.
            while i < list.count, list[i].isHeader {
                let next = i + (delta < 0 ? -1 : 1)
                if next < 0 || next >= list.count { i = selected(focus); break }
                i = next
            }
            selection[focus] = i
        }
    }

    mutating func say(_ text: String, error: Bool = false) {
        message = text
        messageIsError = error
    }

    /// Performs a command (from a key, a click or the command line).
    public mutating func perform(_ command: Command) -> [Effect] {
        switch command {
        case .step(let event):
            return apply(.event(event))
        case .locationServicesSwitch:
            return apply(.event(.user(.settingsLocationServices(!world.locationServicesOn))))
        case .preciseSwitch:
            let wasForeground = world.lifecycle == .foreground
            let effects = apply(.event(.user(.settingsPrecise(!world.record.precise))))
            if wasForeground && personInSettings {
                // The switch is in Settings: the person left the app to reach it. Say so, and show Settings.
                focus = .settings
                say(language(world.record.precise ? "Precise Location on, in Settings: the app is now in the background (f brings it back)"
                                                 : "Precise Location off, in Settings: the app is now in the background (f brings it back)"))
            }
            return effects
        case .quickSession:
            let e = Event.app(.session(id: Name(nextSessionID), goal: .whenInUse, fullAccuracyKey: nil))
            return apply(.event(e))
        case .undo:
            guard history.canUndo else { say(language("nothing to undo"), error: true); return [] }
            // While the clock runs, the time it ran since the last action goes with it: u undoes the action.
            if history.applied == history.steps.count, history.steps[history.applied - 1].isClockWait {
                while history.applied > 1, history.steps[history.applied - 1].fromClock { history.undo() }
            }
            history.undo()
            // A running clock would add a wait at once and with it drop every step r could redo:
            // stepping back pauses it, as a player does.
            var paused = ""
            if !isPaused {
                pauseClock()
                paused = language.pick(" (the clock is paused so that r can redo; Space runs it)", " (r로 다시 실행할 수 있게 시계를 멈췄습니다. Space로 다시 갑니다)")
            }
            if let n = history.restoreSetAside() {
                paused += language.pick("; the \(n) steps set aside are back: r steps forward", ". 미뤄 둔 \(n)단계가 돌아왔습니다. r로 한 단계씩 갑니다")
            }
            say(language.pick("undone: back to \(formatClock(world.now))", "실행 취소: \(formatClock(world.now)) 시점으로 돌아갔습니다") + paused)
            return []
        case .redo:
            guard history.canRedo else { say(language("nothing to redo"), error: true); return [] }
            let before = world
            history.redo()
            noteDiagnosticChanges(before)
            let step = history.steps[history.applied - 1]
            let what = step.isExpect ? language.expectation(step.flowText) : step.event.map(language.event) ?? step.flowText
            var text = language.pick("step \(history.applied) of \(history.steps.count)", "단계 \(history.applied)/\(history.steps.count)")
                + (step.line.map { language.pick(" (line \($0))", " (\($0)행)") } ?? "") + ": \(what)"
            var failed = false
            if case .expect = step.kind, let result = history.log.last?.expectation {
                text += result.ok ? "  \u{2713} " + language("holds") : "  \u{2717} " + language("found") + " \(result.found)"
                failed = !result.ok
            }
            say(text + (step.caption.map { "  # \($0)" } ?? ""), error: failed)
            return []
        case .togglePause:
            if var a = autoplay {
                a.paused.toggle()
                a.nextAt = wallNow + a.every
                // A wait being shown resumes where it stood.
                if !a.paused, let wait = a.waiting, history.applied > 0, case .event(.wait(let ms)) = history.steps[history.applied - 1].kind {
                    a.waiting?.startedAt = wallNow - Int(Double(wait.duration) * Double(ms) / Double(max(1, wait.total)))
                }
                autoplay = a
                say(language(a.paused ? "tour paused: Space plays on, → and ← step" : "playing the tour"))
                return []
            }
            if isPaused {
                speedIndex = max(1, resumeSpeedIndex)
                history.finishClockWait()
            } else {
                pauseClock()
            }
            say(isPaused ? language("paused") : language.pick("running at \(speed)x", "\(speed)배속으로 실행 중") + clockSetsAsideNote)
            return []
        case .faster:
            let note = isPaused ? clockSetsAsideNote : ""
            speedIndex = min(Self.speeds.count - 1, speedIndex + 1)
            say(language.pick("running at \(speed)x", "\(speed)배속으로 실행 중") + note)
            return []
        case .slower:
            if speedIndex <= 1 { pauseClock() } else { speedIndex -= 1 }  // down to paused: Space runs at 1x again
            say(isPaused ? language("paused") : language.pick("running at \(speed)x", "\(speed)배속으로 실행 중"))
            return []
        case .advance(let ms):
            history.finishClockWait()
            return apply(.event(.wait(ms)))
        case .focus(let pane):
            if pane != focus, autoplay == nil { message = nil }  // the last pane's message is not about this one
            focus = pane
            return []
        case .focusNext, .focusPrevious:
            let panes = Pane.allCases
            let i = panes.firstIndex(of: focus)!
            focus = panes[(i + (command == .focusNext ? 1 : panes.count - 1)) % panes.count]
            // The status line turns to the new pane (its selection's whole text), not the last one's message.
            if autoplay == nil { message = nil }
            return []
        case .move(var delta):
            if world.prompt != nil && promptFocused { return perform(.promptMove(delta)) }
            // A page of the log is the rows it shows (8 skipped lines a short pane never showed).
            if abs(delta) == 8, focus == .log, let pane = render(self, glyphs: .unicode).panes.first(where: { $0.pane == .log }) {
                delta = delta.signum() * max(1, pane.height - 2)
            }
            if focus == .app { appListTop = nil }
            // The status line turns to what is selected (a dimmed action's whole reason).
            if focus == .app || focus == .settings, autoplay == nil { message = nil }
            moveSelection(delta)
            return []
        case .select(.log, let back):
            focus = .log
            logScroll = back
            return perform(.activate)
        case .select(let pane, let index):
            focus = pane
            selection[pane] = index
            return perform(.activate)
        case .activate:
            if let p = world.prompt, promptFocused {
                let labels = world.buttons(for: p)
                return apply(.event(.user(.tap(labels[min(promptSelection, labels.count - 1)]))))
            }
            if focus == .log {
                showDetails = selectedLogIndex != nil
                return []
            }
            let list = items(focus)
            guard selected(focus) < list.count, let c = list[selected(focus)].command else { return [] }
            if let why = list[selected(focus)].disabled { say(why, error: true); return [] }
            return perform(c)
        case .promptButton(let i):
            guard let p = world.prompt else { return [] }
            let labels = world.buttons(for: p)
            guard i < labels.count else { return [] }
            return apply(.event(.user(.tap(labels[i]))))
        case .promptMove(let d):
            guard let p = world.prompt else { return [] }
            let n = world.buttons(for: p).count
            promptSelection = ((promptSelection + d) % n + n) % n
            return []
        case .promptScroll(let d):
            promptScroll = max(0, min(200, promptScroll + d))
            return []
        case .promptPrecise:
            guard let p = world.prompt else { return [] }
            guard p.showsPreciseSwitch else { say(language("this prompt has no Precise switch"), error: true); return [] }
            return apply(.event(.user(.precise(!p.precise))))
        case .commandLine:
            commandLine = ""
            message = nil
            return []
        case .help:
            showHelp.toggle()
            return []
        case .quit:
            return flushRecording() + [.quit]
        case .record:
            if recording {
                say(language("recording stopped"))
                return flushRecording()
            }
            recording = true
            recordedSteps = 0
            recordingStale = false
            say(language("recording to a .flow file, step by step"))
            return [.beginRecording(header: recordingHeader)] + syncRecording()
        case .logFilter:
            logFilter = LogFilter(rawValue: (logFilter.rawValue + 1) % LogFilter.allCases.count)!
            logScroll = 0
            say(language("log shows") + " " + language(logFilter.label))
            return []
        case .zoom(let d):
            if stepBars {
                // Step by step the story already fits: zooming is about time, so it shows real time.
                stepBars = false
                say(language("session bars in real time (t: step by step)"))
            }
            zoomIndex = max(0, min(Self.zooms.count, zoomIndex + d))
            return []
        case .zoomFit:
            stepBars = false
            zoomIndex = Self.zooms.count
            timelineEnd = nil
            say(language("session bars in real time, the whole history in the width (t: step by step)"))
            return []
        case .presenterKeys:
            guard var a = autoplay else { return [] }
            a.fullKeys.toggle()
            autoplay = a
            say(language(a.fullKeys ? "every key acts: an app key takes the demo off the tour (→ returns; m: tour keys only)" : "tour keys only (m: every key)"))
            return []
        case .barsMode:
            stepBars.toggle()
            stepScroll = 0
            say(language(stepBars ? "session bars step by step: long waits are breaks (t: real time)" : "session bars in real time (t: step by step)"))
            return []
        case .scroll(let d):
            if stepBars {
                stepScroll = max(0, stepScroll - d * 10)
                return []
            }
            let span = barScale(cols: max(10, width - 4 - 14)) * 10
            timelineEnd = max(0, (timelineEnd ?? world.now) + d * span)
            if let end = timelineEnd, end >= world.now { timelineEnd = nil }
            return []
        case .follow:
            timelineEnd = nil
            stepScroll = 0
            return []
        case .tourNext:
            return tourNext()
        case .tourBack:
            return tourBack()
        case .pin:
            return pin()
        case .platformStep(let d):
            return stepPlatform(d)
        }
    }

    /// Applies a step to the world and records it.
    mutating func apply(_ kind: HistoryStep.Kind) -> [Effect] {
        history.finishClockWait()
        let before = world
        if case .event(let e) = kind, let refusal = world.refusal(for: e) {
            say(language("refused: ") + language.why(refusal), error: true)
            return []
        }
        history.append(HistoryStep(kind))
        noteDiagnosticChanges(before)
        promptSelection = 0
        promptScroll = 0
        if let last = history.log.last {
            if let exp = last.expectation {
                say(exp.ok ? "✓ " + language("holds") : "✗ " + language("found") + " \(exp.found)", error: !exp.ok)
            } else if let why = last.why {
                say(language.why(why))
            }
        }
        // A full-accuracy session while Precise is on changes nothing visible: say why.
        if case .event(.app(.session(_, _, let key?))) = kind, before.record.precise, before.accuracy == .fullAccuracy {
            say(language.pick("CLServiceSession with \"\(key)\": Precise is on, so the app already has full accuracy and nothing is asked (turn Precise off, p, to see the prompt)",
                              "CLServiceSession \"\(key)\": 정확한 위치가 켜져 있어 이미 전체 정확도이므로 아무것도 묻지 않습니다 (p로 정확한 위치를 끄면 알림을 볼 수 있습니다)"))
        }
        return []
    }

    mutating func advanceClock(_ ms: Millis) -> [Effect] {
        let before = world
        let growing = history.steps.last?.isClockWait == true && history.applied == history.steps.count
        history.advanceClock(by: ms)
        noteDiagnosticChanges(before)
        if !growing { clockWaitStartedAt = lastTick ?? wallNow }
        // While recording, the running clock is written every few seconds, so a kill loses little.
        if recording, let started = clockWaitStartedAt, wallNow - started >= Self.recordClockEvery {
            history.finishClockWait()
            clockWaitStartedAt = nil
        }
        return []
    }

    mutating func noteDiagnosticChanges(_ before: World) {
        let after = world
        for source in Set(before.diagnosticSources + after.diagnosticSources) {
            let a = Set(before.diagnostics(source)), b = Set(after.diagnostics(source))
            for d in a.symmetricDifference(b) { diagnosticChangedAt["\(source.name).\(d.rawValue)"] = wallNow }
        }
    }

    /// Stops the running clock: its growing wait ends, and Space goes back to this speed.
    mutating func pauseClock() {
        guard !isPaused else { return }
        resumeSpeedIndex = speedIndex
        speedIndex = 0
        history.finishClockWait()
    }
}
