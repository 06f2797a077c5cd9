import Foundation
import Testing
@testable import LocflowCore
@testable import LocflowFlow
@testable import LocflowExplorer

/// A recording whose writes fail (a folder that cannot be written, a full disk): nothing that
/// was done is lost. On a 16 KB tmpfs, pins filled the disk: the file ended in half a line
/// ("expect d"), check could not read it, the status line's error was gone at the next key,
/// and the exit said nothing; in a folder that cannot be written, R could not record at all.
@Suite("Recording write errors")
@MainActor
struct RecordingWriteErrorTests {
    func folder(_ name: String) throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("locflow-\(name)-\(getpid())-\(Int.random(in: 0..<1_000_000))").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    func carryOut(_ effects: [Effect], _ recorder: Recorder, _ s: inout ExplorerState) {
        for e in effects where e != .quit { recorder.perform(e, state: &s) }
    }

    func keys(_ text: String, _ recorder: Recorder, _ s: inout ExplorerState) {
        for c in text { carryOut(s.update(.key(.char(c))), recorder, &s) }
    }

    func flows(in dir: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).filter { $0.hasSuffix(".flow") }
    }

    /// A disk that fills part way through a line: the file keeps its whole lines.
    @Test func aFailedAppendLeavesWholeLines() throws {
        let dir = try folder("append")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/r.flow"
        var budget = 40  // bytes the "disk" takes after the header
        let f = try RecordingFile(path: path, lines: ["# header", ""]) { fd, p, n in
            guard budget > 0 else { errno = ENOSPC; return -1 }
            let k = Glibc.write(fd, p, min(n, budget))
            budget -= max(0, k)
            return k
        }
        try f.append("app requestWhenInUseAuthorization")  // 35 bytes: fits
        #expect(throws: AtomicFile.Failure.self) { try f.append("expect delivering standard false") }
        f.close()
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "# header\n\napp requestWhenInUseAuthorization\n")
        #expect(f.lines == 3)
    }

    /// R in a folder that cannot be written: the recording goes on in the fallback folder,
    /// whole, and ends there with its report.
    @Test func aFolderThatCannotBeWrittenMovesTheRecording() throws {
        let fallback = try folder("fallback")
        defer { try? FileManager.default.removeItem(atPath: fallback) }
        let recorder = Recorder(directory: fallback + "/no/such/folder", fallbackDirectory: fallback)
        var s = ExplorerState(config: AppConfig())
        keys(" w2R", recorder, &s)
        #expect(s.recording)
        #expect(s.message?.contains("the recording goes on, whole, in \(fallback)/locflow-recording-") == true, "\(s.message ?? "")")
        keys("b!e", recorder, &s)
        let path = try #require(recorder.file?.path)
        carryOut(s.flushRecording(), recorder, &s)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == s.recordingText.joined(separator: "\n") + "\n")
        #expect(recorder.made.count == 1 && recorder.made[0].report != nil)
        #expect(recorder.made[0].note?.contains("could not be written") == true)
        #expect(recorder.lost == nil)
        let (worlds, result) = try replay(String(contentsOfFile: path, encoding: .utf8))
        #expect(worlds.last == s.world)
        #expect(result.failed == 0)
    }

    /// A rewrite (u) that fails after the folder went away: the recording moves, whole.
    @Test func aFailedRewriteMovesTheRecordingWhole() throws {
        let dir = try folder("gone"), fallback = try folder("fallback")
        defer { try? FileManager.default.removeItem(atPath: dir); try? FileManager.default.removeItem(atPath: fallback) }
        let recorder = Recorder(directory: dir, fallbackDirectory: fallback)
        var s = ExplorerState(config: AppConfig())
        keys(" Rw2b", recorder, &s)
        #expect(flows(in: dir).count == 1)
        try FileManager.default.removeItem(atPath: dir)
        keys("u!", recorder, &s)
        #expect(s.recording)
        #expect(flows(in: fallback).count == 1)
        let path = try #require(recorder.file?.path)
        #expect(path.hasPrefix(fallback + "/"))
        carryOut(s.flushRecording(), recorder, &s)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == s.recordingText.joined(separator: "\n") + "\n")
        #expect(try replay(String(contentsOfFile: path, encoding: .utf8)).worlds.last == s.world)
    }

    /// Two explorers in one folder in the same second: each recording keeps its own file. The
    /// name was only asked to be free, so both took the same one and the second replaced the first.
    @Test func twoRecordingsInOneFolderKeepTheirOwnFiles() throws {
        let dir = try folder("two")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let first = Recorder(directory: dir), second = Recorder(directory: dir)
        let a = first.freshPath(in: dir).path, b = second.freshPath(in: dir).path
        #expect(a != b && FileManager.default.fileExists(atPath: a) && FileManager.default.fileExists(atPath: b), "\(a) \(b)")
        var s1 = ExplorerState(config: AppConfig()), s2 = ExplorerState(config: AppConfig())
        keys(" R", first, &s1)
        keys(" R", second, &s2)
        keys("w2", first, &s1)
        keys("b", second, &s2)
        carryOut(s1.flushRecording(), first, &s1)
        carryOut(s2.flushRecording(), second, &s2)
        let p1 = try #require(first.made.first?.flow), p2 = try #require(second.made.first?.flow)
        #expect(p1 != p2)
        #expect(try String(contentsOfFile: p1, encoding: .utf8) == s1.recordingText.joined(separator: "\n") + "\n")
        #expect(try String(contentsOfFile: p2, encoding: .utf8) == s2.recordingText.joined(separator: "\n") + "\n")
    }

    /// A link planted at the report's predictable name (locflow-recording-STAMP.md, in a shared
    /// folder or the temporary one) replaced an unrelated file when the recording stopped. The
    /// name is skipped when the recording starts, and a link planted while it runs is left alone:
    /// no report then, said, and the victim untouched.
    @Test func aLinkPlantedAtTheReportsNameIsNeverFollowed() throws {
        let dir = try folder("planted")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let victim = dir + "/victim.txt"
        try "mine\n".write(toFile: victim, atomically: true, encoding: .utf8)
        // Planted before: every name of this second and the next is skipped past.
        var planted: String
        var path: String
        repeat {
            let stamp = Recorder.stamp()
            planted = dir + "/locflow-recording-\(stamp).md"
            symlink(victim, planted)
            path = Recorder(directory: dir).freshPath(in: dir).path
            guard Recorder.stamp() == stamp else { unlink(planted); unlink(path); continue }
            break
        } while true
        #expect(path == String(planted.dropLast(3)) + "-2.flow", "\(path)")
        // Planted while recording: the report is not written through it.
        let recorder = Recorder(directory: dir)
        var s = ExplorerState(config: AppConfig())
        keys(" R", recorder, &s)
        let flow = try #require(recorder.file?.path)
        let md = String(flow.dropLast(5)) + ".md"
        #expect(symlink(victim, md) == 0)
        keys("w2", recorder, &s)
        carryOut(s.flushRecording(), recorder, &s)
        #expect(recorder.made.count == 1 && recorder.made[0].report == nil)
        #expect(recorder.made[0].reportProblem?.contains("is a symbolic link") == true, "\(recorder.made[0].reportProblem ?? "")")
        #expect(s.messageIsError)
        #expect(try String(contentsOfFile: victim, encoding: .utf8) == "mine\n")
    }

    /// The claimed name cannot be written (here the temporary file beside it has a name past
    /// PATH_MAX, as a full disk would fail it): the recording moves, and the empty file that
    /// claimed the name goes with it (it was left behind, an empty recording beside the others).
    @Test func aNameClaimedButNotWrittenIsGivenBack() throws {
        let top = try folder("claimed"), fallback = try folder("fallback")
        defer { try? FileManager.default.removeItem(atPath: top); try? FileManager.default.removeItem(atPath: fallback) }
        // locflow-recording-YYYYMMDD-HHMMSS.flow fits in PATH_MAX; .NAME.locflow-tmp-PID does not.
        var dir = top
        while dir.utf8.count < 4_050 { dir += "/" + String(repeating: "d", count: min(200, 4_049 - dir.utf8.count)) }
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let recorder = Recorder(directory: dir, fallbackDirectory: fallback)
        var s = ExplorerState(config: AppConfig())
        keys(" w2R", recorder, &s)
        #expect(s.recording)
        #expect(s.message?.contains("the recording goes on, whole, in \(fallback)/locflow-recording-") == true, "\(s.message ?? "")")
        #expect(flows(in: dir).isEmpty, "\(flows(in: dir))")
        #expect(flows(in: fallback).count == 1)
    }

    /// Nowhere to write: the recording stops, and says so (on exit too).
    @Test func nowhereToWriteStopsAndSaysSo() throws {
        let recorder = Recorder(directory: "/nonexistent-locflow/a", fallbackDirectory: "/nonexistent-locflow/b")
        var s = ExplorerState(config: AppConfig())
        keys(" R", recorder, &s)
        #expect(!s.recording)
        #expect(s.messageIsError && s.message?.contains("recording stopped") == true)
        // The next key's message takes the status line: the exit says it again.
        keys("w", recorder, &s)
        #expect(recorder.lost?.contains("cannot write /nonexistent-locflow/b/locflow-recording-") == true, "\(recorder.lost ?? "")")
        #expect(recorder.lost?.hasSuffix("recording stopped") == true)
        #expect(recorder.made.isEmpty)
    }
}
