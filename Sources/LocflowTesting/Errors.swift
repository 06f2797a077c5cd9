/// What went wrong with a call on the simulated device, in the words `locflow check` uses for the
/// same thing in a flow. Nothing in the library traps: every problem is one of these.
public struct SimulatedDeviceError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Kind: String, Sendable, Hashable {
        /// The text given to `perform` is not a valid flow statement (the message says where and
        /// what was expected, with the nearest valid word).
        case parse
        /// A configuration statement (`platform`, `key`, `assume` ...) given to `perform`: they
        /// belong to the device's initializer.
        case notAStep
        /// A bad Info.plist, strings file or assumption (name or value).
        case configuration
        /// A step that cannot happen now (`perform` only: the methods report it through
        /// `lastStepRefused`).
        case refused
        /// An `expect` given to `perform` that does not hold.
        case expectationFailed
    }

    public var kind: Kind
    /// The text `check` prints for the same thing ("expected status denied, found
    /// authorizedWhenInUse (line 3: ... [A S2])").
    public var message: String

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    public var description: String { message }
}
