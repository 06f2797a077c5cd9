import Foundation
import Testing
@testable import LocflowFlow

/// `shrink -o` into another folder: the flow's relative plist and strings paths are rewritten to
/// resolve from the output's folder (a review found them copied as they were: "no such file").
@Suite("shrink: plist and strings paths")
struct ShrinkPathsTests {
    private func scratchFlow() throws -> (Scratch, String) {
        let s = Scratch()
        try FileManager.default.createDirectory(atPath: s.dir + "/in/plists", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: s.dir + "/out/sub", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: "Assets/plists/complete.plist", toPath: s.dir + "/in/plists/Info.plist")
        s.write("in/plists/InfoPlist.strings", "\"NSLocationWhenInUseUsageDescription\" = \"Shows the map\";\n")
        let path = s.write("in/x.flow", "plist plists/Info.plist\nstrings plists/InfoPlist.strings\napp requestWhenInUseAuthorization\nuser background\nexpect status denied\n")
        return (s, path)
    }

    @Test func theOutputFindsItsFilesFromAnotherFolder() throws {
        let (s, path) = try scratchFlow()
        for out in [s.dir + "/out/sub/short.flow", s.dir + "/short.flow"] {
            let r = capture { Commands.shrink(path, output: out, io: $0) }
            #expect(r.code == 0, "\(r.err)")
            let text = try String(contentsOfFile: out, encoding: .utf8)
            let check = capture { Commands.check([out], quiet: true, io: $0) }
            #expect(check.code == 1 && check.out.contains("expected status denied, found notDetermined"), "\(check.out)\(check.err)\n\(text)")
            let paths = text.split(separator: "\n").filter { $0.hasPrefix("plist ") || $0.hasPrefix("strings ") }
            #expect(paths.count == 2 && !paths.contains { $0.contains(s.dir) }, "relative where it can be: \(text)")
        }
        #expect(try String(contentsOfFile: s.dir + "/out/sub/short.flow", encoding: .utf8).contains("plist ../../in/plists/Info.plist\n"))
    }

    /// Through a symbolic link to a folder `..` climbs the real folders, so the path is made from those.
    @Test func aLinkedFolderAndStandardOutput() throws {
        let (s, path) = try scratchFlow()
        #expect(symlink(s.dir + "/out/sub", s.dir + "/link") == 0)
        let out = s.dir + "/link/short.flow"
        #expect(capture { Commands.shrink(path, output: out, io: $0) }.code == 0)
        #expect(capture { Commands.check([out], quiet: true, io: $0) }.code == 1)
        // Standard output may be saved anywhere: the paths are absolute.
        let r = capture { Commands.shrink(path, output: nil, io: $0) }
        let saved = s.write("out/saved.flow", r.out)
        let check = capture { Commands.check([saved], quiet: true, io: $0) }
        #expect(check.code == 1 && check.out.contains("found notDetermined"), "\(check.out)\(check.err)")
    }
}
