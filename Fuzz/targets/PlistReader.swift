/// libFuzzer target: any bytes as an Info.plist, through both of locflow's readers (binary and
/// XML). Each must return a value or an error, within the limits, never trap, hang or blow up.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPlistReader(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if BinaryPlist.isBinary(bytes) {
        _ = try? BinaryPlist.parse(bytes)
    } else {
        _ = try? XMLPlist.parse(bytes)
    }
    // The binary reader on any bytes behind a valid header, too.
    _ = try? BinaryPlist.parse(Array("bplist00".utf8) + bytes)
    return 0
}
