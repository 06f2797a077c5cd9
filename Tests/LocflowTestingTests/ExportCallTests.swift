import Foundation
import Testing
import LocflowCore
import LocflowFlow
@testable import LocflowTesting

/// What `locflow export` writes for an `app` step against what `SimulatedLocationManager` has: an
/// exported line that names a method the library lacks compiles nowhere but in the person's
/// own package. Both read `SimulatedLocationManager.managerCall`, a switch with no `default`
/// beside the methods: here each sample call is exported, made through the library and
/// compared with the flow's line.
@Suite("locflow export writes the library's own calls")
struct ExportCallTests {
    /// Each sample call the exporter writes as a manager call is this one, and the library's call
    /// takes the step the flow's line takes.
    @Test func everyManagerCallTheExporterWritesIsTheLibrarys() throws {
        // The library's own source, to hold each written line's name to a method or property of it.
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/LocflowTesting/SimulatedLocationManager.swift"), encoding: .utf8)
        var checked = 0
        for case .app(let call) in EventCatalogue.samples {
            let text = "app " + call.flowText + "\n"
            let exported = try FlowExporter.swift(for: try FlowParser.parse(text, file: "t.flow"), path: "t.flow", style: .swiftTesting)
            guard let (line, perform) = SimulatedLocationManager.managerCall(call) else {
                #expect(!exported.contains("manager."), "'\(text.dropLast())' is exported as a manager call: give it its call in SimulatedLocationManager.managerCall")
                continue
            }
            #expect(exported.contains("manager." + line + "  // line 1"), "'\(text.dropLast())' is not exported as manager.\(line)")
            // The line names what the closure beside it calls: a method or property of the manager.
            let name = String(line.prefix { $0 != "(" && $0 != " " })
            #expect(source.contains("public func \(name)(") || source.contains("public var \(name)"),
                    "manager.\(line) names no method or property of SimulatedLocationManager")
            let byCall = SimulatedDevice(platform: .iOS18), byLine = SimulatedDevice(platform: .iOS18)
            let manager = byCall.makeLocationManager()
            _ = byLine.makeLocationManager()
            perform(manager)
            try? byLine.perform(String(text.dropLast()))
            #expect(byCall.world == byLine.world, "manager.\(line) is not the step '\(text.dropLast())'")
            checked += 1
        }
        // The test reaches the manager's calls at all: the requests, the services, the properties.
        #expect(checked >= 20)
    }
}
