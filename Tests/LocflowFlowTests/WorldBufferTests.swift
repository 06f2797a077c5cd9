import Testing
@testable import LocflowCore
@testable import LocflowFlow
@testable import LocflowExplore
@testable import LocflowCheck

/// The search's buffers of worlds copy, move and end a world as Swift does any value (its value
/// witnesses, through `LocationModel`'s hooks): these tests hold what a world holds, and the
/// buffer to behaving as an array of worlds.
@Suite("explore: buffers of worlds")
struct WorldBufferTests {
    /// The field that makes a world address-only holds nothing and takes no part in its value.
    @Test func theAddressOnlyMarkerHoldsNothing() {
        #expect(MemoryLayout<AddressOnly>.size == MemoryLayout<UInt>.size)
        #expect(AddressOnly() == AddressOnly())
        var a = World(config: AppConfig()), b = a
        _ = a.step(.app(.requestWhenInUseAuthorization))
        _ = b.step(.app(.requestWhenInUseAuthorization))
        #expect(a == b && a.hashValue == b.hashValue)
    }

    /// Every field of a world and of the types it holds is plain (no reference, nothing to copy
    /// but bytes; the configuration is held as its number and the values the reducer reads)
    /// except the monitored names, the marker, the process (its beacon ranging) and the short
    /// lists (their spilled arrays), each nil or empty in nearly every world: a field added later
    /// that holds a reference (a string, an array, a class) fails here, so that what a copy of a
    /// world costs is a choice.
    @Test func everyOtherFieldIsPlain() {
        func plain(_ v: Any) -> Bool {
            func open<T>(_: T) -> Bool { _isPOD(T.self) }
            return _openExistential(v, do: open)
        }
        func notPlain(_ v: Any) -> Set<String> {
            Set(Mirror(reflecting: v).children.filter { !plain($0.value) }.compactMap(\.label))
        }
        let w = FingerprintTests.fullWorld()
        #expect(notPlain(w) == ["lists", "passedByAddress", "process", "sessions", "promptQueue"])
        #expect(notPlain(w.process) == ["ranging"])
        // A short list's slots are plain; its fields are its slots, its count and its spilled
        // array, and nothing else fits in its size.
        #expect(_isPOD(ShortList<Prompt>.Slots.self) && _isPOD(ShortList<ServiceSession>.Slots.self))
        #expect(MemoryLayout<ShortList<Prompt>>.size == MemoryLayout<Int>.size + MemoryLayout<[Prompt]?>.size + MemoryLayout<ShortList<Prompt>.Slots>.size)
        #expect(plain(w.prompt as Any) && plain(w.sessions[0]) && plain(w.promptQueue[0]))
    }

    /// The configuration a world holds as plain values answers as the configuration itself:
    /// the purpose keys through their names' bits, and through the table for a key whose name was
    /// numbered after the first 64.
    @Test func theConfigurationHeldInTheWorld() {
        for n in 0..<70 { _ = Name("tmp-purpose-\(n)") }
        var config = AppConfig()
        config.platform = .ios18
        config.widget = true
        config.info.temporaryUsageDescriptions = ["Nav": "n", "tmp-purpose-69": "late"]
        let w = World(config: config)
        #expect(w.config == config && w.hasWidget && w.profile == config.profile && w.assumptions == config.assumptions)
        #expect(w.purposeKeys.contains("Nav") && w.purposeKeys.contains("tmp-purpose-69"))
        #expect(!w.purposeKeys.contains("tmp-purpose-3") && !w.purposeKeys.contains(.implicit))
        config.info.temporaryUsageDescriptions = ["Nav": "n"]
        let v = World(config: config)
        #expect(v.purposeKeys.contains("Nav") && !v.purposeKeys.contains("tmp-purpose-69") && v != w)
        #expect(World(config: config) == v)
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

        let buffer = WorldBuffer(capacity: 1)
        for i in 0..<40 { buffer.append(copying: originals[i % originals.count]) }
        #expect(buffer.count == 40)
        for i in 0..<40 { read(buffer[i]) { #expect($0 == originals[i % originals.count]) } }

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
        for i in 0..<40 { read(buffer[i]) { #expect($0.regions.last == "elsewhere" ) } }

        // Copied from one buffer into another, and built in place then discarded.
        let other = WorldBuffer(capacity: 1)
        for i in 0..<40 { other.append(copyOf: buffer[i]) }
        buffer.removeAll()
        #expect(buffer.isEmpty)
        for i in 0..<40 { read(other[i]) { #expect($0.regions.last == "elsewhere") } }
        let slot = other.nextSlot()
        LocationModel.initialize(slot, copying: full)
        LocationModel.deinitialize(slot)
        #expect(other.count == 40)
        LocationModel.initialize(other.nextSlot(), copying: plainWorld)
        other.commit()
        read(other[40]) { #expect($0 == plainWorld) }

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
                LocationModel.initialize(small.room(j), copying: originals[n % originals.count])
                made.append(n % originals.count)
                n += 1
            }
            let first = small.room(0)
            var keptHere = 0
            for j in 0..<built {
                if (round + j) % 3 == 1 { LocationModel.deinitialize(first + j); continue }
                if keptHere != j { LocationModel.moveInitialize(first + keptHere, from: first + j, count: 1) }
                small.commit()
                kept.append(made[j])
                keptHere += 1
            }
        }
        #expect(n == 21 && small.count == kept.count && kept.count == 14)
        for (i, o) in kept.enumerated() { read(small[i]) { #expect($0 == originals[o]) } }

        // Full at one world, room for two more is still made.
        let one = WorldBuffer(capacity: 1)
        one.append(copying: full)
        one.makeRoom(2)
        LocationModel.initialize(one.room(0), copying: plainWorld)
        LocationModel.initialize(one.room(1), copying: spilledQueue)
        LocationModel.deinitialize(one.room(0))
        LocationModel.moveInitialize(one.room(0), from: one.room(1), count: 1)
        one.commit()
        #expect(one.count == 2)
        read(one[0]) { #expect($0 == full) }
        read(one[1]) { #expect($0 == spilledQueue) }

        // Reserved room (the frontier's): filled past the reservation, it moves to allocated room
        // that grows, every world kept; emptied, it is filled again from the start.
        let reserved = WorldBuffer(reserving: 3)
        for i in 0..<12 { reserved.append(copying: originals[i % originals.count]) }
        #expect(reserved.count == 12)
        for i in 0..<12 { read(reserved[i]) { #expect($0 == originals[i % originals.count]) } }
        reserved.removeAll()
        reserved.append(copying: full)
        read(reserved[0]) { #expect($0 == full) }
        let roomy = WorldBuffer(reserving: 1_000_000)
        for i in 0..<1000 { roomy.append(copying: originals[i % originals.count]) }
        read(roomy[999]) { #expect($0 == originals[999 % originals.count]) }
    }

    /// Reads the world at `p` in place.
    func read(_ p: UnsafeMutablePointer<World>, _ body: (World) -> Void) { body(p.pointee) }
}
