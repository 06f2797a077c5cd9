import Foundation
import LocflowCore
import LocflowExplorer
import LocflowFlow

/// The explorer's recording on disk: carries out the recording effects (append, atomic rewrite),
/// and when the recording ends writes the Markdown report beside the flow.
@MainActor
final class Recorder {
    private(set) var file: RecordingFile?
    /// Every recording made in this session, with its report (said again on exit).
    private(set) var made: [(flow: String, report: String?)] = []
    let directory: String

    init(directory: String) { self.directory = directory }

    /// A fresh name in the working folder: locflow-recording-STAMP.flow (-2, -3... if taken).
    func freshPath() -> String {
        let base = directory + "/locflow-recording-\(Explorer.recordingStamp())"
        var path = base + ".flow"
        var n = 2
        while FileManager.default.fileExists(atPath: path) { path = base + "-\(n).flow"; n += 1 }
        return path
    }

    /// A path in the working folder by its name (the status line is short); others in full.
    func shown(_ path: String) -> String {
        path.hasPrefix(directory + "/") ? String(path.dropFirst(directory.count + 1)) : path
    }

    /// Carries out the recording effects; the others are left to the caller.
    func perform(_ effect: Effect, state: inout ExplorerState) {
        do {
            switch effect {
            case .beginRecording(let header):
                let path = freshPath()
                file = try RecordingFile(path: path, lines: header)
                state.message = state.language.pick("recording to \(shown(path)), step by step", "\(shown(path))에 단계마다 녹화 중")
                state.messageIsError = false
            case .record(let line):
                try file?.append(line)
            case .rewriteRecording(let lines):
                try file?.rewrite(lines)
            case .endRecording:
                guard let f = file else { return }
                f.close()
                file = nil
                let report = writeReport(for: f.path, language: state.language)
                made.append((f.path, report.path))
                state.message = state.language.pick("recorded \(shown(f.path))", "\(shown(f.path))에 녹화했습니다")
                    + (report.path.map { state.language.pick(" and its report \(shown($0))", ", 보고서: \(shown($0))") }
                       ?? state.language.pick("; no report: ", ". 보고서 없음: ") + (report.problem ?? ""))
                state.messageIsError = report.path == nil
            case .quit:
                break
            }
        } catch {
            file?.close()
            file = nil
            state.recording = false
            state.message = "\(error.description); recording stopped"
            state.messageIsError = true
        }
    }

    /// Writes FILE.md beside FILE.flow: the `locflow report` of the recording.
    func writeReport(for flowPath: String, language: Language = .en) -> (path: String?, problem: String?) {
        let mdPath = (flowPath.hasSuffix(".flow") ? String(flowPath.dropLast(5)) : flowPath) + ".md"
        do {
            let flow = try Commands.load(flowPath)
            let text = (try? String(contentsOfFile: flowPath, encoding: .utf8)) ?? flow.text
            let dir = (flowPath as NSString).deletingLastPathComponent
            let (md, _) = try Report.markdown(flow: flow, flowText: text, file: flowPath, baseDirectory: dir.isEmpty ? "." : dir, language: language)
            try AtomicFile.write(md, to: mdPath)
            return (mdPath, nil)
        } catch let e as AtomicFile.Failure {
            return (nil, e.description)
        } catch let e as FlowError {
            return (nil, e.description)
        } catch {
            return (nil, "\(error)")
        }
    }
}
