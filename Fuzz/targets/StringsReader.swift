/// libFuzzer target: any bytes as an InfoPlist.strings file (every encoding the reader detects).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzStringsReader(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    _ = try? StringsFile.parse(bytes)
    return 0
}
