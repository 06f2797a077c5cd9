#if canImport(Glibc)
import Glibc
#endif

/// States one after another in memory the buffer owns: the search's frontier and the
/// successors each part of it finds. A state's successors are built in place past the end
/// (`room`), each then kept by `commit` (moved down first past the last one kept) or ended where
/// it lies, so a state is neither moved into an array nor out of it; states are copied, moved and
/// ended through the model's own hooks (`CheckableModel.initialize(_:copying:)`: locflow's copy
/// a world's bytes). An array of worlds moved each one twice a step kept and again each time it
/// grew (4% of the search's instructions; docs/speed-history.md).
public final class StateBuffer<Model: CheckableModel> {
    public typealias State = Model.State
    private var base: UnsafeMutablePointer<State>
    public private(set) var count = 0
    private var capacity: Int
    /// The bytes mapped for the buffer made `reserving:` (0 while its room is allocated).
    private var mapped = 0

    public init(capacity: Int = 16) {
        self.capacity = max(1, capacity)
        base = UnsafeMutablePointer<State>.allocate(capacity: self.capacity)
    }

    /// Room for `n` states reserved at once as address space, whose pages the system gives as
    /// they are first written and which the buffer keeps (on Linux; elsewhere, or refused, an
    /// allocation that grows). The search's two frontier buffers: growing, each moved its states
    /// to new memory and wrote every new page once more, and the first write of a page is the
    /// system's fault to serve (5% of the search's time went to them).
    public init(reserving n: Int) {
        #if os(Linux)
        let bytes = max(1, n).multipliedReportingOverflow(by: MemoryLayout<State>.stride)
        if !bytes.overflow, let p = mmap(nil, bytes.partialValue, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0),
           p != MAP_FAILED {
            base = p.bindMemory(to: State.self, capacity: max(1, n))
            capacity = max(1, n)
            mapped = bytes.partialValue
            return
        }
        #endif
        capacity = 16
        base = UnsafeMutablePointer<State>.allocate(capacity: capacity)
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

    public var isEmpty: Bool { count == 0 }

    /// Made `reserving:` and given its room: the buffer never moves.
    public var reserved: Bool { mapped > 0 }

    /// The state at `i` (valid until the buffer next grows or is emptied).
    @inline(__always) public subscript(i: Int) -> UnsafeMutablePointer<State> {
        precondition(i >= 0 && i < count, "StateBuffer index out of range")
        return base + i
    }

    /// The state at `i`, for a thread that reads the states another has put in place while that
    /// one appends more (`i` below the count it was told: the count is the appending thread's).
    @inline(__always) public func state(at i: Int) -> UnsafeMutablePointer<State> { base + i }

    /// Uninitialized room for one more state at the end: initialize it, then `commit` it or
    /// end it there (`Model.deinitialize`).
    @inline(__always) public func nextSlot() -> UnsafeMutablePointer<State> {
        if count == capacity { grow(to: capacity * 2) }
        return base + count
    }

    /// Keeps the state built in `nextSlot()` (or in `room(0)`).
    @inline(__always) public func commit() { count += 1 }

    /// Room for `n` states past the end (`room(0)` is `nextSlot()`'s), for a caller that builds
    /// several before it keeps or ends each: made before the first is built (the buffer does not
    /// move while they are there).
    @inline(__always) public func makeRoom(_ n: Int) {
        if count + n > capacity { grow(to: max(capacity * 2, count + n)) }
    }

    @inline(__always) public func room(_ i: Int) -> UnsafeMutablePointer<State> { base + count + i }

    public func append(copying state: State) {
        Model.initialize(nextSlot(), copying: state)
        commit()
    }

    /// Appends a copy of the state at `p`, which is another buffer's.
    public func append(copyOf p: UnsafeMutablePointer<State>) {
        let slot = nextSlot()
        withState(at: p) { Model.initialize(slot, copying: $0) }
        commit()
    }

    /// Ends every state, keeping the room.
    public func removeAll() {
        for i in 0..<count { Model.deinitialize(base + i) }
        count = 0
    }

    private func grow(to n: Int) {
        let new = UnsafeMutablePointer<State>.allocate(capacity: n)
        Model.moveInitialize(new, from: base, count: count)
        release()
        base = new
        capacity = n
    }
}
