import Dispatch
import Testing
@testable import LocflowCore

/// `Interned`: the values a world rarely holds, held as numbers of values kept once.
@Suite("interned values")
struct InternedTests {
    /// Equal values get one number, different values different numbers, and each number gives
    /// its value back; the empty value is 0, kept nowhere.
    @Test func oneNumberForEachValue() {
        let table = InternTable<[String]>()
        let a = table.number(["office"]), b = table.number(["office", "gate"]), c = table.number(["office"])
        #expect(a == c && a != b && a != 0 && b != 0)
        #expect(table[a] == ["office"] && table[b] == ["office", "gate"] && table.count == 2)
        #expect(Interned<NameList>().isEmpty && Interned(NameList([])).isEmpty && Interned(NameList([])).number == 0)
        let lobby = Interned(NameList(["lobby"]))
        #expect(lobby == Interned(NameList(["lobby"])) && lobby.value.names == ["lobby"] && lobby != Interned(NameList(["hall"])))
    }

    /// Past one block of numbers (16,384 values), and from two threads at once: every value keeps
    /// one number and reads back, whichever thread met it first.
    @Test func manyValuesFromTwoThreads() {
        let table = InternTable<[String]>()
        let n = 20_000
        nonisolated(unsafe) var numbers = [[UInt32]](repeating: [UInt32](repeating: 0, count: n), count: 2)
        numbers.withUnsafeMutableBufferPointer { rows in
            nonisolated(unsafe) let rows = rows
            DispatchQueue.concurrentPerform(iterations: 2) { t in
                for i in 0..<n {
                    let k = t == 0 ? i : n - 1 - i  // the two threads meet the values in opposite orders
                    rows[t][k] = table.number(["name \(k)"])
                }
            }
        }
        #expect(numbers[0] == numbers[1] && table.count == n)
        #expect((0..<n).allSatisfy { table[numbers[0][$0]] == ["name \($0)"] })
        #expect(Set(numbers[0]).count == n)
    }

    /// A long list is held as the number of its array: two equal long lists made apart hold
    /// the same number, and a list that shrinks back into its bytes holds none.
    @Test func longListsShareTheirArray() {
        let sessions = (0..<4).map { ShortListTests.session(Name("s\($0)")) }
        var a = ShortList(sessions), b = ShortList<ServiceSession>()
        for s in sessions { b.append(s) }
        #expect(a.spill != 0 && a.spill == b.spill && a == b)
        a[3].held.toggle()
        #expect(a.spill != b.spill && a != b && a[3].held != b[3].held)
        while a.count > ShortList<ServiceSession>.capacity { a.remove(at: 0) }
        var expected = Array(sessions[2...])
        expected[1].held.toggle()
        #expect(a.spill == 0 && Array(a) == expected)
    }
}
