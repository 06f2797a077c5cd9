import CPrefetch
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The visited set: 64-bit fingerprints of canonical worlds in an open-addressing table (linear
/// probing, at most half full), each with its state number in a second array at the same index:
/// a look-up reads the fingerprints alone (eight to a cache line) and the number only when it
/// needs it. 12 bytes a slot, 24 to 48 bytes a state.
///
/// Fingerprints are hash compaction (as Spin's `-DHC`): two different states that share a
/// fingerprint would be merged. With n states the chance of any such collision is about
/// n² / 2⁶⁵: one in 37 million for a million states.
///
/// One thread inserts (the search's merge) while others look fingerprints up in a `View`: a slot's
/// number is written before its fingerprint, which is stored and read atomically, so a reader
/// that finds a fingerprint finds its number, and one that reads the slot a moment early finds
/// it empty (which the search allows: a worker's look-up only spares the merge work). A growth
/// fills a new table and keeps the old one (`retired`) for the views still reading it, until
/// `release(before:)` says none is.
public final class FingerprintSet {
    private var table: Table
    public private(set) var count = 0
    /// Growths so far: a view is of the table of its generation.
    public private(set) var generation = 0
    /// Tables grown out of, with their generation, kept for the views that may still read them.
    private var retired: [(generation: Int, table: Table)] = []

    public init(capacity: Int = 1 << 10) {
        table = Table(capacity: capacity)
    }

    deinit {
        table.deallocate()
        for r in retired { r.table.deallocate() }
    }

    /// Bytes the table in use takes.
    public var bytes: Int { table.capacity * 12 }

    /// The state of a fingerprint: the one it already had, or `id` when it is new (inserted).
    public func insert(_ fingerprint: UInt64, id: Int) -> (inserted: Bool, id: Int) {
        if (count + 1) * 2 > table.capacity { grow() }
        let f = Table.held(fingerprint)
        let mask = table.capacity - 1
        var i = Table.home(f, mask)
        while true {
            // The one thread that writes reads what it wrote itself: no atomic read needed.
            let s = table.fingerprints[i]
            if s == 0 { table.store(f, id, at: i); count += 1; return (true, id) }
            if s == f { return (false, Int(table.ids[i])) }
            i = (i + 1) & mask
        }
    }

    /// The state of a fingerprint in the set, or nil (on the inserting thread; others use a view).
    public func find(_ fingerprint: UInt64) -> Int? { view.find(fingerprint) }

    /// The table as it is now, for other threads to look fingerprints up in while this one
    /// inserts: valid until `release(before:)` passes its generation.
    public var view: View { View(fingerprints: table.fingerprints, ids: table.ids, mask: table.capacity - 1, generation: generation) }

    /// Frees the tables grown out of before `generation` (no view of them is read any more).
    public func release(before generation: Int) {
        retired.removeAll { r in
            guard r.generation < generation else { return false }
            r.table.deallocate()
            return true
        }
    }

    /// Doubles the table; the old one is retired (see `release(before:)`).
    private func grow() {
        let bigger = Table(capacity: table.capacity * 2)
        let mask = bigger.capacity - 1
        let old = table
        let ahead = 16
        // Each fingerprint's new place asked for sixteen slots ahead.
        for j in 0..<old.capacity {
            if j + ahead < old.capacity {
                let g = old.fingerprints[j + ahead]
                if g != 0 { locflow_prefetch(bigger.fingerprints + Table.home(g, mask)) }
            }
            let f = old.fingerprints[j]
            guard f != 0 else { continue }
            var i = Table.home(f, mask)
            while bigger.fingerprints[i] != 0 { i = (i + 1) & mask }
            bigger.fingerprints[i] = f
            bigger.ids[i] = old.ids[j]
        }
        retired.append((generation, old))
        table = bigger
        generation += 1
    }

    /// The two arrays of a table: fingerprints (0 marks an empty slot) and state numbers.
    struct Table {
        let fingerprints: UnsafeMutablePointer<UInt64>
        let ids: UnsafeMutablePointer<UInt32>
        let capacity: Int

        /// Zeroed room (`calloc`: a large table's pages come zeroed from the system, not written
        /// twice). Freed with `free`.
        init(capacity: Int) {
            guard let f = calloc(capacity, 8), let i = malloc(capacity * 4) else { fatalError("out of memory for \(capacity) states") }
            fingerprints = f.bindMemory(to: UInt64.self, capacity: capacity)
            ids = i.bindMemory(to: UInt32.self, capacity: capacity)
            self.capacity = capacity
        }

        func deallocate() {
            free(fingerprints)
            free(ids)
        }

        /// The number first, then the fingerprint, atomically: a reader that sees the fingerprint
        /// sees the number.
        @inline(__always) func store(_ f: UInt64, _ id: Int, at i: Int) {
            ids[i] = UInt32(truncatingIfNeeded: id)
            locflow_store_release(fingerprints + i, f)
        }

        @inline(__always) static func home(_ f: UInt64, _ mask: Int) -> Int { Int(truncatingIfNeeded: f ^ (f >> 29)) & mask }
        /// A fingerprint as the table holds it: 0 marks an empty slot, so a fingerprint 0 is held as 1.
        @inline(__always) static func held(_ fingerprint: UInt64) -> UInt64 { fingerprint == 0 ? 1 : fingerprint }
    }

    /// A table for a thread that only looks up (see `view`).
    public struct View: @unchecked Sendable {
        fileprivate let fingerprints: UnsafeMutablePointer<UInt64>
        fileprivate let ids: UnsafeMutablePointer<UInt32>
        fileprivate let mask: Int
        public let generation: Int

        /// The state of a fingerprint in the table, or nil.
        @inline(__always) public func find(_ fingerprint: UInt64) -> Int? { slot(of: fingerprint).map(id(at:)) }

        /// Where a fingerprint is in the table, or nil: its number is `id(at:)` (a second read,
        /// made only when the number is needed).
        @inline(__always) public func slot(of fingerprint: UInt64) -> Int? {
            let f = Table.held(fingerprint)
            var i = Table.home(f, mask)
            while true {
                let s = locflow_load_acquire(fingerprints + i)
                if s == 0 { return nil }
                if s == f { return i }
                i = (i + 1) & mask
            }
        }

        /// The number of the state in a slot `slot(of:)` gave.
        @inline(__always) public func id(at slot: Int) -> Int { Int(ids[slot]) }

        /// Asks for the cache line where a look-up of `fingerprint` starts, without waiting for
        /// it (the table outgrows the caches, and a look-up's first read waited for memory).
        @inline(__always) public func prefetch(_ fingerprint: UInt64) {
            locflow_prefetch(fingerprints + Table.home(Table.held(fingerprint), mask))
        }
    }
}
