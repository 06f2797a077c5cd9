import Foundation
import LocflowCore
import LocflowFlow

/// An app's Info.plist (and the `InfoPlist.strings` that localizes its texts), as the simulated
/// device reads it: the same keys, read by the same code, as a flow's `plist`, `strings`, `key`
/// and `unset` lines.
public struct InfoPlist: Sendable, Hashable {
    /// The top-level keys.
    public var keys: [String: PlistValue]
    /// `InfoPlist.strings`: its values override the usage descriptions shown in prompts.
    public var strings: [String: String]

    public init(keys: [String: PlistValue], strings: [String: String] = [:]) {
        self.keys = keys
        self.strings = strings
    }

    /// The built-in sample app (flow format §6): `LocationMonitorSample`, both usage descriptions,
    /// the purpose key `Nav`, `UIBackgroundModes` = `location`.
    public static var sample: InfoPlist { InfoPlist(keys: InfoPlistLoader.sampleDict) }

    /// Reads an Info.plist (XML or binary) and, optionally, an `InfoPlist.strings` (UTF-8 or
    /// UTF-16), as `plist PATH` and `strings PATH` do. A file that cannot be read throws an
    /// error that says why (and where, for XML).
    public init(contentsOf url: URL, strings stringsURL: URL? = nil) throws(SimulatedDeviceError) {
        do {
            keys = try InfoPlistLoader.loadPlist(path: url.path).dict
            strings = try stringsURL.map { u throws(FlowError) in try InfoPlistLoader.loadStrings(path: u.path) } ?? [:]
        } catch {
            throw SimulatedDeviceError(.configuration, error.message)
        }
    }

    /// One key, with a flow's dotted form for a purpose key inside the temporary-usage
    /// dictionary: `plist["NSLocationTemporaryUsageDescriptionDictionary.Nav"] = .string("...")`.
    /// Setting nil removes it (`unset`).
    public subscript(key: String) -> PlistValue? {
        get {
            let parts = key.split(separator: ".", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { return keys[key] }
            if case .dict(let d)? = keys[parts[0]] { return d[parts[1]] }
            return nil
        }
        set {
            let parts = key.split(separator: ".", maxSplits: 1).map(String.init)
            if parts.count == 2 {
                var inner: [String: PlistValue] = [:]
                if case .dict(let d)? = keys[parts[0]] { inner = d }
                inner[parts[1]] = newValue
                keys[parts[0]] = .dict(inner)
            } else {
                keys[key] = newValue
            }
        }
    }

    /// Adds the entries of an `InfoPlist.strings` (a later `strings` line wins, as in a flow).
    public mutating func addStrings(_ more: [String: String]) {
        strings.merge(more) { $1 }
    }
}
