import Dispatch
import Testing
@testable import LocflowCheck

/// The visited set: every fingerprint inserted is found with its number, through the set or a
/// view; a view taken before the set grew still reads its own table; and a thread that looks up
/// while another inserts finds each fingerprint with its own number or not at all.
@Suite("engine: the visited set")
struct VisitedSetTests {
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

    @Test func insertsAreFoundWithTheirNumbersThroughGrowth() {
        let set = FingerprintSet(capacity: 4)
        let fs = Self.fingerprints(5000, seed: 1)
        var early: FingerprintSet.View?
        var inEarlyTable = 0  // fingerprints inserted before the table the early view reads was grown out of
        for (i, f) in fs.enumerated() {
            #expect(set.insert(f, id: i) == (true, i))
            if i == 100 { early = set.view }
            if let early, set.generation == early.generation { inEarlyTable = i + 1 }
        }
        #expect(set.count == 5000 && set.generation > 0 && set.bytes >= 10_000 * 12)
        for (i, f) in fs.enumerated() { #expect(set.find(f) == i && set.view.find(f) == i) }
        // Inserted again, a fingerprint keeps its first number.
        #expect(set.insert(fs[10], id: 99_999) == (false, 10))
        for f in Self.fingerprints(200, seed: 3) { #expect(set.find(f) == nil) }
        // A view taken early reads the table it was taken of (kept until released), which has
        // what went in until the set grew out of it, and nothing later.
        let view = try! #require(early)
        #expect(view.generation < set.generation && inEarlyTable > 101 && inEarlyTable < 5000)
        for (i, f) in fs.prefix(inEarlyTable).enumerated() { #expect(view.find(f) == i) }
        #expect(fs.dropFirst(inEarlyTable).filter { view.find($0) != nil }.isEmpty)
        set.release(before: set.generation)
    }

    /// One thread inserts while another looks up, as the merge and a worker do.
    @Test func aLookUpBesideTheInsertsFindsTheRightNumberOrNothing() {
        let set = FingerprintSet(capacity: 1 << 16)
        let fs = Self.fingerprints(30_000, seed: 7)
        let view = set.view  // large enough: no growth, one table
        nonisolated(unsafe) let writer = set  // the one thread that inserts
        nonisolated(unsafe) var wrong = 0
        DispatchQueue.concurrentPerform(iterations: 2) { k in
            if k == 0 {
                for (i, f) in fs.enumerated() { _ = writer.insert(f, id: i) }
            } else {
                for _ in 0..<3 {
                    for (i, f) in fs.enumerated() {
                        if let id = view.find(f), id != i { wrong += 1 }
                    }
                }
            }
        }
        #expect(wrong == 0)
        #expect(set.generation == 0 && fs.enumerated().allSatisfy { view.find($0.element) == $0.offset })
    }
}
