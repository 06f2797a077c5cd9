import LocflowCore

/// libFuzzer target: any bytes as a .flow file given to `shrink` and `diff`. Neither may trap
/// or hang; a shrunk flow must parse (its own parser refused a merged `wait 87600000h` once)
/// and fail where the input failed, and every line `diff` writes stays one line.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzShrinkDiff(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    guard let text = String(validating: UnsafeBufferPointer(start: data, count: size), as: UTF8.self),
          let flow = try? FlowParser.parse(text, file: "fuzz.flow"),
          flow.lines.count <= 40 else { return 0 }  // shrink runs the flow many times: small flows only
    // Files a flow names are not read (no such folder): a clear error, never a trap.
    let base = "/nonexistent-locflow-fuzz"
    var shrinker = Shrinker(flow: flow, baseDirectory: base)
    if let outcome = try? shrinker.shrink() {
        guard let written = try? shrinker.written(outcome, file: "short.flow", in: nil) else {
            fatalError("a shrunk flow that does not parse or run")
        }
        guard let again = try? FlowParser.parse(written.text, file: "short.flow") else { fatalError("a shrunk flow that does not parse") }
        _ = again
        if written.failure == nil { fatalError("a shrunk flow that does not fail") }
    }
    if let r = try? FlowDiff.run(flow, baseDirectory: base, a: .init(overrides: [.platform(.ios13)]), b: .init(overrides: [.platform(.ios18)])) {
        for line in FlowDiff.text(r, file: "fuzz.flow").split(separator: "\n") where line.contains("\u{1B}") {
            _ = line  // escaped when printed (DiffCommand); the text itself is the stranger's
        }
        let md = FlowDiff.markdown(r, file: "fuzz.flow")
        // Every row of the table is one line: a newline in a cell would break the table.
        for line in md.split(separator: "\n") where line.hasPrefix("| ") && !line.hasSuffix("|") {
            fatalError("a table row broken across lines: \(line.prefix(80))")
        }
    }
    return 0
}
