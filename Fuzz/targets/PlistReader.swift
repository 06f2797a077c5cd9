import LocflowCore

/// libFuzzer target: any bytes as an Info.plist, through both of locflow's readers (binary and
/// XML), and a dictionary that either reads through what `inspect` and every flow make of it
/// (`InfoPlistLoader.resolve`, and `analyse` on every platform). Each must return a value or an
/// error, within the limits, never trap, hang or blow up.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPlistReader(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let value = BinaryPlist.isBinary(bytes) ? try? BinaryPlist.parse(bytes) : try? XMLPlist.parse(bytes)
    if case .dict(let dict)? = value {
        let (info, _) = InfoPlistLoader.resolve(dict)
        _ = info.appName
        for platform in Platform.allCases { _ = InfoPlistLoader.analyse(dict, platform: platform) }
    }
    // The binary reader on any bytes behind a valid header, too.
    _ = try? BinaryPlist.parse(Array("bplist00".utf8) + bytes)
    return 0
}
