import Foundation
import LocflowCore
import LocflowFlow

extension FlowExporter {
    /// Builds one exported file: the configuration, then a line or two per statement.
    struct Writer {
        let style: Style
        let flow: Flow
        var lines: [String] = []
        var plistLines: [String] = []
        var platform = Platform.iOS18
        var assumptions: [String: String] = [:]
        var options: [String: String] = [:]
        var usesManager = false
        var sessionIDs: Set<String> = []
        var usesSessions = false, usesLiveUpdates = false, usesMonitor = false, usesBackgroundActivity = false
        var backgroundActivityMade = false

        init(style: Style, flow: Flow) {
            self.style = style
            self.flow = flow
        }

        var xc: Bool { style == .xctest }
        static let indent = "        "

        // MARK: Configuration

        mutating func configuration(baseDirectory: String) throws(FlowError) {
            for line in flow.config {
                guard case .config(let c) = line.statement else { continue }
                let note = "  // line \(line.line): \(FlowExporter.comment(line.source))"
                let at = SourceLocation(file: flow.file, line: line.line, column: 1)
                switch c {
                case .platform(let p): platform = Platform(p)
                case .version: break
                case .plist(let path):
                    let dict: [String: PlistValue]
                    do { dict = try InfoPlistLoader.loadPlist(path: resolve(path, baseDirectory)).dict } catch { throw FlowError(at, error.message) }
                    plistLines.append("plist.keys = " + FlowExporter.dictLiteral(dict, indent: Writer.indent + "    ") + note)
                case .strings(let path):
                    let strings: [String: String]
                    do { strings = try InfoPlistLoader.loadStrings(path: resolve(path, baseDirectory)) } catch { throw FlowError(at, error.message) }
                    let entries = strings.keys.sorted().map { "\(Writer.indent)    \(FlowExporter.literal($0)): \(FlowExporter.literal(strings[$0] ?? "")),\n" }.joined()
                    plistLines.append("plist.addStrings(" + (strings.isEmpty ? "[:]" : "[\n" + entries + Writer.indent + "]") + ")" + note)
                case .key(let name, let value):
                    let v: String = switch value {
                    case .string(let s): ".string(\(FlowExporter.literal(s)))"
                    case .bool(let b): ".bool(\(b))"
                    case .words(let w): ".array([" + w.map { ".string(\(FlowExporter.literal($0)))" }.joined(separator: ", ") + "])"
                    }
                    plistLines.append("plist[\(FlowExporter.literal(name))] = \(v)" + note)
                case .unset(let name):
                    plistLines.append("plist[\(FlowExporter.literal(name))] = nil" + note)
                case .assume(let name, _):
                    let text = c.flowText
                    assumptions[name] = String(text.dropFirst("assume \(name) ".count))
                case .restricted(let b): options["restricted"] = String(b)
                case .locationServices(let on): options["locationServices"] = String(on)
                case .appClip(let b): options["appClip"] = String(b)
                case .widget(let b): options["widget"] = String(b)
                }
            }
        }

        func resolve(_ path: String, _ base: String) -> String {
            path.hasPrefix("/") ? path : (base as NSString).appendingPathComponent(path)
        }

        // MARK: The body

        mutating func body() {
            let body = flow.body
            var previousStep = false
            for (i, line) in body.enumerated() {
                let next = i + 1 < body.count ? body[i + 1].statement : nil
                let nextIsRefused: Bool = if case .expect(.refused)? = next { true } else { false }
                let note = "// line \(line.line): \(FlowExporter.comment(line.source))"
                if let caption = line.comment, !caption.isEmpty, line.statement.isStatementOfBody {
                    lines.append("// " + FlowExporter.comment(caption))
                }
                switch line.statement {
                case .config: continue
                case .step(let event):
                    step(event, source: line.source, note: note, refusedNext: nextIsRefused)
                    previousStep = true
                case .expect(let x):
                    if case .refused = x {
                        // Right after its step, the step's own line says it (above).
                        if previousStep { lines.append(note + " (checked with the step above)") }
                        else { lines.append(assertTrue("device.lastStepRefused != nil", note)) }
                    } else {
                        expect(x, source: line.source, note: note)
                    }
                    previousStep = false
                }
            }
        }

        /// One step: a call where the API has one, `perform` otherwise; then whether it was performed.
        mutating func step(_ event: Event, source: String, note: String, refusedNext: Bool) {
            if let call = method(for: event) {
                lines.append(call + "  " + note)
                lines.append(refusedNext ? assertTrue("device.lastStepRefused != nil", nil) : assertNil("device.lastStepRefused"))
                return
            }
            let perform = "try device.perform(\(FlowExporter.literal(source)))"
            if refusedNext {
                lines.append(xc ? "XCTAssertThrowsError(\(perform))  \(note)" : "#expect(throws: SimulatedDeviceError.self) { \(perform) }  \(note)")
            } else {
                lines.append(perform + "  " + note)
            }
        }

        /// The API call for an event, or nil when `perform` says it.
        mutating func method(for event: Event) -> String? {
            let L = FlowExporter.literal
            switch event {
            case .app(let c):
                if let call = SimulatedLocationManager.managerCall(c) {
                    usesManager = true
                    return "manager." + call.swift
                }
                switch c {
                case .session(let id, let goal, let key):
                    usesSessions = true
                    sessionIDs.insert(id.string)
                    let k = key.map { L($0.string) } ?? "nil"
                    return "sessions[\(L(id.string))] = SimulatedServiceSession(device: device, authorization: .\(goal.rawValue), fullAccuracyPurposeKey: \(k), id: \(L(id.string)))"
                case .invalidate(let id):
                    guard sessionIDs.contains(id.string) else { return nil }
                    return "sessions[\(L(id.string))]?.invalidate()"
                case .liveUpdates(let on): usesLiveUpdates = true; return "liveUpdates.\(on ? "start" : "stop")()"
                case .monitor(let on): usesMonitor = true; return "monitor.\(on ? "start" : "stop")()"
                case .monitorAdd(let id): usesMonitor = true; return "monitor.add(condition: \(L(id)))"
                case .backgroundActivity(true):
                    usesBackgroundActivity = true
                    backgroundActivityMade = true
                    return "backgroundActivity = SimulatedBackgroundActivitySession(device: device)"
                case .backgroundActivity(false):
                    guard backgroundActivityMade else { return nil }
                    return "backgroundActivity?.invalidate()"
                // The manager's own calls are written above (`SimulatedLocationManager.managerCall`,
                // whose switch names every call); a call it makes through no object of the library
                // (a Live Activity) is performed as its flow line.
                default: return nil
                }
            case .user(let a):
                switch a {
                case .tap(let label): return "device.tap(\(L(label)))"
                case .precise(let on): return "device.setPrecise(\(on))"
                case .settings(let c): return "device.openSettings(choose: .\(SimulatedSettings.Choice(c).rawValue))"
                case .settingsPrecise(let on): return "device.openSettings(precise: \(on))"
                case .settingsLocationServices(let on): return "device.setLocationServices(\(on))"
                case .settingsReset: return "device.resetLocationAndPrivacy()"
                case .background: return "device.moveToBackground()"
                case .foreground: return "device.moveToForeground()"
                case .forceQuit: return "device.forceQuit()"
                case .locationButton: return "device.tapLocationButton()"
                case .addWidget, .removeWidget: return nil
                }
            case .system(let s):
                switch s {
                case .suspend: return "device.suspend()"
                case .terminate: return "device.terminate()"
                case .relaunch: return "device.relaunch()"
                case .reminder: return "device.showBackgroundReminder()"
                }
            case .device(let d):
                switch d {
                case .move: return "device.move()"
                case .stationary: return "device.becomeStationary()"
                case .noFix: return "device.loseFix()"
                case .fix: return "device.regainFix()"
                case .exitRegion(let id): return "device.exitRegion(\(L(id)))"
                case .visit: return "device.visit()"
                case .restart: return "device.restart()"
                case .enterBeacon, .exitBeacon, .airplaneMode: return nil
                }
            case .wait(let ms): return "device.advance(by: \(FlowExporter.duration(ms)))"
            case .timer: return nil
            }
        }

        /// One expectation: an equality where the API reads the same value `check` reads,
        /// `perform` otherwise (diagnostics, buttons, texts ...: the same words as `check`).
        mutating func expect(_ x: Expectation, source: String, note: String) {
            func eq(_ lhs: String, _ rhs: String) { lines.append(assertEqual(lhs, rhs, note)) }
            switch x {
            case .status(let s): usesManager = true; eq("manager.authorizationStatus", ".\(s.rawValue)")
            case .accuracy(let a): usesManager = true; eq("manager.accuracyAuthorization", ".\(a.rawValue)")
            case .locationServicesEnabled(let b): eq("device.settings.locationServices", "\(b)")
            case .settings(let c): eq("device.settings.choice", ".\(SimulatedSettings.Choice(c).rawValue)")
            case .settingsPrecise(let b): eq("device.settings.precise", "\(b)")
            case .settingsOptions(let o):
                eq("device.settings.options", "[" + o.map { ".\(SimulatedSettings.Choice($0).rawValue)" }.joined(separator: ", ") + "]" + (o.isEmpty ? " as [SimulatedSettings.Choice]" : ""))
            case .prompt(let k):
                if let k { eq("device.prompt?.kind", ".\(k.rawValue)") } else { lines.append(assertNil("device.prompt", note)) }
            case .lifecycle(let l): eq("device.lifecycle", ".\(l.rawValue)")
            case .inUse(let b): eq("device.isInUse", "\(b)")
            case .callbacks(let n): eq("device.callbacksDelivered", "\(n)")
            case .indicator(let b): eq("device.showsLocationIndicator", "\(b)")
            case .delivering(let s, let b): eq("device.delivering(.\(s.rawValue))", "\(b)")
            case .fixes(let n): eq("device.fixesReceived", "\(n)")
            case .fix(let k):
                if let k { eq("device.lastFix?.isPrecise", "\(k == .precise)") } else { lines.append(assertNil("device.lastFix", note)) }
            case .widgetUpdates(let b): eq("device.isAuthorizedForWidgetUpdates", "\(b)")
            case .session(let id, let st) where sessionIDs.contains(id):
                eq("sessions[\(FlowExporter.literal(id))]?.state", ".\(st.rawValue)")
            default:
                let perform = "try device.perform(\(FlowExporter.literal(source)))"
                lines.append(xc ? "XCTAssertNoThrow(\(perform))  \(note)" : "#expect(throws: Never.self) { \(perform) }  \(note)")
            }
        }

        // MARK: Assertions in the two styles

        func assertEqual(_ lhs: String, _ rhs: String, _ note: String) -> String {
            (xc ? "XCTAssertEqual(\(lhs), \(rhs))" : "#expect(\(lhs) == \(rhs))") + "  " + note
        }
        func assertNil(_ e: String, _ note: String? = nil) -> String {
            (xc ? "XCTAssertNil(\(e))" : "#expect(\(e) == nil)") + (note.map { "  " + $0 } ?? "")
        }
        func assertTrue(_ e: String, _ note: String?) -> String {
            (xc ? "XCTAssertTrue(\(e))" : "#expect(\(e))") + (note.map { "  " + $0 } ?? "")
        }

        // MARK: The file

        func file(path: String) -> String {
            let name = (path as NSString).lastPathComponent
            let base = FlowExporter.identifier((name as NSString).deletingPathExtension)
            let i = Writer.indent
            var out = "// Generated by locflow export --to \(style.rawValue) from \(FlowExporter.comment(name)).\n"
            out += "// Each step is a call on the simulated device, its manager or a service (perform(\"...\") where\n"
            out += "// the API has no method); each expect is an assertion with the flow's line. It passes exactly\n"
            out += "// when `locflow check` passes the flow. Replace the manager's calls by your own code's.\n"
            for d in flow.description { out += "//   \(FlowExporter.comment(d))\n" }
            out += xc ? "import XCTest\n" : "import Testing\n"
            out += "import LocflowTesting\n\n"
            let name1 = FlowExporter.literal(name)
            if xc {
                out += "final class \(base.prefix(1).uppercased() + base.dropFirst())FlowTests: XCTestCase {\n"
                out += "    /// \(FlowExporter.comment(name))\n"
                out += "    func testFlow() throws {\n"
            } else {
                out += "@Test(\(name1)) func \(base)Flow() throws {\n"
            }
            let ind = xc ? i : "    "
            out += ind + (plistLines.isEmpty ? "let" : "var") + " plist = InfoPlist.sample\n"
            for l in plistLines { out += ind + l.replacingOccurrences(of: "\n" + Writer.indent, with: "\n" + ind) + "\n" }
            var args = "platform: .\(platform.rawValue), infoPlist: plist"
            if !assumptions.isEmpty {
                let entries: [String] = assumptions.keys.sorted().map { (k: String) -> String in
                    FlowExporter.literal(k) + ": " + FlowExporter.literal(assumptions[k] ?? "")
                }
                args += ", assumptions: [" + entries.joined(separator: ", ") + "]"
            }
            for k in ["restricted", "locationServices", "appClip", "widget"] { if let v = options[k] { args += ", \(k): \(v)" } }
            out += ind + "let device = try SimulatedDevice(\(args))\n"
            out += ind + "var manager = device.makeLocationManager()  // the app's manager, made at launch\n"
            out += ind + "device.onLaunch = { manager = $0.makeLocationManager() }  // and at every later launch\n"
            if usesSessions { out += ind + "var sessions: [String: SimulatedServiceSession] = [:]\n" }
            if usesLiveUpdates { out += ind + "let liveUpdates = device.liveUpdates()\n" }
            if usesMonitor { out += ind + "let monitor = device.monitor()\n" }
            if usesBackgroundActivity { out += ind + "var backgroundActivity: SimulatedBackgroundActivitySession?\n" }
            for l in lines { out += ind + l + "\n" }
            // Held to the end, as the app holds them (and read, so that nothing is unused).
            var held = ["manager"]
            if usesSessions { held.append("sessions") }
            if usesBackgroundActivity { held.append("backgroundActivity") }
            out += ind + "withExtendedLifetime((\(held.joined(separator: ", "))\(held.count == 1 ? "" : ""))) {}\n"
            out += xc ? "    }\n}\n" : "}\n"
            return out
        }
    }
}

extension Statement {
    var isStatementOfBody: Bool { if case .config = self { false } else { true } }
}
