import LocflowCore
import LocflowFlow

/// One condition of `paths --to`, `explore --never/--reachable/--leads-to`: `KEY=VALUE` or
/// `KEY!=VALUE`. A condition text is a conjunction: every part must hold.
public struct StateCondition: Sendable {
    public var key: String
    public var value: String
    public var negated = false

    public static let keys = ["status", "accuracy", "settings", "precise", "prompt", "lifecycle", "inUse", "indicator",
                              "locationServicesEnabled", "completion", "error", "delivering.standard", "delivering.liveUpdates",
                              "delivering.monitor", "delivering.significantChanges", "session.a", "session.b",
                              // Format 1.1
                              "fix", "paused", "widgetUpdates", "delivering.visits", "delivering.beacons", "delivering.beaconRegions",
                              "delivering.regions"]

    /// Parses `key=value key!=value`, with the nearest valid word for a typo. `option` names the
    /// option in messages (`--to`, `--never`, ...).
    public static func parse(_ text: String, option: String = "--to") throws(FlowError) -> [StateCondition] {
        var out: [StateCondition] = []
        for part in text.split(separator: " ") where !part.isEmpty {
            let negated = part.contains("!=")
            let kv = negated ? part.components(separatedBy: "!=") : part.split(separator: "=", maxSplits: 1).map(String.init)
            guard kv.count == 2, !kv[0].isEmpty else { throw FlowError(nil, "\(option): '\(part)' is not KEY=VALUE or KEY!=VALUE (e.g. status=authorizedAlways)") }
            guard keys.contains(kv[0]) else {
                throw FlowError(nil, "\(option): unknown observable '\(kv[0])'" + (nearest(kv[0], in: keys).map { " (did you mean '\($0)'?)" } ?? "")
                                + "; known: " + keys.joined(separator: ", "))
            }
            let allowed = values(for: kv[0])
            guard allowed.contains(kv[1]) else {
                throw FlowError(nil, "\(option): \(kv[0]) cannot be '\(kv[1])'" + (nearest(kv[1], in: allowed).map { " (did you mean '\($0)'?)" } ?? "")
                                + "; it is one of " + allowed.joined(separator: ", "))
            }
            out.append(StateCondition(key: kv[0], value: kv[1], negated: negated))
        }
        if out.isEmpty { throw FlowError(nil, "\(option) needs at least one KEY=VALUE condition") }
        return out
    }

    /// The sessions the search creates (`StateSearch.defaultActions`), named once.
    private static let sessionA: Name = "a", sessionB: Name = "b"

    static func values(for key: String) -> [String] {
        switch key {
        case "status": AuthorizationStatus.allCases.map(\.rawValue)
        case "accuracy": AccuracyAuthorization.allCases.map(\.rawValue)
        case "settings": SettingsChoice.allCases.map(\.rawValue)
        case "prompt": ["none"] + PromptKind.allCases.map(\.rawValue)
        case "lifecycle": Lifecycle.allCases.map(\.rawValue)
        case "completion": CompletionResult.allCases.map(\.rawValue)
        case "error": LocationError.allCases.map(\.rawValue)
        case "precise", "indicator": ["on", "off"]
        case "session.a", "session.b": ["active", "invalidated", "lapsed", "none"]
        case "fix": ["none"] + FixKind.allCases.map(\.rawValue)
        default: ["true", "false"]
        }
    }

    /// The observable the key names, as the value words spell it.
    func current(_ w: World) -> String {
        switch key {
        case "status": return w.status.rawValue
        case "accuracy": return w.accuracy.rawValue
        case "settings": return w.settingsChoice.rawValue
        case "precise": return w.record.precise ? "on" : "off"
        case "prompt": return w.prompt?.kind.rawValue ?? "none"
        case "lifecycle": return w.lifecycle.rawValue
        case "inUse": return String(w.inUse)
        case "indicator": return w.indicatorShown ? "on" : "off"
        case "locationServicesEnabled": return String(w.locationServicesOn)
        case "completion": return w.completion.rawValue
        case "error": return w.lastError.rawValue
        case "session.a", "session.b": return w.session(key == "session.a" ? Self.sessionA : Self.sessionB)?.state.rawValue ?? "none"
        case "fix": return w.lastFix?.rawValue ?? "none"
        case "paused": return String(w.process.paused)
        case "widgetUpdates": return String(w.widgetUpdates)
        default: return String(w.delivering(DeliverySource(rawValue: String(key.dropFirst("delivering.".count)))!))
        }
    }

    public func holds(_ w: World) -> Bool { (current(w) == value) != negated }

    /// The condition as an `expect` line, so the printed flow checks itself (nil when `expect`
    /// cannot say it).
    public var expectLine: String? {
        guard !negated else { return nil }
        switch key {
        case "precise": return "expect settings precise \(value)"
        case "session.a", "session.b": return value == "none" ? nil : "expect session \(key.dropFirst(8)) \(value)"
        case let k where k.hasPrefix("delivering."): return "expect delivering \(k.dropFirst(11)) \(value)"
        default: return "expect \(key) \(value)"
        }
    }

    /// The `expect` line for what the world shows for this key (used for a negated condition).
    public func expectLine(found w: World) -> String? {
        StateCondition(key: key, value: current(w)).expectLine
    }
}

extension Array where Element == StateCondition {
    public func holds(_ w: World) -> Bool { allSatisfy { $0.holds(w) } }
    /// Expect lines for a state that satisfies the conditions.
    public func expectLines(_ w: World) -> [String] { compactMap { $0.negated ? $0.expectLine(found: w) : $0.expectLine } }
    public var text: String { map { "\($0.key)\($0.negated ? "!=" : "=")\($0.value)" }.joined(separator: " ") }
}

/// A property a user writes for `explore`.
public enum Property: Sendable {
    /// `--never COND`: no reachable state satisfies COND.
    case never([StateCondition])
    /// `--reachable COND`: some reachable state satisfies COND.
    case reachable([StateCondition])
    /// `--leads-to "A => B"`: from every reachable state satisfying A, a state satisfying B can be reached.
    case leadsTo([StateCondition], [StateCondition])

    public static func parse(option: String, _ text: String) throws(FlowError) -> Property {
        switch option {
        case "--never": return .never(try StateCondition.parse(text, option: option))
        case "--reachable": return .reachable(try StateCondition.parse(text, option: option))
        default:
            let parts = text.components(separatedBy: "=>")
            guard parts.count == 2 else { throw FlowError(nil, "--leads-to: write \"A => B\", e.g. --leads-to \"prompt=whenInUse => prompt=none\"") }
            return .leadsTo(try StateCondition.parse(parts[0], option: option), try StateCondition.parse(parts[1], option: option))
        }
    }

    public var text: String {
        switch self {
        case .never(let c): "--never \"\(c.text)\""
        case .reachable(let c): "--reachable \"\(c.text)\""
        case .leadsTo(let a, let b): "--leads-to \"\(a.text) => \(b.text)\""
        }
    }

    var readsLastOutputs: Bool {
        let conditions: [StateCondition]
        switch self {
        case .never(let c), .reachable(let c): conditions = c
        case .leadsTo(let a, let b): conditions = a + b
        }
        return conditions.contains { $0.key == "completion" }
    }

    var needsEdges: Bool { if case .leadsTo = self { true } else { false } }
}

/// What a property's check found.
struct PropertyTracker {
    let property: Property
    /// The first (shallowest) state where `never`'s or `reachable`'s condition holds.
    var first: Int?
    var firstExpect: [String] = []
    /// For leads-to: states satisfying A and B.
    var a = BitSet(), b = BitSet()
    var aCount = 0

    init(_ property: Property) { self.property = property }

    mutating func visit(_ state: Int, _ w: World) {
        switch property {
        case .never(let c), .reachable(let c):
            if first == nil && c.holds(w) { first = state; firstExpect = c.expectLines(w) }
        case .leadsTo(let ca, let cb):
            if ca.holds(w) { a[state] = true; aCount += 1 }
            if cb.holds(w) { b[state] = true }
        }
    }

    /// For leads-to: the shallowest A-state from which no B-state (and no state whose future is
    /// unknown under the bounds) can be reached; nil when there is none.
    func leadsToCounterexample(_ search: StateSearch) -> Int? {
        guard case .leadsTo = property else { return nil }
        let n = search.count
        // Reverse adjacency (counting sort by target).
        var start = [Int](repeating: 0, count: n + 1)
        for t in search.edgeTo { start[Int(t) + 1] += 1 }
        for i in 0..<n { start[i + 1] += start[i] }
        var fill = start
        var sources = [UInt32](repeating: 0, count: search.edgeTo.count)
        for (e, t) in search.edgeTo.enumerated() {
            sources[fill[Int(t)]] = search.edgeFrom[e]
            fill[Int(t)] += 1
        }
        var reaches = BitSet(count: n)
        var queue: [Int] = []
        for s in 0..<n where b[s] || search.unexpanded(s) { reaches[s] = true; queue.append(s) }
        var head = 0
        while head < queue.count {
            let s = queue[head]; head += 1
            for j in start[s]..<start[s + 1] {
                let p = Int(sources[j])
                if !reaches[p] { reaches[p] = true; queue.append(p) }
            }
        }
        for s in 0..<n where a[s] && !reaches[s] { return s }
        return nil
    }
}
