import CPrefetch
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LocflowCore

/// The visited set: 64-bit fingerprints of canonical worlds in an open-addressing table
/// (linear probing, at most half full), each with its state number beside it: 12 bytes a slot
/// (the fingerprint and the number in one place, so a look-up touches one cache line), 24 to 48
/// bytes a state.
///
/// Fingerprints are hash compaction (as Spin's `-DHC`): two different states that share a
/// fingerprint would be merged. With n states the chance of any such collision is about
/// n² / 2⁶⁵: one in 37 million for a million states.
final class FingerprintSet {
    private static let stride = 12
    private var table: UnsafeMutableRawPointer
    private var capacity: Int
    private(set) var count = 0

    init(capacity: Int = 1 << 10) {
        self.capacity = capacity
        table = FingerprintSet.allocate(capacity)
    }

    deinit {
        free(table)
        if let prepared { free(prepared.table) }
    }

    var bytes: Int { capacity * FingerprintSet.stride }

    /// Zeroed room (`calloc`: a large table's pages come zeroed from the system, not written
    /// twice). Freed with `free`.
    private static func allocate(_ capacity: Int) -> UnsafeMutableRawPointer {
        guard let p = calloc(capacity, stride) else { fatalError("out of memory for \(capacity) states") }
        return p
    }

    @inline(__always) private func fingerprint(at i: Int) -> UInt64 {
        table.loadUnaligned(fromByteOffset: i * FingerprintSet.stride, as: UInt64.self)
    }
    @inline(__always) private func id(at i: Int) -> Int {
        Int(table.loadUnaligned(fromByteOffset: i * FingerprintSet.stride + 8, as: UInt32.self))
    }
    @inline(__always) private static func store(_ f: UInt64, _ id: Int, at i: Int, in table: UnsafeMutableRawPointer) {
        table.storeBytes(of: f, toByteOffset: i * FingerprintSet.stride, as: UInt64.self)
        table.storeBytes(of: UInt32(truncatingIfNeeded: id), toByteOffset: i * FingerprintSet.stride + 8, as: UInt32.self)
    }
    @inline(__always) private static func home(_ f: UInt64, _ mask: Int) -> Int { Int(truncatingIfNeeded: f ^ (f >> 29)) & mask }
    /// A fingerprint as the table holds it: 0 marks an empty slot, so a fingerprint 0 is held as 1.
    @inline(__always) private static func held(_ fingerprint: UInt64) -> UInt64 { fingerprint == 0 ? 1 : fingerprint }

    /// The state of a fingerprint: the one it already had, or `id` when it is new (inserted).
    func insert(_ fingerprint: UInt64, id: Int) -> (inserted: Bool, id: Int) {
        if (count + 1) * 2 > capacity { grow() }
        let f = FingerprintSet.held(fingerprint)
        let mask = capacity - 1
        var i = FingerprintSet.home(f, mask)
        while true {
            let s = self.fingerprint(at: i)
            if s == 0 { FingerprintSet.store(f, id, at: i, in: table); count += 1; return (true, id) }
            if s == f { return (false, self.id(at: i)) }
            i = (i + 1) & mask
        }
    }

    /// Inserts fingerprints not yet in the set, numbered from `firstID` on, in order, into a
    /// table grown first. Each slot is asked for a few inserts ahead: one at a time, every insert
    /// waited for memory, and the search does this while no worker runs.
    func insert(_ fingerprints: [UInt64], firstID: Int) {
        while (count + fingerprints.count) * 2 > capacity { grow() }
        let ahead = 32
        fingerprints.withUnsafeBufferPointer { fs in
            for j in fs.indices {
                if j + ahead < fs.count { prefetch(fs[j + ahead]) }
                _ = insert(fs[j], id: firstID + j)
            }
        }
    }

    /// The state of a fingerprint already in the set, or nil (safe from several threads while
    /// nothing inserts).
    @inline(__always) func find(_ fingerprint: UInt64) -> Int? {
        let f = FingerprintSet.held(fingerprint)
        let mask = capacity - 1
        var i = FingerprintSet.home(f, mask)
        while true {
            let s = self.fingerprint(at: i)
            if s == 0 { return nil }
            if s == f { return id(at: i) }
            i = (i + 1) & mask
        }
    }

    /// Asks for the cache line where a look-up of `fingerprint` starts, without waiting for it
    /// (the table outgrows the caches, and a look-up's first read waited for memory).
    @inline(__always) func prefetch(_ fingerprint: UInt64) {
        let f = FingerprintSet.held(fingerprint)
        locflow_prefetch(table + FingerprintSet.home(f, capacity - 1) * FingerprintSet.stride)
    }

    /// Empties the set, keeping its room.
    func removeAll() {
        if let p = prepared { free(p.table); prepared = nil }
        guard count > 0 else { return }
        table.initializeMemory(as: UInt8.self, repeating: 0, count: capacity * FingerprintSet.stride)
        count = 0
    }

    /// Doubles the table: the one `prepareGrowth` filled, if nothing was inserted since, or one
    /// filled now.
    private func grow() {
        let bigger: UnsafeMutableRawPointer
        if let p = prepared, p.count == count {
            bigger = p.table
        } else {
            if let p = prepared { free(p.table) }
            bigger = FingerprintSet.rehash(table, capacity)
        }
        prepared = nil
        free(table)
        table = bigger
        capacity *= 2
    }

    /// A table twice as large with the fingerprints of this one, and how many it held then.
    private var prepared: (table: UnsafeMutableRawPointer, count: Int)?

    /// The table is over 40% full: it will grow soon (at half), and a table twice as large can be
    /// filled ahead (`prepareGrowth`).
    var growsSoon: Bool { prepared == nil && count * 5 > capacity * 2 }

    /// Fills a table twice as large, for the next growth to take if nothing was inserted
    /// meanwhile, or to take now (`takePrepared`). It only reads this table: the search calls it
    /// beside the workers that look fingerprints up, so the growth (filled in `grow`, while no
    /// worker ran, 3% of the time on two cores) costs the search nothing in waiting.
    func prepareGrowth() {
        guard prepared == nil else { return }
        prepared = (FingerprintSet.rehash(table, capacity), count)
    }

    /// Takes the table `prepareGrowth` filled, if nothing was inserted since (else drops it).
    func takePrepared() {
        guard let p = prepared else { return }
        if p.count == count { grow() } else { free(p.table); prepared = nil }
    }

    /// A new table of twice `capacity` slots holding the fingerprints of `old`, each slot's new
    /// place asked for sixteen slots ahead.
    private static func rehash(_ old: UnsafeMutableRawPointer, _ oldCapacity: Int) -> UnsafeMutableRawPointer {
        let capacity = oldCapacity * 2
        let new = allocate(capacity)
        let mask = capacity - 1
        let ahead = 16
        for j in 0..<oldCapacity {
            if j + ahead < oldCapacity {
                let g = old.loadUnaligned(fromByteOffset: (j + ahead) * stride, as: UInt64.self)
                if g != 0 { locflow_prefetch(new + home(g, mask) * stride) }
            }
            let f = old.loadUnaligned(fromByteOffset: j * stride, as: UInt64.self)
            guard f != 0 else { continue }
            var i = home(f, mask)
            while new.loadUnaligned(fromByteOffset: i * stride, as: UInt64.self) != 0 { i = (i + 1) & mask }
            store(f, Int(old.loadUnaligned(fromByteOffset: j * stride + 8, as: UInt32.self)), at: i, in: new)
        }
        return new
    }
}

/// A growable bit set (states that match a condition, rules that fired).
public struct BitSet: Sendable {
    private var words: [UInt64] = []
    public init() {}
    public init(count: Int) { words = Array(repeating: 0, count: (count + 63) / 64) }
    public subscript(i: Int) -> Bool {
        get { i / 64 < words.count && words[i / 64] & (1 << UInt64(i % 64)) != 0 }
        set {
            while i / 64 >= words.count { words.append(0) }
            if newValue { words[i / 64] |= 1 << UInt64(i % 64) } else { words[i / 64] &= ~(1 << UInt64(i % 64)) }
        }
    }
    public var bytes: Int { words.count * 8 }
}
