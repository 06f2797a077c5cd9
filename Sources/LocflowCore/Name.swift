import Synchronization

/// A name a flow gives (a service session's ID, a purpose key, what a deferred prompt waits
/// for) as a number: each distinct string is numbered once, in one table for the process, so a
/// name is four plain bytes, compared and hashed as a number.
///
/// Why: prompts and sessions held their names as strings, so copying a world retained and
/// released them, and the model checker's fingerprint read their bytes; with names as numbers
/// a prompt and a session are plain values (see docs/speed-history.md, 2026-12-03 07:59 UTC).
///
/// Two names are equal exactly when their strings are (`==` on `String`: canonically
/// equivalent spellings are one name; `string` gives the spelling first met). The table only
/// grows, by the distinct names the process meets: the names of the flows it reads, each of
/// them a bounded file.
public struct Name: Sendable, Hashable, BitwiseCopyable, ExpressibleByStringLiteral, CustomStringConvertible {
    let number: UInt32

    public init(_ string: String) { number = NameTable.shared.number(for: string) }
    public init(stringLiteral value: String) { self.init(value) }
    private init(number: UInt32) { self.number = number }

    /// The name of the implicit session (numbered first, so reading it takes no look-up).
    public static var implicit: Name { Name(number: 0) }

    /// The string this name stands for.
    public var string: String { NameTable.shared.string(number) }
    public var description: String { string }
}

/// The process's table of names: the number of each string, and each number's string.
final class NameTable: Sendable {
    static let shared = NameTable()

    private struct Table {
        var numbers: [String: UInt32] = ["implicit": 0]
        var strings: [String] = ["implicit"]
    }
    private let table = Mutex(Table())

    func number(for string: String) -> UInt32 {
        table.withLock { t in
            if let n = t.numbers[string] { return n }
            // Four billion distinct names would need more memory than the machine has: the
            // input that names them is read from bounded files.
            let n = UInt32(truncatingIfNeeded: t.strings.count)
            t.numbers[string] = n
            t.strings.append(string)
            return n
        }
    }

    func string(_ number: UInt32) -> String {
        table.withLock { t in Int(number) < t.strings.count ? t.strings[Int(number)] : "" }
    }
}
