import Foundation
import Glibc
import Testing
@testable import LocflowFlow

func fileType(_ path: String) -> mode_t? {
    var st = stat()
    return lstat(path, &st) == 0 ? st.st_mode & S_IFMT : nil
}

func contents(_ path: String) -> String? {
    FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
}

func listing(_ dir: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).sorted()
}

@Suite("-o writes the named file and nothing else")
struct OutputFileTests {
    @Test func createsANewFileAndReplacesARegularOneKeepingItsPermissions() throws {
        let s = Scratch()
        let path = s.dir + "/report.md"
        #expect(try OutputFile.write(path, "one\n") == .created)
        #expect(contents(path) == "one\n")
        chmod(path, 0o640)
        #expect(try OutputFile.write(path, "two\n") == .replaced)
        #expect(contents(path) == "two\n")
        var st = stat()
        stat(path, &st)
        #expect(st.st_mode & 0o777 == 0o640)
        #expect(listing(s.dir) == ["report.md"])   // no temporary file left beside it
    }

    /// A link planted at the name (in a shared folder, by someone else) would send the bytes to
    /// a file nobody named: a link is refused, even to a regular file, and nothing changes.
    @Test func neverWritesThroughASymbolicLink() throws {
        let s = Scratch()
        try FileManager.default.createDirectory(atPath: s.dir + "/real", withIntermediateDirectories: true)
        let target = s.write("real/out.cast", "old")
        symlink("real/out.cast", s.dir + "/link.cast")
        do { try OutputFile.write(s.dir + "/link.cast", "new"); Issue.record("written through the link") } catch {
            #expect(error.message.contains("is a symbolic link; locflow never writes through a link"), "\(error.message)")
        }
        #expect(fileType(s.dir + "/link.cast") == S_IFLNK)
        #expect(contents(target) == "old")
        #expect(listing(s.dir + "/real") == ["out.cast"])
        #expect(listing(s.dir) == ["link.cast", "real"])
    }

    /// A read-only file says "keep me": it is refused, by its mode (root may write anything).
    @Test func neverReplacesAReadOnlyFile() throws {
        let s = Scratch()
        let path = s.write("report.md", "keep")
        chmod(path, 0o444)
        do { try OutputFile.write(path, "new"); Issue.record("a read-only file was replaced") } catch {
            #expect(error.message.hasSuffix("report.md: is read-only; locflow does not replace a read-only file (make it writable, or give another name)"), "\(error.message)")
        }
        #expect(contents(path) == "keep")
        #expect(listing(s.dir) == ["report.md"])
    }

    /// A name locflow chose itself (a recording's report) is created, never replaced: a file
    /// or a link that took it is left alone and said.
    @Test func anExclusiveWriteNeverReplacesAnything() throws {
        let s = Scratch()
        let victim = s.write("victim.txt", "mine")
        symlink(victim, s.dir + "/r.md")
        s.write("taken.md", "theirs")
        for name in ["r.md", "taken.md"] {
            do { try OutputFile.write(s.dir + "/" + name, "new", exclusive: true); Issue.record("\(name) was replaced") } catch {
                #expect(error.message.contains(name == "r.md" ? "is a symbolic link" : "exists already"), "\(error.message)")
            }
        }
        #expect(contents(victim) == "mine" && contents(s.dir + "/taken.md") == "theirs")
        #expect(try OutputFile.write(s.dir + "/new.md", "fresh", exclusive: true) == .created)
        #expect(contents(s.dir + "/new.md") == "fresh")
        #expect(listing(s.dir) == ["new.md", "r.md", "taken.md", "victim.txt"])
    }

    @Test func refusesDevicesPipesFoldersAndDanglingLinksAndReplacesNothing() {
        let s = Scratch()
        mkfifo(s.dir + "/fifo", 0o600)
        symlink(s.dir + "/nowhere", s.dir + "/dangling")
        symlink("/dev/null", s.dir + "/to-device")
        let cases = [("/dev/null", "is a device, not a regular file"), ("/dev/full", "is a device, not a regular file"),
                     (s.dir + "/to-device", "is a symbolic link"), (s.dir + "/fifo", "is a pipe (FIFO)"), (s.dir, "is a folder"),
                     (s.dir + "/dangling", "is a symbolic link"),
                     (s.dir + "/no/such/folder/x.md", "the folder \(s.dir)/no/such/folder does not exist")]
        let started = Date()
        for (path, text) in cases {
            do { try OutputFile.write(path, "x"); Issue.record("\(path) was written") } catch {
                #expect(error.message.contains(text), "\(path): \(error.message)")
            }
        }
        #expect(Date().timeIntervalSince(started) < 5)  // at once: room for a loaded machine, none for a blow-up
        #expect(fileType("/dev/null") == S_IFCHR && fileType("/dev/full") == S_IFCHR)
        #expect(fileType(s.dir + "/fifo") == S_IFIFO && fileType(s.dir + "/dangling") == S_IFLNK)
        #expect(fileType(s.dir + "/nowhere") == nil)
        #expect(listing(s.dir) == ["dangling", "fifo", "to-device"])
    }

    /// A folder given for the file: the hint names a file of the command's own kind (it
    /// suggested report.md to every command).
    @Test func aFolderIsToldToTakeAFileOfTheCommandsKind() {
        let s = Scratch()
        for (example, hint) in [("shot.svg", "give a file name, e.g. \(s.dir)/shot.svg"), (nil, "give a file name in it")] {
            do { try OutputFile.write(s.dir + "/", "x", example: example); Issue.record("a folder was written") } catch {
                #expect(error.message.hasSuffix("is a folder; " + hint), "\(error.message)")
            }
        }
        let flow = s.write("long.flow", "app requestWhenInUseAuthorization\nexpect status denied\n")
        let r = capture { Commands.shrink(flow, output: s.dir, io: $0) }
        #expect(r.code == 2 && r.err.contains("e.g. \(s.dir)/short.flow"), "\(r.err)")
    }

    @Test func aFailedWriteLeavesTheOldFileAndNoTemporary() {
        let s = Scratch()
        let path = s.write("out.md", "precious")
        do {
            try OutputFile.write(path) { (w: inout OutputFile.Writer) throws(FlowError) in
                try w.write(String(repeating: "x", count: 200_000))
                throw FlowError(nil, "stopped half way")
            }
            Issue.record("no error")
        } catch {
            #expect(error.message == "stopped half way")
        }
        #expect(contents(path) == "precious")
        #expect(listing(s.dir) == ["out.md"])
    }

    @Test func aTemporaryLeftByAKilledProcessIsRemovedByTheNextWrite() throws {
        let s = Scratch()
        var dead: Int32 = 4_000_000
        while kill(dead, 0) == 0 || errno != ESRCH { dead -= 1 }
        s.write(".out.cast.locflow-tmp-\(dead)", "50 MB of a killed record")
        s.write(".out.cast.locflow-tmp-1", "pid 1 is alive: not ours to remove")
        s.write(".other.locflow-tmp-\(dead)", "beside another file: left alone")
        try OutputFile.write(s.dir + "/out.cast", "new")
        #expect(listing(s.dir) == [".other.locflow-tmp-\(dead)", ".out.cast.locflow-tmp-1", "out.cast"])
    }

    @Test func streamsLongOutputInChunks() throws {
        let s = Scratch()
        var total = 0
        try OutputFile.write(s.dir + "/big.txt") { (w: inout OutputFile.Writer) throws(FlowError) in
            for i in 0..<100_000 { let line = "line \(i)\n"; total += line.utf8.count; try w.write(line) }
        }
        #expect(contents(s.dir + "/big.txt")?.utf8.count == total)
    }
}
