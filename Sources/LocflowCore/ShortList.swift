/// A list of plain values held in the value that has it, while it is short: a world's sessions
/// and waiting prompts are nearly always a few, and a world held them in arrays behind a
/// reference, which every copy of a world retained and every change copied. Up to `capacity`
/// elements lie in the list's own slots (an `InlineArray` of optionals, nil past the last
/// element); a longer list moves them all to an array (`spill`), so a flow may still open as many
/// sessions as it likes. A list that fits holds no reference.
///
/// Compared and hashed element by element (an element's padding bytes are not part of its value).
/// An array in every way a reader uses one: a random-access, mutable, range-replaceable collection.
public struct ShortList<Element: BitwiseCopyable & Hashable & Sendable>: Sendable {
    @usableFromInline var stored: Int = 0
    /// All the elements while there are more than `capacity`; nil while they fit.
    @usableFromInline var spill: [Element]?
    /// The elements, from the first slot, while they fit; nil in the slots after them (last, so
    /// that no padding follows them).
    @usableFromInline var inline: Slots = [nil, nil, nil]

    /// The slots of a list that fits: three, whatever the element (the model checker's default
    /// bounds fill fewer; a world whose list spills is only slower).
    @usableFromInline typealias Slots = InlineArray<3, Element?>

    /// How many elements fit in the list itself.
    @inlinable public static var capacity: Int { Slots.count }

    @inlinable public init() {}

    @inlinable public init<S: Sequence<Element>>(_ elements: S) {
        for e in elements { append(e) }
    }

    @inlinable @inline(__always) func load(_ i: Int) -> Element { inline[i]! }

    @inlinable @inline(__always) mutating func store(_ e: Element?, _ i: Int) { inline[i] = e }

    /// Makes the elements an array's (the list outgrows its slots).
    @usableFromInline mutating func moveToSpill() {
        spill = Array(self)
        inline = [nil, nil, nil]
    }

    /// Takes the elements back from the array when they fit again.
    @usableFromInline mutating func takeBackIfShort() {
        guard let s = spill, s.count <= Self.capacity else { return }
        spill = nil
        inline = [nil, nil, nil]
        for (i, e) in s.enumerated() { store(e, i) }
    }
}

extension ShortList: RandomAccessCollection, MutableCollection {
    @inlinable public var startIndex: Int { 0 }
    @inlinable public var endIndex: Int { stored }
    @inlinable @inline(__always) public var count: Int { stored }
    @inlinable @inline(__always) public var isEmpty: Bool { stored == 0 }

    @inlinable public subscript(i: Int) -> Element {
        @inline(__always) get {
            precondition(i >= 0 && i < stored, "ShortList index out of range")
            if let spill { return spill[i] }
            return load(i)
        }
        @inline(__always) set {
            precondition(i >= 0 && i < stored, "ShortList index out of range")
            if spill != nil { spill![i] = newValue; return }
            store(newValue, i)
        }
    }
}

/// The searches a reader makes, over positions: the collection's own went through an iterator,
/// which holds a copy of the list.
extension ShortList {
    @inlinable @inline(__always) public func contains(where found: (Element) throws -> Bool) rethrows -> Bool {
        try firstIndex(where: found) != nil
    }

    // Each asks once how the list holds its elements, not at each element.

    @inlinable @inline(__always) public func firstIndex(where found: (Element) throws -> Bool) rethrows -> Int? {
        if let spill { return try spill.firstIndex(where: found) }
        var i = 0
        while i < stored { if try found(load(i)) { return i }; i += 1 }
        return nil
    }

    @inlinable @inline(__always) public func lastIndex(where found: (Element) throws -> Bool) rethrows -> Int? {
        if let spill { return try spill.lastIndex(where: found) }
        var i = stored - 1
        while i >= 0 { if try found(load(i)) { return i }; i -= 1 }
        return nil
    }

    /// Calls `body` with each element, in order.
    @inlinable @inline(__always) public func forEachElement(_ body: (Element) throws -> Void) rethrows {
        if let spill { for e in spill { try body(e) }; return }
        var i = 0
        while i < stored { try body(load(i)); i += 1 }
    }

    @inlinable @inline(__always) public func first(where found: (Element) throws -> Bool) rethrows -> Element? {
        try firstIndex(where: found).map { self[$0] }
    }

    @inlinable @inline(__always) public func last(where found: (Element) throws -> Bool) rethrows -> Element? {
        try lastIndex(where: found).map { self[$0] }
    }

    @inlinable @inline(__always) public func contains(_ e: Element) -> Bool { firstIndex(where: { $0 == e }) != nil }
    @inlinable @inline(__always) public func firstIndex(of e: Element) -> Int? { firstIndex(where: { $0 == e }) }
}

extension ShortList: RangeReplaceableCollection {
    @inlinable public mutating func replaceSubrange<C: Collection<Element>>(_ subrange: Range<Int>, with new: C) {
        precondition(subrange.lowerBound >= 0 && subrange.upperBound <= stored, "ShortList range out of bounds")
        var all = Array(self)
        all.replaceSubrange(subrange, with: new)
        self = ShortList()
        if all.count > Self.capacity { spill = all; stored = all.count; return }
        for (i, e) in all.enumerated() { store(e, i) }
        stored = all.count
    }

    /// In place while it fits (through `replaceSubrange`, each insertion made an array: the
    /// prompt put back in the queue when the app leaves the foreground, 0.7% of explore's instructions).
    @inlinable public mutating func insert(_ e: Element, at i: Int) {
        precondition(i >= 0 && i <= stored, "ShortList index out of range")
        if spill != nil || stored == Self.capacity { replaceSubrange(i..<i, with: CollectionOfOne(e)); return }
        var j = stored
        while j > i { store(load(j - 1), j); j -= 1 }
        store(e, i)
        stored += 1
    }

    @inlinable public mutating func append(_ e: Element) {
        if spill == nil && stored == Self.capacity { moveToSpill() }
        if spill != nil { spill!.append(e) } else { store(e, stored) }
        stored += 1
    }

    @inlinable @discardableResult
    public mutating func remove(at i: Int) -> Element {
        precondition(i >= 0 && i < stored, "ShortList index out of range")
        if spill != nil {
            let e = spill!.remove(at: i)
            stored -= 1
            takeBackIfShort()
            return e
        }
        let e = load(i)
        for j in i..<(stored - 1) { store(load(j + 1), j) }
        stored -= 1
        // The freed slot goes back to nil, so that equal lists hold alike.
        store(nil, stored)
        return e
    }

    @inlinable public mutating func removeAll(where shouldBeRemoved: (Element) throws -> Bool) rethrows {
        // Nothing is rewritten unless something goes (over positions, as above).
        guard let first = try firstIndex(where: shouldBeRemoved) else { return }
        if spill != nil {
            try spill!.removeAll(where: shouldBeRemoved)
            stored = spill!.count
            takeBackIfShort()
            return
        }
        // In place, the kept ones moved up (a new list built through a slice cost 130
        // instructions a terminated process in the model checker), the freed places zeroed.
        var kept = first
        for i in (first + 1)..<stored where try !shouldBeRemoved(load(i)) {
            store(load(i), kept)
            kept += 1
        }
        for i in kept..<stored { store(nil, i) }
        stored = kept
    }
}

extension ShortList: Equatable, Hashable {
    @inlinable public static func == (a: ShortList, b: ShortList) -> Bool { a.elementsEqual(b) }

    @inlinable public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for e in self { hasher.combine(e) }
    }
}

extension ShortList: ExpressibleByArrayLiteral {
    @inlinable public init(arrayLiteral elements: Element...) { self.init(elements) }
}

extension ShortList: CustomStringConvertible, CustomReflectable {
    @inlinable public var description: String { Array(self).description }
    /// Its elements, as an array's (how it holds them is not part of its value).
    @inlinable public var customMirror: Mirror { Mirror(self, unlabeledChildren: Array(self), displayStyle: .collection) }
}
