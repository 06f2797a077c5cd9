import Foundation
import LocflowCore

extension PlistValue {
    init(any: Any) {
        switch any {
        case let s as String: self = .string(s)
        case let b as Bool where type(of: any) == Bool.self: self = .bool(b)
        case let n as NSNumber:
            switch String(cString: n.objCType) {
            case "c", "B": self = .bool(n.boolValue)
            case "d", "f": self = .real(n.doubleValue)
            default: self = .integer(n.intValue)
            }
        case let a as [Any]: self = .array(a.map(PlistValue.init(any:)))
        case let d as [String: Any]: self = .dict(d.mapValues(PlistValue.init(any:)))
        case is Data: self = .data
        case is Date: self = .date
        default: self = .string("\(any)")
        }
    }
}

/// A note about the app's Info.plist: what iOS would do with it.
public struct PlistFinding: Sendable, Hashable {
    public enum Severity: String, Sendable { case warning, note }
    public var severity: Severity
    public var key: String?
    public var message: String
    /// The flow's line it is about, when it is about one (a configuration line, not the plist).
    public var line: Int? = nil

    public var text: String { "\(severity.rawValue): " + (key.map { "\(PlistFinding.shown($0)): " } ?? "") + message }

    /// A key as a message names it: quoted when spaces around it would not show.
    static func shown(_ key: String) -> String {
        let k = excerpt(key, limit: 80)
        return key.trimmingCharacters(in: .whitespacesAndNewlines) == key ? k : "\"\(k)\""
    }

    /// The finding as a command prints it for a flow: `FILE:LINE: warning: …` (no line for the plist's).
    public func text(in file: String) -> String { file + (line.map { ":\($0)" } ?? "") + ": " + text }
}

/// Loads Info.plist (XML or binary) and InfoPlist.strings (UTF-8 or UTF-16) files.
public enum InfoPlistLoader {

    /// Reads a property list file into a dictionary of typed values.
    public static func loadPlist(path: String) throws(FlowError) -> (dict: [String: PlistValue], format: String) {
        let bytes = try InputFile.read(path)
        if BinaryPlist.isBinary(bytes) {
            let value: PlistValue
            do { value = try BinaryPlist.parse(bytes) } catch {
                throw FlowError(nil, "\(path): not a valid binary property list: \(error.message)")
            }
            guard case .dict(let dict) = value else {
                throw FlowError(nil, "\(path): the property list's top level is not a dictionary")
            }
            return (dict, "binary")
        }
        let value: PlistValue
        do { value = try XMLPlist.parse(bytes) } catch {
            throw FlowError(nil, "\(path)\(error.line.map { ":\($0)" } ?? ""): not a valid property list: \(error.message)")
        }
        guard case .dict(let dict) = value else {
            throw FlowError(nil, "\(path): the property list's top level is not a dictionary")
        }
        return (dict, "XML")
    }

    /// Reads an InfoPlist.strings file as Apple's tools write it (see `StringsFile`).
    public static func loadStrings(path: String) throws(FlowError) -> [String: String] {
        let bytes = try InputFile.read(path)
        do { return try StringsFile.parse(bytes) } catch { throw stringsError(error, path) }
    }

    /// Parses the text of a `.strings` file (see `StringsFile`).
    public static func parseStrings(_ text: String, path: String) throws(FlowError) -> [String: String] {
        do { return try StringsFile.parse(scalars: Array(text.unicodeScalars)) } catch { throw stringsError(error, path) }
    }

    static func stringsError(_ error: PlistError, _ path: String) -> FlowError {
        FlowError(nil, "\(path)\(error.line.map { ":\($0)" } ?? ""): not a valid strings file: \(error.message)")
    }

    // MARK: Resolving to what Core Location reads

    static let knownLocationKeys: Set<String> = [
        "NSLocationWhenInUseUsageDescription", "NSLocationAlwaysAndWhenInUseUsageDescription",
        "NSLocationAlwaysUsageDescription", "NSLocationUsageDescription",
        "NSLocationTemporaryUsageDescriptionDictionary", "NSLocationDefaultAccuracyReduced",
        "NSLocationRequireExplicitServiceSession", "NSWidgetWantsLocation",
    ]

    /// Turns a raw Info.plist into what Core Location reads, with a finding for each key that
    /// iOS would ignore or treat differently from what its author probably meant.
    public static func resolve(_ dict: [String: PlistValue]) -> (AppInfo, [PlistFinding]) {
        var findings: [PlistFinding] = []
        func string(_ key: String) -> String? {
            guard let v = dict[key] else { return nil }
            if case .string(let s) = v { return s }
            findings.append(PlistFinding(severity: .warning, key: key,
                                         message: "is \(v.typeName), not a string: iOS ignores it, as if the key were missing"))
            return nil
        }
        func bool(_ key: String) -> Bool {
            guard let v = dict[key] else { return false }
            switch v {
            case .bool(let b): return b
            case .string(let s) where ["YES", "true", "1"].contains(s):
                findings.append(PlistFinding(severity: .warning, key: key, message: "is the string \"\(s)\", not a boolean: write <true/> (in a flow: key \(key) true); locflow reads it as true"))
                return true
            case .integer(let n):
                // Read as a number's boolValue, as a string "1" is: non-zero is true.
                findings.append(PlistFinding(severity: .warning, key: key, message: "is the integer \(n), not a boolean: write <\(n != 0)/> (in a flow: key \(key) \(n != 0)); locflow reads it as \(n != 0)"))
                return n != 0
            default:
                findings.append(PlistFinding(severity: .warning, key: key, message: "is \(v.typeName), not a boolean: iOS reads it as false"))
                return false
            }
        }
        var info = AppInfo()
        info.displayName = string("CFBundleDisplayName")
        info.bundleName = string("CFBundleName")
        // A name that is a build setting is expanded by Xcode at build time, not in this file.
        if let n = info.displayName, AppInfo.hasBuildSetting(n) { info.unexpandedName = n; info.displayName = nil }
        if let n = info.bundleName, AppInfo.hasBuildSetting(n) { info.unexpandedName = info.unexpandedName ?? n; info.bundleName = nil }
        // A blank name names nothing: the next one names the app (docs/flow-format.md §3.5). Said
        // for the name that would have been shown (a blank CFBundleName under a display name is not).
        var blank: [(key: String, value: String)] = []
        if let n = info.displayName, AppInfo.isBlank(n) { blank.append(("CFBundleDisplayName", n)); info.displayName = nil }
        if let n = info.bundleName, AppInfo.isBlank(n) {
            if info.displayName == nil { blank.append(("CFBundleName", n)) }
            info.bundleName = nil
        }
        let shownFrom = info.displayName != nil ? "CFBundleDisplayName" : info.bundleName != nil ? "CFBundleName"
            : info.unexpandedName != nil ? "a stand-in for the build setting" : "the sample app's name"
        for (key, value) in blank {
            findings.append(PlistFinding(severity: .warning, key: key,
                                         message: (value.isEmpty ? "is empty" : "is only white space") + ": locflow reads it as missing; prompts and Settings here show \(info.appName) (\(shownFrom))"))
        }
        info.whenInUseDescription = string("NSLocationWhenInUseUsageDescription")
        info.alwaysAndWhenInUseDescription = string("NSLocationAlwaysAndWhenInUseUsageDescription")
        info.alwaysDescription = string("NSLocationAlwaysUsageDescription")
        info.usageDescription = string("NSLocationUsageDescription")
        info.defaultAccuracyReduced = bool("NSLocationDefaultAccuracyReduced")
        info.requireExplicitServiceSession = bool("NSLocationRequireExplicitServiceSession")
        info.widgetWantsLocation = bool("NSWidgetWantsLocation")
        if info.widgetWantsLocation {
            findings.append(PlistFinding(severity: .note, key: "NSWidgetWantsLocation",
                                         message: "belongs in the widget extension's Info.plist: the app's own key does not make Settings offer While Using the App or Widgets (write widget true in the flow)"))
        }
        if let v = dict["NSLocationTemporaryUsageDescriptionDictionary"] {
            if case .dict(let d) = v {
                var purposes: [String: String] = [:]
                for (k, pv) in d.sorted(by: { $0.key < $1.key }) {
                    // A purpose key is matched exactly: "Nav " is not the "Nav" a request names.
                    if k.trimmingCharacters(in: .whitespacesAndNewlines) != k {
                        findings.append(PlistFinding(severity: .warning, key: "NSLocationTemporaryUsageDescriptionDictionary.\(k)",
                                                     message: "has spaces around the purpose key: a request must name it with them (\(FlowQuoting.quote(k)))"))
                    }
                    if case .string(let s) = pv { purposes[k] = s } else {
                        findings.append(PlistFinding(severity: .warning, key: "NSLocationTemporaryUsageDescriptionDictionary.\(k)",
                                                     message: "is \(pv.typeName), not a string: this purpose key cannot be used"))
                    }
                }
                info.temporaryUsageDescriptions = purposes
            } else {
                findings.append(PlistFinding(severity: .warning, key: "NSLocationTemporaryUsageDescriptionDictionary",
                                             message: "is \(v.typeName), not a dictionary of purpose key -> purpose string: iOS finds no purpose keys, so requestTemporaryFullAccuracyAuthorization and sessions with fullAccuracyPurposeKey fail with kCLErrorPromptDeclined and no prompt"))
            }
        }
        if let v = dict["UIBackgroundModes"] {
            if case .array(let modes) = v {
                info.backgroundModes = modes.compactMap { if case .string(let s) = $0 { s } else { nil } }
                // iOS matches the mode exactly: " location" or "Location" is no location mode.
                for m in info.backgroundModes where m != "location" && m.trimmingCharacters(in: .whitespacesAndNewlines).lowercased() == "location" {
                    findings.append(PlistFinding(severity: .warning, key: "UIBackgroundModes",
                                                 message: "has \"\(excerpt(m, limit: 40))\", which is not the mode \"location\" (iOS matches it exactly): no location background mode"))
                }
            } else {
                findings.append(PlistFinding(severity: .warning, key: "UIBackgroundModes", message: "is \(v.typeName), not an array: iOS sees no background modes"))
            }
        }
        if dict["CLRequireExplicitServiceSession"] != nil {
            findings.append(PlistFinding(severity: .warning, key: "CLRequireExplicitServiceSession",
                                         message: "is the spelling of Apple's header comments; locationd reads NSLocationRequireExplicitServiceSession, so this key has no effect"))
        }
        // A key with spaces around it (or another case) is another key to iOS.
        func bare(_ k: String) -> String { k.trimmingCharacters(in: .whitespacesAndNewlines) }
        let unknown = dict.keys.filter { bare($0).lowercased().hasPrefix("nslocation") && !knownLocationKeys.contains($0) }.sorted()
        for key in unknown.prefix(20) {
            // Only a key about as long as a real one can be a typo of it.
            let near = key.utf8.count > 64 ? nil : knownLocationKeys.sorted().first { editDistance(bare(key), $0) <= 3 || bare(key).lowercased() == $0.lowercased() }
            findings.append(PlistFinding(severity: .warning, key: key, message: "is not a key Core Location reads; iOS ignores it\(near.map { " (did you mean \($0)?)" } ?? "")"))
        }
        if unknown.count > 20 {
            findings.append(PlistFinding(severity: .warning, key: nil, message: "\(unknown.count - 20) more keys starting with NSLocation are not keys Core Location reads"))
        }
        return (info, findings)
    }

    /// What iOS would do with this app's Info.plist on a platform: the findings a person needs.
    public static func analyse(_ dict: [String: PlistValue], platform: Platform = .ios18) -> [PlistFinding] {
        var (info, findings) = resolve(dict)
        if info.displayName == nil && info.bundleName == nil { info.displayName = nil }
        if platform.profile.usesMacUsageKey && !info.hasMacUsageKey {
            findings.append(PlistFinding(severity: .warning, key: "NSLocationUsageDescription",
                                         message: "is missing: on macOS neither request prompts without it"))
        }
        if !info.hasWhenInUseKey && !platform.profile.usesMacUsageKey {
            findings.append(PlistFinding(severity: .warning, key: "NSLocationWhenInUseUsageDescription",
                                         message: "is missing: requestWhenInUseAuthorization and requestAlwaysAuthorization do nothing (no prompt, no callback), and sessions never prompt"))
        }
        let mac = platform.profile.usesMacUsageKey
        if info.alwaysAndWhenInUseDescription == nil && !mac {
            if info.alwaysDescription != nil {
                findings.append(PlistFinding(severity: .warning, key: "NSLocationAlwaysAndWhenInUseUsageDescription",
                                             message: "is missing; only the deprecated NSLocationAlwaysUsageDescription is there, which Apple gives availability iOS 8.0-10.0. It is no alias: on iOS 11 and later requestAlwaysAuthorization does nothing, Always sessions never ask, and Settings offers no Always option"))
            } else {
                findings.append(PlistFinding(severity: .note, key: "NSLocationAlwaysAndWhenInUseUsageDescription",
                                             message: "is missing: requestAlwaysAuthorization does nothing and Settings offers no Always option"))
            }
        }
        if dict["NSLocationUsageDescription"] != nil && !mac {
            findings.append(PlistFinding(severity: .note, key: "NSLocationUsageDescription", message: "is read only by macOS and iOS 6-7; iOS 8+ ignores it"))
        }
        if info.hasAlwaysKey && !info.hasLocationBackgroundMode && !mac {
            // CLBackgroundActivitySession came with iOS 17: before it there is none to speak of. [A S31]
            let session = platform.profile.hasModernAPIs ? ", and a CLBackgroundActivitySession never becomes active" : ""
            findings.append(PlistFinding(severity: .note, key: "UIBackgroundModes",
                                         message: "has no 'location': allowsBackgroundLocationUpdates = true crashes the app" + session))
        }
        if platform.profile.hasAccuracy && info.temporaryUsageDescriptions == nil && dict["NSLocationTemporaryUsageDescriptionDictionary"] == nil {
            findings.append(PlistFinding(severity: .note, key: "NSLocationTemporaryUsageDescriptionDictionary",
                                         message: "is missing: every requestTemporaryFullAccuracyAuthorization fails with kCLErrorPromptDeclined"))
        }
        if info.requireExplicitServiceSession {
            findings.append(PlistFinding(severity: .note, key: "NSLocationRequireExplicitServiceSession",
                                         message: "is true: on iOS 18 liveUpdates and CLMonitor get serviceSessionRequired until the app holds an explicit CLServiceSession"))
        }
        if info.defaultAccuracyReduced {
            findings.append(PlistFinding(severity: .note, key: "NSLocationDefaultAccuracyReduced",
                                         message: "is true: the app starts with Precise Location off (the person can turn it on)"))
        }
        return findings
    }

    /// The sample app as a raw Info.plist.
    public static var sampleDict: [String: PlistValue] { dict(from: .sample) }

    public static func dict(from info: AppInfo) -> [String: PlistValue] {
        var d: [String: PlistValue] = [:]
        if let v = info.displayName { d["CFBundleDisplayName"] = .string(v) }
        if let v = info.bundleName { d["CFBundleName"] = .string(v) }
        if let v = info.whenInUseDescription { d["NSLocationWhenInUseUsageDescription"] = .string(v) }
        if let v = info.alwaysAndWhenInUseDescription { d["NSLocationAlwaysAndWhenInUseUsageDescription"] = .string(v) }
        if let v = info.alwaysDescription { d["NSLocationAlwaysUsageDescription"] = .string(v) }
        if let v = info.usageDescription { d["NSLocationUsageDescription"] = .string(v) }
        if let t = info.temporaryUsageDescriptions { d["NSLocationTemporaryUsageDescriptionDictionary"] = .dict(t.mapValues { .string($0) }) }
        if info.defaultAccuracyReduced { d["NSLocationDefaultAccuracyReduced"] = .bool(true) }
        if info.requireExplicitServiceSession { d["NSLocationRequireExplicitServiceSession"] = .bool(true) }
        if info.widgetWantsLocation { d["NSWidgetWantsLocation"] = .bool(true) }
        if !info.backgroundModes.isEmpty { d["UIBackgroundModes"] = .array(info.backgroundModes.map { .string($0) }) }
        return d
    }
}
