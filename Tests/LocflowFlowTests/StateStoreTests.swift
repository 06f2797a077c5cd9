import Testing
@testable import LocflowFlow

/// The visited set: every fingerprint inserted is found with its number, however it went in (one
/// at a time, or a batch that grows the table first), and one never inserted is not.
@Suite("explore: the visited set")
struct StateStoreTests {
    /// Fingerprints spread as the search's are (the first list holds 0, which the table holds as 1).
    static func fingerprints(_ n: Int, seed: UInt64) -> [UInt64] {
        var x = seed
        return (0..<n).map { i in
            if i == 3 && seed == 1 { return 0 }
            x &+= 0x9E37_79B9_7F4A_7C15
            var z = x
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            return z ^ (z >> 27)
        }
    }

    @Test func batchesAndSingleInsertsAreFoundWithTheirNumbers() {
        let set = FingerprintSet(capacity: 4)
        let single = Self.fingerprints(300, seed: 1)
        for (i, f) in single.enumerated() { #expect(set.insert(f, id: i) == (true, i)) }
        // A batch three times larger than the table: it grows first, then every slot is filled.
        let batch = Self.fingerprints(5000, seed: 2)
        set.insert(batch, firstID: 300)
        #expect(set.count == 5300)
        for (i, f) in single.enumerated() { #expect(set.find(f) == i) }
        for (i, f) in batch.enumerated() { #expect(set.find(f) == 300 + i) }
        // Inserted again, a fingerprint keeps its first number.
        #expect(set.insert(batch[10], id: 99_999) == (false, 310))
        for f in Self.fingerprints(200, seed: 3) { #expect(set.find(f) == nil) }
        set.removeAll()
        #expect(set.count == 0 && set.find(single[0]) == nil)
    }

    /// A bigger table filled ahead (beside the workers) is taken only while it holds everything:
    /// after an insert it is dropped, and the set grows as before.
    @Test func aTableFilledAheadIsTakenOnlyWhileItHoldsEverything() {
        let set = FingerprintSet(capacity: 1024)
        let fs = Self.fingerprints(420, seed: 4)
        set.insert(fs, firstID: 0)
        #expect(set.growsSoon && set.bytes == 1024 * 12)
        set.prepareGrowth()
        #expect(!set.growsSoon)
        set.takePrepared()
        #expect(set.bytes == 2048 * 12)
        for (i, f) in fs.enumerated() { #expect(set.find(f) == i) }

        let stale = FingerprintSet(capacity: 1024)
        stale.insert(fs, firstID: 0)
        stale.prepareGrowth()
        #expect(stale.insert(12345, id: 420) == (true, 420))  // the filled table lacks it now
        stale.takePrepared()
        #expect(stale.bytes == 1024 * 12 && stale.find(12345) == 420)
        stale.insert(Self.fingerprints(200, seed: 5), firstID: 421)  // grows now, on its own
        #expect(stale.bytes == 2048 * 12 && stale.count == 621)
        for (i, f) in fs.enumerated() { #expect(stale.find(f) == i) }
        #expect(stale.find(12345) == 420)
    }
}
