import Foundation
import Testing
@testable import LocflowCore
@testable import LocflowFlow

/// A binary plist from raw objects (each its marker and bytes), with 1-byte offsets and refs
/// unless the objects need 2: a hostile file can be written by hand.
func bplist(_ objects: [[UInt8]], top: UInt64 = 0, refSize: UInt8 = 1, trailer: ((inout [UInt8]) -> Void)? = nil) -> [UInt8] {
    var out = Array("bplist00".utf8)
    var offsets: [Int] = []
    for o in objects { offsets.append(out.count); out += o }
    let offsetSize = offsets.last! < 256 ? 1 : 2
    let table = out.count
    for o in offsets { if offsetSize == 2 { out.append(UInt8(o >> 8)) }; out.append(UInt8(o & 0xFF)) }
    func be64(_ v: UInt64) -> [UInt8] { (0..<8).reversed().map { UInt8((v >> (8 * UInt64($0))) & 0xFF) } }
    var t: [UInt8] = [0, 0, 0, 0, 0, 0, UInt8(offsetSize), refSize] + be64(UInt64(objects.count)) + be64(top) + be64(UInt64(table))
    trailer?(&t)
    return out + t
}

func binaryError(_ bytes: [UInt8]) -> String {
    do { _ = try BinaryPlist.parse(bytes); return "no error" } catch { return error.message }
}

@Suite("Binary plists: a reader of our own for hostile files")
struct BinaryPlistTests {
    static var sample: [String: Any] { [
        "CFBundleDisplayName": "Ferry Times ⛴️ 위치", "NSLocationWhenInUseUsageDescription": "Shows the pier nearest to you.",
        "NSLocationTemporaryUsageDescriptionDictionary": ["Nav": "Turn-by-turn", "Board": String(repeating: "long ", count: 40)],
        "UIBackgroundModes": ["location", "audio"], "NSLocationDefaultAccuracyReduced": true, "Flag": false,
        "Build": 42, "Big": 5_000_000_000, "Negative": -7, "Ratio": 0.25, "Blob": Data([1, 2, 3]), "When": Date(timeIntervalSince1970: 0),
    ] }

    @Test func readsWhatFoundationWritesExactlyAsFoundationReadsIt() throws {
        let data = try PropertyListSerialization.data(fromPropertyList: Self.sample, format: .binary, options: 0)
        let ours = try BinaryPlist.parse(Array(data))
        let theirs = PlistValue(any: try PropertyListSerialization.propertyList(from: data, options: [], format: nil))
        #expect(ours == theirs)
        guard case .dict(let d) = ours else { Issue.record("not a dictionary"); return }
        #expect(d["CFBundleDisplayName"] == .string("Ferry Times ⛴️ 위치"))
        #expect(d["Big"] == .integer(5_000_000_000) && d["Negative"] == .integer(-7) && d["Ratio"] == .real(0.25))
        #expect(d["UIBackgroundModes"] == .array([.string("location"), .string("audio")]))
    }

    @Test func theRepositorysBinarySampleReadsAsItsXMLTwin() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
        let binary = try InfoPlistLoader.loadPlist(path: root + "/Assets/plists/complete.binary.plist")
        let xml = try InfoPlistLoader.loadPlist(path: root + "/Assets/plists/complete.plist")
        #expect(binary.format == "binary")
        #expect(binary.dict == xml.dict)
    }

    @Test func aSetIsRefusedByName() {
        // {"k": set(true)}: the marker 0xC1 crashed Foundation's reader.
        let bytes = bplist([[0xD1, 1, 2], [0x51, 0x6B], [0xC1, 3], [0x09]])
        #expect(binaryError(bytes).contains("object 2 is a set (marker 0xC1)"))
    }

    @Test func everyOneBitFlipOfAValidFileIsReadOrRefusedNeverACrash() throws {
        let valid = Array(try PropertyListSerialization.data(fromPropertyList: Self.sample, format: .binary, options: 0))
        var refused = 0
        for bit in 0..<(valid.count * 8) {
            var b = valid
            b[bit / 8] ^= 1 << UInt8(bit % 8)
            do { _ = try BinaryPlist.parse(b) } catch { refused += 1 }
        }
        #expect(refused > valid.count)   // most flips in the structure are caught
        for length in 0..<valid.count { #expect(throws: PlistError.self) { try BinaryPlist.parse(Array(valid[..<length])) } }
    }

    @Test func exponentialExpansionIsCountedAndRefusedAtOnce() {
        // 41 arrays, each referring twice to the next: 2^41 values from a file of ~180 bytes.
        var objects: [[UInt8]] = (0..<41).map { i in [0xA2, UInt8(i + 1), UInt8(i + 1)] }
        objects.append([0x09])
        let bytes = bplist(objects)
        #expect(bytes.count < 250)
        let started = Date()
        #expect(binaryError(bytes) == "the property list expands into more than 100000 values (objects referred to over and over); locflow reads at most 100000")
        #expect(Date().timeIntervalSince(started) < 5)  // at once: room for a loaded machine, none for a blow-up
    }

    @Test func aStringReferredToOverAndOverIsBoundedByItsBytes() {
        let big = [0x5F, 0x12] + [UInt8(0x00), 0x10, 0x00, 0x00] + [UInt8](repeating: 0x61, count: 0x100000)
        var objects: [[UInt8]] = [[0xAF, 0x10, 40] + [UInt8](repeating: 1, count: 40)]
        objects.append(big)
        #expect(binaryError(bplist(objects)).contains("more than 32 MB of text and data"))
    }

    @Test func cyclesAndDeepNestingAreRefused() {
        #expect(binaryError(bplist([[0xA1, 0]])) == "object 0 contains itself (a cycle of references); a property list is a tree")
        #expect(binaryError(bplist([[0xA1, 1], [0xA1, 0]])).contains("contains itself"))
        let deep = (0..<200).map { i in i == 199 ? [UInt8(0x09)] : [0xA1, 0, UInt8(i + 1)] }
        #expect(binaryError(bplist(deep, refSize: 2)).contains("nested more than 128 deep"))
    }

    @Test func everyNumberInTheFileIsChecked() {
        #expect(binaryError(bplist([[0xA1, 9]])).contains("refers to object 9, but there are only 1"))
        #expect(binaryError(bplist([[0xAF, 0x13, 0x40, 0, 0, 0, 0, 0, 0, 0]])).contains("claims"))
        #expect(binaryError(bplist([[0x5F, 0x13, 0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]])).contains("claims"))
        #expect(binaryError(bplist([[0x6F, 0x13, 0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]])).contains("claims"))
        #expect(binaryError(bplist([[0x55, 0x61]])).contains("runs past the end"))
        #expect(binaryError(bplist([[0x71]])).contains("the marker 0x71, which is not one of the binary format's"))
        #expect(binaryError(bplist([[0x80, 1]])).contains("keyed-archiver UID"))
        #expect(binaryError(bplist([[0x09]], top: 5)).contains("the top object (5)"))
        #expect(binaryError(bplist([[0x09]]) { $0[6] = 0 }).contains("offset size of 0"))
        #expect(binaryError(bplist([[0x09]]) { $0[8] = 0x7F }).contains("objects, which this file cannot hold"))
        #expect(binaryError(bplist([[0x09]]) { $0[24] = 0xFF }).contains("offset table"))
        #expect(binaryError(bplist([[0xD1, 1, 1], [0x10, 1]])).contains("key (object 1) that is not a string"))
        #expect(binaryError(Array("bplist15".utf8) + [UInt8](repeating: 0, count: 40)).contains("only version 00"))
    }

    @Test func aBrokenBinaryPlistIsAClearMessageAndExit2() {
        let s = Scratch()
        let path = s.write("Info.plist", data: Data(bplist([[0xD1, 1, 2], [0x51, 0x6B], [0xC1, 3], [0x09]])))
        let r = capture { Commands.inspect(path, strings: nil, platform: .ios18, io: $0) }
        #expect(r.code == 2)
        #expect(r.err.contains("Info.plist: not a valid binary property list: object 2 is a set"))
        let flow = s.write("f.flow", "plist Info.plist\nexpect status notDetermined\n")
        #expect(capture { Commands.check([flow], io: $0) }.code == 2)
        #expect(capture { Commands.run(flow, format: .json, io: $0) }.code == 2)
    }
}
