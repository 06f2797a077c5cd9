import Testing
@testable import LocflowCore
import LocflowFlow

/// A world under test, driven by events, with the transitions it produced.
struct Sim {
    var world: World
    var log: [Transition] = []

    init(_ platform: Platform = .ios18, configure: (inout AppConfig) -> Void = { _ in }) {
        var config = AppConfig()
        config.platform = platform
        configure(&config)
        world = World(config: config)
    }

    /// Applies events; returns the transitions of the last one.
    @discardableResult
    mutating func `do`(_ events: Event...) -> [Transition] {
        var last: [Transition] = []
        for e in events {
            last = world.step(e)
            log += last
        }
        return last
    }

    mutating func tap(_ label: String) { self.do(.user(.tap(label))) }
    mutating func wait(_ seconds: Int) { self.do(.wait(seconds * 1000)) }

    /// The rules that fired in the last event's transitions.
    static func rules(_ ts: [Transition]) -> [Rule] { ts.flatMap { $0.why.map(\.rule) } }

    var status: AuthorizationStatus { world.status }
}

/// A one-line summary of the observable state, for readable failures.
func summary(_ w: World) -> String {
    "\(w.status.rawValue) \(w.accuracy.rawValue) settings=\(w.settingsChoice.rawValue) \(w.lifecycle.rawValue) inUse=\(w.inUse) prompt=\(w.prompt?.kind.rawValue ?? "none") callbacks=\(w.callbacks)"
}
