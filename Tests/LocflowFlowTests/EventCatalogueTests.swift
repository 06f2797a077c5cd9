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

    /// Each entry's samples are of its kind, and a kind without arguments has one sample, its
    /// verb and word: what the parser returns for the word.
    @Test func everyEntryDescribesItsOwnKind() {
        for (kind, entry) in EventCatalogue.entries {
            for e in entry.samples { #expect(e.kind == kind, "\(kind.rawValue)'s sample \(e.flowText) is a \(e.kind.rawValue)") }
            if case .none = entry.arguments {
                #expect(entry.samples.count == 1, "\(kind.rawValue) takes no argument: one sample")
                #expect(entry.samples.first?.flowText == entry.verb + " " + (entry.word ?? ""), "\(kind.rawValue)'s sample is not its word")
            }
            if case .under(let parent) = entry.arguments {
                #expect(EventCatalogue.entry(parent).word == entry.word, "\(kind.rawValue) is read under \(parent.rawValue)'s word")
            }
        }
    }

    /// The model checker tries every kind in the group its entry names (on iOS 18, with a
    /// widget), or whatever the groups, or says why it never does.
    @Test func theModelCheckerTriesEveryKindInItsGroup() {
        var config = AppConfig()
        config.platform = .ios18
        config.widget = true
        let always = Set(StateSearch.defaultActions(config, families: []).map(\.kind))
        for (kind, entry) in EventCatalogue.entries {
            switch entry.search {
            case .group(let g):
                let tried = Set(StateSearch.defaultActions(config, families: [g], waits: []).map(\.kind))
                #expect(tried.contains(kind), "--actions \(g.rawValue) does not try \(kind.rawValue), which its catalogue entry puts there")
            case .always:
                // Taps are added as prompts show their buttons: by the search, not the actions.
                #expect(kind == .tap || always.contains(kind), "\(kind.rawValue) is not tried whatever the groups")
            case .never:
                let all = Set(StateSearch.defaultActions(config, families: Set(StateSearch.Family.allCases)).map(\.kind))
                #expect(!all.contains(kind), "\(kind.rawValue) is tried, though its entry says never")
            }
        }
    }

    /// A kind the lines of `defaultActions` never try is tried from its catalogue entry, where
    /// the platform has the call: a new call reaches the checker without a line of its own.
    @Test func aKindWithoutItsOwnLineIsTriedFromTheCatalogue() {
        #expect(StateSearch.listedKinds.contains(.startUpdatingLocation))
        var config = AppConfig()
        config.platform = .ios18
        for (kind, entry) in EventCatalogue.entries where !StateSearch.listedKinds.contains(kind) {
            guard case .group(let g) = entry.search else { continue }
            let tried = StateSearch.defaultActions(config, families: [g], waits: [])
            for e in entry.samples { #expect(tried.contains(e)) }
        }
    }

    /// What a platform lacks is the entry's need: watchOS has no CLMonitor, macOS no indicator.
    @Test func aPlatformLacksWhatTheEntryNeeds() {
        #expect(Platform.watchos26.profile.lacks(.monitorAdd("x")) == "CLMonitor")
        #expect(Platform.watchos26.profile.lacks(.startUpdatingLocation) == nil)
        #expect(Platform.macos26.profile.lacks(.showsBackgroundLocationIndicator(true)) == "showsBackgroundLocationIndicator")
        #expect(Platform.ios18.profile.lacks(.session(id: "a", goal: .none, fullAccuracyKey: nil)) == nil)
        #expect(Platform.macos26.profile.lacks(.session(id: "a", goal: .none, fullAccuracyKey: nil)) == "CLServiceSession")
    }

    /// A kind's format version is its entry's: `v11Word` and the extensions follow from it.
    @Test func theVersionOfAStepIsItsEntrys() throws {
        #expect(Statement.step(.app(.requestLocation)).v11Word == "app requestLocation")
        #expect(Statement.step(.app(.monitorAdd("x"))).v11Word == nil)
        #expect(Statement.step(.user(.addWidget)).v11Word == "user addWidget")
        #expect(Statement.v11Extensions.contains("device restart") && Statement.v11Extensions.contains("device airplaneMode"))
        #expect(!Statement.v11Extensions.contains("device visit"))
        for (kind, entry) in EventCatalogue.entries {
            for e in entry.samples {
                #expect((Statement.step(e).v11Word != nil) == (entry.since != .v1), "\(kind.rawValue)")
            }
        }
    }
}
