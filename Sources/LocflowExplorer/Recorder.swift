import Foundation
import Glibc
import LocflowCore
import LocflowFlow

/// The explorer's recording on disk: carries out the recording effects (append, atomic rewrite),
/// and when the recording ends writes the Markdown report beside the flow.
///
/// A write that fails (a folder that cannot be written, a full disk) loses nothing: the
/// recording goes on in `fallbackDirectory` (the temporary folder), whole from its first line,
/// and the status line and the exit say where. Only when that fails too does it stop.
@MainActor
public final class Recorder {
    private(set) var file: RecordingFile?
    /// Every recording made in this run of the explorer, with its report and what happened on the way
    /// (said again on exit).
    public private(set) var made: [(flow: String, report: String?, reportProblem: String?, note: String?)] = []
    /// A recording that could not be written anywhere: said on exit.
    public private(set) var lost: String?
    /// Where the recording moved from, when it did (said with it on exit).
    private var movedFrom: String?
    let directory: String
    let fallbackDirectory: String

    public init(directory: String, fallbackDirectory: String = FileManager.default.temporaryDirectory.path) {
        self.directory = directory
        self.fallbackDirectory = fallbackDirectory.count > 1 && fallbackDirectory.hasSuffix("/") ? String(fallbackDirectory.dropLast()) : fallbackDirectory
    }

    /// A fresh name in `folder`: locflow-recording-STAMP.flow (-2, -3... if taken), claimed by
    /// creating it empty with O_EXCL. Asking whether a name was taken left it free until the
    /// recording was written: two explorers started in the same second in one folder took the
    /// same name, and the second recording replaced the first. The report's name beside it
    /// (.md) must be free too: anything there, a planted symbolic link included, moves on to
    /// the next number (O_EXCL never follows a link, and the report is created exclusively at
    /// the end). A folder where nothing can be created gets the first name unclaimed (`claimed`
    /// false), and the write that follows says why.
    func freshPath(in folder: String) -> (path: String, claimed: Bool) {
        let base = folder + "/locflow-recording-\(Recorder.stamp())"
        var n = 1
        var st = stat()
        while n < 10_000 {
            let stem = n == 1 ? base : base + "-\(n)"
            n += 1
            if lstat(stem + ".md", &st) == 0 { continue }
            // 0o666 as every file locflow makes: the umask decides, as it did before the claim.
            let fd = open(stem + ".flow", O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o666)
            if fd >= 0 { close(fd); return (stem + ".flow", true) }
            guard errno == EEXIST else { break }
        }
        return (base + ".flow", false)
    }

    /// A recording under a fresh name in `folder`, with its first lines. A name claimed but not
    /// written (a full disk, a name too long for the temporary file beside it) is given back:
    /// an empty locflow-recording-*.flow was left in the folder the recording moved away from.
    func newFile(in folder: String, lines: [String]) throws(AtomicFile.Failure) -> RecordingFile {
        let (path, claimed) = freshPath(in: folder)
        do { return try RecordingFile(path: path, lines: lines) } catch {
            if claimed { unlink(path) }
            throw error
        }
    }

    /// A path in the working folder by its name (the status line is short); others in full.
    func shown(_ path: String) -> String {
        path.hasPrefix(directory + "/") ? String(path.dropFirst(directory.count + 1)) : path
    }

    /// Carries out the recording effects; the others are left to the caller.
    public func perform(_ effect: Effect, state: inout ExplorerState) {
        // What the file holds once this effect is carried out: a prefix of the recording.
        var after: [String] = []
        do throws(AtomicFile.Failure) {
            switch effect {
            case .beginRecording(let header):
                after = header
                movedFrom = nil
                let f = try newFile(in: directory, lines: header)
                file = f
                state.message = state.language.pick("recording to \(shown(f.path)), step by step", "\(shown(f.path))에 단계마다 녹화 중")
                state.messageIsError = false
            case .record(let line):
                guard let f = file else { return }
                after = Array(state.recordingText.prefix(f.lines)) + [line]
                try f.append(line)
            case .rewriteRecording(let lines):
                after = lines
                try file?.rewrite(lines)
            case .endRecording:
                guard let f = file else { return }
                f.close()
                file = nil
                let report = writeReport(for: f.path, language: state.language)
                made.append((f.path, report.path, report.problem, movedFrom.map { "\(shown($0)) could not be written" }))
                state.message = state.language.pick("recorded \(shown(f.path))", "\(shown(f.path))에 녹화했습니다")
                    + (report.path.map { state.language.pick(" and its report \(shown($0))", ", 보고서: \(shown($0))") }
                       ?? state.language.pick("; no report: ", ". 보고서 없음: ") + (report.problem ?? ""))
                state.messageIsError = report.path == nil
            case .quit:
                break
            }
        } catch {
            move(after: error, keeping: after, state: &state)
        }
    }

    /// A write failed: the recording goes on in the fallback folder, or stops when it cannot.
    func move(after error: AtomicFile.Failure, keeping lines: [String], state: inout ExplorerState) {
        let failed = file?.path ?? error.path
        file?.close()
        file = nil
        var problem = error.description
        if (failed as NSString).deletingLastPathComponent != fallbackDirectory {
            do {
                let f = try newFile(in: fallbackDirectory, lines: lines)
                file = f
                movedFrom = movedFrom ?? failed
                state.message = "\(problem); " + state.language.pick("the recording goes on, whole, in \(f.path)", "녹화는 \(f.path)에서 처음부터 이어집니다")
                state.messageIsError = true
                return
            } catch {
                problem += "; " + error.description
            }
        }
        state.recording = false
        lost = "\(problem); " + state.language.pick("recording stopped", "녹화를 멈췄습니다")
        state.message = lost
        state.messageIsError = true
    }

    /// Writes FILE.md beside FILE.flow: the `locflow report` of the recording.
    public func writeReport(for flowPath: String, language: Language = .en) -> (path: String?, problem: String?) {
        let mdPath = (flowPath.hasSuffix(".flow") ? String(flowPath.dropLast(5)) : flowPath) + ".md"
        do throws(FlowError) {
            let flow = try Commands.load(flowPath)
            let text = (try? String(contentsOfFile: flowPath, encoding: .utf8)) ?? flow.text
            let dir = (flowPath as NSString).deletingLastPathComponent
            let (md, _) = try Report.markdown(flow: flow, flowText: text, file: flowPath, baseDirectory: dir.isEmpty ? "." : dir, language: language)
            // Created, never replaced: the name was free when the recording began, and anything
            // that took it since (a planted link) is left alone and said.
            try OutputFile.write(mdPath, md, exclusive: true)
            return (mdPath, nil)
        } catch {
            return (nil, error.description)
        }
    }

    /// The local time as YYYYMMDD-HHMMSS, for recording names.
    public static func stamp() -> String {
        var t = time(nil)
        var tmv = tm()
        localtime_r(&t, &tmv)
        func two(_ n: Int32) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(tmv.tm_year + 1900)\(two(tmv.tm_mon + 1))\(two(tmv.tm_mday))-\(two(tmv.tm_hour))\(two(tmv.tm_min))\(two(tmv.tm_sec))"
    }
}
