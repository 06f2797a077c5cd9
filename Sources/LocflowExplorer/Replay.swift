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
                language: Language = .en, captions: Bool = true, glyphs: Glyphs = .unicode) {
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
        if captions, let caption = done.caption { state.message = caption }
        return done.flowText
    }
}
