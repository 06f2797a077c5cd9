import LocflowCore

/// The words of the `.flow` language, in one place: the parser reads its word lists from here
/// (`FlowParser.statementKeywords`, `group(after:)`), `locflow help flow` prints them with their
/// meanings, and an unknown word after a verb lists them. The steps' words are the event catalogue's
/// (`EventCatalogue`); the configuration's and the expectations' are listed here.
/// docs/flow-format.md is the reference for each.
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

    /// The words after a verb, as the event catalogue lists them (`EventCatalogue.entry`): a
    /// kind's word, its arguments' form, its meaning and its first sample as the example.
    static func steps(_ actor: Actor, head: String) -> [Word] {
        EventCatalogue.entries.compactMap { _, e in
            guard e.actor == actor, let word = e.word, !e.isUnder, let sample = e.samples.first else { return nil }
            return Word(word, e.form, e.meaning, example: sample.flowText, head: head)
        }
    }

    public static let app = Group(head: "app", title: "app: what the app calls", plural: "app calls", words: steps(.app, head: "app"))
    public static let user = Group(head: "user", title: "user: what the person does", plural: "user actions", words: steps(.person, head: "user"))
    public static let system = Group(head: "system", title: "system: what the system does", plural: "system actions",
                                     words: steps(.system, head: "system"))
    public static let device = Group(head: "device", title: "device: what the device does", plural: "device actions",
                                     words: steps(.device, head: "device"))
    public static let wait = Group(head: "", title: "wait: time", plural: "", words: steps(.timer, head: ""))

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
