import Testing
@testable import LocflowCore
@testable import LocflowFlow
@testable import LocflowExplore

/// The one list of event kinds (`EventKind`, which `Event.kind` maps every case to without a
/// `default`) against everything that must know every event: a new call, action or device event
/// that one of them misses is named here.
@Suite("Every kind of event is known everywhere")
struct EventCatalogueTests {
    @Test func everyKindHasASample() {
        let sampled = Set(EventCatalogue.samples.map(\.kind))
        let missing = EventKind.allCases.filter { $0 != .timer && !sampled.contains($0) }
        #expect(missing.isEmpty, "no sample in EventCatalogue.samples for \(missing.map(\.rawValue))")
    }

    /// The parser knows every kind: each sample written as a flow line reads back as itself.
    @Test func everySampleIsAFlowLine() throws {
        for e in EventCatalogue.samples {
            let statement = try FlowParser.parseStatement(e.flowText)
            #expect(statement == .step(e), "'\(e.flowText)' reads back as \(statement)")
        }
    }

    /// The random walks draw every kind but those they leave out, with a reason each.
    @Test func theWalksDrawEveryKind() {
        let walked = Set(RandomWalk.pool.map(\.kind))
        for kind in EventKind.allCases where EventCatalogue.notWalked[kind] == nil {
            #expect(walked.contains(kind), "the random walks never draw \(kind.rawValue)")
        }
    }

    /// The model checker tries every kind in some action group (taps are added as prompts show
    /// their buttons; a reset would undo the search; timers fire in waits).
    @Test func theModelCheckerTriesEveryKind() {
        var config = AppConfig()
        config.platform = .ios18
        config.widget = true
        let tried = Set(StateSearch.defaultActions(config, families: Set(StateSearch.Family.allCases)).map(\.kind))
        // activityType decides no rule (it is named in the pause's note): trying it would only
        // double the states.
        let notSearched: Set<EventKind> = [.tap, .timer, .activityType]
        for kind in EventKind.allCases where !notSearched.contains(kind) {
            #expect(tried.contains(kind), "no action group of the model checker tries \(kind.rawValue)")
        }
    }
}
