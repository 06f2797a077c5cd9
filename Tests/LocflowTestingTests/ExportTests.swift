import Foundation
import Testing
import LocflowFlow
@testable import LocflowTesting

@Suite("locflow export")
struct ExportTests {
    @Test func stringsFromStrangersAreEscaped() {
        #expect(FlowExporter.literal(#"a "quoted" \ back"#) == #""a \"quoted\" \\ back""#)
        #expect(FlowExporter.literal("two\nlines\r\t\0") == #""two\nlines\r\t\0""#)
        #expect(FlowExporter.literal("\"\"\" # \\(x) #\"raw\"#") == ##""\"\"\" # \\(x) #\"raw\"#""##)
        #expect(FlowExporter.literal("\u{1B}]0;owned\u{7}") == #""\u{1B}]0;owned\u{7}""#)
        #expect(FlowExporter.literal("bidi \u{202E}txt.exe") == #""bidi \u{202E}txt.exe""#)
        #expect(FlowExporter.literal("Don’t Allow ✓ 허용") == "\"Don’t Allow ✓ 허용\"")
        #expect(FlowExporter.comment("a\u{1B}[2Jb\u{2066}") == #"a\u{1B}[2Jb\u{2066}"#)
    }

    @Test func identifiersFromFileNames() {
        #expect(FlowExporter.identifier("allow-once-expiry") == "allowOnceExpiry")
        #expect(FlowExporter.identifier("12 steps") == "flow12Steps")
        #expect(FlowExporter.identifier("\"; } func x() {") == "funcX")
        #expect(FlowExporter.identifier("---") == "flow")
        #expect(FlowExporter.identifier("ios13.4-default") == "ios134Default")
    }

    func export(_ text: String, style: FlowExporter.Style = .swiftTesting) throws -> String {
        try FlowExporter.swift(for: try FlowParser.parse(text, file: "t.flow"), path: "t.flow", style: style)
    }

    @Test func aHostileFlowExportsAsPlainStrings() throws {
        let text = #"""
        platform ios17
        key NSLocationWhenInUseUsageDescription "\"\"\" \\(boom) #\n"
        assume allowOnceGrace 10s
        assume allowOnceGrace 20s
        app session "a\"b" always
        user tap "x\"); fatalError(\"owned"
        expect refused
        app invalidate never
        wait 1m30s
        expect session "a\"b" active
        expect buttons "A" "B"
        """#
        let out = try export(text)
        #expect(out.contains(#"plist["NSLocationWhenInUseUsageDescription"] = .string("\"\"\" \\(boom) #\n")"#))
        #expect(out.contains(#"assumptions: ["allowOnceGrace": "20s"]"#))
        #expect(out.contains(#"SimulatedDevice(platform: .iOS17, "#))
        #expect(out.contains(#"sessions["a\"b"] = SimulatedServiceSession(device: device, authorization: .always, fullAccuracyPurposeKey: nil, id: "a\"b")"#))
        #expect(out.contains(#"device.tap("x\"); fatalError(\"owned")"#))
        #expect(out.contains("#expect(device.lastStepRefused != nil)"))
        #expect(out.contains(#"try device.perform("app invalidate never")"#))   // never made: perform says what check says
        #expect(out.contains("device.advance(by: .seconds(90))  // line 9: wait 1m30s"))
        #expect(out.contains(#"#expect(sessions["a\"b"]?.state == .active)  // line 10"#))
        #expect(out.contains(#"#expect(throws: Never.self) { try device.perform("expect buttons \"A\" \"B\"") }"#))
        #expect(!out.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
    }

    @Test func xctestForm() throws {
        let out = try export("app requestWhenInUseAuthorization\nuser tap \"Nope\"\nexpect refused\nexpect prompt none\nexpect status notDetermined\n", style: .xctest)
        #expect(out.contains("import XCTest"))
        #expect(out.contains("final class TFlowTests: XCTestCase {"))
        #expect(out.contains("XCTAssertTrue(device.lastStepRefused != nil)"))
        #expect(out.contains("XCTAssertNil(device.prompt)  // line 4: expect prompt none"))
        #expect(out.contains("XCTAssertEqual(manager.authorizationStatus, .notDetermined)  // line 5"))
    }

    @Test func theExportedTestDoesWhatCheckDoes() throws {
        // What the exported test runs, run here through the same calls: a flow that passes and
        // the same flow with one expectation changed.
        let pass = "app requestAlwaysAuthorization\nuser tap \"Allow While Using App\"\nexpect status authorizedAlways\nexpect settings whileUsing\n"
        let out = try export(pass)
        #expect(out.contains("manager.requestAlwaysAuthorization()  // line 1"))
        #expect(out.contains("#expect(manager.authorizationStatus == .authorizedAlways)  // line 3"))
        #expect(out.contains("#expect(device.settings.choice == .whileUsing)  // line 4"))
    }

    @Test func aMissingPlistIsAnErrorAtItsLine() {
        let flow = try? FlowParser.parse("platform ios18\nplist nowhere.plist\n", file: "t.flow")
        #expect(throws: FlowError.self) { try FlowExporter.swift(for: flow!, path: "/nonexistent/t.flow", style: .swiftTesting) }
        do {
            _ = try FlowExporter.swift(for: flow!, path: "/nonexistent/t.flow", style: .swiftTesting)
        } catch {
            #expect(error.description.hasPrefix("t.flow:2:1: error: "))
        }
    }
}
