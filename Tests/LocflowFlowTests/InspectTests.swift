import Foundation
import Testing
@testable import LocflowCore
@testable import LocflowFlow
@testable import LocflowExplore

/// `inspect` on the shapes real Info.plists have (fixtures of our own with the same key
/// combinations as public apps' files).
@Suite("inspect on real-shaped Info.plists")
struct InspectTests {
    static func plist(_ body: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \(body)
        </dict>
        </plist>
        """
    }

    static let whenInUse = "<key>NSLocationWhenInUseUsageDescription</key><string>Shows you on the map.</string>"

    func inspect(_ body: String, strings: String? = nil, platform: Platform = .ios18) -> String {
        let s = Scratch()
        let path = s.write("Info.plist", Self.plist(body))
        let stringsPath = strings.map { s.write("InfoPlist.strings", $0) }
        let r = capture { Commands.inspect(path, strings: stringsPath, platform: platform, io: $0) }
        #expect(r.code == 0)
        return r.out
    }

    @Test(arguments: ["$(PRODUCT_NAME)", "${PRODUCT_NAME}", "$(PRODUCT_NAME:rfc1034identifier)"])
    func aBuildSettingNameIsSaidToBeOneAndPromptsUseAStandIn(_ name: String) throws {
        let out = inspect("<key>CFBundleDisplayName</key><string>\(name)</string><key>CFBundleName</key><string>\(name)</string>" + Self.whenInUse)
        #expect(out.contains("app name: \(name) is an Xcode build setting, set by Xcode at build time; prompts and Settings here show [PRODUCT_NAME]"))
        let path = Scratch().write("Name.plist", Self.plist("<key>CFBundleName</key><string>\(name)</string>" + Self.whenInUse))
        let (info, _) = InfoPlistLoader.resolve(try InfoPlistLoader.loadPlist(path: path).dict)
        var config = AppConfig()
        config.info = info
        var w = World(config: config)
        _ = w.step(.app(.requestWhenInUseAuthorization))
        let title = w.title(for: try #require(w.prompt))
        #expect(title == "Allow “[PRODUCT_NAME]” to use your location?")
        #expect(!title.contains("$") && !title.contains(AppInfo.sampleName))
    }

    /// What the location button does follows the when-in-use key (iOS 15+, not visionOS).
    @Test func theLocationButtonLineFollowsTheWhenInUseKey() {
        #expect(inspect(Self.whenInUse).contains("  CLLocationButton: a one-time grant, like Allow Once (confirmed on its first tap)\n"))
        #expect(inspect("<key>CFBundleName</key><string>X</string>").contains("  CLLocationButton: grants nothing (NSLocationWhenInUseUsageDescription is missing)\n"))
        #expect(!inspect(Self.whenInUse, platform: .ios14).contains("CLLocationButton:"))
        #expect(!inspect(Self.whenInUse, platform: .visionos).contains("CLLocationButton:"))
    }

    @Test func aRealDisplayNameWinsOverABuildSettingBundleName() {
        let out = inspect("<key>CFBundleDisplayName</key><string>Fine Me Not</string><key>CFBundleName</key><string>$(PRODUCT_NAME)</string>" + Self.whenInUse)
        #expect(out.contains("  app name: Fine Me Not\n"))
    }

    /// An empty (or white-space) CFBundleDisplayName is no name: CFBundleName names the app, in
    /// inspect, in prompts and in a flow, and a warning says so (a prompt asked to allow “”).
    @Test(arguments: ["", "   ", "\t\n"])
    func aBlankDisplayNameFallsBackToTheBundleName(_ blank: String) throws {
        let body = "<key>CFBundleDisplayName</key><string>\(blank)</string><key>CFBundleName</key><string>Trail</string>" + Self.whenInUse
        let out = inspect(body)
        #expect(out.contains("  app name: Trail\n"), "\(out)")
        let said = blank.isEmpty ? "is empty" : "is only white space"
        #expect(out.contains("  warning: CFBundleDisplayName: \(said): locflow reads it as missing; prompts and Settings here show Trail (CFBundleName)\n"), "\(out)")
        let (info, _) = InfoPlistLoader.resolve(try InfoPlistLoader.loadPlist(path: Scratch().write("Info.plist", Self.plist(body))).dict)
        var config = AppConfig()
        config.info = info
        var w = World(config: config)
        _ = w.step(.app(.requestWhenInUseAuthorization))
        #expect(w.title(for: try #require(w.prompt)) == "Allow “Trail” to use your location?")
        // Neither name: the sample's, said on the name line; a blank strings name is none either.
        let neither = inspect("<key>CFBundleDisplayName</key><string>\(blank)</string>" + Self.whenInUse)
        #expect(neither.contains("  app name: \(AppInfo.sampleName) (no CFBundleDisplayName or CFBundleName; the sample name is used)\n"), "\(neither)")
        #expect(neither.contains("prompts and Settings here show \(AppInfo.sampleName) (the sample app's name)"))
        let strings = inspect(body, strings: "\"CFBundleDisplayName\" = \"\(blank.replacingOccurrences(of: "\t", with: "\\t").replacingOccurrences(of: "\n", with: "\\n"))\";\n")
        #expect(strings.contains("  app name: Trail\n"), "\(strings)")
        // In a flow the same: the flow's key line carries the warning.
        var builder = ConfigBuilder(baseDirectory: "/")
        try builder.apply(.key("CFBundleDisplayName", .string(blank)), at: nil)
        try builder.apply(.key("CFBundleName", .string("Trail")), at: nil)
        #expect(builder.finish().appName == "Trail")
        #expect(builder.findings.contains { $0.key == "CFBundleDisplayName" && $0.severity == .warning })
    }

    @Test func aStringsDisplayNameNamesTheAppInPromptsAndSettings() throws {
        let out = inspect("<key>CFBundleDisplayName</key><string>$(PRODUCT_NAME)</string>" + Self.whenInUse,
                          strings: "\"CFBundleDisplayName\" = \"Tracks\";\n")
        #expect(out.contains("app name: Tracks (CFBundleDisplayName in InfoPlist.strings: prompts and Settings show it)"))
        var config = AppConfig()
        config.strings = ["CFBundleDisplayName": "Tracks"]
        var w = World(config: config)
        #expect(w.appName == "Tracks")
        _ = w.step(.app(.requestWhenInUseAuthorization))
        #expect(w.title(for: try #require(w.prompt)) == "Allow “Tracks” to use your location?")
    }

    @Test func noPreciseLocationLineBeforeIOS14() {
        for platform in [Platform.ios12, .ios13, .ios13_4] {
            #expect(!inspect(Self.whenInUse, platform: platform).contains("Precise"), "\(platform)")
            #expect(!inspect(Self.whenInUse, platform: platform).contains("requestTemporaryFullAccuracyAuthorization fails"), "\(platform)")
        }
        #expect(inspect(Self.whenInUse, platform: .ios14).contains("Precise Location starts on"))
    }

    /// Without location in UIBackgroundModes a CLBackgroundActivitySession never becomes active:
    /// said only where there is one (iOS 17 and later).
    @Test(arguments: Platform.allCases)
    func theBackgroundActivitySessionIsNamedOnlyWhereItExists(_ platform: Platform) {
        let out = inspect(Self.whenInUse + "<key>NSLocationAlwaysAndWhenInUseUsageDescription</key><string>Always.</string>", platform: platform)
        // macOS has no UIBackgroundModes, and no CLBackgroundActivitySession but in the refused calls.
        if platform.profile.usesMacUsageKey {
            #expect(!out.contains("UIBackgroundModes: has no") && out.contains("(the calls are refused): CLServiceSession, CLBackgroundActivitySession"), "\(out)")
            return
        }
        #expect(out.contains("  note: UIBackgroundModes: has no 'location': allowsBackgroundLocationUpdates = true crashes the app"), "\(out)")
        #expect(out.contains("CLBackgroundActivitySession") == platform.profile.hasModernAPIs, "\(out)")
    }

    /// On visionOS an Always request is a when-in-use request, so without the when-in-use key it
    /// does nothing, as the model has it (it said "is a when-in-use request" whatever the keys).
    @Test func visionOSAlwaysRequestWithoutTheKeyDoesNothing() {
        let noKey = "<key>NSLocationAlwaysAndWhenInUseUsageDescription</key><string>Always.</string>"
        #expect(inspect(noKey, platform: .visionos).contains("requestAlwaysAuthorization: does nothing (NSLocationWhenInUseUsageDescription is missing)"))
        #expect(inspect(Self.whenInUse, platform: .visionos).contains("requestAlwaysAuthorization: is a when-in-use request on visionOS"))
        var config = AppConfig()
        config.platform = .visionos
        config.info.whenInUseDescription = nil
        var w = World(config: config)
        _ = w.step(.app(.requestAlwaysAuthorization))
        #expect(w.prompt == nil && w.status == .notDetermined)
    }

    @Test func visionOSSaysWhatIsUnavailable() {
        let out = inspect(Self.whenInUse, platform: .visionos)
        #expect(out.contains("unavailable to a compatible app on visionOS: Always authorization, the significant-change service, CLMonitor,"))
        #expect(out.contains("background location updates, CLLocationButton"))
        #expect(!inspect(Self.whenInUse, platform: .ios18).contains("visionOS"))
    }

    @Test func widgetKeyInTheAppsOwnPlistPointsAtTheExtension() {
        let out = inspect("<key>NSWidgetWantsLocation</key><true/>" + Self.whenInUse)
        #expect(out.contains("NSWidgetWantsLocation: belongs in the widget extension's Info.plist: the app's own key does not make Settings offer While Using the App or Widgets"))
        // Said once, and nothing claims the key gives the app a widget (a review found a second
        // note saying locflow read it "as if the app had a widget", which it does not).
        #expect(out.components(separatedBy: "NSWidgetWantsLocation:").count == 2, "\(out)")
        #expect(!out.contains("as if the app had a widget"))
        #expect(out.contains("Settings options once the app has asked: never, askNextTime, whileUsing\n"), "\(out)")
    }

    /// Without the when-in-use key no request prompts, on any platform (iOS 12's included), so the
    /// app is never listed and inspect offers no Settings options for it; the model agrees.
    @Test(arguments: Platform.allCases)
    func anAppThatCannotAskIsNeverListed(_ platform: Platform) {
        let alwaysOnly = "<key>CFBundleName</key><string>OldTracker</string>"
            + "<key>NSLocationAlwaysAndWhenInUseUsageDescription</key><string>Records your trips.</string>"
            + "<key>NSLocationAlwaysUsageDescription</key><string>Records your trips.</string>"
        // macOS asks with NSLocationUsageDescription instead. [A S231]
        let mac = platform.profile.usesMacUsageKey
        let askKey = mac ? "NSLocationUsageDescription" : "NSLocationWhenInUseUsageDescription"
        let out = inspect(alwaysOnly + (mac ? Self.whenInUse : ""), platform: platform)
        #expect(out.contains("  Settings: never lists the app, because it cannot ask (nothing prompts without \(askKey))\n"), "\(out)")
        #expect(!out.contains("Settings options once the app has asked"), "\(out)")
        let withKey = mac ? "<key>NSLocationUsageDescription</key><string>Shows you on the map.</string>" : Self.whenInUse
        #expect(inspect(alwaysOnly + withKey, platform: platform).contains("Settings options once the app has asked: never, "))

        var config = AppConfig()
        config.platform = platform
        config.widget = true
        config.info = AppInfo(displayName: "OldTracker", alwaysAndWhenInUseDescription: "Records your trips.",
                              alwaysDescription: "Records your trips.", temporaryUsageDescriptions: ["Nav": "Navigation."],
                              backgroundModes: ["location"])
        #expect(!World(config: config).canEverAsk)
        var families = StateSearch.defaultFamilies
        families.formUnion([.liveUpdates, .monitor, .background, .widgets])
        // Every way to ask is two steps from the start; six leave room to leave, terminate, return.
        var search = StateSearch(config: config, bounds: StateSearch.Bounds(depth: 6, families: families, sessions: 2))
        var listed = 0
        search.run { _, w in if w.record.choice != .unlisted { listed += 1 } }
        #expect(search.count > 1 && listed == 0, "\(platform): \(listed) of \(search.count) states list the app")
        // With the key the same search lists it after a prompt (two steps: ask, answer).
        if mac { config.info.usageDescription = "Shows you on the map." } else { config.info.whenInUseDescription = "Shows you on the map." }
        #expect(World(config: config).canEverAsk)
        var asking = StateSearch(config: config, bounds: StateSearch.Bounds(depth: 2, families: families, sessions: 2))
        listed = 0
        asking.run { _, w in if w.record.choice != .unlisted { listed += 1 } }
        #expect(listed > 0, "\(platform)")
    }

    /// The verdict is headed by the platform's own OS, and on macOS and watchOS lists what the
    /// event catalogue's calls need and the platform lacks.
    @Test func theVerdictNamesItsOSAndWhatItLacks() {
        #expect(inspect(Self.whenInUse).contains("\nWhat iOS would do:\n"))
        #expect(inspect(Self.whenInUse, platform: .visionos).contains("\nWhat visionOS would do:\n"))
        let mac = inspect("<key>NSLocationUsageDescription</key><string>Shows you on the map.</string>", platform: .macos26)
        #expect(mac.contains("\nWhat macOS would do:\n"), "\(mac)")
        #expect(mac.contains("  unavailable on macOS 26 (the calls are refused): "), "\(mac)")
        #expect(mac.contains("CLServiceSession") && mac.contains("showsBackgroundLocationIndicator") && !mac.contains("CLMonitor"), "\(mac)")
        let watch = inspect(Self.whenInUse, platform: .watchos26)
        #expect(watch.contains("\nWhat watchOS would do:\n"), "\(watch)")
        #expect(watch.contains("CLMonitor") && watch.contains("startMonitoringVisits") && !watch.contains("showsBackgroundLocationIndicator"), "\(watch)")
    }

    @Test func theDeprecatedAlwaysKeyAloneIsNoAlias() {
        let out = inspect("<key>NSLocationAlwaysUsageDescription</key><string>Always.</string>" + Self.whenInUse)
        #expect(out.contains("requestAlwaysAuthorization: does nothing (NSLocationAlwaysAndWhenInUseUsageDescription is missing)"))
        #expect(out.contains("Always prompt text: (missing)"))
        #expect(out.contains("It is no alias: on iOS 11 and later requestAlwaysAuthorization does nothing"))
        #expect(out.contains("Settings options once the app has asked: never, askNextTime, whileUsing\n"))
    }
}
