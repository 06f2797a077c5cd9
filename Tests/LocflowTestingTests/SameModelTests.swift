import Foundation
import Testing
import LocflowCore
@testable import LocflowFlow
import LocflowTesting

/// What a test can observe, read once through the library's API and once straight from the world
/// that `check`'s runner holds.
struct Observation: Equatable, CustomStringConvertible {
    var status: String, accuracy: String, settings: String, options: [String], precise: Bool?, services: Bool
    var prompt: String?, buttons: [String], lifecycle: String, inUse: Bool, callbacks: Int, fixes: Int
    var lastFix: String?, indicator: Bool, delivering: [Bool], diagnostics: [String: [String]]

    var description: String {
        "\(status) \(accuracy) settings=\(settings) \(options) precise=\(String(describing: precise)) prompt=\(prompt ?? "none") \(buttons) "
            + "\(lifecycle) inUse=\(inUse) callbacks=\(callbacks) fixes=\(fixes) fix=\(lastFix ?? "none") indicator=\(indicator) delivering=\(delivering) \(diagnostics)"
    }

    static let sources = ["liveUpdates", "monitor", "backgroundActivity"]

    init(device d: SimulatedDevice, sessions: [String]) {
        status = d.authorizationStatus.rawValue
        accuracy = d.accuracyAuthorization.rawValue
        let s = d.settings
        settings = s.choice == .notListed ? "unlisted" : s.choice.rawValue
        options = s.options.map(\.rawValue)
        precise = s.precise
        services = s.locationServices
        prompt = d.prompt?.kind.rawValue
        buttons = d.prompt?.buttons ?? []
        lifecycle = d.lifecycle.rawValue
        inUse = d.isInUse
        callbacks = d.callbacksDelivered
        fixes = d.fixesReceived
        lastFix = d.lastFix.map { $0.isPrecise ? "precise" : "approximate" }
        indicator = d.showsLocationIndicator
        delivering = DeliverySource.allCases.map { d.delivering($0) }
        diagnostics = [:]
        for name in Observation.sources + sessions { diagnostics[name] = d.diagnostics(name)?.properties.map(\.rawValue) ?? ["unavailable"] }
    }

    init(world w: World, sessions: [String]) {
        status = w.status.rawValue
        accuracy = w.accuracy.rawValue
        settings = w.settingsChoice.rawValue
        options = w.settingsOptions.map { $0 == .unlisted ? "notListed" : $0.rawValue }
        precise = w.settingsShowsPrecise ? w.record.precise : nil
        services = w.locationServicesOn
        prompt = w.prompt?.kind.rawValue
        buttons = w.promptButtons
        lifecycle = w.lifecycle.rawValue
        inUse = w.inUse
        callbacks = w.callbacks
        fixes = w.fixes
        lastFix = w.lastFix?.rawValue
        indicator = w.indicatorShown
        delivering = DeliverySource.allCases.map { w.delivering($0) }
        diagnostics = [:]
        for name in Observation.sources + sessions {
            let source = World.DiagnosticSource(name)
            diagnostics[name] = w.diagnosticsUnavailable(source) == nil ? w.diagnostics(source).map(\.rawValue) : ["unavailable"]
        }
    }
}

let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

func sampleFlows() -> [String] {
    Commands.expand([repositoryRoot.appendingPathComponent("Assets/flows").path])
}

@Suite("One model: the device and check agree on every sample flow")
struct SameModelTests {
    @Test func theSampleFlowsAreThere() {
        #expect(sampleFlows().count > 100)
    }

    @Test(arguments: sampleFlows())
    func stepByStep(_ path: String) throws {
        try compare(try Commands.load(path), path)
    }

    /// The same, with probes that mostly fail after every step (a status, a prompt, a session's
    /// and a stream's diagnostics, a refusal): the device's failure messages, rules and all,
    /// are check's word for word.
    @Test(arguments: sampleFlows())
    func failingProbes(_ path: String) throws {
        var flow = try Commands.load(path)
        let probes: [LocflowFlow.Expectation] = [.status(.restricted), .prompt(.legacyAlways), .refused, .lifecycle(.suspended),
                                     .diagnostics(source: "liveUpdates", [.stationary]), .callbacks(7), .settingsPrecise(false)]
        var lines: [FlowLine] = []
        for line in flow.lines {
            var l = line
            l.line *= 10
            lines.append(l)
            guard case .step = line.statement else { continue }
            for (i, p) in probes.enumerated() {
                lines.append(FlowLine(statement: .expect(p), line: line.line * 10 + i + 1, source: p.flowText, comment: nil))
            }
        }
        flow.lines = lines
        try compare(flow, path)
    }

    func compare(_ flow: Flow, _ path: String) throws {
        let runner = FlowRunner(flow: flow, baseDirectory: (path as NSString).deletingLastPathComponent)
        var after: [Int: World] = [:]
        var expectations: [Int: String?] = [:]
        let result = try runner.run(onEntry: { e in if let line = e.line { after[line] = e.world } },
                                    onExpect: { line, ok, message in expectations[line.line] = ok ? nil : (message ?? "") })
        let sessions = flow.body.compactMap { l -> String? in
            if case .step(.app(.session(let id, _, _))) = l.statement { id.string } else { nil }
        }

        let device = SimulatedDevice(config: try runner.makeConfig().0)
        var failures: [(Int, String)] = []
        var pendingRefusal: (Int, String)?
        for line in flow.body {
            switch line.statement {
            case .config: continue
            case .step:
                if let p = pendingRefusal { failures.append(p) }
                pendingRefusal = nil
                do { try device.perform(line.source, line: line.line) } catch {
                    #expect(error.kind == .refused, "\(path):\(line.line): \(error)")
                    pendingRefusal = (line.line, error.message)
                }
                guard let world = after[line.line] else { Issue.record("\(path):\(line.line): no trace entry"); continue }
                #expect(device.world == world, "\(path):\(line.line): the device's world differs from check's")
                let mine = Observation(device: device, sessions: sessions), theirs = Observation(world: world, sessions: sessions)
                #expect(mine == theirs, "\(path):\(line.line): device \(mine) / check \(theirs)")
            case .expect(let x):
                if case .refused = x { pendingRefusal = nil } else if let p = pendingRefusal { failures.append(p); pendingRefusal = nil }
                var message: String?
                do { try device.perform(line.source, line: line.line) } catch { message = error.message; failures.append((line.line, error.message)) }
                #expect(expectations[line.line] == .some(message), "\(path):\(line.line): device says \(message ?? "holds")")
            }
        }
        if let p = pendingRefusal { failures.append(p) }
        #expect(failures.map { "\($0.0): \($0.1)" } == result.failures.map { "\($0.line): \($0.message)" }, "\(path)")
    }
}
