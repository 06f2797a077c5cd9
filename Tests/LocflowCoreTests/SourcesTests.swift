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
        #expect(Rule.missingAlwaysKey.sources.map(\.id) == ["S12", "S14", "S15b", "S41", "S42"])
    }
}
