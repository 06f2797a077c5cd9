import Testing
@testable import LocflowCore
@testable import LocflowFlow
@testable import LocflowExplore
@testable import LocflowCheck

/// The search's buffers of worlds copy, move and end a world that holds no reference as its
/// bytes (`WorldBytes.swift`). That is sound only while such a world's bytes are its whole value:
/// these tests hold the claims it rests on, and the buffer to behaving as an array of worlds.
@Suite("explore: worlds as bytes")
struct WorldBufferTests {
    /// The field that makes a world address-only is a weak reference that is always nil: all zero
    /// bits, so a copy of its bytes is a copy of it.
    @Test func theAddressOnlyMarkerIsZeroBits() {
        var marker = AddressOnly()
        #expect(MemoryLayout<AddressOnly>.size == MemoryLayout<UInt>.size)
        withUnsafeBytes(of: &marker) { #expect($0.allSatisfy { $0 == 0 }) }
        var w = World(config: AppConfig())
        #expect(w.holdsNoReference)
        _ = w.step(.app(.requestWhenInUseAuthorization))
        #expect(w.holdsNoReference)
    }

    /// Every field of a world and of the types it holds is plain (no reference, nothing to copy
    /// but bytes) except those `holdsNoReference` asks about, the configuration (held
    /// `unowned(unsafe)`: no count) and the marker. A field added later that holds a reference (a
    /// string, an array, a class) fails here until `holdsNoReference` asks about it.
    @Test func everyOtherFieldIsPlain() {
        func plain(_ v: Any) -> Bool {
            func open<T>(_: T) -> Bool { _isPOD(T.self) }
            return _openExistential(v, do: open)
        }
        func notPlain(_ v: Any) -> Set<String> {
            Set(Mirror(reflecting: v).children.filter { !plain($0.value) }.compactMap(\.label))
        }
        let w = FingerprintTests.fullWorld()
        #expect(notPlain(w) == ["configBox", "lists", "passedByAddress", "process", "sessions", "promptQueue"])
        #expect(notPlain(w.process) == ["ranging"])
        // A short list shows its elements, as an array does: its fields are its bytes, its
        // count and its spilled array, and nothing else fits in its size.
        #expect(_isPOD(ShortList<Prompt>.Inline.self))
        #expect(MemoryLayout<ShortList<Prompt>>.size == MemoryLayout<ShortList<Prompt>.Inline>.size + MemoryLayout<Int>.size + MemoryLayout<[Prompt]?>.size)
        #expect(MemoryLayout<ShortList<ServiceSession>>.size == MemoryLayout<ShortList<Prompt>>.size)
        #expect(plain(w.prompt as Any) && plain(w.sessions[0]) && plain(w.promptQueue[0]))
    }

    /// Worlds that hold references and worlds that do not, copied into a buffer that grows one
    /// world at a time (each growth moves them all): each stays equal to its original, and a copy
    /// changed in the buffer leaves its original as it was.
    @Test func aBufferKeepsWorldsAsTheyWere() {
        var config = AppConfig()
        config.platform = .ios18
        var plainWorld = World(config: config)
        _ = plainWorld.step(.app(.session(id: "a", goal: .whenInUse, fullAccuracyKey: nil)))
        var spilledSessions = plainWorld
        for id in ["b", "c", "d"] { _ = spilledSessions.step(.app(.session(id: Name(id), goal: .whenInUse, fullAccuracyKey: nil))) }
        var spilledQueue = plainWorld
        spilledQueue.promptQueue = ShortList((0..<5).map { _ in Prompt(kind: .alwaysUpgrade, origin: .requestAlways) })
        var regions = plainWorld
        regions.regions = ["office"]
        var ranging = plainWorld
        ranging.process.beaconRanging = ["lobby"]
        let full = FingerprintTests.fullWorld()
        let originals = [plainWorld, spilledSessions, spilledQueue, regions, ranging, full]
        // Each reference alone is asked about.
        #expect(originals.map(\.holdsNoReference) == [true, false, false, false, false, false])

        let buffer = WorldBuffer(capacity: 1)
        for i in 0..<40 { buffer.append(copying: originals[i % originals.count]) }
        #expect(buffer.count == 40)
        for i in 0..<40 { World.read(buffer[i]) { #expect($0 == originals[i % originals.count]) } }

        // Changed in place: the originals keep their lists (a copy shares them until it changes them).
        for i in 0..<40 {
            func change(_ w: inout World) {
                w.regions.append("elsewhere")
                _ = w.step(.app(.session(id: "e", goal: .whenInUse, fullAccuracyKey: nil)))
                w.promptQueue.append(Prompt(kind: .backgroundReminder, origin: .reminder))
            }
            change(&buffer[i].pointee)
        }
        #expect([plainWorld, spilledSessions, spilledQueue, regions, ranging, full] == originals)
        #expect(full.regions == ["office"] && spilledQueue.promptQueue.count == 5 && plainWorld.sessions.count == 1)
        for i in 0..<40 { World.read(buffer[i]) { #expect($0.regions.last == "elsewhere" && !$0.holdsNoReference) } }

        // Copied from one buffer into another, and built in place then discarded.
        let other = WorldBuffer(capacity: 1)
        for i in 0..<40 { other.append(copyOf: buffer[i]) }
        buffer.removeAll()
        #expect(buffer.isEmpty)
        for i in 0..<40 { World.read(other[i]) { #expect($0.regions.last == "elsewhere") } }
        let slot = other.nextSlot()
        World.initialize(slot, copying: full)
        World.deinitialize(slot)
        #expect(other.count == 40)
        World.initialize(other.nextSlot(), copying: plainWorld)
        other.commit()
        World.read(other[40]) { #expect($0 == plainWorld) }

        // As the search uses it: a state's successors built one after another past the end,
        // then each ended where it lies or kept, moved down past the last one kept.
        let small = WorldBuffer(capacity: 1)
        var kept: [Int] = []
        var n = 0
        for round in 0..<6 {
            let built = round + 1
            small.makeRoom(built)
            var made: [Int] = []
            for j in 0..<built {
                World.initialize(small.room(j), copying: originals[n % originals.count])
                made.append(n % originals.count)
                n += 1
            }
            let first = small.room(0)
            var keptHere = 0
            for j in 0..<built {
                if (round + j) % 3 == 1 { World.deinitialize(first + j); continue }
                if keptHere != j { World.moveInitialize(first + keptHere, from: first + j, count: 1) }
                small.commit()
                kept.append(made[j])
                keptHere += 1
            }
        }
        #expect(n == 21 && small.count == kept.count && kept.count == 14)
        for (i, o) in kept.enumerated() { World.read(small[i]) { #expect($0 == originals[o]) } }

        // Full at one world, room for two more is still made.
        let one = WorldBuffer(capacity: 1)
        one.append(copying: full)
        one.makeRoom(2)
        World.initialize(one.room(0), copying: plainWorld)
        World.initialize(one.room(1), copying: spilledQueue)
        World.deinitialize(one.room(0))
        World.moveInitialize(one.room(0), from: one.room(1), count: 1)
        one.commit()
        #expect(one.count == 2)
        World.read(one[0]) { #expect($0 == full) }
        World.read(one[1]) { #expect($0 == spilledQueue) }

        // Reserved room (the frontier's): filled past the reservation, it moves to allocated room
        // that grows, every world kept; emptied, it is filled again from the start.
        let reserved = WorldBuffer(reserving: 3)
        for i in 0..<12 { reserved.append(copying: originals[i % originals.count]) }
        #expect(reserved.count == 12)
        for i in 0..<12 { World.read(reserved[i]) { #expect($0 == originals[i % originals.count]) } }
        reserved.removeAll()
        reserved.append(copying: full)
        World.read(reserved[0]) { #expect($0 == full) }
        let roomy = WorldBuffer(reserving: 1_000_000)
        for i in 0..<1000 { roomy.append(copying: originals[i % originals.count]) }
        World.read(roomy[999]) { #expect($0 == originals[999 % originals.count]) }
    }
}
