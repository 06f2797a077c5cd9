import Synchronization

/// A value a world rarely holds (the monitored names, a process's beacon ranging, a list too long
/// for its own bytes), held as a number: the process keeps one copy of each such value, made the
/// first time a world holds it, and every world that holds it holds its number. So a world holds
/// no reference: a copy of it moves bytes and retains nothing (a copy retained four references,
/// nearly always nil, and a world's copies were 9% of the model checker's instructions), and two
/// worlds hold equal values exactly when they hold the same number. Number 0 is the empty value,
/// which nothing keeps.
///
/// Kept for the process, as configurations are (`ConfigBox`): the tables grow by the distinct
/// values a process holds, a few names each.
struct Interned<Value: Internable>: Hashable, Sendable, CustomReflectable {
    private(set) var number: UInt32 = 0

    init() {}

    init(_ value: Value) {
        number = value.isEmpty ? 0 : Value.table.number(value)
    }

    @inline(__always) var isEmpty: Bool { number == 0 }

    /// The value (for 0, the empty value, made without a look-up).
    var value: Value {
        @inline(__always) get { number == 0 ? Value() : Value.table[number] }
    }

    /// As the value it names (the fingerprint's test walks a world's fields through it).
    var customMirror: Mirror { Mirror(reflecting: value) }
}

/// A value an `Interned` can name: it has an empty value, which is not kept, and a table.
protocol Internable: Hashable, Sendable {
    init()
    var isEmpty: Bool { get }
    static var table: InternTable<Self> { get }
}

/// The values of one type kept for the process, each numbered from 1 in the order first met.
/// Numbering takes a lock; reading a value by its number does not: a value is in place before its
/// number is handed out, in a block that never moves, and a number reaches another thread only
/// inside a world passed to it, which the passing orders after the write.
final class InternTable<Value: Hashable & Sendable>: @unchecked Sendable {
    private let numbers = Mutex<[Value: UInt32]>([:])
    /// Blocks of `blockSize` values, allocated as the numbers reach them.
    private let blocks: UnsafeMutablePointer<UnsafeMutablePointer<Value>?>
    private static var blockSize: Int { 1 << 14 }
    private static var blockCount: Int { 1 << 14 }

    init() {
        blocks = .allocate(capacity: Self.blockCount)
        blocks.initialize(repeating: nil, count: Self.blockCount)
    }

    deinit {
        // Numbers 1...count are in place: block b holds b * blockSize ..< (b + 1) * blockSize.
        let count = numbers.withLock { $0.count }
        for b in 0..<Self.blockCount {
            guard let block = blocks[b] else { continue }
            let first = b * Self.blockSize
            let lo = max(1, first) - first, hi = min(count + 1, first + Self.blockSize) - first
            if hi > lo { (block + lo).deinitialize(count: hi - lo) }
            block.deallocate()
        }
        blocks.deallocate()
    }

    /// The number of a value, which is kept if it is new.
    func number(_ value: Value) -> UInt32 {
        numbers.withLock { numbers in
            if let n = numbers[value] { return n }
            let n = numbers.count + 1
            // 268 million values: memory runs out long before.
            precondition(n < Self.blockCount * Self.blockSize, "too many distinct values for one table")
            let (b, i) = n.quotientAndRemainder(dividingBy: Self.blockSize)
            if blocks[b] == nil { blocks[b] = .allocate(capacity: Self.blockSize) }
            (blocks[b].unsafelyUnwrapped + i).initialize(to: value)
            numbers[value] = UInt32(n)
            return UInt32(n)
        }
    }

    /// The value of a number this table gave.
    subscript(number: UInt32) -> Value {
        let (b, i) = Int(number).quotientAndRemainder(dividingBy: Self.blockSize)
        return blocks[b].unsafelyUnwrapped[i]
    }

    /// Values kept so far.
    var count: Int { numbers.withLock { $0.count } }
}
