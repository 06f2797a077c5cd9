import LocflowCore

/// Worlds one after another in memory the buffer owns: the search's frontier and the
/// successors each part of it finds. A step builds its successor in place past the end (`room`:
/// two places, one for the successor whose look-up waits), kept by `commit` or ended where it
/// lies, so a world is neither moved into an array nor out of it; worlds are copied, moved and
/// ended as bytes when they hold no reference (`World.initialize(_:copying:)`). An array of
/// worlds moved each one twice a step kept and again each time it grew (4% of the search's
/// instructions; docs/speed-history.md).
final class WorldBuffer {
    private var base: UnsafeMutablePointer<World>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int = 16) {
        self.capacity = max(1, capacity)
        base = UnsafeMutablePointer<World>.allocate(capacity: self.capacity)
    }

    deinit {
        removeAll()
        base.deallocate()
    }

    var isEmpty: Bool { count == 0 }

    /// The world at `i` (valid until the buffer next grows or is emptied).
    @inline(__always) subscript(i: Int) -> UnsafeMutablePointer<World> {
        precondition(i >= 0 && i < count, "WorldBuffer index out of range")
        return base + i
    }

    /// Uninitialized room for one more world at the end: initialize it, then `commit` it or
    /// end it there (`World.deinitialize`).
    @inline(__always) func nextSlot() -> UnsafeMutablePointer<World> {
        if count == capacity { grow(to: capacity * 2) }
        return base + count
    }

    /// Keeps the world built in `nextSlot()` (or in `room(0)`).
    @inline(__always) func commit() { count += 1 }

    /// Two places past the end (`room(0)` is `nextSlot()`'s), for a caller that builds a world
    /// while another waits to be kept or ended: room for both is made first, and `carrying`
    /// names the one already holding a world (0 or 1), moved along when the buffer grows.
    @inline(__always) func makeRoom(carrying held: Int?) {
        if count + 2 > capacity { grow(to: max(capacity * 2, count + 2), carrying: held) }
    }

    @inline(__always) func room(_ i: Int) -> UnsafeMutablePointer<World> { base + count + i }

    func append(copying world: borrowing World) {
        World.initialize(nextSlot(), copying: world)
        commit()
    }

    /// Appends a copy of the world at `p`, which is another buffer's.
    func append(copyOf p: UnsafeMutablePointer<World>) {
        let slot = nextSlot()
        World.read(p) { World.initialize(slot, copying: $0) }
        commit()
    }

    /// Ends every world, keeping the room.
    func removeAll() {
        for i in 0..<count { World.deinitialize(base + i) }
        count = 0
    }

    private func grow(to n: Int, carrying held: Int? = nil) {
        let new = UnsafeMutablePointer<World>.allocate(capacity: n)
        World.moveInitialize(new, from: base, count: count)
        if let held { World.moveInitialize(new + count + held, from: base + count + held, count: 1) }
        base.deallocate()
        base = new
        capacity = n
    }
}

extension WorldBuffer {
    /// Swaps the worlds at two places (both initialized).
    @inline(__always) static func swap(_ a: UnsafeMutablePointer<World>, _ b: UnsafeMutablePointer<World>) {
        withUnsafeTemporaryAllocation(of: World.self, capacity: 1) { t in
            let t = t.baseAddress!
            World.moveInitialize(t, from: a, count: 1)
            World.moveInitialize(a, from: b, count: 1)
            World.moveInitialize(b, from: t, count: 1)
        }
    }
}
