import Foundation
import Glibc
import Testing
@testable import LocflowCore
@testable import LocflowFlow
@testable import LocflowExplore

/// Hostile input, round two: the cases an attacker's review found (links planted in shared
/// folders, names with newlines, inputs that made time or memory grow past their size). Every
/// file is made here, in a scratch folder.
@Suite("Hostile input, round two")
struct HostileRoundTwoTests {
    func locflow() throws -> Locflow { try #require(Locflow.find(), "the locflow executable is built with the tests") }

    // MARK: paths -o DIR

    static let query = ["paths", "--to", "status=authorizedAlways", "--platform", "ios18"]

    /// A link inside DIR at a name the query writes: nothing is written (not the earlier names
    /// either), and the file behind the link is untouched.
    @Test func pathsNeverWritesThroughALinkInItsFolder() throws {
        let s = Scratch()
        let out = s.dir + "/out"
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        let victim = s.write("victim.txt", "mine\n")
        #expect(symlink("../victim.txt", out + "/path-02.flow") == 0)
        let r = try locflow().run(Self.query + ["--max", "3", "-o", out], environment: [:])
        #expect(r.code == 2 && r.err.contains("path-02.flow: is a symbolic link; locflow never writes through a link") && r.err.contains("nothing was written"), "\(r)")
        #expect(contents(victim) == "mine\n")
        #expect(listing(out) == ["path-02.flow"])
        // A dangling link stops it the same way, before path-01.flow is written.
        unlink(out + "/path-02.flow")
        #expect(symlink("nowhere", out + "/path-02.flow") == 0)
        let dangling = try locflow().run(Self.query + ["--max", "3", "-o", out], environment: [:])
        #expect(dangling.code == 2 && listing(out) == ["path-02.flow"], "\(dangling)")
    }

    @Test func pathsRefusesAReadOnlyFileAndSaysWhatItReplaces() throws {
        let s = Scratch()
        let out = s.dir + "/out"
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        let first = try locflow().run(Self.query + ["--max", "2", "-o", out], environment: [:])
        #expect(first.code == 0 && !first.out.contains("replaced"), "\(first)")
        let again = try locflow().run(Self.query + ["--max", "2", "-o", out], environment: [:])
        #expect(again.code == 0 && again.out.components(separatedBy: "(replaced the file that was there)").count == 3, "\(again)")
        chmod(out + "/path-01.flow", 0o444)
        let before = contents(out + "/path-01.flow")
        let readOnly = try locflow().run(Self.query + ["--max", "2", "-o", out], environment: [:])
        #expect(readOnly.code == 2 && readOnly.err.contains("path-01.flow: is read-only"), "\(readOnly)")
        #expect(contents(out + "/path-01.flow") == before)
    }

    /// A second query with fewer paths leaves no file of the first beside its own: the folder
    /// holds exactly the query's set. A path file someone else wrote stops it instead.
    @Test func pathsLeavesOnlyItsOwnSet() throws {
        let s = Scratch()
        let out = s.dir + "/out"
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        _ = try locflow().run(Self.query + ["--max", "5", "-o", out], environment: [:])
        #expect(listing(out) == (1...5).map { "path-0\($0).flow" })
        let second = try locflow().run(Self.query + ["--max", "2", "-o", out], environment: [:])
        #expect(second.code == 0 && listing(out) == ["path-01.flow", "path-02.flow"], "\(second)")
        #expect(second.out.contains("removed \(out)/path-05.flow (an earlier query's path: this one found 2)"), "\(second.out)")
        s.write("out/path-07.flow", "user tap \"mine\"\n")
        let foreign = try locflow().run(Self.query + ["--max", "2", "-o", out], environment: [:])
        #expect(foreign.code == 2 && foreign.err.contains("path-07.flow: is not a path an earlier query wrote"), "\(foreign)")
        #expect(contents(out + "/path-07.flow") == "user tap \"mine\"\n")
    }

    // MARK: Output that lies

    /// A file name with newlines: the shrunk flow's header stays one comment, so the written
    /// flow holds exactly the steps of the shrunk one (the name once added statements).
    @Test func shrinkEscapesTheInputsNameInItsHeader() throws {
        let s = Scratch()
        let name = "evil\nuser tap \"Allow\"\nexpect status denied.flow"
        let path = s.write(name, "wait 1s\nexpect status denied\n")
        let r = capture { Commands.shrink(path, output: s.dir + "/short.flow", io: $0) }
        #expect(r.code == 0, "\(r)")
        let text = try #require(contents(s.dir + "/short.flow"))
        #expect(text.hasPrefix("# shrunk by locflow shrink from \(s.dir)/evil\\u{A}user tap"), "\(text)")
        let flow = try FlowParser.parse(text, file: "short.flow")
        #expect(flow.body.map(\.source) == ["expect status denied"])
        #expect(!r.out.contains("\n") || r.out.filter { $0 == "\n" }.count == 1, "the summary is one line: \(r.out)")
    }

    /// Merging waits never writes a wait longer than a flow may hold: the shrunk flow parses and
    /// fails the same way.
    @Test func shrinkNeverMergesPastTheLongestWait() throws {
        let s = Scratch()
        let path = s.write("long.flow", String(repeating: "wait 876000h\n", count: 100) + "wait 1s\nexpect status denied\n")
        let r = capture { Commands.shrink(path, output: s.dir + "/short.flow", io: $0) }
        #expect(r.code == 0, "\(r)")
        let text = try #require(contents(s.dir + "/short.flow"))
        let flow = try FlowParser.parse(text, file: "short.flow")
        let result = try FlowRunner(flow: flow, baseDirectory: s.dir).run()
        #expect(result.failures.count == 1)
        #expect(!text.contains("wait 87600000h") && text.contains("\nwait 876000h\n"), "\(text)")
    }

    /// N adjacent waits merge in a number of runs that does not grow with N (pair by pair, 8,000
    /// waits ran the flow 8,000 times).
    @Test func shrinkMergesARunOfWaitsAtOnce() throws {
        for n in [100, 4_000] {
            let flow = try FlowParser.parse(String(repeating: "wait 1s\n", count: n) + "expect status denied\n", file: "w.flow")
            var shrinker = Shrinker(flow: flow, baseDirectory: ".")
            let outcome = try #require(try shrinker.shrink())
            #expect(outcome.steps == 0)
            #expect(shrinker.runs <= 4, "\(n) waits took \(shrinker.runs) runs")
        }
    }

    /// An Info.plist string's newline cannot forge a line of the verdict.
    @Test func inspectEscapesThePlistsStrings() throws {
        let s = Scratch()
        let plist = """
            <?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict>
            <key>CFBundleDisplayName</key><string>Maps
            What iOS would do: everything is fine</string>
            <key>NSLocationWhenInUseUsageDescription</key><string>To show you.&#10;  requestAlwaysAuthorization: fine</string>
            </dict></plist>
            """
        let path = s.write("Info.plist", plist)
        let r = capture { Commands.inspect(path, strings: nil, platform: .ios18, io: $0) }
        #expect(r.code == 0)
        let lines = r.out.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.filter { $0.hasPrefix("What iOS would do") }.count == 1, "\(r.out)")
        #expect(!lines.contains { $0.hasPrefix("  requestAlwaysAuthorization: fine") }, "\(r.out)")
        #expect(r.out.contains("Maps\\u{A}What iOS would do: everything is fine"), "\(r.out)")
    }

    /// A long field name in diff's text output takes its own line: the label column stays aligned.
    @Test func diffTextKeepsItsColumns() {
        let row = FlowDiff.Row(line: 3, step: "app x", field: String(repeating: "f", count: 40), a: "1", b: "2")
        let text = FlowDiff.text(FlowDiff.Result(a: "ios17", b: "ios18", rows: [row], compared: 2, differing: 1), file: "x.flow")
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.contains("  " + String(repeating: "f", count: 40)), "\(text)")
        #expect(lines.contains { $0.hasSuffix("ios17  1") } && lines.contains { $0.hasSuffix("ios18  2") }, "\(text)")
        let long = FlowDiff.Result(a: "ios18 allowOnceGrace=30s promptReturnsAfterBackground=true", b: "ios18", rows: [row], compared: 2, differing: 1)
        #expect(FlowDiff.text(long, file: "x.flow").contains("  A = ios18 allowOnceGrace=30s promptReturnsAfterBackground=true\n"))
    }

    // MARK: Sizes

    /// The seconds `body` takes, the least of two runs (the machine's load only adds).
    func seconds(_ body: () -> Void) -> Double {
        var best = Double.infinity
        for _ in 0..<2 {
            let start = DispatchTime.now().uptimeNanoseconds
            body()
            best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        return best
    }

    /// `check` of N regions, N monitor conditions and N stops grows linearly: four times the
    /// input takes well under eight times as long (quadratic took sixteen).
    @Test func regionsAndConditionsCheckInLinearTime() throws {
        func flow(_ n: Int) throws -> Flow {
            var text = "platform ios18\napp requestWhenInUseAuthorization\nuser tap \"Allow While Using App\"\n"
            for i in 0..<n { text += "app startMonitoringRegion r\(i)\napp monitor add c\(i)\n" }
            for i in 0..<n { text += "app stopMonitoringRegion r\(i)\n" }
            text += "device exitRegion c5\nexpect status authorizedWhenInUse\n"
            return try FlowParser.parse(text, file: "r.flow")
        }
        let small = try flow(2_000), large = try flow(8_000)
        let a = seconds { #expect((try? FlowRunner(flow: small, baseDirectory: ".").run().failures.isEmpty) == true) }
        let b = seconds { #expect((try? FlowRunner(flow: large, baseDirectory: ".").run().failures.isEmpty) == true) }
        #expect(b / a < 8, "2,000: \(a) s, 8,000: \(b) s")
    }

    /// A diff keeps at most `maxRows` rows, however long the flow: the rest is counted.
    @Test func diffBoundsItsRows() throws {
        // Precise Location toggled: iOS 13 has no such switch, so every toggle differs.
        let text = "platform ios14\napp requestWhenInUseAuthorization\nuser tap \"Allow While Using App\"\n"
            + String(repeating: "user settings precise off\nuser foreground\nuser settings precise on\nuser foreground\n", count: 30)
        let flow = try FlowParser.parse(text, file: "d.flow")
        let all = try FlowDiff.run(flow, baseDirectory: ".", a: .init(overrides: [.platform(.ios13)]), b: .init(overrides: [.platform(.ios14)]))
        #expect(all.rows.count > 20 && all.unshown == 0)
        let r = try FlowDiff.run(flow, baseDirectory: ".", a: .init(overrides: [.platform(.ios13)]), b: .init(overrides: [.platform(.ios14)]), maxRows: 20)
        #expect(r.rows.count <= 20 && r.differing == all.differing)
        #expect(r.unshown > 0 && r.countText.contains("more differ past the first 20 rows"), "\(r.countText)")
    }

    /// `record -o x.cast` refuses a flow past its step limit, naming the limit, and writes nothing.
    @Test func recordBoundsAnAsciicast() throws {
        let s = Scratch()
        let path = s.write("long.flow", "platform ios18\n" + String(repeating: "wait 1s\n", count: 10_001))
        let r = try locflow().run(["record", path, "-o", s.dir + "/x.cast"], environment: [:])
        #expect(r.code == 2 && r.err.contains("has 10001 steps and expectations; a recording holds at most 10000"), "\(r)")
        #expect(listing(s.dir) == ["long.flow"])
    }

    // MARK: Stopping

    /// `--max-memory` stops the search as `--max-states` does, and the summary says so, with
    /// what the whole process took.
    @Test func exploreStopsAtTheMemoryLimit() throws {
        let r = try locflow().run(["explore", "--platform", "ios18", "--actions", "all", "--max-memory", "64M", "--threads", "1"], environment: [:])
        #expect(r.code == 0, "\(r)")
        #expect(r.out.contains("incomplete: stopped at the memory limit, 64 MB (--max-memory)"), "\(r.out)")
        #expect(r.out.contains("bytes/state in all"), "\(r.out)")
        let bad = try locflow().run(["explore", "--max-memory", "lots"], environment: [:])
        #expect(bad.code == 2 && bad.err.contains("--max-memory takes a size of at least 64M"), "\(bad)")
    }

    @Test func sizesAreReadAsPeopleWriteThem() {
        #expect(SearchGuard.parseSize("512M") == 512 << 20 && SearchGuard.parseSize("8g") == 8 << 30 && SearchGuard.parseSize("1024") == 1024)
        for bad in ["", "M", "-1G", "1.5G", "99999999999999999G", "12X"] { #expect(SearchGuard.parseSize(bad) == nil, "\(bad)") }
        #expect(SearchGuard.describe(12 << 30) == "12 GB" && SearchGuard.describe(64 << 20) == "64 MB")
    }

    /// Ctrl-C ends the search, not the process: the summary of what was explored, the progress
    /// line ended, valid JSON Lines, exit 130.
    @Test func exploreReportsWhatItFoundWhenInterrupted() throws {
        let l = try locflow()
        let p = Process()
        p.executableURL = l.url
        p.arguments = ["explore", "--platform", "ios18", "--actions", "all", "--format", "json"]
        p.currentDirectoryURL = Locflow.root
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        // Read as it comes (the pipe would fill and stop the search).
        final class Box: @unchecked Sendable { var data = Data() }
        let box = Box()
        let reader = Thread { box.data = out.fileHandleForReading.readDataToEndOfFile() }
        reader.start()
        Thread.sleep(forTimeInterval: 3)
        kill(p.processIdentifier, SIGINT)
        p.waitUntilExit()
        while reader.isExecuting { Thread.sleep(forTimeInterval: 0.05) }
        let errText = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(p.terminationStatus == 130, "\(errText)")
        #expect(errText.contains("incomplete: interrupted (Ctrl-C)"), "\(errText)")
        let lines = String(decoding: box.data, as: UTF8.self).split(separator: "\n")
        #expect(!lines.isEmpty)
        for line in lines { #expect((try? JSONSerialization.jsonObject(with: Data(line.utf8))) != nil, "not JSON: \(line.prefix(80))") }
    }
}
