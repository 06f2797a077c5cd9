import Testing
@testable import LocflowCore
@testable import LocflowFlow
@testable import LocflowExplorer

/// The explorer's menus against the one list of event kinds (`EventKind`, EventCatalogue.swift):
/// a new call, action or device event that the App pane or the Settings pane never offers is
/// named here, as the parser's, the walks' and the model checker's misses are in
/// `EventCatalogueTests`.
@Suite("The explorer's menus offer every kind of event")
struct MenuCatalogueTests {
    /// The kinds the menus leave to other controls, with where.
    static let notInMenus: [EventKind: String] = [
        .tap: "the prompt's buttons (1-3, Enter, a click on the prompt)",
        .precise: "the prompt's Precise switch (p, a click on the prompt)",
        .wait: "the clock (Space, the jumps . ! @ # $, the : line)",
        .timer: "the clock's: waits fire them",
    ]

    /// The events of the App and Settings panes' items.
    static func offered(_ s: ExplorerState) -> [Event] {
        (s.items(.app) + s.items(.settings)).compactMap { if case .step(let e)? = $0.command { e } else { nil } }
    }

    /// Every kind is an item in the first state, once the app is authorized, or one item later
    /// (a stop once its start is taken, a region's exit once it is monitored, the widget's
    /// removal once it is added).
    @Test func everyKindIsAnItemOfAPane() {
        var config = AppConfig()
        config.platform = .ios18
        config.widget = true
        var first = ExplorerState(config: config, width: 120, height: 40)
        first.speedIndex = 0
        var authorized = first
        _ = authorized.update(.key(.char("w")))
        _ = authorized.update(.key(.char("2")))  // Allow While Using App
        #expect(authorized.world.status == .authorizedWhenInUse)
        var seen = Set<EventKind>()
        for state in [first, authorized] {
            for e in Self.offered(state) {
                seen.insert(e.kind)
                var next = state
                _ = next.perform(.step(e))
                seen.formUnion(Self.offered(next).map(\.kind))
            }
        }
        // No event is offered twice (a kind given a hand-made item but missing from
        // `ExplorerState.kindsByHand` would also get an item of its own).
        for state in [first, authorized] {
            let events = Self.offered(state)
            let twice = Dictionary(grouping: events, by: { $0 }).filter { $0.value.count > 1 }.keys.map(\.flowText)
            #expect(twice.isEmpty, "offered twice: \(twice)")
        }
        for kind in EventKind.allCases where Self.notInMenus[kind] == nil {
            #expect(seen.contains(kind), "no item of the explorer's App or Settings pane offers \(kind.rawValue) (ExplorerState.appItems, settingsItems)")
        }
    }
}
