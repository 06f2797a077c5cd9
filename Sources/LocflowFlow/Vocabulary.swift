import LocflowCore

/// The words of the `.flow` language, in one place: the parser reads its word lists from here
/// (`FlowParser.appCalls` and the others), `locflow help flow` prints them with their meanings,
/// and an unknown word after a verb lists them. A word added here is a word the parser accepts
/// and the help shows; docs/flow-format.md is the reference for each.
public enum FlowVocabulary {

    /// One word after a verb (or one configuration statement): how it is written, what it
    /// means in a line, and a whole statement that uses it (the tests parse every example).
    public struct Word: Sendable {
        public let word: String
        /// The statement as written, with its arguments: `session ID none|whenInUse|always [fullAccuracy KEY]`.
        public let form: String
        public let meaning: String
        public let example: String

        init(_ word: String, _ args: String = "", _ meaning: String, example: String? = nil, head: String) {
            self.word = word
            self.form = args.isEmpty ? word : word + " " + args
            self.meaning = meaning
            self.example = example ?? (head.isEmpty ? word : head + " " + word)
        }
    }

    /// A group of words: the configuration statements, or the words after one verb.
    public struct Group: Sendable {
        /// The verb (`app`), or "" for the configuration statements, which are words of their own.
        public let head: String
        public let title: String
        /// What an error calls the group's words: "the app calls are ...".
        public let plural: String
        public let words: [Word]

        public var names: [String] { words.map(\.word) }
    }

    static func values<T: CaseIterable & RawRepresentable>(_ t: T.Type) -> String where T.RawValue == String {
        T.allCases.map(\.rawValue).joined(separator: "|")
    }

    public static let configuration = Group(head: "", title: "Configuration (before the first step)", plural: "configuration statements", words: [
        Word("platform", "P", "the OS: " + Platform.allCases.map(\.rawValue).joined(separator: ", ") + " (default ios18)",
             example: "platform ios17", head: ""),
        Word("plist", "PATH", "load the app's Info.plist (XML or binary), relative to the flow", example: "plist app.plist", head: ""),
        Word("strings", "PATH", "load an InfoPlist.strings (usage descriptions, the display name)", example: "strings ko.strings", head: ""),
        Word("key", "NAME VALUE", "set one Info.plist key (a quoted string, true or false; bare words for UIBackgroundModes)",
             example: "key UIBackgroundModes location", head: ""),
        Word("unset", "NAME", "remove an Info.plist key", example: "unset NSLocationAlwaysAndWhenInUseUsageDescription", head: ""),
        Word("assume", "NAME VALUE", "change one assumption for this flow (locflow rules lists them)", example: "assume allowOnceGrace 5m", head: ""),
        Word("restricted", "true|false", "location is restricted for the app (parental controls, management)", example: "restricted true", head: ""),
        Word("locationServices", "on|off", "the global Location Services switch at the start", example: "locationServices off", head: ""),
        Word("version", "1|1.1", "the format version, the first statement (a file without one is read as 1.1)", example: "version 1.1", head: ""),
        Word("appClip", "true|false", "the app is an App Clip: no Always, the grant resets at 04:00", example: "appClip true", head: ""),
        Word("widget", "true|false", "the app has a widget that wants location (NSWidgetWantsLocation)", example: "widget true", head: ""),
    ])

    public static let app = Group(head: "app", title: "app: what the app calls", plural: "app calls", words: [
        Word("requestWhenInUseAuthorization", "", "ask for when-in-use authorization", head: "app"),
        Word("requestAlwaysAuthorization", "", "ask for Always (or the upgrade to it)", head: "app"),
        Word("requestTemporaryFullAccuracyAuthorization", "KEY", "ask for full accuracy with a purpose key",
             example: "app requestTemporaryFullAccuracyAuthorization Nav", head: "app"),
        Word("startUpdatingLocation", "", "start standard location updates", head: "app"),
        Word("stopUpdatingLocation", "", "stop standard location updates", head: "app"),
        Word("allowsBackgroundLocationUpdates", "true|false", "the manager property (true needs the location background mode)",
             example: "app allowsBackgroundLocationUpdates true", head: "app"),
        Word("startMonitoringSignificantLocationChanges", "", "start the significant-change service", head: "app"),
        Word("stopMonitoringSignificantLocationChanges", "", "stop the significant-change service", head: "app"),
        Word("startMonitoringRegion", "ID", "start classic region monitoring of region ID", example: "app startMonitoringRegion office", head: "app"),
        Word("stopMonitoringRegion", "ID", "stop monitoring region ID", example: "app stopMonitoringRegion office", head: "app"),
        Word("session", "ID " + values(SessionGoal.self) + " [fullAccuracy KEY]", "create and hold a CLServiceSession named ID",
             example: "app session nav whenInUse", head: "app"),
        Word("invalidate", "ID", "invalidate the session ID", example: "app invalidate nav", head: "app"),
        Word("liveUpdates", "start|stop", "start or stop iterating CLLocationUpdate.liveUpdates()", example: "app liveUpdates start", head: "app"),
        Word("monitor", "start|stop|add ID", "iterate a CLMonitor's events, stop, or add a condition ID", example: "app monitor add home", head: "app"),
        Word("backgroundActivity", "start|stop", "create or invalidate a CLBackgroundActivitySession",
             example: "app backgroundActivity start", head: "app"),
        Word("requestLocation", "", "ask for one location (or an error)", head: "app"),
        Word("desiredAccuracy", values(DesiredAccuracy.self), "the manager's desiredAccuracy (only reduced gives approximate fixes)",
             example: "app desiredAccuracy reduced", head: "app"),
        Word("pausesLocationUpdatesAutomatically", "true|false", "automatic pausing of standard updates (default true)",
             example: "app pausesLocationUpdatesAutomatically false", head: "app"),
        Word("activityType", values(ActivityType.self), "the manager's activityType", example: "app activityType fitness", head: "app"),
        Word("showsBackgroundLocationIndicator", "true|false", "the manager property (default false)",
             example: "app showsBackgroundLocationIndicator true", head: "app"),
        Word("startMonitoringVisits", "", "start the visits service", head: "app"),
        Word("stopMonitoringVisits", "", "stop the visits service", head: "app"),
        Word("startRangingBeacons", "ID", "start ranging the beacons of constraint ID", example: "app startRangingBeacons lobby", head: "app"),
        Word("stopRangingBeacons", "ID", "stop ranging beacons ID", example: "app stopRangingBeacons lobby", head: "app"),
        Word("startMonitoringBeaconRegion", "ID", "start monitoring the beacon region ID",
             example: "app startMonitoringBeaconRegion lobby", head: "app"),
        Word("stopMonitoringBeaconRegion", "ID", "stop monitoring the beacon region ID",
             example: "app stopMonitoringBeaconRegion lobby", head: "app"),
        Word("liveActivity", "start|stop", "start (in the foreground) or end a Live Activity", example: "app liveActivity start", head: "app"),
    ])

    public static let user = Group(head: "user", title: "user: what the person does", plural: "user actions", words: [
        Word("tap", "\"LABEL\"", "tap a button of the prompt on screen, by its English label",
             example: "user tap \"Allow Once\"", head: "user"),
        Word("precise", "on|off", "the Precise switch on the prompt", example: "user precise off", head: "user"),
        Word("settings", SettingsChoice.allCases.filter { $0 != .unlisted }.map(\.rawValue).joined(separator: "|") + "|precise on|off|locationServices on|off|reset",
             "change the app's Settings page (or the global switch, or Reset Location & Privacy)",
             example: "user settings always", head: "user"),
        Word("background", "", "leave the app", head: "user"),
        Word("foreground", "", "open the app (launches it when not running)", head: "user"),
        Word("forceQuit", "", "swipe the app away in the app switcher", head: "user"),
        Word("locationButton", "", "tap a CLLocationButton in the app (iOS 15+)", head: "user"),
        Word("addWidget", "", "add the app's widget to a Home Screen", head: "user"),
        Word("removeWidget", "", "remove the app's last widget", head: "user"),
    ])

    public static let system = Group(head: "system", title: "system: what the system does", plural: "system actions", words: [
        Word("suspend", "", "suspend the backgrounded app now", head: "system"),
        Word("terminate", "", "end the app's process", head: "system"),
        Word("relaunch", "", "launch the app in the background, as for a location event", head: "system"),
        Word("reminder", "", "the periodic reminder of an app's background use of Always", head: "system"),
    ])

    public static let device = Group(head: "device", title: "device: what the device does", plural: "device actions", words: [
        Word("move", "", "the device starts moving: new fixes", head: "device"),
        Word("stationary", "", "the device stops moving", head: "device"),
        Word("noFix", "", "location becomes unavailable", head: "device"),
        Word("fix", "", "location is available again", head: "device"),
        Word("exitRegion", "ID", "the device leaves region or condition ID", example: "device exitRegion home", head: "device"),
        Word("visit", "", "the device arrives at or leaves a place (visits)", head: "device"),
        Word("enterBeacon", "ID", "the device comes into range of the beacons ID", example: "device enterBeacon lobby", head: "device"),
        Word("exitBeacon", "ID", "the device goes out of range of the beacons ID", example: "device exitBeacon lobby", head: "device"),
        Word("airplaneMode", "on|off", "Airplane mode (the status reads denied while on)", example: "device airplaneMode on", head: "device"),
        Word("restart", "", "the device restarts: every process and what lives in memory ends; monitoring persists", example: "device restart", head: "device"),
    ])

    public static let wait = Group(head: "", title: "wait: time", plural: "", words: [
        Word("wait", "DURATION", "advance the virtual clock (5s, 250ms, 1h30m); timers due fire in order",
             example: "wait 1m", head: ""),
    ])

    public static let expect = Group(head: "expect", title: "expect: what must hold after the steps above", plural: "expectations", words: [
        Word("status", values(AuthorizationStatus.self), "authorizationStatus now", example: "expect status authorizedAlways", head: "expect"),
        Word("accuracy", values(AccuracyAuthorization.self), "accuracyAuthorization now", example: "expect accuracy reducedAccuracy", head: "expect"),
        Word("locationServicesEnabled", "true|false", "CLLocationManager.locationServicesEnabled()",
             example: "expect locationServicesEnabled true", head: "expect"),
        Word("settings", "CHOICE|precise on|off|options C...", "the option selected in Settings, its Precise switch, or its options",
             example: "expect settings whileUsing", head: "expect"),
        Word("prompt", "none|" + values(PromptKind.self), "the prompt on screen", example: "expect prompt whenInUse", head: "expect"),
        Word("buttons", "\"L1\" \"L2\" ...", "exactly the prompt's buttons, top to bottom",
             example: "expect buttons \"Allow Once\" \"Don't Allow\"", head: "expect"),
        Word("lifecycle", values(Lifecycle.self), "the app's process", example: "expect lifecycle suspended", head: "expect"),
        Word("inUse", "true|false", "whether the app counts as in use", example: "expect inUse false", head: "expect"),
        Word("callbacks", "N", "how many authorization callbacks the app received", example: "expect callbacks 2", head: "expect"),
        Word("callback", "STATUS [ACCURACY]", "what the latest callback carried", example: "expect callback authorizedWhenInUse", head: "expect"),
        Word("completion", values(CompletionResult.self), "the latest temporary full-accuracy request's completion",
             example: "expect completion promptDeclined", head: "expect"),
        Word("error", values(LocationError.self), "the latest didFailWithError", example: "expect error denied", head: "expect"),
        Word("indicator", "on|off", "the background location indicator", example: "expect indicator on", head: "expect"),
        Word("delivering", values(DeliverySource.self) + " true|false", "whether what a source produces reaches the app's code",
             example: "expect delivering liveUpdates true", head: "expect"),
        Word("diagnostic", "SOURCE NAME true|false", "one diagnostic property of a session, liveUpdates, monitor or backgroundActivity",
             example: "expect diagnostic liveUpdates insufficientlyInUse true", head: "expect"),
        Word("diagnostics", "SOURCE NAME...|none", "exactly the source's true diagnostic properties",
             example: "expect diagnostics liveUpdates none", head: "expect"),
        Word("session", "ID " + values(SessionState.self), "an explicit session's state", example: "expect session nav active", head: "expect"),
        Word("refused", "", "the step just before was refused", head: "expect"),
        Word("title", "\"TEXT\"", "the prompt's title contains TEXT", example: "expect title \"Allow\"", head: "expect"),
        Word("message", "\"TEXT\"", "the prompt's message contains TEXT", example: "expect message \"map\"", head: "expect"),
        Word("fix", "none|" + values(FixKind.self), "the latest location the app's code received", example: "expect fix approximate", head: "expect"),
        Word("fixes", "N", "how many locations the app's code received", example: "expect fixes 3", head: "expect"),
        Word("paused", "true|false", "standard updates paused by automatic pausing", example: "expect paused true", head: "expect"),
        Word("widgetUpdates", "true|false", "isAuthorizedForWidgetUpdates", example: "expect widgetUpdates true", head: "expect"),
        Word("controlCenter", values(ControlCenterListing.self), "how Control Center lists the app (iOS 16+)",
             example: "expect controlCenter recently", head: "expect"),
    ])

    /// Where a list of words in an error sends the reader for their meanings.
    static let helpHint = " (locflow help flow says what each means)"

    /// The groups whose first word is a verb and whose second word is one of `words`.
    public static let verbs: [Group] = [app, user, system, device, expect]

    /// Every group, in the order `locflow help flow` prints them.
    public static let groups: [Group] = [configuration, app, user, system, device, wait, expect]

    /// The group of words after `verb`, if it is one of the five verbs.
    public static func group(after verb: String) -> Group? { verbs.first { $0.head == verb } }

    /// How a word stands in the versions (docs/flow-format.md §8): "1.1", "1.1, extension" or nil
    /// for a version 1 word, as the parser itself decides for the word's example.
    static func era(_ w: Word) -> String? {
        guard let s = try? FlowParser.parseStatement(w.example), let v11 = s.v11Word else {
            return w.word == "version" ? "1.1" : nil
        }
        return Statement.v11Extensions.contains(v11) ? "1.1, extension" : "1.1"
    }

    /// `locflow help flow`: every word of the language with a line of meaning.
    public static var help: String {
        var out = """
        The .flow language: one statement a line, # starts a comment. Configuration comes first,
        then steps (app, user, system, device, wait) and the expect lines that check the state
        after them. docs/flow-format.md describes each word in full; (1.1) marks a word of
        version 1.1, (1.1, extension) one of locflow's own.

        """
        // The form, then its meaning at one column; a form too long for it has the meaning below.
        let column = 44
        for g in groups {
            out += "\n" + g.title + "\n"
            let prefix = g.head.isEmpty ? "" : g.head + " "
            for w in g.words {
                let form = "  " + prefix + w.form
                let meaning = w.meaning + (era(w).map { " (\($0))" } ?? "")
                if form.count + 2 <= column {
                    out += form + String(repeating: " ", count: column - form.count) + meaning + "\n"
                } else {
                    out += form + "\n" + String(repeating: " ", count: column) + meaning + "\n"
                }
            }
        }
        out += """

        Example:
          platform ios17
          app requestWhenInUseAuthorization
          user tap "Allow Once"
          user background
          wait 2m
          expect status notDetermined

        """
        return out
    }
}
