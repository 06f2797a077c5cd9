import Foundation
import Testing
import LocflowFlow

/// Standard output that cannot be written (a full disk, `/dev/full`): a message and exit 2,
/// never a crash. Foundation's `FileHandle.write` trapped, so `locflow rules > /dev/full`
/// died of SIGILL with a backtrace, in every command.
@Suite("Standard output that cannot be written")
struct StandardOutputTests {
    /// Runs locflow with standard output going to `/dev/full`.
    func runToFullDevice(_ args: [String]) throws -> (code: Int32, reason: Process.TerminationReason, err: String) {
        let locflow = try #require(Locflow.find(), "the locflow executable is built with the tests")
        let p = Process()
        p.executableURL = locflow.url
        p.arguments = args
        p.currentDirectoryURL = Locflow.root
        var env = ProcessInfo.processInfo.environment
        env["SWIFT_BACKTRACE"] = "enable=no"
        p.environment = env
        let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
        let err = Pipe()
        p.standardOutput = full
        p.standardError = err
        p.standardInput = FileHandle.nullDevice
        try p.run()
        let e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, p.terminationReason, String(decoding: e, as: UTF8.self))
    }

    @Test(arguments: [["rules"], ["run", "Assets/tours/1-provisional-always.flow"],
                      ["shot", "Assets/tours/1-provisional-always.flow", "-o", "-"],
                      ["record", "Assets/tours/1-provisional-always.flow", "-o", "-"],
                      ["check", "Assets/tours/1-provisional-always.flow"], ["--help"]])
    func aFullDiskIsAMessageAndExitTwo(args: [String]) throws {
        guard FileManager.default.fileExists(atPath: "/dev/full") else { return }
        let r = try runToFullDevice(args)
        #expect(r.reason == .exit, "\(args): killed by a signal")
        #expect(r.code == 2, "\(args): \(r.err)")
        #expect(r.err.contains("locflow: cannot write to standard output (No space left on device)"), "\(args): \(r.err)")
        #expect(!r.err.contains("Fatal error"), "\(args)")
    }
}
