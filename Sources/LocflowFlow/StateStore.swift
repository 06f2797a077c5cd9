import LocflowCore

/// The visited set: 64-bit fingerprints of canonical worlds in an open-addressing table
/// (linear probing, at most half full), each with its state number: 12 bytes a slot, 24 to 48
/// bytes a state.
///
/// Fingerprints are hash compaction (as Spin's `-DHC`): two different states that share a
/// fingerprint would be merged. With n states the chance of any such collision is about
/// n² / 2⁶⁵: one in 37 million for a million states.
final class FingerprintSet {
    private var slots: UnsafeMutablePointer<UInt64>
    private var ids: UnsafeMutablePointer<UInt32>
    private var capacity: Int
    private(set) var count = 0

    init(capacity: Int = 1 << 16) {
        self.capacity = capacity
        slots = .allocate(capacity: capacity)
        slots.initialize(repeating: 0, count: capacity)
        ids = .allocate(capacity: capacity)
    }

    deinit { slots.deallocate(); ids.deallocate() }

    var bytes: Int { capacity * 12 }

    /// The state of a fingerprint: the one it already had, or `id` when it is new (inserted).
    func insert(_ fingerprint: UInt64, id: Int) -> (inserted: Bool, id: Int) {
        if (count + 1) * 2 > capacity { grow() }
        let f = fingerprint == 0 ? 1 : fingerprint
        let mask = capacity - 1
        var i = Int(truncatingIfNeeded: f ^ (f >> 29)) & mask
        while true {
            let s = slots[i]
            if s == 0 { slots[i] = f; ids[i] = UInt32(truncatingIfNeeded: id); count += 1; return (true, id) }
            if s == f { return (false, Int(ids[i])) }
            i = (i + 1) & mask
        }
    }

    /// The state of a fingerprint already in the set, or nil (safe from several threads while
    /// nothing inserts).
    func find(_ fingerprint: UInt64) -> Int? {
        let f = fingerprint == 0 ? 1 : fingerprint
        let mask = capacity - 1
        var i = Int(truncatingIfNeeded: f ^ (f >> 29)) & mask
        while true {
            let s = slots[i]
            if s == 0 { return nil }
            if s == f { return Int(ids[i]) }
            i = (i + 1) & mask
        }
    }

    private func grow() {
        let old = slots, oldIDs = ids, oldCapacity = capacity
        capacity *= 2
        slots = .allocate(capacity: capacity)
        slots.initialize(repeating: 0, count: capacity)
        ids = .allocate(capacity: capacity)
        let mask = capacity - 1
        for j in 0..<oldCapacity where old[j] != 0 {
            let f = old[j]
            var i = Int(truncatingIfNeeded: f ^ (f >> 29)) & mask
            while slots[i] != 0 { i = (i + 1) & mask }
            slots[i] = f
            ids[i] = oldIDs[j]
        }
        old.deallocate()
        oldIDs.deallocate()
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
