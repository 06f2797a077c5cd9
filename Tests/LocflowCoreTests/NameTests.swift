import Dispatch
import Testing
@testable import LocflowCore

/// Names as numbers (`Name`): one number a string, whoever asks and from whatever thread, so
/// comparing and hashing numbers is comparing and hashing the strings.
@Suite("names")
struct NameTests {
    @Test func equalStringsAreOneNameAndDifferentOnesAreNot() {
        let a = Name("nav"), b = Name(String("na") + "v"), c = Name("Nav")
        #expect(a == b && a.number == b.number)
        #expect(a != c)
        #expect(a.string == "nav" && c.string == "Nav")
        #expect(Name("") != Name(" ") && Name("").string.isEmpty)
        // Canonically equivalent spellings are one string to Swift, so one name.
        #expect(Name("caf\u{E9}") == Name("cafe\u{301}"))
        let literal: Name = "nav"
        #expect(literal == a && "\(literal)" == "nav")
    }

    @Test func theImplicitSessionsNameNeedsNoLookUp() {
        #expect(Name.implicit == Name("implicit"))
        #expect(Name.implicit.string == "implicit")
    }

    /// Two threads numbering the same new names at once agree on every number.
    @Test func threadsAgreeOnEveryNumber() {
        let words = (0..<500).map { "name-\($0)-\(UInt32.random(in: 0...UInt32.max))" }
        nonisolated(unsafe) var seen = [[UInt32]](repeating: [], count: 4)
        seen.withUnsafeMutableBufferPointer { out in
            nonisolated(unsafe) let out = out
            DispatchQueue.concurrentPerform(iterations: 4) { i in
                out[i] = (i % 2 == 0 ? words : words.reversed()).map { Name($0).number }
                if i % 2 == 1 { out[i].reverse() }
            }
        }
        #expect(Set(seen.map { $0 }).count == 1)
        #expect(Set(seen[0]).count == words.count)
        #expect(zip(words, seen[0]).allSatisfy { Name($0).string == $0 && Name($0).number == $1 })
    }

    /// Worlds whose sessions differ only in their names are different states.
    @Test func sessionsNamedDifferentlyAreDifferentStates() {
        var config = AppConfig()
        config.platform = .ios18
        func world(_ id: Name) -> World {
            var w = World(config: config)
            _ = w.step(.app(.session(id: id, goal: .whenInUse, fullAccuracyKey: nil)))
            w.canonicalize()
            return w
        }
        #expect(world("a") != world("b"))
        #expect(world("a").fingerprint != world("b").fingerprint)
        #expect(world("a") == world(Name(String("a"))) && world("a").fingerprint == world(Name(String("a"))).fingerprint)
    }
}
