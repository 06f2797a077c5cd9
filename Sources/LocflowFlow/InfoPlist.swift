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

    public var text: String { "\(severity.rawValue): " + (key.map { "\(excerpt($0, limit: 80)): " } ?? "") + message }
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

    /// Reads an InfoPlist.strings file: `"KEY" = "VALUE";` pairs, UTF-8 or UTF-16.
    public static func loadStrings(path: String) throws(FlowError) -> [String: String] {
        let data = try read(path)
        var text: String?
        if data.starts(with: [0xFF, 0xFE]) || data.starts(with: [0xFE, 0xFF]) {
            text = String(data: data, encoding: .utf16)
        } else {
            text = String(data: data, encoding: .utf8)
        }
        guard let text else { throw FlowError(nil, "\(path): not UTF-8 or UTF-16 text") }
        return try parseStrings(text, path: path)
    }

    /// Parses the `.strings` format: `"KEY" = "VALUE";` pairs (keys may be bare words), with
    /// `/* */` and `//` comments and the escapes \" \\ \n \t \U1234.
    public static func parseStrings(_ text: String, path: String) throws(FlowError) -> [String: String] {
        let chars = Array(text.unicodeScalars)
        var i = 0, line = 1
        var out: [String: String] = [:]
        func fail(_ message: String) -> FlowError { FlowError(nil, "\(path):\(line): not a valid strings file: \(message)") }
        func skipSpace() throws(FlowError) {
            while i < chars.count {
                let c = chars[i]
                if c == "\n" || (c == "\r" && (i + 1 == chars.count || chars[i + 1] != "\n")) { line += 1; i += 1 }
                else if c == " " || c == "\t" || c == "\r" || c == "\u{FEFF}" { i += 1 }
                else if c == "/" && i + 1 < chars.count && chars[i + 1] == "*" {
                    i += 2
                    while i + 1 < chars.count && !(chars[i] == "*" && chars[i + 1] == "/") { if chars[i] == "\n" { line += 1 }; i += 1 }
                    guard i + 1 < chars.count else { throw fail("a /* comment is not closed") }
                    i += 2
                } else if c == "/" && i + 1 < chars.count && chars[i + 1] == "/" {
                    while i < chars.count && chars[i] != "\n" { i += 1 }
                } else { return }
            }
        }
        func string() throws(FlowError) -> String {
            guard i < chars.count else { throw fail("expected a quoted string at the end of the file") }
            if chars[i] != "\"" {
                var word = ""
                while i < chars.count, chars[i].properties.isAlphabetic || ("0"..."9").contains(chars[i]) || "_.-$".unicodeScalars.contains(chars[i]) {
                    word.unicodeScalars.append(chars[i]); i += 1
                }
                guard !word.isEmpty else { throw fail("expected a quoted string, found '\(excerpt(String(chars[i])))'") }
                return word
            }
            i += 1
            var s = ""
            while i < chars.count && chars[i] != "\"" {
                var c = chars[i]
                if c == "\n" { line += 1 }
                if c == "\\" && i + 1 < chars.count {
                    i += 1
                    switch chars[i] {
                    case "n": c = "\n"
                    case "t": c = "\t"
                    case "r": c = "\r"
                    case "U", "u":
                        let hex = String(String.UnicodeScalarView(chars[(i + 1)..<min(chars.count, i + 5)]))
                        if let v = UInt32(hex, radix: 16), let u = Unicode.Scalar(v) { c = u; i += 4 } else { c = chars[i] }
                    default: c = chars[i]
                    }
                }
                s.unicodeScalars.append(c)
                i += 1
            }
            guard i < chars.count else { throw fail("a quoted string is not closed") }
            i += 1
            return s
        }
        while true {
            try skipSpace()
            if i >= chars.count { break }
            let key = try string()
            try skipSpace()
            guard i < chars.count, chars[i] == "=" else { throw fail("expected = after \"\(excerpt(key))\"") }
            i += 1
            try skipSpace()
            let value = try string()
            let valueLine = line
            try skipSpace()
            guard i < chars.count, chars[i] == ";" else { line = valueLine; throw fail("expected ; after the value of \"\(excerpt(key))\"") }
            i += 1
            out[key] = value
        }
        return out
    }

    static func read(_ path: String) throws(FlowError) -> Data {
        Data(try InputFile.read(path))
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
                findings.append(PlistFinding(severity: .warning, key: key, message: "is the string \"\(s)\", not a boolean: write <true/>; locflow reads it as true"))
                return true
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
        info.whenInUseDescription = string("NSLocationWhenInUseUsageDescription")
        info.alwaysAndWhenInUseDescription = string("NSLocationAlwaysAndWhenInUseUsageDescription")
        info.alwaysDescription = string("NSLocationAlwaysUsageDescription")
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
                for (k, pv) in d {
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
            } else {
                findings.append(PlistFinding(severity: .warning, key: "UIBackgroundModes", message: "is \(v.typeName), not an array: iOS sees no background modes"))
            }
        }
        if dict["CLRequireExplicitServiceSession"] != nil {
            findings.append(PlistFinding(severity: .warning, key: "CLRequireExplicitServiceSession",
                                         message: "is the spelling of Apple's header comments; locationd reads NSLocationRequireExplicitServiceSession, so this key has no effect"))
        }
        for key in dict.keys.sorted() where key.hasPrefix("NSLocation") && !knownLocationKeys.contains(key) {
            let near = knownLocationKeys.first { editDistance(key, $0) <= 3 }.map { " (did you mean \($0)?)" } ?? ""
            findings.append(PlistFinding(severity: .warning, key: key, message: "is not a key Core Location reads; iOS ignores it\(near)"))
        }
        return (info, findings)
    }

    /// What iOS would do with this app's Info.plist on a platform: the findings a person needs.
    public static func analyse(_ dict: [String: PlistValue], platform: Platform = .ios18) -> [PlistFinding] {
        var (info, findings) = resolve(dict)
        if info.displayName == nil && info.bundleName == nil { info.displayName = nil }
        if !info.hasWhenInUseKey {
            findings.append(PlistFinding(severity: .warning, key: "NSLocationWhenInUseUsageDescription",
                                         message: "is missing: requestWhenInUseAuthorization and requestAlwaysAuthorization do nothing (no prompt, no callback), and sessions never prompt"))
        }
        if info.alwaysAndWhenInUseDescription == nil {
            if info.alwaysDescription != nil {
                findings.append(PlistFinding(severity: .warning, key: "NSLocationAlwaysAndWhenInUseUsageDescription",
                                             message: "is missing; only the deprecated NSLocationAlwaysUsageDescription is there, which Apple gives availability iOS 8.0-10.0. It is no alias: on iOS 11 and later requestAlwaysAuthorization does nothing, Always sessions never ask, and Settings offers no Always option"))
            } else {
                findings.append(PlistFinding(severity: .note, key: "NSLocationAlwaysAndWhenInUseUsageDescription",
                                             message: "is missing: requestAlwaysAuthorization does nothing and Settings offers no Always option"))
            }
        }
        if dict["NSLocationUsageDescription"] != nil {
            findings.append(PlistFinding(severity: .note, key: "NSLocationUsageDescription", message: "is read only by macOS and iOS 6-7; iOS 8+ ignores it"))
        }
        if info.hasAlwaysKey && !info.hasLocationBackgroundMode {
            findings.append(PlistFinding(severity: .note, key: "UIBackgroundModes",
                                         message: "has no 'location': allowsBackgroundLocationUpdates = true crashes the app, and a CLBackgroundActivitySession never becomes active"))
        }
        if platform.profile.hasAccuracy && info.temporaryUsageDescriptions == nil && dict["NSLocationTemporaryUsageDescriptionDictionary"] == nil {
            findings.append(PlistFinding(severity: .note, key: "NSLocationTemporaryUsageDescriptionDictionary",
                                         message: "is missing: every requestTemporaryFullAccuracyAuthorization fails with kCLErrorPromptDeclined"))
        }
        if info.requireExplicitServiceSession {
            findings.append(PlistFinding(severity: .note, key: "NSLocationRequireExplicitServiceSession",
                                         message: "is true: on iOS 18 liveUpdates and CLMonitor get serviceSessionRequired until the app holds an explicit CLServiceSession"))
        }
        if info.widgetWantsLocation {
            findings.append(PlistFinding(severity: .note, key: "NSWidgetWantsLocation",
                                         message: "is in the app's own Info.plist: iOS reads it from the widget extension's Info.plist, so put it there (locflow reads it as if the app had a widget that wants location)"))
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
        if let t = info.temporaryUsageDescriptions { d["NSLocationTemporaryUsageDescriptionDictionary"] = .dict(t.mapValues { .string($0) }) }
        if info.defaultAccuracyReduced { d["NSLocationDefaultAccuracyReduced"] = .bool(true) }
        if info.requireExplicitServiceSession { d["NSLocationRequireExplicitServiceSession"] = .bool(true) }
        if info.widgetWantsLocation { d["NSWidgetWantsLocation"] = .bool(true) }
        if !info.backgroundModes.isEmpty { d["UIBackgroundModes"] = .array(info.backgroundModes.map { .string($0) }) }
        return d
    }
}
