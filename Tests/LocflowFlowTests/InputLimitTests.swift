import Foundation
import Glibc
import Testing
@testable import LocflowCore
@testable import LocflowFlow

/// A sparse file of `size` bytes (zeros), made in no time.
func sparseFile(_ s: Scratch, _ name: String, size: Int, prefix: String = "") -> String {
    let path = s.write(name, prefix)
    let fd = open(path, O_WRONLY)
    ftruncate(fd, off_t(size))
    close(fd)
    return path
}

@Suite("Inputs are bounded: regular files of at most 16 MB")
struct InputLimitTests {
    @Test func aFlowOverTheLimitIsRefusedWithTheLimitInTheMessage() {
        let s = Scratch()
        let path = sparseFile(s, "big.flow", size: InputFile.limit + 1, prefix: "wait 5s\n")
        let r = capture { Commands.check([path], quiet: true, io: $0) }
        #expect(r.code == 2)
        #expect(r.err.contains("big.flow: is over 16 MB; locflow reads files of at most 16 MB (16777216 bytes)"))
    }

    @Test func aPlistOrStringsFileOverTheLimitIsRefused() {
        let s = Scratch()
        let plist = sparseFile(s, "Info.plist", size: 40 * 1024 * 1024, prefix: "<?xml")
        let strings = sparseFile(s, "InfoPlist.strings", size: 2 * 1024 * 1024 * 1024, prefix: "\"A\" = \"")
        let started = Date()
        let r = capture { Commands.inspect(plist, strings: nil, platform: .ios18, io: $0) }
        #expect(r.code == 2)
        #expect(r.err.contains("Info.plist: is 40 MB; locflow reads files of at most 16 MB"))
        #expect(throws: FlowError.self) { try InfoPlistLoader.loadStrings(path: strings) }
        do { _ = try InfoPlistLoader.loadStrings(path: strings) } catch {
            #expect(error.message.contains("InfoPlist.strings: is 2048 MB; locflow reads files of at most 16 MB"))
        }
        #expect(Date().timeIntervalSince(started) < 5)  // at once: room for a loaded machine, none for a blow-up
    }

    @Test func aFileJustAtTheLimitIsRead() throws {
        let s = Scratch()
        let path = sparseFile(s, "edge.bin", size: InputFile.limit)
        #expect(try InputFile.read(path).count == InputFile.limit)
    }

    @Test func pipesDevicesAndFoldersAreRefusedAtOnce() {
        let s = Scratch()
        let fifo = s.dir + "/pipe.flow"
        mkfifo(fifo, 0o600)
        let started = Date()
        for (path, text) in [(fifo, "is a pipe (FIFO), not a regular file"), ("/dev/zero", "is a device, not a regular file"),
                             (s.dir, "is a folder, not a file"), (s.dir + "/none.flow", "no such file")] {
            #expect(throws: FlowError.self) { try InputFile.read(path) }
            do { _ = try Commands.load(path) } catch { #expect(error.message.contains(text), "\(path): \(error.message)") }
        }
        let r = capture { Commands.run(fifo, format: .text, io: $0) }
        #expect(r.code == 2)
        #expect(Date().timeIntervalSince(started) < 5)  // at once: room for a loaded machine, none for a blow-up
    }

    @Test func aFlowThatNamesAFIFOAsItsPlistIsRefusedNotHung() {
        let s = Scratch()
        mkfifo(s.dir + "/Info.plist", 0o600)
        let flow = s.write("f.flow", "plist Info.plist\nexpect status notDetermined\n")
        let r = capture { Commands.check([flow], quiet: true, io: $0) }
        #expect(r.code == 2)
        #expect(r.err.contains("f.flow:1:1: error: ") && r.err.contains("Info.plist: is a pipe (FIFO)"))
    }
}

@Suite("Long words and many keys stay cheap")
struct LongInputTests {
    @Test func aHugeWordIsNoTypoAndIsNotComparedLetterByLetter() {
        #expect(nearest(String(repeating: "x", count: 100_000), in: FlowParser.statementKeywords) == nil)
        #expect(nearest("plaform", in: FlowParser.statementKeywords) == "platform")
        #expect(parseError(String(repeating: "x", count: 60_000)) == "t.flow:1:1: error: expected a statement, found 'xxxxxxxxxxxxxxxx…'")
    }

    @Test func aFailureQuotesAShortExcerptOfAHugeStatement() {
        let s = Scratch()
        let path = s.write("long.flow", "user tap \"" + String(repeating: "a", count: 60_000) + "\"\n")
        let r = capture { Commands.check([path], io: $0) }
        #expect(r.code == 1)
        #expect(r.out.count < 1000)
    }

    @Test func thousandsOfUnknownKeysGiveTwentyFindingsAndACount() {
        var dict: [String: PlistValue] = [:]
        for i in 0..<5000 { dict["NSLocationMadeUp\(i)" + String(repeating: "z", count: i % 200)] = .string("x") }
        let findings = InfoPlistLoader.resolve(dict).1
        #expect(findings.count == 21)
        #expect(findings.last?.message == "4980 more keys starting with NSLocation are not keys Core Location reads")
    }
}
