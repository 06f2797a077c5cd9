import Foundation
import Testing
@testable import LocflowFlow

/// `shrink` keeps the finding: the same expectation finding the same value (a review found
/// `expect callbacks 3, found 2` shrunk to a flow that found 4, a different bug), and it cites the
/// failing line of the input and of the output, not of a candidate in between.
@Suite("shrink: the same finding")
struct ShrinkFindingTests {
    /// suspension-and-callbacks.flow with its line 15 made to fail (found 2).
    static let suspended = """
        app requestWhenInUseAuthorization
        user tap "Allow While Using App"
        expect callbacks 2

        user background
        wait 6s
        expect lifecycle suspended
        user settings never
        user settings whileUsing
        user settings always
        expect status authorizedAlways
        expect callbacks 3
        user foreground
        """

    /// The line of the output that fails, as `check` reports it.
    private func failingLine(_ check: String, _ file: String) -> Int? {
        guard let r = check.range(of: file + ":") else { return nil }
        return Int(check[r.upperBound...].prefix(while: \.isNumber))
    }

    @Test func theShrunkFlowFindsTheSameValue() throws {
        let s = Scratch()
        let path = s.write("suspended.flow", Self.suspended + "\n")
        let out = s.dir + "/short.flow"
        let r = capture { Commands.shrink(path, output: out, io: $0) }
        #expect(r.code == 0, "\(r.err)")
        let check = capture { Commands.check([out], quiet: true, io: $0) }
        #expect(check.out.contains("expected callbacks 3, found 2"), "\(check.out)")
        #expect(check.out.hasSuffix("0 passed, 1 failed\n"), "\(check.out)")
        // The summary and the header cite line 12 of the input and the output's own failing line.
        let line = try #require(failingLine(check.out, out))
        #expect(r.out.contains("(line 12 of \(path), line \(line) of \(out))"), "\(r.out)")
        let header = try String(contentsOfFile: out, encoding: .utf8).split(separator: "\n")[0]
        #expect(header.contains("its line 12 still fails, here at line \(line): expected callbacks 3, found 2"), "\(header)")
    }

    /// A refused step keeps what it was refused in (a suspended app, not a foreground one), and
    /// the count of steps includes it (it said "5 steps to 0" and printed that one step).
    @Test func aRefusedStepKeepsItsStateAndIsCounted() throws {
        let s = Scratch()
        let path = s.write("r.flow", "app requestWhenInUseAuthorization\nuser tap \"Allow Once\"\nuser background\nwait 5s\nsystem relaunch\n")
        let r = capture { Commands.shrink(path, output: nil, io: $0) }
        #expect(r.code == 0, "\(r.err)")
        #expect(r.err.contains("locflow shrink: 5 steps to 3 "), "\(r.err)")
        #expect(r.out.contains("user background\nwait 5s\nsystem relaunch"), "\(r.out)")
        let out = s.write("short.flow", r.out)
        #expect(capture { Commands.check([out], quiet: true, io: $0) }.out.contains("found it refused: system relaunch needs an app that is not running (the app is suspended)"))
    }

    /// A long recording (the review's had 4002 steps): every callback it counts is kept.
    @Test func aLongCountIsKeptWhole() throws {
        let s = Scratch()
        let rounds = String(repeating: "user settings never\nuser settings whileUsing\nuser background\nuser foreground\n", count: 20)
        let path = s.write("long.flow", "app requestWhenInUseAuthorization\nuser tap \"Allow While Using App\"\n" + rounds + "expect callbacks 3\n")
        let before = capture { Commands.check([path], quiet: true, io: $0) }
        #expect(before.out.contains("expected callbacks 3, found 42"), "\(before.out)")
        let r = capture { Commands.shrink(path, output: nil, io: $0) }
        #expect(r.code == 0, "\(r.err)")
        let out = s.write("short.flow", r.out)
        let after = capture { Commands.check([out], quiet: true, io: $0) }
        #expect(after.out.contains("expected callbacks 3, found 42"), "\(after.out)")
        #expect(r.err.contains("line 83 of \(path), line \(try #require(failingLine(after.out, out))) of the shrunk flow"), "\(r.err)")
    }
}
