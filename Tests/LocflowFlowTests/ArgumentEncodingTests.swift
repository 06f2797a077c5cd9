import Foundation
import Testing
@testable import LocflowFlow

/// An argument that is not UTF-8: locflow refuses it rather than use the name Swift repaired it to.
@Suite("Arguments that are not UTF-8")
struct ArgumentEncodingTests {
    /// `shot F -o $'x\xff.svg'` wrote `x\u{FFFD}.svg` (Swift repairs the argument), a file nobody
    /// named; `check $'x\xff.flow'` said an existing file did not exist. Such an argument is refused.
    @Test func anArgumentThatIsNotUTF8IsRefused() throws {
        let locflow = try #require(Locflow.find(), "the locflow executable is built with the tests")
        let dir = Scratch().dir
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let flow = Locflow.root.appendingPathComponent("Assets/tours/1-provisional-always.flow").path
        // The shell makes the byte: Foundation's Process takes only Strings.
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/sh")
        p.arguments = ["-c", "cd \"$1\" && exec \"$0\" shot \"$2\" -o \"$(printf 'x\\377\\033.svg')\"", locflow.url.path, dir, flow]
        let err = Pipe()
        p.standardError = err
        p.standardOutput = Pipe()
        try p.run()
        let e = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        #expect(p.terminationStatus == 2)
        #expect(e == "locflow: argument 4 is not UTF-8 ('x\\xFF\\u{1B}.svg'); locflow takes file names and options in UTF-8 (rename the file)\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).isEmpty, "no file written")
    }
}
