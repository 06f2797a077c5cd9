/// What the declared fields (World.fields) are made of: a time in one word, the codes the
/// fingerprint packs small values into, and the table the tests read.

/// A moment that may be absent, in one word: absent is `Int.min`, which no time comes near.
/// (Times can be negative: a canonical world's past time is `World.canonicalNow` less up to a
/// horizon of 100 years, about -2·10¹²; every time is within a few `VirtualTime.limit` of 0.)
package struct Time: Sendable, Hashable, BitwiseCopyable {
    private var raw: Int
    @inline(__always) package init(_ t: Millis?) { raw = t ?? .min }
    @inline(__always) package var value: Millis? { raw == .min ? nil : raw }
    /// The word the fingerprint takes: nil and every time each its own.
    @inline(__always) var word: UInt64 { UInt64(truncatingIfNeeded: raw) }

    /// The canonical form's rewriting of a time (see `World.canonicalize`): relative to `now`,
    /// moved to `base`; a moment in the past cut off `horizon` before now. Nil stays nil.
    @inline(__always) mutating func rebase(now n: Millis, to base: Millis) {
        if raw != .min { raw = base + (raw - n) }
    }

    @inline(__always) mutating func rebase(now n: Millis, to base: Millis, past horizon: Millis) {
        if raw != .min { raw = base + max(raw - n, -max(0, horizon)) }
    }
}

/// A small value the fingerprint packs into its bit words: a number below 2^codeBits, one for
/// each value (a test holds the codes of every sample different, and each within the slot the
/// fingerprint gives it: `World.fingerprintSlots`), and a few sample values for the tests that
/// change each field.
public protocol FingerprintCode: Equatable {
    static var codeBits: Int { get }
    var code: UInt64 { get }
    static var samples: [Self] { get }
}

extension Bool: FingerprintCode {
    @inline(__always) public static var codeBits: Int { 1 }
    @inline(__always) public var code: UInt64 { self ? 1 : 0 }
    public static var samples: [Bool] { [false, true] }
}

extension Optional: FingerprintCode where Wrapped: FingerprintCode {
    /// Nil is 0; a value its code and a bit of presence.
    @inline(__always) public static var codeBits: Int { Wrapped.codeBits + 1 }
    @inline(__always) public var code: UInt64 {
        switch self {
        case .none: 0
        case .some(let w): w.code << 1 | 1
        }
    }
    public static var samples: [Wrapped?] { [nil] + Wrapped.samples.map { $0 } }
}

/// An enumeration without payloads: its case's place in `allCases`. The switches in
/// FingerprintCodes.swift name every case, so a new case stops the build until it has a code.
public protocol CaseCode: FingerprintCode, CaseIterable {}

extension CaseCode {
    public static var samples: [Self] { Array(allCases) }
}

/// How a declared field counts for a state's identity (World.fields explains each).
public enum FieldIdentity: Sendable, Equatable {
    case clock, future, kept, history, budget
    /// A past moment cut off at a horizon (the Swift the declaration reads it with).
    case past(String)
    /// Kept while the condition holds, else set to its starting value.
    case keptWhile(String)
}

/// A declared field, as the tests see it: a probe sets it to each of its sample values.
public struct DeclaredField: Sendable {
    public let owner: String
    public let name: String
    public let type: String
    public let identity: FieldIdentity
    public let probe: FieldProbe
}

/// Sets one field of a world to each of its type's sample values.
public struct FieldProbe: Sendable {
    public let variants: @Sendable (World) -> [World]

    init<T: FingerprintCode & Sendable>(_ path: WritableKeyPath<World, T> & Sendable) {
        variants = { w in T.samples.map { v in var c = w; c[keyPath: path] = v; return c } }
    }

    init(_ path: WritableKeyPath<World, Millis> & Sendable) {
        variants = { w in [0, 1, 60_000, 3_600_000, w[keyPath: path] + 1].map { v in var c = w; c[keyPath: path] = v; return c } }
    }

    init(_ path: WritableKeyPath<World, Time> & Sendable) {
        variants = { w in [nil, 0, w.now - 1, w.now, w.now + 1].map { v in var c = w; c[keyPath: path] = Time(v); return c } }
    }

    init(_ path: WritableKeyPath<World, Millis?> & Sendable) {
        variants = { w in
            let near = w.now
            return [nil, 0, near - 3_600_000, near - 1, near, near + 1, near + 60_000, near + 3_600_000]
                .map { v in var c = w; c[keyPath: path] = v; return c }
        }
    }
}
