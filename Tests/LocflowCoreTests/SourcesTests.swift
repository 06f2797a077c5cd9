import Testing
@testable import LocflowCore

@Suite("Sources")
struct SourcesTests {
    @Test func everyCitedIDIsInTheTable() {
        for r in Rule.allCases {
            for id in Source.ids(inTag: r.source) {
                #expect(Source.byID[id] != nil, "\(r) cites \(id), which is not in Source.all")
            }
        }
    }

    @Test func everyRuleThatIsNotInferredHasAnHTTPSSource() {
        for r in Rule.allCases where !r.isInferred {
            #expect(r.sources.contains { $0.url?.hasPrefix("https://") == true }, "\(r) [\(r.source)] has no https source")
        }
    }

    @Test func everyAppleSourceHasAnHTTPSAddressAndATitle() {
        for s in Source.all {
            #expect(!s.title.isEmpty)
            if s.kind == .apple || s.kind == .appleForum {
                #expect(s.url?.hasPrefix("https://") == true, "\(s.id) has no https address")
            }
        }
        #expect(Set(Source.all.map(\.id)).count == Source.all.count, "source IDs repeat")
    }

    @Test func tagsParseRangesAndSkipAssumptionNames() {
        #expect(Source.ids(inTag: "A S1; D S22-S25") == ["S1", "S22", "S23", "S24", "S25"])
        #expect(Source.ids(inTag: "A S12, S13; I inUseGrace") == ["S12", "S13"])
        #expect(Source.ids(inTag: "A-forum S54; I relaunchWindow") == ["S54"])
        #expect(Source.ids(inTag: "A S31, S18b") == ["S31", "S18b"])
        #expect(Source.ids(inTag: "I").isEmpty)
        #expect(Rule.missingAlwaysKey.sources.map(\.id) == ["S15b", "S12", "S14", "S41", "S42"])
    }

    /// Behavior reference §9 (12): when-in-use apps cannot use significant-change, visits or
    /// region monitoring, citing "Requesting authorization to use location services" [A S12]
    /// (S13, "Choosing the Location Services Authorization to Request", says the iOS 13 side).
    @Test func theIOS12RuleCitesThePageThatSaysIt() {
        #expect(Rule.ios12WhenInUseNoAlwaysServices.sources.map(\.id) == ["S12"])
        #expect(Rule.ios12WhenInUseNoAlwaysServices.text.contains("visits"))
    }

    /// The deferred prompt's "Change to Always Allow" delivers the event only when answered soon
    /// [A S1]; its sentence must not say it is delivered whatever the answer's timing.
    @Test func theDeferredAllowRuleSaysSoon() {
        #expect(Rule.deferredUpgradeAllow.text.contains("soon"))
    }
}
