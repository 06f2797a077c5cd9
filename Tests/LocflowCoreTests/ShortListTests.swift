import Testing
@testable import LocflowCore

/// `ShortList`: a world's sessions and waiting prompts, held in the world while they are few and
/// in an array when they are not. It must be an array to every reader, whichever way it holds them.
@Suite("short lists")
struct ShortListTests {
    static func session(_ id: Name) -> ServiceSession {
        ServiceSession(id: id, goal: .whenInUse, fullAccuracyKey: nil, qualified: true)
    }

    /// The same random edits made to a list and to an array leave the two alike, through the
    /// list's move to an array and back.
    @Test func editsAsAnArrayDoes() {
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<300 {
            var list = ShortList<Prompt>(), array: [Prompt] = []
            for _ in 0..<40 {
                let p = Prompt(kind: PromptKind.allCases.randomElement(using: &rng)!, origin: .session(id: Name("s\(Int.random(in: 0..<9))")),
                               showsPreciseSwitch: Bool.random(), precise: Bool.random())
                switch Int.random(in: 0..<7, using: &rng) {
                case 0, 1: list.append(p); array.append(p)
                case 2: let i = Int.random(in: 0...array.count); list.insert(p, at: i); array.insert(p, at: i)
                case 3 where !array.isEmpty: let i = Int.random(in: 0..<array.count); #expect(list.remove(at: i) == array.remove(at: i))
                case 4 where !array.isEmpty: let i = Int.random(in: 0..<array.count); list[i] = p; array[i] = p
                case 5: list.removeAll { $0.precise }; array.removeAll { $0.precise }
                default: list.removeAll(); array.removeAll()
                }
                #expect(Array(list) == array && list.count == array.count && list.isEmpty == array.isEmpty)
                // Held in the list: nil in the slots after the elements (so equal lists hold alike).
                if list.spill == nil {
                    #expect((list.count..<ShortList<Prompt>.capacity).allSatisfy { list.inline[$0] == nil })
                }
                #expect(list == ShortList(array) && list.hashValue == ShortList(array).hashValue)
                #expect(list.firstIndex { !$0.precise } == array.firstIndex { !$0.precise })
                #expect(list.lastIndex { !$0.precise } == array.lastIndex { !$0.precise })
                #expect(list.last { $0.precise } == array.last { $0.precise })
                #expect(list.contains(p) == array.contains(p))
            }
        }
    }

    /// Equal lists are equal however they got there: one that grew past its room and shrank back
    /// equals one that never did, and so do the worlds and their fingerprints.
    @Test func equalListsAreEqualWhateverTheirPast() {
        let capacity = ShortList<ServiceSession>.capacity
        #expect(capacity == 3 && ShortList<Prompt>.capacity == 3)
        #expect(MemoryLayout<ServiceSession>.stride == 16)
        var long = ShortList((0..<(capacity + 3)).map { Self.session(Name("s\($0)")) })
        while long.count > 1 { long.remove(at: 1) }
        let short: ShortList = [Self.session("s0")]
        #expect(long == short && long.hashValue == short.hashValue)
        var a = World(config: AppConfig()), b = a
        a.sessions = long; b.sessions = short
        #expect(a == b && a.fingerprint == b.fingerprint)
        b.sessions[0].qualified.toggle()
        #expect(a != b && a.fingerprint != b.fingerprint)
    }

    /// A flow may open more sessions than fit: a world with five behaves as with three.
    @Test func manySessionsInAFlow() {
        var config = AppConfig()
        config.platform = .ios18
        var w = World(config: config)
        _ = w.step(.app(.requestWhenInUseAuthorization))
        _ = w.step(.user(.tap("Allow While Using App")))
        for i in 0..<5 { _ = w.step(.app(.session(id: Name("s\(i)"), goal: .whenInUse, fullAccuracyKey: nil))) }
        #expect(w.sessions.map(\.id.string) == ["s0", "s1", "s2", "s3", "s4"])
        _ = w.step(.app(.invalidate("s3")))
        #expect(w.session("s3")?.state == .invalidated && w.sessions.filter { $0.state == .active }.count == 4)
        _ = w.step(.system(.terminate))
        #expect(w.sessions.allSatisfy { !$0.held })
    }

    /// The list shows its elements, as an array does (the fingerprint's test walks a world's types so).
    @Test func itReflectsAsItsElements() {
        let list: ShortList = [Self.session("a"), Self.session("b"), Self.session("c")]
        let m = Mirror(reflecting: list)
        #expect(m.displayStyle == .collection && m.children.count == 3)
        #expect(m.children.compactMap { ($0.value as? ServiceSession)?.id } == ["a", "b", "c"])
        #expect(list.description == Array(list).description)
    }
}
