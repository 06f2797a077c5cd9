/// Every source a rule cites: Apple's pages, headers and talks, Apple engineers' forum answers,
/// developer reports, and (weak evidence) reverse-engineered dumps. One table that the trace, the
/// explorer, `locflow rules` and `report` all read, so that every "why" leads to a page a person
/// can open.
public struct Source: Sendable, Hashable, Identifiable {
    /// How much weight a source carries.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// developer.apple.com documentation, an SDK header, a WWDC session.
        case apple
        /// An Apple engineer's answer on the Apple Developer Forums.
        case appleForum
        /// A developer's report: an issue, a pull request, a blog post.
        case developer
        /// Decompiled Core Location or locationd, published on GitHub.
        case reverseEngineered
    }

    /// `S1`, `S18b`, ... as rules cite it.
    public let id: String
    /// The page's title as its publisher gives it (or what it is, for a header or a dump).
    public let title: String
    /// Where to read it (`https://` for every Apple source); nil for a source with no public address.
    public let url: String?
    public let kind: Kind

    public init(_ id: String, _ kind: Kind, _ title: String, _ url: String?) {
        self.id = id
        self.kind = kind
        self.title = title
        self.url = url
    }

    /// "requestAlwaysAuthorization() — https://developer.apple.com/..."
    public var text: String { url.map { "\(title) — \($0)" } ?? title }

    /// Looks a source up by its ID (`Source.byID["S1"]`).
    public static let byID: [String: Source] = Dictionary(uniqueKeysWithValues: all.map { ($0.id, $0) })

    /// Every source, in citation order.
    public static let all: [Source] = [
        // Apple documentation and headers
        Source("S1", .apple, "requestAlwaysAuthorization()",
               "https://developer.apple.com/documentation/corelocation/cllocationmanager/requestalwaysauthorization()"),
        Source("S2", .apple, "requestWhenInUseAuthorization()",
               "https://developer.apple.com/documentation/corelocation/cllocationmanager/requestwheninuseauthorization()"),
        Source("S3", .apple, "requestTemporaryFullAccuracyAuthorization(withPurposeKey:completion:)",
               "https://developer.apple.com/documentation/corelocation/cllocationmanager/requesttemporaryfullaccuracyauthorization(withpurposekey:completion:)"),
        Source("S4", .apple, "requestTemporaryFullAccuracyAuthorization(withPurposeKey:)",
               "https://developer.apple.com/documentation/corelocation/cllocationmanager/requesttemporaryfullaccuracyauthorization(withpurposekey:)"),
        Source("S5", .apple, "Suspending authorization requests",
               "https://developer.apple.com/documentation/corelocation/suspending-authorization-requests"),
        Source("S6", .apple, "Handling location updates in the background",
               "https://developer.apple.com/documentation/corelocation/handling-location-updates-in-the-background"),
        Source("S7", .apple, "CLServiceSession",
               "https://developer.apple.com/documentation/corelocation/clservicesession-pt7n"),
        Source("S7b", .apple, "CLServiceSession.Diagnostic",
               "https://developer.apple.com/documentation/corelocation/clservicesession-pt7n/diagnostic"),
        Source("S8", .apple, "CLServiceSession.h header comments (iOS 18 SDK), published as CLServiceSession.Diagnostic",
               "https://developer.apple.com/documentation/corelocation/clservicesession-pt7n/diagnostic"),
        Source("S8b", .apple, "CLServiceSession init(authorization:)",
               "https://developer.apple.com/documentation/corelocation/clservicesession-pt7n/init(authorization:)"),
        Source("S9", .apple, "locationManagerDidChangeAuthorization(_:)",
               "https://developer.apple.com/documentation/corelocation/cllocationmanagerdelegate/locationmanagerdidchangeauthorization(_:)"),
        Source("S10", .apple, "Configuring your app to use location services",
               "https://developer.apple.com/documentation/corelocation/configuring-your-app-to-use-location-services"),
        Source("S11", .apple, "locationServicesEnabled()",
               "https://developer.apple.com/documentation/corelocation/cllocationmanager/locationservicesenabled()"),
        Source("S11b", .apple, "CLAuthorizationStatus.authorizedWhenInUse",
               "https://developer.apple.com/documentation/corelocation/clauthorizationstatus/authorizedwheninuse"),
        Source("S12", .apple, "Requesting authorization to use location services",
               "https://developer.apple.com/documentation/corelocation/requesting-authorization-to-use-location-services"),
        Source("S13", .apple, "Choosing the Location Services Authorization to Request",
               "https://developer.apple.com/documentation/bundleresources/choosing-the-location-services-authorization-to-request"),
        Source("S14", .apple, "CLLocationManager.h and CLLocationManagerDelegate.h header comments (macOS 12.1 SDK copy)",
               "https://github.com/phracker/MacOSX-SDKs/blob/master/MacOSX12.1.sdk/System/Library/Frameworks/CoreLocation.framework/Versions/A/Headers/CLLocationManager.h"),
        Source("S15", .apple, "NSLocationAlwaysAndWhenInUseUsageDescription",
               "https://developer.apple.com/documentation/bundleresources/information-property-list/nslocationalwaysandwheninuseusagedescription"),
        Source("S15b", .apple, "NSLocationAlwaysUsageDescription",
               "https://developer.apple.com/documentation/bundleresources/information-property-list/nslocationalwaysusagedescription"),
        Source("S15c", .apple, "NSLocationWhenInUseUsageDescription",
               "https://developer.apple.com/documentation/bundleresources/information-property-list/nslocationwheninuseusagedescription"),
        Source("S16", .apple, "NSLocationDefaultAccuracyReduced",
               "https://developer.apple.com/documentation/bundleresources/information-property-list/nslocationdefaultaccuracyreduced"),
        Source("S16b", .apple, "NSLocationTemporaryUsageDescriptionDictionary",
               "https://developer.apple.com/documentation/bundleresources/information-property-list/nslocationtemporaryusagedescriptiondictionary"),
        Source("S17", .apple, "isAuthorizedForWidgetUpdates",
               "https://developer.apple.com/documentation/corelocation/cllocationmanager/isauthorizedforwidgetupdates"),
        Source("S17b", .apple, "Accessing location information in widgets",
               "https://developer.apple.com/documentation/widgetkit/accessing-location-information-in-widgets"),
        Source("S18", .apple, "WWDC24 10212: What's new in location authorization",
               "https://developer.apple.com/videos/play/wwdc2024/10212/"),
        Source("S18b", .apple, "WWDC23 10180: Discover streamlined location updates",
               "https://developer.apple.com/videos/play/wwdc2023/10180/"),
        Source("S19", .apple, "CLMonitor.Event",
               "https://developer.apple.com/documentation/corelocation/clmonitor-2r51v/event"),
        Source("S30", .apple, "CLLocationButton",
               "https://developer.apple.com/documentation/corelocationui/cllocationbutton"),
        Source("S31", .apple, "CLBackgroundActivitySession",
               "https://developer.apple.com/documentation/corelocation/clbackgroundactivitysession-3mzv3"),
        Source("S60", .apple, "CLUpdate",
               "https://developer.apple.com/documentation/corelocation/clupdate"),
        Source("S61", .apple, "CLLocationUpdate",
               "https://developer.apple.com/documentation/corelocation/cllocationupdate"),
        Source("S62", .apple, "WWDC20 10660: What's new in location",
               "https://developer.apple.com/videos/play/wwdc2020/10660/"),
        Source("S63", .apple, "WWDC19 705: What's New in Core Location",
               "https://developer.apple.com/videos/play/wwdc2019/705/"),
        Source("S64", .apple, "startMonitoringSignificantLocationChanges()",
               "https://developer.apple.com/documentation/corelocation/cllocationmanager/startmonitoringsignificantlocationchanges()"),
        Source("S65", .apple, "allowsBackgroundLocationUpdates",
               "https://developer.apple.com/documentation/corelocation/cllocationmanager/allowsbackgroundlocationupdates"),
        Source("S67", .apple, "CLMonitor",
               "https://developer.apple.com/documentation/corelocation/clmonitor-2r51v"),
        Source("S68", .apple, "Managing your app's life cycle",
               "https://developer.apple.com/documentation/uikit/managing-your-app-s-life-cycle"),
        // Apple Developer Forums (answers by Apple engineers)
        Source("S66", .appleForum, "Apple Developer Forums: 'requestAlwaysAuthorization()' is unavailable in visionOS",
               "https://developer.apple.com/forums/thread/748605"),
        Source("S54", .appleForum, "Apple Developer Forums: CLServiceSession lifecycle after termination",
               "https://developer.apple.com/forums/thread/797319"),
        Source("S55", .appleForum, "Apple Developer Forums: what insufficientlyInUse means",
               "https://forums.developer.apple.com/forums/thread/767865"),
        // Developer reports
        Source("S20", .developer, "Location permission in iOS 13 (The Startup, Medium)",
               "https://medium.com/swlh/location-permission-in-ios-13-f9e10917c05e"),
        Source("S21", .developer, "Understanding new location permission changes in iOS 13 (Better Programming, Medium)",
               "https://medium.com/better-programming/understanding-new-location-permission-changes-in-ios-13-6c34dc5f54da"),
        Source("S22", .developer, "react-native-location #93: provisional Always reads as always",
               "https://github.com/timfpark/react-native-location/issues/93"),
        Source("S23", .developer, "react-native-permissions #383",
               "https://github.com/zoontek/react-native-permissions/issues/383"),
        Source("S24", .developer, "react-native-permissions #521",
               "https://github.com/zoontek/react-native-permissions/issues/521"),
        Source("S25", .developer, "react-native-background-geolocation #949",
               "https://github.com/transistorsoft/react-native-background-geolocation/issues/949"),
        Source("S26", .developer, "react-native-permissions #375",
               "https://github.com/zoontek/react-native-permissions/issues/375"),
        Source("S27", .developer, "react-native-background-geolocation #1385",
               "https://github.com/transistorsoft/react-native-background-geolocation/issues/1385"),
        Source("S28", .developer, "expo #35453: requestAlwaysAuthorization after Allow Once",
               "https://github.com/expo/expo/pull/35453"),
        Source("S29", .developer, "ContactAssistApp mobile #318 (quotes WWDC20 10660 on iOS 13.4)",
               "https://github.com/ContactAssistApp/mobile/issues/318"),
        Source("S32", .developer, "Understanding approximate location in iOS 14 (Radar)",
               "https://radar.com/blog/understanding-approximate-location-in-ios-14"),
        Source("S33", .developer, "flutter-geolocator #523",
               "https://github.com/Baseflow/flutter-geolocator/issues/523"),
        Source("S34", .developer, "What's new in Core Location (Vinsol)",
               "https://vinsol.com/blog/2020/01/29/whats-new-in-core-location/"),
        Source("S35", .developer, "flutter_background_geolocation #295",
               "https://github.com/transistorsoft/flutter_background_geolocation/issues/295"),
        Source("S36", .developer, "Changes in iOS versions: iOS 13 (Fairmatic)",
               "https://docs.fairmatic.com/integrate-ios/changes-in-ios-versions/ios-13"),
        Source("S37", .developer, "What's new in Core Location: iOS 13 button order (Vinsol)",
               "https://vinsol.com/blog/2020/01/29/whats-new-in-core-location/"),
        Source("S38", .developer, "Navigating permission changes in iOS 14 (Phunware)",
               "https://www.phunware.com/blog/navigating-permission-changes-in-ios-14/"),
        Source("S39", .developer, "react-native-background-geolocation #1930",
               "https://github.com/transistorsoft/react-native-background-geolocation/issues/1930"),
        Source("S40", .developer, "webxr-ios #173: the app is not listed in Settings",
               "https://github.com/mozilla-mobile/webxr-ios/issues/173"),
        Source("S41", .developer, "cordova-background-geolocation-lt #483: no Always row in Settings",
               "https://github.com/transistorsoft/cordova-background-geolocation-lt/issues/483"),
        Source("S42", .developer, "capacitor-background-geolocation #405",
               "https://github.com/transistorsoft/capacitor-background-geolocation/issues/405"),
        Source("S43", .developer, "PermissionsKit #117 (quotes Apple's older \"Requesting Always Authorization\")",
               "https://github.com/sparrowcode/PermissionsKit/pull/117"),
        Source("S44", .developer, "cordova-background-geolocation-lt #494: no wake for authorization changes",
               "https://github.com/transistorsoft/cordova-background-geolocation-lt/issues/494"),
        Source("S45", .developer, "Stack Overflow 30106341",
               "https://stackoverflow.com/questions/30106341"),
        Source("S46", .developer, "Core Location manager changes in iOS 8 (nevan.net)",
               "http://nevan.net/2014/09/core-location-manager-changes-in-ios-8/"),
        Source("S47", .developer, "Location access request in iOS 11 (quotes WWDC17 713)",
               "https://codehunter.cc/a/swift/location-access-request-in-ios-11"),
        Source("S49", .developer, "react-native-permissions #503",
               "https://github.com/zoontek/react-native-permissions/pull/503"),
        Source("S50", .developer, "flutter-geolocator #781",
               "https://github.com/Baseflow/flutter-geolocator/pull/781"),
        Source("S51", .developer, "Why your iPhone keeps asking you about background location use (How-To Geek)",
               "https://www.howtogeek.com/563557/why-your-iphone-keeps-asking-you-about-background-location-use/"),
        Source("S57", .developer, "iOS 8: authorizing location services (Mobile Jazz)",
               "https://mobilejazz.com/blog/ios8-authorizing-location-services/"),
        Source("S59", .developer, "react-native-permissions #716",
               "https://github.com/zoontek/react-native-permissions/pull/716"),
        // Format 1.1 (docs/flow-format.md §8)
        Source("S200", .apple, "requestLocation()",
               "https://developer.apple.com/documentation/corelocation/cllocationmanager/requestlocation()"),
        Source("S201", .apple, "desiredAccuracy",
               "https://developer.apple.com/documentation/corelocation/cllocationmanager/desiredaccuracy"),
        Source("S202", .apple, "pausesLocationUpdatesAutomatically",
               "https://developer.apple.com/documentation/corelocation/cllocationmanager/pauseslocationupdatesautomatically"),
        Source("S203", .apple, "locationManagerDidPauseLocationUpdates(_:)",
               "https://developer.apple.com/documentation/corelocation/cllocationmanagerdelegate/locationmanagerdidpauselocationupdates(_:)"),
        Source("S204", .apple, "showsBackgroundLocationIndicator",
               "https://developer.apple.com/documentation/corelocation/cllocationmanager/showsbackgroundlocationindicator"),
        Source("S205", .apple, "startMonitoringVisits()",
               "https://developer.apple.com/documentation/corelocation/cllocationmanager/startmonitoringvisits()"),
        Source("S206", .apple, "startRangingBeacons(satisfying:)",
               "https://developer.apple.com/documentation/corelocation/cllocationmanager/startrangingbeacons(satisfying:)"),
        Source("S207", .apple, "CLBeaconRegion",
               "https://developer.apple.com/documentation/corelocation/clbeaconregion"),
        Source("S208", .apple, "Choosing the right functionality for your App Clip",
               "https://developer.apple.com/documentation/appclip/choosing-the-right-functionality-for-your-app-clip"),
        Source("S209", .apple, "CLError.Code.locationUnknown",
               "https://developer.apple.com/documentation/corelocation/clerror-swift.struct/code/locationunknown"),
        Source("S210", .apple, "activityType",
               "https://developer.apple.com/documentation/corelocation/cllocationmanager/activitytype"),
        Source("S211", .apple, "ActivityKit: Activity",
               "https://developer.apple.com/documentation/activitykit/activity"),
        Source("S212", .apple, "kCLLocationAccuracyReduced",
               "https://developer.apple.com/documentation/corelocation/kcllocationaccuracyreduced"),
        Source("S213", .apple, "locationManager(_:didFailWithError:)",
               "https://developer.apple.com/documentation/corelocation/cllocationmanagerdelegate/locationmanager(_:didfailwitherror:)"),
        Source("S214", .apple, "stopMonitoringVisits()",
               "https://developer.apple.com/documentation/corelocation/cllocationmanager/stopmonitoringvisits()"),
        Source("S215", .apple, "CLAuthorizationStatus.denied",
               "https://developer.apple.com/documentation/corelocation/clauthorizationstatus/denied"),
        // iOS 26 and 27, device restart, isStationary (2026-12)
        Source("S216", .apple, "Core Location updates (Apple's change log of Core Location: its last entry is June 2024)",
               "https://developer.apple.com/documentation/updates/corelocation"),
        Source("S217", .apple, "CLGeocoder (availability iOS 5.0-26.0: deprecated in iOS 26 for MapKit's geocoding requests)",
               "https://developer.apple.com/documentation/corelocation/clgeocoder"),
        Source("S218", .apple, "CLLocationUpdate.isStationary (iOS 17's name)",
               "https://developer.apple.com/documentation/corelocation/cllocationupdate/isstationary"),
        Source("S219", .apple, "CLLocationUpdate.stationary (iOS 18)",
               "https://developer.apple.com/documentation/corelocation/cllocationupdate/stationary"),
        Source("S220", .developer, "CLLocationUpdate in the iOS 27.1 SDK: isStationary, stationary and the iOS 18 diagnostics (onestack.dev API reference)",
               "https://onestack.dev/ios-reference/CoreLocation/CLLocationUpdate"),
        Source("S222", .developer, "Apple Developer Forums 826964: significant changes and regions no longer relaunch a force-quit app on iOS 26.4.2 (a developer's report, no answer)",
               "https://developer.apple.com/forums/thread/826964"),
        Source("S225", .developer, "geolocatorplugin #5: significant-change monitoring relaunches the app after a device reboot",
               "https://github.com/jamesmontemagno/geolocatorplugin/issues/5"),
        Source("S226", .developer, "iOS_Monitor_Location_Region_In_Background: region monitoring relaunches the app after the device restarts",
               "https://github.com/sjitech/iOS_Monitor_Location_Region_In_Background"),
        Source("S227", .developer, "flutter_background_geolocation startOnBoot: after a reboot iOS relaunches the app only when the device leaves its region",
               "https://pub.dev/documentation/flutter_background_geolocation/4.16.3/flt_background_geolocation/Config/startOnBoot.html"),
        // macOS 26 and watchOS 26 (issue 37)
        Source("S230", .apple, "CLAuthorizationStatus.authorizedWhenInUse: availability iOS, iPadOS, Mac Catalyst, tvOS, visionOS, watchOS (no macOS)",
               "https://developer.apple.com/documentation/corelocation/clauthorizationstatus/authorizedwheninuse"),
        Source("S230a", .apple, "CLAuthorizationStatus.authorized: \"The user authorized the app to use location services\" (macOS 10.6 and later)",
               "https://developer.apple.com/documentation/corelocation/clauthorizationstatus/authorized"),
        Source("S230b", .apple, "CLServiceSession: availability iOS 18, watchOS 11, visionOS 2; macOS: none",
               "https://developer.apple.com/documentation/corelocation/clservicesession-2ddhd"),
        Source("S230c", .apple, "CLBackgroundActivitySession: availability iOS 17, watchOS 10, visionOS 1; macOS: none",
               "https://developer.apple.com/documentation/corelocation/clbackgroundactivitysession-4nl4y"),
        Source("S230d", .apple, "CLLocationUpdate.serviceSessionRequired: macOS 15.0 and later (liveUpdates' diagnostics on macOS)",
               "https://developer.apple.com/documentation/corelocation/cllocationupdate/servicesessionrequired"),
        Source("S231", .apple, "NSLocationUsageDescription: \"Use this key in a macOS app that accesses the user's location information\" (required on macOS)",
               "https://developer.apple.com/documentation/bundleresources/information-property-list/nslocationusagedescription"),
        Source("S232", .apple, "Handling location updates in the background: \"on iOS, iPadOS, and watchOS, the system suspends the execution of most apps shortly after they move to the background\" (macOS is not named)",
               "https://developer.apple.com/documentation/corelocation/handling-location-updates-in-the-background"),
        Source("S233", .apple, "CLMonitor: availability iOS 17, macOS 14; watchOS: none",
               "https://developer.apple.com/documentation/corelocation/clmonitor-6ynwz"),
        Source("S234", .apple, "Choosing the Location Services Authorization to Request: Always launches the app for an event; When In Use does not",
               "https://developer.apple.com/documentation/bundleresources/choosing-the-location-services-authorization-to-request"),
        Source("S235", .appleForum, "Apple Developer Forums 775888: \"CoreLocation APIs that would function after an app has been killed are not supported on watchOS\" (an Apple engineer)",
               "https://developer.apple.com/forums/thread/775888"),
        Source("S236", .developer, "The Watch App Architecture (WatchKit Programming Guide, as quoted): apps run in the background when their complication is on the current watch face",
               "https://blog.csdn.net/weixin_33738578/article/details/92998749"),
        Source("S237", .developer, "Manage applications that use your location in OS X: a check box (now a switch) per app in Privacy › Location Services",
               "https://macissues.com/2014/07/31/manage-applications-that-use-your-location-in-os-x/"),
        // Reverse-engineered (weak)
        Source("S48", .reverseEngineered,
               "Decompiled CoreLocation and locationd (public dumps found by code search; no stable address)", nil),
    ]

    /// The source IDs a citation tag names, in order, without repeats: `"A S1, S12; D S22-S25; I"`
    /// gives S1, S12, S22, S23, S24, S25. IDs that are not in the table are kept (tests catch them).
    public static func ids(inTag tag: String) -> [String] {
        var out: [String] = []
        func add(_ id: String) { if !out.contains(id) { out.append(id) } }
        let words = tag.split(whereSeparator: { $0 == " " || $0 == "," || $0 == ";" })
        for word in words where word.first == "S" {
            let parts = word.split(separator: "-", omittingEmptySubsequences: false)
            if parts.count == 2, let lo = Int(parts[0].dropFirst()), let hi = Int(parts[1].drop(while: { $0 == "S" })), lo <= hi, hi - lo < 50 {
                for n in lo...hi { add("S\(n)") }
            } else if parts.count == 1 {
                add(String(word))
            }
        }
        return out
    }
}

extension Rule {
    /// The sources this rule cites, from the table (`Source.all`), in the order the tag names them.
    public var sources: [Source] { Source.ids(inTag: source).compactMap { Source.byID[$0] } }

    /// How well the rule's sentence is supported, by the first part of its tag (what the sentence
    /// rests on; later parts support or qualify details): `I` (one of locflow's assumptions) is
    /// assumed; `D`, `A-forum`, `R` (a developer's report, an Apple engineer's forum answer, a
    /// dump) is reported; `A` (Apple's pages, headers, talks) is documented.
    public var evidence: Evidence {
        let first = source.split(separator: ";").first.map { $0.drop(while: { $0 == " " }) } ?? ""
        switch first.prefix(while: { $0 != " " }) {
        case "I": return .assumed
        case "D", "R", "A-forum": return .reported
        default: return .documented
        }
    }

    /// The three classes of evidence `locflow rules` shows.
    public enum Evidence: String, Sendable, CaseIterable {
        /// Apple's documentation, an SDK header or a WWDC session says it.
        case documented
        /// A developer's report, an Apple engineer's forum answer or a dump says it; Apple's pages do not.
        case reported
        /// It rests, at least in part, on one of locflow's assumptions: no source says it.
        case assumed
    }
}
