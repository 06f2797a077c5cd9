/// A world as bytes, for the model checker's buffers of worlds (`WorldBuffer`).
///
/// A world nearly always holds no counted reference: its configuration is held `unowned(unsafe)`,
/// its monitored names, its process's beacon ranging and its short lists' spilled arrays are nil
/// (every world under `explore`'s default bounds), and the field that makes it address-only is a
/// weak reference that is always nil, which is all zero bits (a test holds it) and which copying,
/// moving or destroying leaves as it is. Such a world's bytes are then its whole value: a copy of
/// its bytes is a copy of it, a move of its bytes a move, and ending it frees nothing. Through its
/// value witnesses a copy cost about 180 instructions (the field-by-field copy, a retain for each
/// nil reference, the weak reference's own copy), and the search made one for each step
/// (docs/speed-history.md, "2026-12-03 15:35 UTC"). A world that does hold a reference goes
/// through its value witnesses as before.
extension World {
    /// No counted reference is held: the world's bytes are its value (see above).
    @inlinable @inline(__always) var holdsNoReference: Bool {
        lists == nil && process.ranging == nil && sessions.spill == nil && promptQueue.spill == nil
    }

    /// Initializes the memory at `destination` with a copy of `source`.
    @inlinable @inline(__always) public static func initialize(_ destination: UnsafeMutablePointer<World>, copying source: borrowing World) {
        if source.holdsNoReference {
            // The borrowed world's own address: no copy made to read it.
            withUnsafePointer(to: source) { UnsafeMutableRawPointer(destination).copyMemory(from: $0, byteCount: MemoryLayout<World>.size) }
        } else {
            destination.initialize(to: copy source)
        }
    }

    /// Moves `count` worlds from `source` into the uninitialized memory at `destination` (the two
    /// do not overlap); `source` is left uninitialized.
    @inlinable @inline(__always) public static func moveInitialize(_ destination: UnsafeMutablePointer<World>, from source: UnsafeMutablePointer<World>, count: Int) {
        // A move of bytes is a move of any world but for the nil weak reference's witness, which
        // moves nothing either way; moved through the witness all the same when a world holds a
        // reference, so that only the worlds this file speaks for are moved as bytes.
        for i in 0..<count {
            if holdsNoReference(&source[i]) {
                UnsafeMutableRawPointer(destination + i).copyMemory(from: source + i, byteCount: MemoryLayout<World>.size)
            } else {
                (destination + i).moveInitialize(from: source + i, count: 1)
            }
        }
    }

    /// Ends the world at `p`, leaving its memory uninitialized: frees what it holds, if anything.
    @inlinable @inline(__always) public static func deinitialize(_ p: UnsafeMutablePointer<World>) {
        if !holdsNoReference(&p.pointee) { p.deinitialize(count: 1) }
    }

    /// Asked through `inout`: read through `pointee`, the world was copied first (the compiler
    /// cannot know that nothing else writes the memory meanwhile); `inout` is exclusive.
    @inlinable @inline(__always) static func holdsNoReference(_ w: inout World) -> Bool { w.holdsNoReference }

    /// Reads the world at `p` in place (see `holdsNoReference(_:)`).
    @inlinable @inline(__always) public static func read<R>(_ p: UnsafeMutablePointer<World>, _ body: (borrowing World) throws -> R) rethrows -> R {
        try read(&p.pointee, body)
    }

    @usableFromInline @inline(__always) static func read<R>(_ w: inout World, _ body: (borrowing World) throws -> R) rethrows -> R { try body(w) }
}
