import LocflowCore

/// libFuzzer target: any bytes as a .flow file. Bytes that are not UTF-8 must be reported at a
/// line and column (`LineEnds.firstNonUTF8`, as `check` does). The parser must return a flow or an error,
/// never trap or hang; a parsed flow's steps then run through the model, which must never trap
/// either (waits near the clock's limit included). Each statement also goes through the
/// explorer's `:` line parser.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFlowParser(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let text = String(validating: bytes, as: UTF8.self) else {
        // Where `check` says the first bad byte is: it must be one, inside the file.
        guard let at = LineEnds.firstNonUTF8(bytes), at.line >= 1, at.column >= 1 else { fatalError("not UTF-8, but no bad byte found") }
        return 0
    }
    if LineEnds.firstNonUTF8(bytes) != nil { fatalError("UTF-8, but a bad byte found") }
    for line in LineEnds.lines(text).prefix(50) { _ = try? FlowParser.parseStatement(String(line)) }
    guard let flow = try? FlowParser.parse(text, file: "fuzz.flow") else { return 0 }
    var config = AppConfig()
    for line in flow.lines {
        guard case .config(let c) = line.statement else { continue }
        switch c {
        case .platform(let p): config.platform = p
        case .assume(let name, let value): _ = config.assumptions.set(name, value)
        case .restricted(let r): config.restricted = r
        case .locationServices(let on): config.locationServicesOn = on
        default: break
        }
    }
    var world = World(config: config)
    for line in flow.lines.prefix(120) {
        if case .step(let e) = line.statement { _ = world.step(e) }
        _ = line.statement.flowText
    }
    return 0
}
