/// A growable bit set (states that match a condition, rules that fired).
public struct BitSet: Sendable {
    private var words: [UInt64] = []
    public init() {}
    public init(count: Int) { words = Array(repeating: 0, count: (count + 63) / 64) }
    public subscript(i: Int) -> Bool {
        get { i / 64 < words.count && words[i / 64] & (1 << UInt64(i % 64)) != 0 }
        set {
            while i / 64 >= words.count { words.append(0) }
            if newValue { words[i / 64] |= 1 << UInt64(i % 64) } else { words[i / 64] &= ~(1 << UInt64(i % 64)) }
        }
    }
    public var bytes: Int { words.count * 8 }
}
