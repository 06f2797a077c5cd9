/// Names a flow gives monitored things (regions, `CLMonitor` conditions, beacon regions), kept in
/// the order they were added, with membership, adding and removing in constant time: a flow that
/// monitors N regions is checked in time linear in N (a list searched on every add took 18.6 s
/// for 64,000 regions). Two sets are equal when they hold the same names in the same order.
public struct NameSet: Sendable, Hashable, Sequence, ExpressibleByArrayLiteral {
    /// Each name and its place in the order of adding.
    private var places: [String: Int] = [:]
    private var next = 0

    public init() {}
    public init(arrayLiteral names: String...) { self.init(names) }
    public init<S: Sequence<String>>(_ names: S) { for n in names { append(n) } }

    public var count: Int { places.count }
    public var isEmpty: Bool { places.isEmpty }
    public func contains(_ name: String) -> Bool { places[name] != nil }

    /// Adds a name at the end, unless it is there already.
    public mutating func append(_ name: String) {
        guard places[name] == nil else { return }
        places[name] = next
        next += 1
    }

    public mutating func remove(_ name: String) {
        places[name] = nil
        if places.isEmpty { next = 0 }
    }

    public mutating func removeAll() { places = [:]; next = 0 }

    /// The name added last (a look through every name).
    public var last: String? { places.max(by: { $0.value < $1.value })?.key }

    /// Removes the name added last (a look through every name).
    public mutating func removeLast() {
        if let last = places.max(by: { $0.value < $1.value }) { remove(last.key) }
    }

    /// The names in the order they were added.
    public var names: [String] { places.sorted { $0.value < $1.value }.map(\.key) }

    public func makeIterator() -> IndexingIterator<[String]> { names.makeIterator() }

    public static func == (a: NameSet, b: NameSet) -> Bool { a.count == b.count && (a.isEmpty || a.names == b.names) }
    public func hash(into hasher: inout Hasher) { hasher.combine(names) }
}
