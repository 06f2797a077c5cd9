#if canImport(Glibc)
import Glibc
#endif
import LocflowCore

/// Worlds one after another in memory the buffer owns: the search's frontier and the
/// successors each part of it finds. A state's successors are built in place past the end
/// (`room`), each then kept by `commit` (moved down first past the last one kept) or ended where
/// it lies, so a world is neither moved into an array nor out of it; worlds are copied, moved and
/// ended as bytes when they hold no reference (`World.initialize(_:copying:)`). An array of
/// worlds moved each one twice a step kept and again each time it grew (4% of the search's
/// instructions; docs/speed-history.md).
final class WorldBuffer {
    private var base: UnsafeMutablePointer<World>
    private(set) var count = 0
    private var capacity: Int
    /// The bytes mapped for the buffer made `reserving:` (0 while its room is allocated).
    private var mapped = 0

    init(capacity: Int = 16) {
        self.capacity = max(1, capacity)
        base = UnsafeMutablePointer<World>.allocate(capacity: self.capacity)
    }

    /// Room for `n` worlds reserved at once as address space, whose pages the system gives as
    /// they are first written and which the buffer keeps (on Linux; elsewhere, or refused, an
    /// allocation that grows). The search's two frontier buffers: growing, each moved its worlds
    /// to new memory and wrote every new page once more, and the first write of a page is the
    /// system's fault to serve (5% of the search's time went to them).
    init(reserving n: Int) {
        #if os(Linux)
        let bytes = max(1, n).multipliedReportingOverflow(by: MemoryLayout<World>.stride)
        if !bytes.overflow, let p = mmap(nil, bytes.partialValue, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0),
           p != MAP_FAILED {
            base = p.bindMemory(to: World.self, capacity: max(1, n))
            capacity = max(1, n)
            mapped = bytes.partialValue
            return
        }
        #endif
        capacity = 16
        base = UnsafeMutablePointer<World>.allocate(capacity: capacity)
    }

    deinit {
        removeAll()
        release()
    }

    private func release() {
        #if os(Linux)
        if mapped > 0 { munmap(base, mapped); mapped = 0; return }
        #endif
        base.deallocate()
    }

    var isEmpty: Bool { count == 0 }

    /// Made `reserving:` and given its room: the buffer never moves.
    var reserved: Bool { mapped > 0 }

    /// The world at `i` (valid until the buffer next grows or is emptied).
    @inline(__always) subscript(i: Int) -> UnsafeMutablePointer<World> {
        precondition(i >= 0 && i < count, "WorldBuffer index out of range")
        return base + i
    }

    /// The world at `i`, for a thread that reads the worlds another has put in place while that
    /// one appends more (`i` below the count it was told: the count is the appending thread's).
    @inline(__always) func world(at i: Int) -> UnsafeMutablePointer<World> { base + i }

    /// Uninitialized room for one more world at the end: initialize it, then `commit` it or
    /// end it there (`World.deinitialize`).
    @inline(__always) func nextSlot() -> UnsafeMutablePointer<World> {
        if count == capacity { grow(to: capacity * 2) }
        return base + count
    }

    /// Keeps the world built in `nextSlot()` (or in `room(0)`).
    @inline(__always) func commit() { count += 1 }

    /// Room for `n` worlds past the end (`room(0)` is `nextSlot()`'s), for a caller that builds
    /// several before it keeps or ends each: made before the first is built (the buffer does not
    /// move while they are there).
    @inline(__always) func makeRoom(_ n: Int) {
        if count + n > capacity { grow(to: max(capacity * 2, count + n)) }
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

    private func grow(to n: Int) {
        let new = UnsafeMutablePointer<World>.allocate(capacity: n)
        World.moveInitialize(new, from: base, count: count)
        release()
        base = new
        capacity = n
    }
}
