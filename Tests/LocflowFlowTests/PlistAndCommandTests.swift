import Foundation
import Testing
@testable import LocflowCore
@testable import LocflowFlow
@testable import LocflowExplore

/// A scratch folder with files written by the test itself.
struct Scratch {
    let dir: String

    init() {
        dir = NSTemporaryDirectory() + "locflow-tests-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    }

    @discardableResult
    func write(_ name: String, _ text: String, encoding: String.Encoding = .utf8) -> String {
        let path = dir + "/" + name
        _ = FileManager.default.createFile(atPath: path, contents: text.data(using: encoding))
        return path
    }

    @discardableResult
    func write(_ name: String, data: Data) -> String {
        let path = dir + "/" + name
        _ = FileManager.default.createFile(atPath: path, contents: data)
        return path
    }
}

let xmlPlist = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">
    <dict>
    \t<key>CFBundleDisplayName</key>
    \t<string>Ferry Times</string>
    \t<key>NSLocationWhenInUseUsageDescription</key>
    \t<string>Ferry Times shows the pier nearest to you.</string>
    \t<key>NSLocationTemporaryUsageDescriptionDictionary</key>
    \t<string>Precise boarding directions.</string>
    \t<key>NSLocationDefaultAccuracyReduced</key>
    \t<string>YES</string>
    \t<key>NSLocationTemporaryPreciseUsageDescription</key>
    \t<string>made up</string>
    \t<key>UIBackgroundModes</key>
    \t<array><string>audio</string></array>
    </dict>
    </plist>
    """

/// Runs a command and captures what it printed.
func capture(_ body: (CommandIO) -> Int32) -> (code: Int32, out: String, err: String) {
    final class Box: @unchecked Sendable { var out = "", err = "" }
    let box = Box()
    let io = CommandIO(out: { box.out += $0 + "\n" }, err: { box.err += $0 + "\n" })
    let code = body(io)
    return (code, box.out, box.err)
}

@Suite("Info.plist and InfoPlist.strings")
struct PlistTests {
    @Test func xmlWithWrongTypesGivesWarningsThatSayWhatIOSDoes() throws {
        let s = Scratch()
        let path = s.write("Info.plist", xmlPlist)
        let (dict, format) = try InfoPlistLoader.loadPlist(path: path)
        #expect(format == "XML")
        let (info, findings) = InfoPlistLoader.resolve(dict)
        #expect(info.appName == "Ferry Times")
        #expect(info.temporaryUsageDescriptions == nil)
        #expect(info.defaultAccuracyReduced)
        #expect(info.backgroundModes == ["audio"])
        let texts = findings.map(\.text)
        #expect(texts.contains { $0.contains("NSLocationTemporaryUsageDescriptionDictionary: is a string, not a dictionary") && $0.contains("kCLErrorPromptDeclined") })
        #expect(texts.contains { $0.contains("NSLocationDefaultAccuracyReduced: is the string \"YES\", not a boolean") })
        #expect(texts.contains { $0.contains("NSLocationTemporaryPreciseUsageDescription: is not a key Core Location reads") })
    }

    /// A key with a space around it, or a background mode spelt otherwise, is another word to
    /// iOS: each is named, with what was meant.
    @Test func nearMissesOfKeysAndModesAreNamed() {
        let (info, findings) = InfoPlistLoader.resolve([" NSLocationWhenInUseUsageDescription": .string("x"),
                                                        "nslocationalwaysandwheninuseusagedescription": .string("y"),
                                                        "UIBackgroundModes": .array([.string(" location"), .string("LOCATION"), .integer(1)])])
        #expect(!info.hasWhenInUseKey && !info.hasLocationBackgroundMode)
        let texts = findings.map(\.text)
        #expect(texts.contains("warning: \" NSLocationWhenInUseUsageDescription\": is not a key Core Location reads; iOS ignores it (did you mean NSLocationWhenInUseUsageDescription?)"), "\(texts)")
        #expect(texts.contains { $0.hasPrefix("warning: nslocationalwaysandwheninuseusagedescription: is not a key") && $0.hasSuffix("(did you mean NSLocationAlwaysAndWhenInUseUsageDescription?)") }, "\(texts)")
        #expect(texts.contains("warning: UIBackgroundModes: has \" location\", which is not the mode \"location\" (iOS matches it exactly): no location background mode"), "\(texts)")
        #expect(texts.filter { $0.contains("which is not the mode") }.count == 2)
        // A purpose key with a space at its end is named, quoted.
        let (_, purposes) = InfoPlistLoader.resolve(["NSLocationTemporaryUsageDescriptionDictionary": .dict(["Nav ": .string("x")])])
        #expect(purposes.map(\.text).contains("warning: \"NSLocationTemporaryUsageDescriptionDictionary.Nav \": has spaces around the purpose key: a request must name it with them (\"Nav \")"), "\(purposes.map(\.text))")
    }

    @Test func binaryPlist() throws {
        let s = Scratch()
        let data = try PropertyListSerialization.data(
            fromPropertyList: ["NSLocationWhenInUseUsageDescription": "bin", "NSLocationRequireExplicitServiceSession": true] as [String: Any],
            format: .binary, options: 0)
        let path = s.write("bin.plist", data: data)
        let (dict, format) = try InfoPlistLoader.loadPlist(path: path)
        #expect(format == "binary")
        let (info, findings) = InfoPlistLoader.resolve(dict)
        #expect(info.whenInUseDescription == "bin")
        #expect(info.requireExplicitServiceSession)
        #expect(findings.isEmpty)
    }

    @Test func malformedPlistNamesTheFileAndLine() {
        let s = Scratch()
        let path = s.write("bad.plist", "<?xml version=\"1.0\"?>\n<plist version=\"1.0\">\n<dict>\n<key>A</key>\n<string>x\n</dict>\n</plist>\n")
        #expect(throws: FlowError.self) { try InfoPlistLoader.loadPlist(path: path) }
        do { _ = try InfoPlistLoader.loadPlist(path: path) } catch {
            #expect(error.message.hasPrefix(path + ":6: not a valid property list"))
        }
    }

    @Test func missingFile() {
        do { _ = try InfoPlistLoader.loadPlist(path: "/nonexistent/Info.plist") } catch {
            #expect(error.message == "/nonexistent/Info.plist: no such file")
        }
    }

    @Test func stringsUTF8AndUTF16() throws {
        let s = Scratch()
        let text = "/* comment */\n\"NSLocationWhenInUseUsageDescription\" = \"위치가 필요해요\\n정말로\";\n// line comment\nNav = \"길 안내\";\n"
        let u8 = s.write("a.strings", text)
        let u16 = s.write("b.strings", text, encoding: .utf16)
        for path in [u8, u16] {
            let strings = try InfoPlistLoader.loadStrings(path: path)
            #expect(strings["NSLocationWhenInUseUsageDescription"] == "위치가 필요해요\n정말로")
            #expect(strings["Nav"] == "길 안내")
        }
    }

    @Test func malformedStringsNamesTheLine() {
        let s = Scratch()
        let path = s.write("bad.strings", "\"a\" = \"b\";\n\"c\" \"d\";\n")
        do { _ = try InfoPlistLoader.loadStrings(path: path); Issue.record("no error") } catch {
            #expect(error.message == "\(path):2: not a valid strings file: expected = after \"c\"")
        }
    }
}

@Suite("locflow check and run")
struct CommandTests {
    let passing = """
        # Allow Once.
        app requestWhenInUseAuthorization
        user tap "Allow Once"
        expect status authorizedWhenInUse
        expect settings askNextTime
        """

    @Test func checkPassesWithExitZero() {
        let s = Scratch()
        let path = s.write("ok.flow", passing)
        let r = capture { Commands.check([path], quiet: true, io: $0) }
        #expect(r.code == 0)
        #expect(r.out == "1 flow checked\n2 passed, 0 failed\n")
    }

    @Test func checkReportsFailuresWithTheRuleAndExitsOne() {
        let s = Scratch()
        let path = s.write("fail.flow", passing + "\napp requestAlwaysAuthorization\nexpect prompt alwaysUpgrade\nuser tap \"Allow\"\n")
        let r = capture { Commands.check([path], quiet: true, io: $0) }
        #expect(r.code == 1)
        let lines = r.out.split(separator: "\n").map(String.init)
        #expect(lines.count == 4)
        #expect(lines[0] == "\(path):7: expected prompt alwaysUpgrade, found none (line 3: Allow Once: a temporary authorizedWhenInUse; Settings shows Ask Next Time (from iOS 17: Ask Next Time Or When I Share) [A S2; D S20]; last: line 6: requestAlwaysAuthorization ignored: the app holds an Allow Once grant [A S1; D S28])")
        #expect(lines[1] == "\(path):8: expected 'user tap \"Allow\"' to be performed, found it refused: No prompt is on screen [I]")
        #expect(lines[2] == "1 flow checked")
        #expect(lines[3] == "2 passed, 2 failed")  // the closing line of §7, exactly
    }

    /// A status that a Settings step changed is explained by the rule that changed it, not by
    /// the step's first rule (the person leaving the app), and the same step is not named twice.
    @Test func aStatusIsExplainedByTheRuleThatChangedIt() {
        let s = Scratch()
        let path = s.write("ls.flow", "app requestWhenInUseAuthorization\nuser tap \"Allow While Using App\"\nuser settings locationServices off\nexpect status authorizedWhenInUse\n")
        let r = capture { Commands.check([path], quiet: true, io: $0) }
        #expect(r.out.hasPrefix("\(path):4: expected status authorizedWhenInUse, found denied (line 3: \(Rule.locationServicesOff.text) [A S9, S11])\n"), "\(r.out)")
        // Not by what goes with the change: a callback held for a suspended app, a prompt put
        // aside when the person leaves for Settings.
        let grant = "app requestWhenInUseAuthorization\nuser tap \"Allow While Using App\"\n"
        for (name, steps, line) in [("suspended", "user background\nwait 1m\nuser settings never\n", 5),
                                    ("prompt", "app requestAlwaysAuthorization\nuser settings never\n", 4)] {
            let f = s.write("\(name).flow", grant + steps + "expect status authorizedWhenInUse\n")
            let out = capture { Commands.check([f], quiet: true, io: $0) }.out
            #expect(out.contains("found denied (line \(line): \(Rule.settingsChoice.text)"), "\(name): \(out)")
        }
        // A timer that a line's wait fired is explained as that line's, not as the launch's.
        let once = s.write("once.flow", "app requestWhenInUseAuthorization\nuser tap \"Allow Once\"\nuser background\nwait 2m\nexpect status authorizedWhenInUse\n")
        let out = capture { Commands.check([once], quiet: true, io: $0) }.out
        #expect(out.contains("found notDetermined (line 4: \(Rule.allowOnceExpires.text)"), "\(out)")
    }

    @Test func expectRefusedPassesOnlyAfterARefusedStep() {
        let s = Scratch()
        let ok = s.write("a.flow", "system suspend\nexpect refused\n")
        #expect(capture { Commands.check([ok], quiet: true, io: $0) }.code == 0)
        let bad = s.write("b.flow", "user background\nexpect refused\n")
        let r = capture { Commands.check([bad], quiet: true, io: $0) }
        #expect(r.code == 1)
        #expect(r.out.contains("expected the step at line 1 (user background) to be refused, found it performed"))
        // An expectation in between: the refused step fails on its own (the next statement was
        // not `expect refused`), and `expect refused` still reads the step just before it.
        let between = s.write("c.flow", "user tap \"x\"\nexpect prompt none\nexpect refused\n")
        let c = capture { Commands.check([between], quiet: true, io: $0) }
        #expect(c.code == 1 && c.out.contains("c.flow:1: expected 'user tap \"x\"' to be performed, found it refused"), "\(c.out)")
        #expect(!c.out.contains("c.flow:3:") && c.out.hasSuffix("1 flow checked\n2 passed, 1 failed\n"), "\(c.out)")
    }

    @Test func checkExitsTwoForAnUnparsableFileAndRunsTheOthers() {
        let s = Scratch()
        let good = s.write("good.flow", passing)
        let bad = s.write("bad.flow", "expect staus denied\n")
        let r = capture { Commands.check([good, bad, s.dir + "/missing.flow"], quiet: true, io: $0) }
        #expect(r.code == 2)
        #expect(r.err.contains("\(bad):1:8: error: expected something to expect, found 'staus' (did you mean 'status'?)"))
        #expect(r.err.contains("missing.flow: no such file"))
        #expect(r.out.hasSuffix("\n1 flow checked\n2 passed, 0 failed\n") || r.out == "1 flow checked\n2 passed, 0 failed\n")
        #expect(r.err.contains("2 files could not be read or parsed"))
    }

    /// A setting written twice warns at the later line (the later wins), and so does an App
    /// Clip on a platform before App Clips; neither changes the result.
    @Test func aSettingWrittenTwiceAndAnAppClipBeforeIOS14Warn() {
        let s = Scratch()
        let path = s.write("d.flow", "platform ios17\nplatform ios16\nappClip true\nplatform ios13\nassume inUseGrace 5s\nassume inUseGrace 6s\nkey A \"1\"\nkey A \"2\"\nexpect status notDetermined\n")
        let r = capture { Commands.check([path], quiet: true, io: $0) }
        #expect(r.code == 0)
        #expect(r.err.contains("d.flow:2: warning: 'platform ios16' sets platform again (line 1 set it): the later line wins"), "\(r.err)")
        #expect(r.err.contains("d.flow:4: warning: 'platform ios13' sets platform again (line 2 set it)"))
        #expect(r.err.contains("d.flow:6: warning: 'assume inUseGrace 6s' sets assume inUseGrace again (line 5 set it)"))
        #expect(r.err.contains("d.flow:3: warning: appClip true on iOS 13.0-13.3: App Clips came with iOS 14; locflow runs the App Clip rules"))
        #expect(r.err.contains("d.flow:8: warning: 'key A \"2\"' sets key A again (line 7 set it)"), "\(r.err)")
        let ok = s.write("ok.flow", "platform ios17\nappClip true\nkey A \"1\"\nkey B \"2\"\nassume inUseGrace 5s\nassume allowOnceGrace 5s\nexpect status notDetermined\n")
        #expect(!capture { Commands.check([ok], quiet: true, io: $0) }.err.contains("warning"))
    }

    /// What the Info.plist's findings are about is printed at the line that set the key, or
    /// at the plist line that loaded it; a key line's hint is written in flow syntax.
    @Test func plistFindingsAreAtTheirLines() {
        let s = Scratch()
        _ = s.write("Info.plist", xmlPlist)
        let path = s.write("p.flow", "# a bug report\nplist Info.plist\nkey NSLocationWhenInUseUsageDescriptio \"x\"\nkey NSLocationRequireExplicitServiceSession \"YES\"\nexpect status notDetermined\n")
        let r = capture { Commands.check([path], quiet: true, io: $0) }
        #expect(r.code == 0)
        #expect(r.err.contains("p.flow:2: warning: NSLocationTemporaryPreciseUsageDescription: is not a key Core Location reads"), "\(r.err)")
        #expect(r.err.contains("p.flow:3: warning: NSLocationWhenInUseUsageDescriptio: is not a key Core Location reads; iOS ignores it (did you mean NSLocationWhenInUseUsageDescription?)"), "\(r.err)")
        #expect(r.err.contains("p.flow:4: warning: NSLocationRequireExplicitServiceSession: is the string \"YES\", not a boolean: write <true/> (in a flow: key NSLocationRequireExplicitServiceSession true); locflow reads it as true"), "\(r.err)")
        // An integer is read as a number's boolValue, as the string "1" is.
        let (info, findings) = InfoPlistLoader.resolve(["NSLocationDefaultAccuracyReduced": .integer(1), "NSLocationRequireExplicitServiceSession": .integer(0)])
        #expect(info.defaultAccuracyReduced && !info.requireExplicitServiceSession)
        #expect(findings.map(\.text).contains("warning: NSLocationDefaultAccuracyReduced: is the integer 1, not a boolean: write <true/> (in a flow: key NSLocationDefaultAccuracyReduced true); locflow reads it as true"))
    }

    /// A plist line after key lines throws those keys away: said at the plist line.
    @Test func aPlistAfterKeyLinesWarns() {
        let s = Scratch()
        s.write("Info.plist", xmlPlist)
        let path = s.write("k.flow", "key NSLocationDefaultAccuracyReduced true\nunset NSLocationAlwaysAndWhenInUseUsageDescription\nplist Info.plist\nexpect status notDetermined\n")
        let r = capture { Commands.check([path], quiet: true, io: $0) }
        #expect(r.code == 0)
        #expect(r.err.contains("k.flow:3: warning: 'plist Info.plist' replaces the Info.plist, and with it what lines 1, 2 set: write key and unset lines after the plist line"), "\(r.err)")
        let after = s.write("a.flow", "plist Info.plist\nkey NSLocationDefaultAccuracyReduced true\nexpect status notDetermined\n")
        #expect(!capture { Commands.check([after], quiet: true, io: $0) }.err.contains("replaces"))
        // A key written before the plist and again after it: the plist warning only (the plist threw the first away).
        let again = s.write("g.flow", "key NSLocationDefaultAccuracyReduced true\nplist Info.plist\nkey NSLocationDefaultAccuracyReduced true\nexpect status notDetermined\n")
        let g = capture { Commands.check([again], quiet: true, io: $0) }
        #expect(g.err.contains("g.flow:2: warning: 'plist Info.plist' replaces") && !g.err.contains("again"), "\(g.err)")
    }

    @Test func checkExpandsFolders() {
        let s = Scratch()
        s.write("one.flow", passing)
        s.write("two.flow", passing)
        s.write("notes.txt", "not a flow")
        let r = capture { Commands.check([s.dir], quiet: true, io: $0) }
        #expect(r.out == "2 flows checked\n4 passed, 0 failed\n")
    }

    @Test func plistPathsAreRelativeToTheFlow() {
        let s = Scratch()
        s.write("Info.plist", xmlPlist)
        let path = s.write("p.flow", "plist Info.plist\napp requestWhenInUseAuthorization\nexpect title \"Ferry Times\"\n")
        let r = capture { Commands.check([path], quiet: true, io: $0) }
        #expect(r.code == 0)
        #expect(r.err.contains("warning: NSLocationTemporaryUsageDescriptionDictionary"))
    }

    @Test func runJSONHasTheContractFields() throws {
        let s = Scratch()
        let path = s.write("r.flow", passing + "\nuser background\nwait 1m\n")
        let r = capture { Commands.run(path, format: .json, io: $0) }
        #expect(r.code == 0)
        let lines = r.out.split(separator: "\n")
        #expect(lines.count == 7)  // start, request, tap, background, 3 timers... see below
        let objects = try lines.map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any] }
        for o in objects {
            for key in ["line", "time", "event", "status", "accuracy", "settings", "prompt", "lifecycle", "callbacks", "diagnostics", "why"] {
                #expect(o[key] != nil, "missing \(key)")
            }
        }
        #expect(objects[0]["line"] is NSNull)
        #expect(objects[1]["line"] as? Int == 2)
        #expect(objects[1]["prompt"] as? String == "whenInUse")
        #expect((objects[2]["callbacks"] as? [[String: Any]])?.first?["status"] as? String == "authorizedWhenInUse")
        let timers = objects.filter { $0["line"] is NSNull }.compactMap { $0["event"] as? String }
        #expect(timers == ["start: the person launches the app", "timer: suspension", "timer: in-use grace ends"])
        #expect(objects.last?["event"] as? String == "wait 1m")
        #expect(objects.last?["time"] as? Int == 60)
        let why = try #require((objects[1]["why"] as? [[String: Any]])?.first)
        #expect(why["source"] as? String == "A S2")
        let cited = (why["sources"] as? [[String: Any]])?.first
        #expect(cited?["id"] as? String == "S2")
        #expect(cited?["url"] as? String == "https://developer.apple.com/documentation/corelocation/cllocationmanager/requestwheninuseauthorization()")
        #expect(r.err.contains("2 passed, 0 failed"))
        // The expectations written after the tap ride on its entry; the others carry none.
        let held = try #require(objects[2]["expectations"] as? [[String: Any]])
        #expect(held.map { $0["line"] as? Int } == [4, 5] && held.allSatisfy { $0["passed"] as? Bool == true && $0["message"] == nil })
        #expect(held.first?["expect"] as? String == "expect status authorizedWhenInUse")
        #expect(objects.enumerated().allSatisfy { i, o in i == 2 || (o["expectations"] as? [Any])?.isEmpty == true })
    }

    /// A failed expectation in JSON says what was found, on the entry it follows.
    @Test func runJSONCarriesAFailedExpectation() throws {
        let s = Scratch()
        let path = s.write("f.flow", "app requestWhenInUseAuthorization\nexpect prompt whenInUse\nexpect status denied\n")
        let r = capture { Commands.run(path, format: .json, io: $0) }
        #expect(r.code == 1)
        let objects = try r.out.split(separator: "\n").map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any] }
        let x = try #require(objects.last?["expectations"] as? [[String: Any]])
        #expect(x.count == 2 && x[0]["passed"] as? Bool == true && x[1]["passed"] as? Bool == false)
        #expect((x[1]["message"] as? String)?.hasPrefix("expected status denied, found notDetermined") == true)
    }

    /// iOS 17's CLLocationUpdate has only isStationary: asking for another property says so
    /// (it read "found false", and "... false" passed).
    @Test func diagnosticsBeforeIOS18AreOnlyStationary() {
        let s = Scratch()
        let path = s.write("d.flow", "platform ios17\napp requestWhenInUseAuthorization\nuser tap \"Allow While Using App\"\napp liveUpdates start\nexpect diagnostic liveUpdates insufficientlyInUse false\ndevice stationary\nexpect diagnostic liveUpdates stationary true\nexpect diagnostics liveUpdates stationary\nexpect diagnostics liveUpdates stationary accuracyLimited\n")
        let r = capture { Commands.check([path], quiet: true, io: $0) }
        #expect(r.code == 1)
        #expect(r.out.contains("d.flow:5: expected diagnostic liveUpdates insufficientlyInUse false, found no insufficientlyInUse on iOS 17: its CLLocationUpdate has only isStationary"), "\(r.out)")
        #expect(r.out.contains("d.flow:9: expected diagnostics liveUpdates stationary accuracyLimited, found no accuracyLimited on iOS 17"), "\(r.out)")
        #expect(r.out.hasSuffix("1 flow checked\n2 passed, 2 failed\n"), "\(r.out)")
        // Before iOS 17 the stream itself is missing, which is what a flow is told.
        let old = s.write("o.flow", "platform ios16\nexpect diagnostics liveUpdates none\n")
        #expect(capture { Commands.check([old], quiet: true, io: $0) }.out.contains("found no diagnostics: CLLocationUpdate needs iOS 17 (the platform is iOS 16)"))
    }

    @Test func runTextShowsRefusalsAndExitCode() {
        let s = Scratch()
        let path = s.write("r.flow", "system relaunch\n")
        let r = capture { Commands.run(path, format: .text, io: $0) }
        #expect(r.code == 1)
        #expect(r.out.contains("REFUSED: system relaunch needs an app that is not running (the app is foreground) [I]"))
    }
}

@Suite("Sample flows")
struct SampleFlowTests {
    static let assets = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Assets").path

    @Test func everySampleFlowPasses() {
        let r = capture { Commands.check([Self.assets + "/flows"], quiet: true, io: $0) }
        #expect(r.code == 0, "\(r.out)\(r.err)")
        let files = Commands.expand([Self.assets + "/flows"])
        #expect(files.count >= 25)
        for file in files {
            let flow = try? Commands.load(file)
            #expect(flow?.description.isEmpty == false, "\(file) starts without a comment saying what it shows")
        }
    }

    @Test func samplePlistsLoad() throws {
        for name in ["complete.plist", "complete.binary.plist", "missing-wheninuse.plist", "explicit-session.plist", "temporary-dict-as-array.plist"] {
            _ = try InfoPlistLoader.loadPlist(path: Self.assets + "/plists/" + name)
        }
        #expect(throws: FlowError.self) { try InfoPlistLoader.loadPlist(path: Self.assets + "/plists/malformed.plist") }
        let ko = try InfoPlistLoader.loadStrings(path: Self.assets + "/plists/ko-InfoPlist.strings")
        #expect(ko["TrailNavigation"]?.hasPrefix("정확한") == true)
    }
}

@Suite("Random walk invariants")
struct InvariantTests {
    @Test(arguments: [Platform.ios12, .ios13, .ios14, .ios17, .ios18, .visionos])
    func invariantsHoldOnARandomWalk(_ platform: Platform) {
        var config = AppConfig()
        config.platform = platform
        var walk = RandomWalk(config: config, seed: 7)
        for _ in 0..<5_000 {
            let e = walk.nextEvent()
            #expect(walk.world.refusal(for: e) == nil)
            walk.world.step(e) { t, w in
                // Every transition says why.
                #expect(!t.why.isEmpty || t.refusal != nil, "\(t.event.flowText) recorded no rule")
                // An app's prompt is only up while the app is in the foreground.
                if let p = w.prompt, !p.isSystemInitiated { #expect(w.lifecycle == .foreground, "\(t.event)") }
                // Diagnostics only of the source's own type.
                for source in w.diagnosticSources {
                    #expect(Set(w.diagnostics(source)).isSubset(of: Set(source.type.properties)))
                }
                // Provisional Always reads Always with While Using in Settings.
                if w.isProvisionalAlways { #expect(w.settingsChoice == .whileUsing) }
                // Timers never lie in the past. A terminated app's streams deliver nothing; a
                // suspended app gets no standard updates, and its streams deliver only with
                // continued interest (docs/flow-format.md §5.5).
                #expect(w.pendingTimers.allSatisfy { $0.due >= w.now })
                if w.lifecycle == .terminated { #expect(!w.delivering(.standard) && !w.delivering(.liveUpdates) && !w.delivering(.monitor)) }
                if w.lifecycle == .suspended {
                    #expect(!w.delivering(.standard))
                    if w.delivering(.liveUpdates) || w.delivering(.monitor) { #expect(w.backgroundInterest) }
                }
                // visionOS: no significant changes, no CLMonitor, never in use from the background beyond the grace.
                if w.profile.isVisionOS {
                    #expect(!w.delivering(.significantChanges) && !w.delivering(.monitor) && !w.indicatorShown)
                }
                // Sessions: one entry per ID.
                #expect(Set(w.sessions.map(\.id)).count == w.sessions.count)
                #expect(w.promptQueue.count <= 4)
            }
        }
    }
}

func opts(depth: Int?, _ format: Commands.GraphFormat = .text) -> Commands.ExploreOptions {
    var o = Commands.ExploreOptions(depth: depth)
    o.format = format
    return o
}

@Suite("explore and paths")
struct ExploreTests {
    @Test func ios12ClosesWithoutBrokenInvariants() {
        var config = AppConfig()
        config.platform = .ios12
        var e = StateSearch(config: config, bounds: StateSearch.Bounds(depth: nil))
        var broken: [String] = []
        e.run(visit: { _, w in broken += Invariants.check(w) })
        #expect(broken.isEmpty)
        #expect(e.count > 50)
        #expect(e.exhausted && !e.truncated)
    }

    /// A planted fault is caught: a timer left behind the clock, a terminated process holding a session.
    @Test func theInvariantsCatchAPlantedFault() {
        var w = World(config: AppConfig())
        #expect(Invariants.check(w).isEmpty)
        w.now = 10_000
        w.suspendAt = 5_000
        #expect(Invariants.check(w) == ["a timer is overdue"])
        w.suspendAt = nil
        w.sessions = [ServiceSession(id: "a", goal: .whenInUse, fullAccuracyKey: nil, qualified: true)]
        w.lifecycle = .terminated
        #expect(Invariants.check(w).contains("a terminated process holds a session"))
    }

    @Test func aBrokenInvariantGivesTheShortestFlow() {
        var e = StateSearch(config: AppConfig(), bounds: StateSearch.Bounds(depth: 3))
        var first: Int?
        e.run(visit: { s, w in if first == nil && w.isProvisionalAlways { first = s } })
        #expect(e.path(to: first!) == [.app(.requestAlwaysAuthorization), .user(.tap("Allow While Using App"))])
    }

    @Test func pathsPrintsRunnableFlows() throws {
        let s = Scratch()
        let r = capture { Commands.paths(config: AppConfig(), configLines: ["platform ios18"],
                                        to: "status=authorizedAlways settings=whileUsing", max: nil, bounds: StateSearch.Bounds(depth: 3), io: $0) }
        #expect(r.code == 0)
        #expect(r.out.contains("app requestAlwaysAuthorization\nuser tap \"Allow While Using App\"\nexpect status authorizedAlways\nexpect settings whileUsing"))
        let path = s.write("p.flow", r.out)
        let check = capture { Commands.check([path], quiet: true, io: $0) }
        #expect(check.code == 0 && check.out.hasSuffix("2 passed, 0 failed\n"), "\(check.out)\(r.out)")
    }

    @Test func conditionErrors() {
        #expect(throws: FlowError.self) { try StateCondition.parse("stauts=denied") }
        do { _ = try StateCondition.parse("status=denyed") } catch {
            #expect(error.message.contains("(did you mean 'denied'?)"))
        }
    }

    @Test func graphFormats() {
        var config = AppConfig()
        config.platform = .ios12
        let dot = capture { Commands.explore(config: config, configLines: [], options: opts(depth: 1, .dot), io: $0) }
        #expect(dot.out.hasPrefix("digraph locflow {"))
        #expect(dot.out.contains("s0 -> s1 [label="))
        let mermaid = capture { Commands.explore(config: config, configLines: [], options: opts(depth: 1, .mermaid), io: $0) }
        #expect(mermaid.out.hasPrefix("stateDiagram-v2\n  [*] --> s0\n"))
        #expect(mermaid.err.contains("every invariant holds"))
    }
}

@Suite("Mermaid output")
struct MermaidTests {
    @Test func everyLineIsMermaidStateDiagramSyntax() {
        var config = AppConfig()
        config.platform = .ios18
        let r = capture { Commands.explore(config: config, configLines: [], options: opts(depth: 2, .mermaid), io: $0) }
        let lines = r.out.split(separator: "\n").map(String.init)
        #expect(lines.first == "stateDiagram-v2")
        for line in lines.dropFirst() {
            let t = line.trimmingCharacters(in: .whitespaces)
            let ok: Bool
            if t == "[*] --> s0" { ok = true }
            else if let colon = t.firstIndex(of: ":") {
                let head = t[..<colon].trimmingCharacters(in: .whitespaces)
                let text = t[t.index(after: colon)...]
                let ids = head.components(separatedBy: " --> ")
                ok = ids.allSatisfy { $0.hasPrefix("s") && Int($0.dropFirst()) != nil } && ids.count <= 2
                    && !text.contains(":") && !text.contains("\"") && !text.contains("\n")
            } else { ok = false }
            #expect(ok, "not Mermaid: \(line)")
        }
    }
}
