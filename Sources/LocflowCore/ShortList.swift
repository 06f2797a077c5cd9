import Synchronization

/// A list of plain values held in the value that has it, while it is short: a world's sessions
/// and waiting prompts are nearly always a few, and a world held them in arrays behind a
/// reference, which every copy of a world retained and every change copied. Up to `capacity`
/// elements lie in the list's own 64 bytes; a longer list moves them all to an array kept for
/// the process and holds its number (`spill`; see `Interned`), so a flow may still open as many
/// sessions as it likes. A list holds no reference, and a copy moves its bytes.
///
/// Compared and hashed element by element (an element's padding bytes are not part of its value).
/// An array in every way a reader uses one: a random-access, mutable, range-replaceable collection.
public struct ShortList<Element: BitwiseCopyable & Hashable & Sendable>: Sendable {
    /// The elements, packed from the first byte, while they fit; zero bytes after them.
    @usableFromInline var inline = Inline()
    @usableFromInline var stored: Int = 0
    /// The number of the array of all the elements while there are more than `capacity`
    /// (`SpillTables`); 0 while they fit.
    @usableFromInline var spill: UInt32 = 0

    /// How many elements fit in the list itself (2 sessions, 3 prompts: the model checker's
    /// default bounds open one session, and a world whose list spills is only slower).
    @inlinable public static var capacity: Int { MemoryLayout<Inline>.size / MemoryLayout<Element>.stride }

    @inlinable public init() {}

    @inlinable public init<S: Sequence<Element>>(_ elements: S) {
        for e in elements { append(e) }
    }

    @inlinable @inline(__always) func load(_ i: Int) -> Element {
        withUnsafeBytes(of: inline) { $0.loadUnaligned(fromByteOffset: i * MemoryLayout<Element>.stride, as: Element.self) }
    }

    @inlinable @inline(__always) mutating func store(_ e: Element, _ i: Int) {
        withUnsafeMutableBytes(of: &inline) { $0.storeBytes(of: e, toByteOffset: i * MemoryLayout<Element>.stride, as: Element.self) }
    }

    /// The elements of a list that has outgrown its bytes.
    @usableFromInline var spilled: [Element] { SpillTables.table(for: Element.self)[spill] }

    /// One element of a list that has outgrown its bytes (out of the way of the short list's
    /// reads: the array read in place cost each read of a short list 20 instructions).
    @usableFromInline @inline(never) func spilledElement(_ i: Int) -> Element { spilled[i] }

    /// Sets one element of a list that has outgrown its bytes.
    @usableFromInline @inline(never) mutating func setSpilledElement(_ e: Element, _ i: Int) {
        var all = spilled
        all[i] = e
        setSpilled(all)
    }

    /// The elements as an array (read at once where the list has spilled).
    @inlinable var elements: [Element] { spill != 0 ? spilled : Array(self) }

    /// Holds `elements` as the array kept for them: as the list's own bytes when they fit.
    @usableFromInline mutating func setSpilled(_ elements: [Element]) {
        inline = Inline()
        stored = elements.count
        if elements.count > Self.capacity {
            spill = SpillTables.table(for: Element.self).number(elements)
        } else {
            spill = 0
            for (i, e) in elements.enumerated() { store(e, i) }
        }
    }

    /// 64 zero bytes.
    @usableFromInline struct Inline: BitwiseCopyable, Sendable {
        @usableFromInline var words: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0)
        @inlinable init() {}
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
            if _slowPath(spill != 0) { return spilledElement(i) }
            return load(i)
        }
        @inline(__always) set {
            precondition(i >= 0 && i < stored, "ShortList index out of range")
            if _slowPath(spill != 0) { setSpilledElement(newValue, i); return }
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
        if _slowPath(spill != 0) { return try spilled.firstIndex(where: found) }
        var i = 0
        while i < stored { if try found(load(i)) { return i }; i += 1 }
        return nil
    }

    @inlinable @inline(__always) public func lastIndex(where found: (Element) throws -> Bool) rethrows -> Int? {
        if _slowPath(spill != 0) { return try spilled.lastIndex(where: found) }
        var i = stored - 1
        while i >= 0 { if try found(load(i)) { return i }; i -= 1 }
        return nil
    }

    /// Calls `body` with each element, in order.
    @inlinable @inline(__always) public func forEachElement(_ body: (Element) throws -> Void) rethrows {
        if _slowPath(spill != 0) { for e in spilled { try body(e) }; return }
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
        var all = elements
        all.replaceSubrange(subrange, with: new)
        setSpilled(all)
    }

    /// In place while it fits (through `replaceSubrange`, each insertion made an array: the
    /// prompt put back in the queue when the app leaves the foreground, 0.8% of explore's instructions).
    @inlinable public mutating func insert(_ e: Element, at i: Int) {
        precondition(i >= 0 && i <= stored, "ShortList index out of range")
        if spill != 0 || stored == Self.capacity { var all = elements; all.insert(e, at: i); setSpilled(all); return }
        var j = stored
        while j > i { store(load(j - 1), j); j -= 1 }
        store(e, i)
        stored += 1
    }

    @inlinable public mutating func append(_ e: Element) {
        if spill != 0 || stored == Self.capacity { var all = elements; all.append(e); setSpilled(all); return }
        store(e, stored)
        stored += 1
    }

    @inlinable @discardableResult
    public mutating func remove(at i: Int) -> Element {
        precondition(i >= 0 && i < stored, "ShortList index out of range")
        if spill != 0 {
            var all = spilled
            let e = all.remove(at: i)
            setSpilled(all)
            return e
        }
        let e = load(i)
        for j in i..<(stored - 1) { store(load(j + 1), j) }
        stored -= 1
        // The freed place goes back to zero bytes, so that equal lists lie alike.
        withUnsafeMutableBytes(of: &inline) { raw in
            for b in (stored * MemoryLayout<Element>.stride)..<((stored + 1) * MemoryLayout<Element>.stride) { raw[b] = 0 }
        }
        return e
    }

    @inlinable public mutating func removeAll(where shouldBeRemoved: (Element) throws -> Bool) rethrows {
        // Nothing is rewritten unless something goes (over positions, as above).
        guard let first = try firstIndex(where: shouldBeRemoved) else { return }
        var kept = ShortList(self[..<first])
        for i in (first + 1)..<count where try !shouldBeRemoved(self[i]) { kept.append(self[i]) }
        self = kept
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

/// The arrays of the lists that outgrew their bytes, one table for each type of element (see
/// `ShortList.spill`), found by the type: only a list of more than `capacity` elements asks.
enum SpillTables {
    private static let tables = Mutex<[ObjectIdentifier: AnyObject]>([:])

    static func table<E: Hashable & Sendable>(for _: E.Type) -> InternTable<[E]> {
        tables.withLock { tables in
            if let t = tables[ObjectIdentifier(E.self)] { return unsafeDowncast(t, to: InternTable<[E]>.self) }
            let t = InternTable<[E]>()
            tables[ObjectIdentifier(E.self)] = t
            return t
        }
    }
}
