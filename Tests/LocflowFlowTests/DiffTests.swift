import Foundation
import Testing
@testable import LocflowCore
@testable import LocflowFlow

@Suite("locflow diff: one flow on two sides")
struct DiffTests {
    static let assets = SampleFlowTests.assets

    func diff(_ file: String, _ a: [ConfigStatement], _ b: [ConfigStatement]) throws -> FlowDiff.Result {
        let flow = try Commands.load(Self.assets + "/flows/" + file)
        return try FlowDiff.run(flow, baseDirectory: Self.assets + "/flows", a: .init(overrides: a), b: .init(overrides: b))
    }

    @Test func findsTheButtonOrderChangeBetweenIOS13And14() throws {
        for file in ["diff-button-order.flow", "allow-once-expiry.flow"] {
            let r = try diff(file, [.platform(.ios13)], [.platform(.ios14)])
            let row = r.rows.first { $0.field == "buttons" }
            #expect(row?.step == "app requestWhenInUseAuthorization", "\(file)")
            #expect(row?.a == "\"Allow While Using App\" \"Allow Once\" \"Don't Allow\"")
            #expect(row?.b == "\"Allow Once\" \"Allow While Using App\" \"Don't Allow\"")
            #expect(r.a == "ios13" && r.b == "ios14")
            #expect(r.rows.first == .init(line: nil, step: "start", field: "callback method",
                                          a: "locationManager(_:didChangeAuthorization:)", b: "locationManagerDidChangeAuthorization"))
        }
    }

    @Test func findsTheSessionDifferencesBetweenIOS17And18() throws {
        let r = try diff("session-always.flow", [.platform(.ios17)], [.platform(.ios18)])
        let atSession = r.rows.filter { $0.step == "app session nav always" }
        #expect(atSession.contains { $0.field == "prompt" && $0.a == "none" && $0.b == "whenInUse" })
        #expect(atSession.contains { $0.field == "session nav" && $0.a == "–" && $0.b == "active" })
        #expect(atSession.contains { $0.field == "rules" && $0.a.contains("CLServiceSession needs iOS 18") })
        #expect(r.rows.contains { $0.field == "diagnostics nav" && $0.b == "alwaysAuthorizationDenied" })
        #expect(r.rows.contains { $0.field == "refused" && $0.a.hasPrefix("refused: No prompt is on screen") })
        #expect(r.rows.contains { $0.field == "expect" && $0.a.hasPrefix("fails") && $0.b == "holds" })

        let sample = try diff("diff-ios17-ios18.flow", [.platform(.ios17)], [.platform(.ios18)])
        #expect(sample.rows.contains { $0.field == "diagnostics liveUpdates" && $0.b == "insufficientlyInUse" })
        #expect(sample.rows.contains { $0.field == "delivering liveUpdates" && $0.a == "false" && $0.b == "true" })
        #expect(sample.rows.contains { $0.field == "callbacks delivered" && $0.b == "authorizedWhenInUse fullAccuracy" })
    }

    @Test func theSameSidesDoNotDiffer() throws {
        let r = try diff("session-always.flow", [.platform(.ios18)], [.platform(.ios18)])
        #expect(r.isSame && r.differing == 0 && r.compared > 10)
        #expect(FlowDiff.text(r, file: "f").contains("no differences in"))
        // ios14 and ios15 agree on this flow (the CLLocationButton is not used).
        #expect(try diff("diff-button-order.flow", [.platform(.ios14)], [.platform(.ios15)]).isSame)
    }

    @Test func oneAssumptionAgainstAnotherOnTheSamePlatform() throws {
        let r = try diff("allow-once-expiry.flow", [.platform(.ios18)], [.platform(.ios18), .assume("allowOnceGrace", .duration(600_000))])
        #expect(r.b == "ios18 allowOnceGrace=10m")
        #expect(r.rows.contains { $0.step == "wait 1m" && $0.field == "status" && $0.a == "notDetermined" && $0.b == "authorizedWhenInUse" })
    }

    @Test func aCarriedDifferenceIsNotRepeated() throws {
        let r = try diff("session-always.flow", [.platform(.ios17)], [.platform(.ios18)])
        let statusRows = r.rows.filter { $0.field == "status" }
        #expect(statusRows.count == 1)  // notDetermined vs authorizedWhenInUse from the tap on
    }

    /// The closing count says how many steps are shown and why the others are not (it said
    /// "8 of 14 steps differ" under four steps).
    @Test func theCountSaysWhichStepsAreShown() throws {
        let flow = try Commands.load(Self.assets + "/tours/2-allow-once-running-out.flow")
        let r = try FlowDiff.run(flow, baseDirectory: Self.assets + "/tours", a: .init(overrides: [.platform(.ios13)]), b: .init(overrides: [.platform(.ios18)]))
        #expect(r.differing > r.shownSteps && r.shownSteps > 0)
        #expect(FlowDiff.text(r, file: "f").hasSuffix("\(r.differing) of \(r.compared) steps differ (\(r.shownSteps) shown; the other \(r.differing - r.shownSteps) only carry a difference on from the step before)\n"))
        #expect(FlowDiff.markdown(r, file: "f").contains(r.countText + "."))
    }

    /// diff --format md writes steps as code spans whatever backticks they hold, and the rest as
    /// text: no HTML runs, no row splits.
    @Test func markdownKeepsAStrangersStepAsText() throws {
        let flow = try FlowParser.parse("app session a`b<img>|c whenInUse\n", file: "e.flow")
        let r = try FlowDiff.run(flow, baseDirectory: ".", a: .init(overrides: [.platform(.ios17)]), b: .init(overrides: [.platform(.ios18)]))
        let md = FlowDiff.markdown(r, file: "e.flow")
        #expect(md.contains("| 1 | ``app session a`b<img>\\|c whenInUse`` | prompt | none | whenInUse |"), "\(md)")
        #expect(md.contains("| session a\\`b&lt;img&gt;\\|c | – | active |"), "\(md)")
    }

    @Test func markdownTable() throws {
        let r = try diff("diff-button-order.flow", [.platform(.ios13)], [.platform(.ios14)])
        let md = FlowDiff.markdown(r, file: "diff-button-order.flow")
        #expect(md.contains("| line | step | what | ios13 | ios14 |"))
        #expect(md.contains("| 7 | `app requestWhenInUseAuthorization` | buttons | \"Allow While Using App\" \"Allow Once\" \"Don't Allow\" |"))
    }

    @Test func pinnedExpectationsHoldAndNameTheirFields() {
        var w = World(config: AppConfig())
        _ = w.step(.app(.requestWhenInUseAuthorization))
        _ = w.step(.app(.session(id: "a", goal: .whenInUse, fullAccuracyKey: nil)))
        let xs = Observed.expectations(w)
        #expect(xs.allSatisfy { Expectations.check($0, in: w).0 })
        let names = xs.map { Observed.field($0).name }
        for n in ["status", "accuracy", "settings", "prompt", "buttons", "lifecycle", "inUse", "callbacks", "session a",
                  "delivering standard", "diagnostics a", "fixes", "fix", "controlCenter"] {
            #expect(names.contains(n), "\(n)")
        }
        // Every pinned line reads back as the same expectation.
        for x in xs { #expect((try? FlowParser.parseStatement(x.flowText, file: "t")) == .expect(x)) }
        // Before iOS 16 Control Center lists no app: none, so a diff across iOS 16 shows only a
        // real difference (it showed – against none).
        var old = World(config: { var c = AppConfig(); c.platform = .ios15; return c }())
        _ = old.step(.app(.startUpdatingLocation))
        #expect(Observed.expectations(old).contains(.controlCenter(.none)))
    }
}
