/// A property-list value, typed, so that a key of the wrong type can be named and explained.
public indirect enum PlistValue: Sendable, Hashable {
    case string(String)
    case bool(Bool)
    case integer(Int)
    case real(Double)
    case array([PlistValue])
    case dict([String: PlistValue])
    case data
    case date

    /// The type with its article: "a string", "an array".
    public var typeName: String {
        switch self {
        case .string: "a string"
        case .bool: "a boolean"
        case .integer: "an integer"
        case .real: "a real number"
        case .array: "an array"
        case .dict: "a dictionary"
        case .data: "data"
        case .date: "a date"
        }
    }
}

/// Why a property list cannot be read: for a person, with the line (XML) where it is known.
public struct PlistError: Error, Sendable, Hashable {
    public var message: String
    public var line: Int?

    public init(_ message: String, line: Int? = nil) {
        self.message = message
        self.line = line
    }
}

/// What the readers of untrusted property lists accept, so that no file can make them use
/// unbounded memory, time or stack.
public struct PlistLimits: Sendable {
    /// Values in the whole tree, counted as they are expanded (an object referred to twice counts twice).
    public var maxValues = 100_000
    /// Bytes of text and data in the whole tree, counted the same way.
    public var maxBytes = 32 * 1024 * 1024
    /// Arrays and dictionaries inside one another.
    public var maxDepth = 128

    public init() {}
    public static let standard = PlistLimits()
}
