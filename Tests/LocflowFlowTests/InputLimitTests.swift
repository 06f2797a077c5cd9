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
        #expect(Date().timeIntervalSince(started) < 1)
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
        #expect(Date().timeIntervalSince(started) < 1)
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
