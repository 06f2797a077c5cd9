import Foundation

/// A flow's words in another language (docs/guide.md, "Share and demo"): `ko/NAME.flow` beside `NAME.flow` holds
/// the same statements on the same lines, with its comments (the description at the top and
/// each step's caption) translated. The steps always come from the original; only the words
/// come from the translation, and only when every statement matches.
public enum Translation {
    /// Where the translation of the flow at `path` into `language` (a code: "ko") is.
    public static func path(of path: String, language: String) -> String {
        let url = URL(fileURLWithPath: path)
        return url.deletingLastPathComponent().appendingPathComponent(language).appendingPathComponent(url.lastPathComponent).path
    }

    /// `flow` with the description and captions of `translation`, or why they cannot be used:
    /// the first line where the two differ in anything but comments.
    public static func apply(_ translation: Flow, to flow: Flow) -> Result<Flow, FlowError> {
        func mismatch(_ line: Int, _ what: String) -> Result<Flow, FlowError> {
            .failure(FlowError(SourceLocation(file: translation.file, line: line, column: 1),
                               "\(what) (a translation keeps \(flow.file)'s statements, line for line; only its comments change)"))
        }
        for (a, b) in zip(flow.lines, translation.lines) where a.line != b.line || a.statement != b.statement {
            return mismatch(b.line, a.line != b.line ? "a statement on line \(b.line) where the original has line \(a.line)"
                                                     : "\"\(excerpt(b.source))\" where the original has \"\(excerpt(a.source))\"")
        }
        if flow.lines.count != translation.lines.count {
            let extra = flow.lines.count < translation.lines.count
            let line = extra ? translation.lines[flow.lines.count].line : (translation.lines.last?.line ?? 1)
            return mismatch(line, extra ? "a statement the original does not have" : "the original has \(flow.lines.count - translation.lines.count) statement(s) more")
        }
        var out = flow
        out.description = translation.description
        for i in out.lines.indices { out.lines[i].comment = translation.lines[i].comment }
        return .success(out)
    }

    /// The flow at `path` in `language` when a translation sits beside it, with a warning when
    /// one does but cannot be used (the original's words are kept); English needs none.
    public static func localized(_ flow: Flow, path: String, language: String, warn: (String) -> Void) -> Flow {
        guard language != "en" else { return flow }
        let other = Translation.path(of: path, language: language)
        guard FileManager.default.fileExists(atPath: other) else { return flow }
        let problem: FlowError
        do {
            switch apply(try Commands.load(other), to: flow) {
            case .success(let translated): return translated
            case .failure(let error): problem = error
            }
        } catch {
            problem = error
        }
        warn((problem.location.map { "\($0): " } ?? "") + "warning: \(problem.message); the captions stay as \(flow.file) has them")
        return flow
    }
}
