import Foundation
import Testing
import LocflowFlow

/// The demo commands' options at their edges: `record --speed`, `play --step-delay`.
@Suite("Demo options at their edges")
struct DemoOptionsTests {
    func locflow() throws -> Locflow { try #require(Locflow.find(), "the locflow executable is built with the tests") }

    /// `record F -o s.svg --speed 1e-300` trapped (SIGILL) writing a 3e300 s animation; the
    /// asciicast quietly used 0.01. Speeds outside 0.01...100 are a usage error.
    @Test(arguments: ["1e-300", "0.001", "101", "1e300"])
    func aSpeedOutOfRangeIsAUsageError(speed: String) throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("locflow-speed-\(getpid())-\(Int.random(in: 0..<1_000_000))").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for out in ["s.svg", "s.cast"] {
            let r = try locflow().run(["record", "Assets/tours/1-provisional-always.flow", "-o", dir + "/" + out, "--speed", speed],
                                      environment: ["SWIFT_BACKTRACE": "enable=no"])
            #expect(r.code == 2, "\(out) \(speed): \(r.err)")
            #expect(r.err.hasPrefix("locflow record: --speed takes a number from 0.01 to 100"), "\(r.err)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).isEmpty)
    }

    @Test func theEdgesOfTheSpeedRangeRecord() throws {
        for speed in ["0.01", "100"] {
            let r = try locflow()("record", "Assets/tours/1-provisional-always.flow", "-o", "-", "--speed", speed)
            #expect(r.code == 0, "\(speed): \(r.err)")
            #expect(r.out.hasPrefix("{\"version\":2"))
        }
    }

    /// `play F --step-delay 1s --step-delay 2s` said "unknown option --step-delay": the second
    /// was left for the explorer's options. The last one counts, as for every option (here the
    /// command gets as far as asking for a terminal).
    @Test func aRepeatedStepDelayIsTakenLikeAnyOption() throws {
        let r = try locflow()("play", "Assets/tours/1-provisional-always.flow", "--step-delay", "1s", "--step-delay=2s")
        #expect(r.code == 2)
        #expect(!r.err.contains("unknown option"), "\(r.err)")
        #expect(r.err.contains("the explorer needs a terminal"), "\(r.err)")
    }
}

/// `record -o demo.svg` held every frame's cells until the end: a 6,000-step flow took 784 MB at
/// 120x40, 2,000 steps at 500x200 4.9 GB, and a 16 MB flow would fill memory. Frames are now
/// drawn into the picture as they come (the same bytes), and a flow of 2,000 steps or more is
/// refused with a pointer to the asciicast, which streams.
@Suite("An animated SVG of a long flow")
struct LongAnimationTests {
    @Test func aFlowOfTooManyStepsIsRefusedBeforeItIsDrawn() throws {
        let locflow = try #require(Locflow.find(), "the locflow executable is built with the tests")
        let dir = Scratch().dir
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let flow = dir + "/long.flow"
        try (["platform ios17"] + Array(repeating: "wait 1s", count: 2_000)).joined(separator: "\n").write(toFile: flow, atomically: true, encoding: .utf8)
        let r = try locflow("record", flow, "-o", dir + "/long.svg")
        #expect(r.code == 2)
        #expect(r.err == "locflow record: \(flow) has 2000 steps; an animated SVG holds a frame for the start and one per step, at most 2000 frames: a flow of at most 1999 steps (-o NAME.cast takes up to 10000)\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["long.flow"])
        let cast = try locflow("record", flow, "-o", dir + "/long.cast")
        #expect(cast.code == 0, "\(cast.err)")
    }
}
