import Foundation
import Glibc
import Testing
@testable import LocflowFlow

/// `report x.flow -o x.flow` replaced the flow with its report (and `map --plist Info.plist -o
/// Info.plist` the plist): a command's -o never writes over a file the command has read.
@Suite("-o never replaces the command's own input")
struct OwnInputTests {
    @Test func aFileThatWasReadIsRefusedAsOutputDirectlyAndThroughALink() throws {
        let s = Scratch()
        let flow = "# a bug report\r\napp requestWhenInUseAuthorization\r\nexpect status notDetermined\r\n"
        let path = s.write("bug.flow", flow)
        symlink("bug.flow", s.dir + "/out.md")
        _ = try Commands.load(path)
        for target in [path, s.dir + "/out.md"] {
            #expect(throws: FlowError.self) { try OutputFile.write(target, "# report\n", protectingInputs: true) }
            do { try OutputFile.write(target, "# report\n", protectingInputs: true) } catch {
                #expect(error.message.contains(target == path ? "is a file this command reads" : "is a symbolic link"), "\(error.message)")
            }
        }
        #expect(contents(path) == flow)
        #expect(listing(s.dir) == ["bug.flow", "out.md"])
        // Another name in the same folder is written as before.
        #expect(try OutputFile.write(s.dir + "/report.md", "# report\n", protectingInputs: true) == .created)
    }

    @Test func aNewFileAtAReadFilesPathIsNotTakenForIt() throws {
        let s = Scratch()
        let path = s.write("Info.plist", "<plist><dict/></plist>")
        _ = try InputFile.read(path)
        unlink(path)
        _ = s.write("Info.plist", "new file, perhaps the same inode")
        #expect(try OutputFile.write(path, "x", protectingInputs: true) == .replaced)
    }

    @Test func aFileJustOverTheLimitIsNotSaidToBeAtTheLimit() {
        let s = Scratch()
        let path = sparseFile(s, "InfoPlist.strings", size: 17_000_010, prefix: "\"A\" = \"")
        #expect(throws: FlowError.self) { try InputFile.read(path) }
        do { _ = try InputFile.read(path) } catch {
            // It said "is 16 MB; locflow reads files of at most 16 MB".
            #expect(error.message.contains("is over 16 MB; locflow reads files of at most 16 MB"))
        }
    }
}
