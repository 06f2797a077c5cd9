import LocflowCore
import LocflowFlow

/// A flow replayed through the explorer's renderer, frame by frame: what `record` and `shot` draw.
public struct Replay {
    public var state: ExplorerState
    public let glyphs: Glyphs
    let captions: Bool
    /// Steps performed so far.
    public private(set) var step = 0

    /// The explorer at the start of the flow (time 0, the App pane focused, the clock paused),
    /// with the flow's description as the message.
    public init(flow: Flow, config: AppConfig, configLines: [String], width: Int, height: Int,
                language: Language = .en, captions: Bool = true, glyphs: Glyphs = .unicode, picture: Bool = false) {
        var state = ExplorerState(config: config, configLines: configLines, width: width, height: height)
        state.language = language
        state.speedIndex = 0
        state.focus = .app
        state.history.load(flow.body.compactMap { line in
            switch line.statement {
            case .step(let e): HistoryStep(.event(e), line: line.line, caption: line.comment)
            case .expect(let x): HistoryStep(.expect(x), line: line.line, caption: line.comment)
            case .config: nil
            }
        })
        state.message = flow.description.isEmpty ? flow.file : flow.description.joined(separator: " ")
        self.state = state
        self.glyphs = glyphs
        self.captions = captions
        if picture { preparePicture() }
    }

    /// A picture for a slide: no footer, and the session bars step by step, as the explorer shows
    /// a flow (each step its columns, long waits as labelled breaks); their real-time scale, if
    /// a person switches to it (`t`), is chosen so the flow's whole time span fits.
    mutating func preparePicture() {
        state.picture = true
        state.stepBars = true
        var probe = state
        while probe.history.canRedo { _ = probe.perform(.redo) }
        let span = probe.world.now
        // The bars' columns: the pane's width less its borders and the lanes' labels.
        let cols = max(8, state.width - 2 - Renderer.barLabelWidth - 2)
        state.zoomIndex = ExplorerState.zooms.firstIndex { $0 * cols >= span + 2 * $0 } ?? ExplorerState.zooms.count - 1
    }

    /// The pane a step is about, in front: a prompt on screen (the prompt is drawn over the App
    /// and Settings panes), Settings for a `user settings` step, the App pane for an `app` step,
    /// the session bars for time passing and the app's lifecycle; an expectation, the pane that
    /// shows what it checks.
    public static func pane(for step: HistoryStep, promptUp: Bool, current: Pane) -> Pane {
        if promptUp { return current == .settings ? .settings : .app }
        if case .expect(let x) = step.kind {
            // An expectation is about what it checks.
            switch x {
            case .settings, .settingsPrecise, .settingsOptions, .locationServicesEnabled: return .settings
            case .diagnostic, .diagnostics, .delivering: return .diagnostics
            case .session, .lifecycle, .inUse: return .sessions
            case .status, .accuracy, .callbacks, .callback, .completion, .error, .fix, .fixes: return .app
            default: return current
            }
        }
        guard case .event(let e) = step.kind else { return current }
        switch e {
        case .user(.settings), .user(.settingsPrecise), .user(.settingsLocationServices), .user(.settingsReset): return .settings
        case .app, .user(.tap), .user(.precise), .user(.locationButton): return .app
        case .wait, .timer, .system, .user(.background), .user(.foreground), .user(.forceQuit): return .sessions
        default: return current == .log || current == .diagnostics ? .app : current
        }
    }

    public var stepCount: Int { state.history.steps.count }
    public var frame: Frame { render(state, glyphs: glyphs) }

    /// Performs the next step (its caption becomes the message); returns its .flow text, or nil at the end.
    public mutating func next() -> String? {
        guard state.history.canRedo else { return nil }
        // Each step a highlight's time later: what changed is highlighted in the frame of the
        // step that changed it, never in the frames after (offline, no wall clock lets it fade).
        state.wallNow += ExplorerState.highlightMs
        _ = state.perform(.redo)
        step += 1
        let done = state.history.steps[state.history.applied - 1]
        if state.picture {
            state.focus = Self.pane(for: done, promptUp: state.world.prompt != nil, current: state.focus)
        }
        if captions, let caption = done.caption { state.message = caption }
        return done.flowText
    }
}
