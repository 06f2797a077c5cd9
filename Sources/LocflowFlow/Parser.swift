import LocflowCore

/// Reads `.flow` text (docs/flow-format.md, version 1). A malformed file is an error naming the file, line and
/// column, what was expected there, and for a misspelt word the nearest valid word.
public enum FlowParser {

    // Every word list below is read from `FlowVocabulary` (Vocabulary.swift), whose steps'
    // words are the event catalogue's (`EventCatalogue`, LocflowCore) and whose configuration's
    // and expectations' words are its own, so that the parser, `locflow help flow`, Tab
    // completion and the errors that list the valid words cannot disagree.

    /// The statements' first words: version 1's configuration, the verbs, then version 1.1's configuration.
    public static let statementKeywords: [String] = {
        let config = FlowVocabulary.configuration.names
        let v11Config = ["version", "appClip", "widget"]
        return config.filter { !v11Config.contains($0) } + ["app", "user", "system", "device", "wait", "expect"]
            + config.filter { v11Config.contains($0) }
    }()
    static let configKeywords = Set(FlowVocabulary.configuration.names)
    /// The versions a `version` statement may declare.
    public static let versions = ["1", "1.1"]

    public static let appCalls = FlowVocabulary.app.names
    public static let userActions = FlowVocabulary.user.names
    public static let systemActions = FlowVocabulary.system.names
    public static let deviceActions = FlowVocabulary.device.names
    public static let expectations = FlowVocabulary.expect.names

    /// Parses a whole file. Statements are checked in context: configuration only before the
    /// first step, diagnostics only of sources the flow can create.
    public static func parse(_ text: String, file: String) throws(FlowError) -> Flow {
        var lines: [FlowLine] = []
        var description: [String] = []
        var pendingComment: [String] = []
        var sawStatement = false
        var descriptionDone = false
        var sawStep = false
        var sessionIDs: Set<String> = []
        var declaredVersion: (version: String, line: Int)?
        var lineNumber = 0
        for rawLine in LineEnds.lines(text) {
            lineNumber += 1
            if rawLine.utf8.count > LineEnds.maxLineBytes {
                throw FlowError(SourceLocation(file: file, line: lineNumber, column: 1),
                                "the line is over \(LineEnds.maxLineBytes / 1024) KB; locflow reads lines of at most \(LineEnds.maxLineBytes / 1024) KB")
            }
            let (tokens, comment, statementText) = try lexStatement(rawLine, lineNumber: lineNumber, file: file)
            if tokens.isEmpty {
                if let comment {
                    if !sawStatement && !descriptionDone { description.append(comment) } else { pendingComment.append(comment) }
                } else {
                    if !description.isEmpty { descriptionDone = true }
                    pendingComment.removeAll()
                }
                continue
            }
            var cursor = Cursor(tokens: tokens, file: file, line: lineNumber, lineLength: rawLine.count)
            let statement: Statement
            do {
                statement = try parseStatement(&cursor)
                try cursor.end()
            } catch {
                // Typographic quotes (a label pasted from a document) are not a flow's quotes.
                var e = error
                if rawLine.contains(where: { "“”„‘’«»＂".contains($0) }) { e.message += " (“ ” ‘ ’ and ＂ are typographic quotes; a flow quotes with \")" }
                throw e
            }
            if case .config(.version(let v)) = statement {
                if sawStatement {
                    throw FlowError(cursor.location(of: tokens[0]), "'version' must come before any other statement (only comments may precede it)")
                }
                declaredVersion = (v, lineNumber)
            } else if let declared = declaredVersion, declared.version == "1",
                      let word = statement.v11Word ?? Self.isStationaryWord(statement, tokens) {
                // At the word that makes it 1.1 (`visits` in `expect delivering visits`).
                let last = word.split(separator: " ").last.map(String.init) ?? word
                let at = tokens.dropFirst(word.contains(" ") ? 1 : 0).first { $0.text == last } ?? tokens[0]
                // locflow's own words of the 1.1 era are no part of the contract's 1.1 (§8): say
                // so, rather than call them version 1.1 statements.
                let what = Statement.v11Extensions.contains(word) ? "a locflow extension that needs version 1.1" : "a version 1.1 statement"
                throw FlowError(cursor.location(of: at),
                                "\(word) is \(what), but line \(declared.line) declares version 1 (write version 1.1, or remove the version line)")
            }
            switch statement {
            case .config:
                if sawStep {
                    throw FlowError(cursor.location(of: tokens[0]),
                                    "configuration statement '\(tokens[0].text)' after the first step (configuration goes before any step)")
                }
            case .step(let event):
                sawStep = true
                if case .app(.session(let id, _, _)) = event { sessionIDs.insert(id.string) }
            case .expect(let x):
                sawStep = true
                switch x {
                case .diagnostic(let source, let d, _):
                    try checkDiagnostic(source, [d], sessionIDs, cursor, tokens)
                case .diagnostics(let source, let ds):
                    try checkDiagnostic(source, ds, sessionIDs, cursor, tokens)
                default: break
                }
            }
            sawStatement = true
            let captions = pendingComment + (comment.map { [$0] } ?? [])
            pendingComment.removeAll()
            lines.append(FlowLine(statement: statement, line: lineNumber, source: statementText.trimmingSpaces(),
                                  comment: captions.isEmpty ? nil : captions.joined(separator: " ")))
        }
        return Flow(file: file, lines: lines, description: description)
    }

    /// `expect diagnostic(s) ... isStationary`: the old name is an extension, so a `version 1`
    /// file cannot use it (the statement itself reads `stationary`).
    static func isStationaryWord(_ statement: Statement, _ tokens: [Token]) -> String? {
        guard case .expect(let x) = statement else { return nil }
        switch x {
        case .diagnostic, .diagnostics: return tokens.contains { $0.text == "isStationary" } ? "expect diagnostic isStationary" : nil
        default: return nil
        }
    }

    /// Parses one statement (the explorer's `:` command line uses this too).
    public static func parseStatement(_ text: String, file: String = "command") throws(FlowError) -> Statement {
        guard let text = LineEnds.singleLine(text) else {
            throw FlowError(SourceLocation(file: file, line: 1, column: 1), "one statement per line: the text holds a line break")
        }
        let (tokens, _) = try lexLine(Substring(text), lineNumber: 1, file: file)
        guard !tokens.isEmpty else { throw FlowError(SourceLocation(file: file, line: 1, column: 1), "expected a statement") }
        var cursor = Cursor(tokens: tokens, file: file, line: 1, lineLength: text.count)
        let s = try parseStatement(&cursor)
        try cursor.end()
        return s
    }

    static func checkDiagnostic(_ source: String, _ names: [Diagnostic], _ sessions: Set<String>,
                                _ cursor: Cursor, _ tokens: [Token]) throws(FlowError) {
        let type = World.DiagnosticSource(source).type
        let sourceToken = tokens[2]
        if type == .serviceSession && !sessions.contains(source) {
            let known = Array(sessions) + ["liveUpdates", "monitor", "backgroundActivity"]
            var msg = "no diagnostics source '\(excerpt(source))': no 'app session \(excerpt(source)) ...' comes before this line, and it is not liveUpdates, monitor or backgroundActivity"
            if let near = nearest(source, in: known) { msg += " (did you mean '\(near)'?)" }
            throw FlowError(cursor.location(of: sourceToken), msg)
        }
        let allowed = type.properties
        for (offset, d) in names.enumerated() where !allowed.contains(d) {
            let token = tokens[min(tokens.count - 1, 3 + offset)]
            throw FlowError(cursor.location(of: token),
                            "\(type.rawValue) has no property '\(d.rawValue)'; it has " + allowed.map(\.rawValue).joined(separator: ", "))
        }
    }

    /// A diagnostic property's name. `isStationary` (an extension) is iOS 17's name of
    /// `stationary`: iOS 18 deprecates it and still answers it with the same value. [A S218, S219]
    static func diagnosticProperty(_ c: inout Cursor) throws(FlowError) -> Diagnostic {
        if c.peek()?.text == "isStationary" { c.i += 1; return .stationary }
        return Diagnostic(rawValue: try c.keyword(Diagnostic.allCases.map(\.rawValue), what: "a diagnostic property"))!
    }

    /// A count: a whole number, or nil when the word is none; a number too large for one is an
    /// error of its own (it is a count, only too large).
    static func count(_ t: Token, _ c: Cursor) throws(FlowError) -> Int? {
        if let n = Int(t.text), n >= 0 { return n }
        if !t.text.isEmpty && t.text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) {
            throw FlowError(c.location(of: t), "the count '\(excerpt(t.text))' is too large (at most \(Int.max))")
        }
        return nil
    }

    static func parseStatement(_ c: inout Cursor) throws(FlowError) -> Statement {
        let head = try c.keyword(statementKeywords, what: "a statement")
        switch head {
        case "platform":
            let p = try c.keyword(Platform.allCases.map(\.rawValue), what: "a platform")
            return .config(.platform(Platform(rawValue: p)!))
        case "plist": return .config(.plist(try c.word("a path to an Info.plist").text))
        case "strings": return .config(.strings(try c.word("a path to an InfoPlist.strings file").text))
        case "key":
            let name = try c.word("an Info.plist key name")
            if name.quoted { throw FlowError(c.location(of: name), "a key name is a bare word") }
            if name.text == "UIBackgroundModes" {
                var words: [String] = []
                while let t = c.peek() { c.i += 1; words.append(t.text) }
                if words.isEmpty { throw c.expectedAtEnd("one or more background modes, e.g. location") }
                return .config(.key(name.text, .words(words)))
            }
            let v = try c.word("a value: a quoted string, true or false")
            if !v.quoted {
                if v.text == "true" || v.text == "false" { return .config(.key(name.text, .bool(v.text == "true"))) }
                throw FlowError(c.location(of: v), "expected a quoted string, true or false, found '\(excerpt(v.text))'")
            }
            return .config(.key(name.text, .string(v.text)))
        case "unset":
            let name = try c.word("an Info.plist key name")
            return .config(.unset(name.text))
        case "assume":
            let nameToken = try c.word("an assumption name")
            guard let entry = Assumptions.entry(named: nameToken.text) else {
                throw c.unknown(nameToken, Assumptions.catalogue.map(\.name), what: "an assumption")
            }
            let v = try c.word("a value for \(entry.name)")
            switch entry.kind {
            case .duration:
                guard let ms = parseDuration(v.text) else {
                    if let long = tooLongDuration(v.text) { throw FlowError(c.location(of: v), long) }
                    if Int(v.text) != nil {
                        throw FlowError(c.location(of: v), "\(entry.name) takes a duration with a unit (e.g. \(v.text)s), found the plain number \(v.text)")
                    }
                    throw FlowError(c.location(of: v), "expected a duration such as 5s, 250ms or 1h30m, found '\(excerpt(v.text))'")
                }
                // A value the assumption refuses (0s for an interval) is an error at the value.
                var probe = Assumptions()
                if let problem = probe.set(entry.name, .duration(ms)) { throw FlowError(c.location(of: v), problem) }
                return .config(.assume(entry.name, .duration(ms)))
            case .count:
                guard let n = try count(v, c) else {
                    throw FlowError(c.location(of: v), "\(entry.name) takes a count (a whole number), found '\(excerpt(v.text))'")
                }
                return .config(.assume(entry.name, .count(n)))
            case .boolean:
                return .config(.assume(entry.name, .boolean(try c.bool(v))))
            case .timeOfDay:
                guard let ms = parseTimeOfDay(v.text) else {
                    throw FlowError(c.location(of: v), "\(entry.name) takes a time of day HH:MM from 00:00 to 23:59, e.g. 09:30, found '\(v.text)'")
                }
                return .config(.assume(entry.name, .timeOfDay(ms)))
            }
        case "restricted":
            return .config(.restricted(try c.bool(try c.word("true or false"))))
        case "locationServices":
            return .config(.locationServices(try c.onOff()))
        case "version":
            return .config(.version(try c.keyword(versions, what: "a format version")))
        case "appClip":
            return .config(.appClip(try c.bool(try c.word("true or false"))))
        case "widget":
            return .config(.widget(try c.bool(try c.word("true or false"))))
        case "app", "user", "system", "device": return .step(try parseStep(head, &c))
        case "wait":
            let t = try c.word("a duration such as 5s, 10m or 1h30m")
            guard let ms = parseDuration(t.text) else {
                if let long = tooLongDuration(t.text) { throw FlowError(c.location(of: t), long) }
                if Int(t.text) != nil {
                    throw FlowError(c.location(of: t), "a duration needs a unit: write \(t.text)s, \(t.text)m or \(t.text)ms")
                }
                throw FlowError(c.location(of: t), "expected a duration such as 5s, 250ms or 1h30m, found '\(excerpt(t.text))'")
            }
            return .step(.wait(ms))
        default:
            return .expect(try parseExpect(&c))
        }
    }

    /// The error for a word the vocabulary lists and the parser cannot read: it names the word
    /// and the function, where a `default:` would have read it as another word's arguments.
    static func noBranch(_ word: String, _ verb: String, _ function: String, fix: String, at location: SourceLocation?) -> FlowError {
        FlowError(location, "'\(word)' is \(verb) in FlowVocabulary that FlowParser.\(function) cannot read (\(fix))")
    }

    /// The words after each verb, listed once (`Group.names` makes a new list each time).
    static let stepGroups: [String: (names: [String], group: FlowVocabulary.Group)] = Dictionary(uniqueKeysWithValues:
        FlowVocabulary.verbs.map { ($0.head, ($0.names, $0)) })

    /// What an error calls the words after each verb.
    static let stepWords: [String: String] = ["app": "an app call", "user": "a user action", "system": "a system action", "device": "a device action"]

    /// A step after its verb, read as its kind's catalogue entry says (`EventCatalogue.entry`):
    /// the word, then its arguments. Only the kinds whose arguments are several words
    /// (`.own`) have a branch of their own, in `parseOwn`.
    static func parseStep(_ verb: String, _ c: inout Cursor) throws(FlowError) -> Event {
        let what = stepWords[verb] ?? "a step"
        let group = stepGroups[verb]
        let at = c.peek().map { c.location(of: $0) }
        let word = try c.keyword(group?.names ?? [], what: what, listing: group?.group)
        func unreadable() -> FlowError { noBranch(word, what, "parseStep", fix: "give its EventCatalogue entry its arguments", at: at) }
        guard let kind = EventCatalogue.kind(verb: verb, word: word) else { throw unreadable() }
        let entry = EventCatalogue.entry(kind)
        switch entry.arguments {
        case .none:
            guard let event = entry.samples.first else { throw unreadable() }
            return event
        case .flag(let words, let make):
            switch words {
            case .trueFalse: return make(try c.bool(try c.word("true or false")))
            case .onOff: return make(try c.onOff())
            case .startStop: return make(try c.keyword(["start", "stop"], what: "start or stop") == "start")
            }
        case .name(_, let what, let make): return make(try c.word(what).text)
        case .choice(let values, let what, let make): return make(try c.keyword(values, what: what))
        case .own: return try parseOwn(kind, word, what, &c, at: at)
        case .under, .unwritten: throw unreadable()
        }
    }

    /// The steps whose words after the verb are several (`EventArguments.own`).
    static func parseOwn(_ kind: EventKind, _ word: String, _ what: String, _ c: inout Cursor, at: SourceLocation?) throws(FlowError) -> Event {
        switch kind {
        case .session:
            let id = try c.word("a session ID").text
            let goal = try c.keyword(SessionGoal.allCases.map(\.rawValue), what: "a session goal")
            var key: String?
            if c.peek() != nil {
                _ = try c.keyword(["fullAccuracy"], what: "'fullAccuracy KEY' or the end of the line")
                key = try c.word("a full-accuracy purpose key").text
            }
            return .app(.session(id: Name(id), goal: SessionGoal(rawValue: goal)!, fullAccuracyKey: key.map { Name($0) }))
        case .monitor:
            let w = try c.keyword(["start", "stop", "add"], what: "start, stop or add")
            if w == "add" { return .app(.monitorAdd(try c.word("a condition ID").text)) }
            return .app(.monitor(w == "start"))
        case .settings:
            let choices = SettingsChoice.allCases.filter { $0 != .unlisted }.map(\.rawValue)
            let w = try c.keyword(choices + ["precise", "locationServices", "reset"], what: "a Settings choice")
            switch w {
            case "precise": return .user(.settingsPrecise(try c.onOff()))
            case "locationServices": return .user(.settingsLocationServices(try c.onOff()))
            case "reset": return .user(.settingsReset)
            default: return .user(.settings(SettingsChoice(rawValue: w)!))
            }
        // A kind the catalogue says is read here without a branch: the error names it (and
        // EventCatalogueTests, which reads every sample back, names it first).
        default: throw noBranch(word, what, "parseOwn", fix: "add its case there", at: at)
        }
    }

    static func parseExpect(_ c: inout Cursor) throws(FlowError) -> Expectation {
        let what = try c.keyword(expectations, what: "something to expect", listing: FlowVocabulary.expect)
        switch what {
        case "status":
            return .status(AuthorizationStatus(rawValue: try c.keyword(AuthorizationStatus.allCases.map(\.rawValue), what: "a status"))!)
        case "accuracy":
            return .accuracy(AccuracyAuthorization(rawValue: try c.keyword(AccuracyAuthorization.allCases.map(\.rawValue), what: "an accuracy"))!)
        case "locationServicesEnabled": return .locationServicesEnabled(try c.bool(try c.word("true or false")))
        case "settings":
            let w = try c.keyword(SettingsChoice.allCases.map(\.rawValue) + ["precise", "options"], what: "a Settings choice")
            if w == "precise" { return .settingsPrecise(try c.onOff()) }
            if w == "options" {
                var out: [SettingsChoice] = []
                while c.peek() != nil {
                    let o = try c.keyword(SettingsChoice.allCases.filter { $0 != .unlisted }.map(\.rawValue), what: "a Settings option")
                    out.append(SettingsChoice(rawValue: o)!)
                }
                return .settingsOptions(out)
            }
            return .settings(SettingsChoice(rawValue: w)!)
        case "prompt":
            let k = try c.keyword(["none"] + PromptKind.allCases.map(\.rawValue), what: "a prompt kind")
            return .prompt(PromptKind(rawValue: k))
        case "buttons":
            var labels: [String] = []
            while let t = c.peek() {
                c.i += 1
                guard t.quoted else { throw FlowError(c.location(of: t), "button labels are quoted: \"\(excerpt(t.text))\"") }
                labels.append(t.text)
            }
            return .buttons(labels)
        case "lifecycle":
            return .lifecycle(Lifecycle(rawValue: try c.keyword(Lifecycle.allCases.map(\.rawValue), what: "a lifecycle state"))!)
        case "inUse": return .inUse(try c.bool(try c.word("true or false")))
        case "callbacks":
            let t = try c.word("a count")
            guard let n = try count(t, c) else { throw FlowError(c.location(of: t), "expected a count (a whole number), found '\(excerpt(t.text))'") }
            return .callbacks(n)
        case "callback":
            let s = AuthorizationStatus(rawValue: try c.keyword(AuthorizationStatus.allCases.map(\.rawValue), what: "a status"))!
            var a: AccuracyAuthorization?
            if c.peek() != nil {
                a = AccuracyAuthorization(rawValue: try c.keyword(AccuracyAuthorization.allCases.map(\.rawValue), what: "an accuracy"))
            }
            return .callback(s, a)
        case "completion":
            return .completion(CompletionResult(rawValue: try c.keyword(CompletionResult.allCases.map(\.rawValue), what: "a completion result"))!)
        case "error":
            return .error(LocationError(rawValue: try c.keyword(LocationError.allCases.map(\.rawValue), what: "an error"))!)
        case "indicator": return .indicator(try c.onOff())
        case "delivering":
            let s = DeliverySource(rawValue: try c.keyword(DeliverySource.allCases.map(\.rawValue), what: "a source"))!
            return .delivering(s, try c.bool(try c.word("true or false")))
        case "diagnostic":
            let source = try c.word("a diagnostics source: a session ID, liveUpdates, monitor or backgroundActivity").text
            let d = try diagnosticProperty(&c)
            return .diagnostic(source: source, d, try c.bool(try c.word("true or false")))
        case "diagnostics":
            let source = try c.word("a diagnostics source: a session ID, liveUpdates, monitor or backgroundActivity").text
            var out: [Diagnostic] = []
            if c.peek()?.text == "none" { c.i += 1; return .diagnostics(source: source, []) }
            while c.peek() != nil {
                out.append(try diagnosticProperty(&c))
            }
            if out.isEmpty { throw c.expectedAtEnd("diagnostic property names, or none") }
            return .diagnostics(source: source, out)
        case "session":
            let id = try c.word("a session ID").text
            return .session(id, SessionState(rawValue: try c.keyword(SessionState.allCases.map(\.rawValue), what: "a session state"))!)
        case "refused": return .refused
        case "title": return .title(try c.word("a quoted title").text)
        case "fix":
            let k = try c.keyword(["none"] + FixKind.allCases.map(\.rawValue), what: "a fix kind")
            return .fix(FixKind(rawValue: k))
        case "fixes":
            let t = try c.word("a count")
            guard let n = try count(t, c) else { throw FlowError(c.location(of: t), "expected a count (a whole number), found '\(excerpt(t.text))'") }
            return .fixes(n)
        case "paused": return .paused(try c.bool(try c.word("true or false")))
        case "widgetUpdates": return .widgetUpdates(try c.bool(try c.word("true or false")))
        case "controlCenter":
            return .controlCenter(ControlCenterListing(rawValue: try c.keyword(ControlCenterListing.allCases.map(\.rawValue), what: "a Control Center listing"))!)
        default: return .message(try c.word("a quoted message").text)
        }
    }
}

/// Parses a time of day `HH:MM` (00:00-23:59) into milliseconds after midnight.
func parseTimeOfDay(_ text: String) -> Millis? {
    let parts = text.split(separator: ":", omittingEmptySubsequences: false)
    guard parts.count == 2, parts[0].count == 2, parts[1].count == 2,
          parts[0].allSatisfy({ $0.isASCII && $0.isNumber }), parts[1].allSatisfy({ $0.isASCII && $0.isNumber }),
          let h = Int(parts[0]), let m = Int(parts[1]), h < 24, m < 60 else { return nil }
    return (h * 60 + m) * 60_000
}

extension Statement {
    /// The `v11Word`s that are locflow extensions, not words of the contract's version 1.1
    /// (docs/flow-format.md §8, marked *extension* there): a `version 1` file cannot use them either.
    /// The assumptions among them are `Assumptions.catalogue`'s `v1_1Extension`s, the steps
    /// among them `EventCatalogue`'s.
    public static let v11Extensions: Set<String> = Set([
        "expect controlCenter", "expect prompt widget", "expect delivering regions", "expect diagnostic isStationary"])
        .union(Assumptions.catalogue.filter { $0.since == .v1_1Extension }.map { "assume \($0.name)" })
        .union(EventCatalogue.entries.compactMap { e in e.entry.since == .v1_1Extension ? e.entry.word.map { "\(e.entry.verb) \($0)" } : nil })

    /// The word that makes this a version 1.1 statement (docs/flow-format.md §8), or nil for a version 1 statement.
    public var v11Word: String? {
        switch self {
        case .config(let c):
            switch c {
            case .appClip: return "appClip"
            case .widget: return "widget"
            case .assume(let name, _):
                // The catalogue says which format version introduced the assumption.
                guard let entry = Assumptions.entry(named: name), entry.since != .v1 else { return nil }
                return "assume \(name)"
            default: return nil
            }
        case .step(let e):
            // The catalogue says which format version brought the kind (a kind read under
            // another's word, `monitor add`, is that word's).
            let entry = EventCatalogue.entry(e.kind)
            guard entry.since != .v1, let word = entry.word else { return nil }
            return entry.verb + " " + word
        case .expect(let x):
            switch x {
            case .fix: return "expect fix"
            case .fixes: return "expect fixes"
            case .paused: return "expect paused"
            case .widgetUpdates: return "expect widgetUpdates"
            case .controlCenter: return "expect controlCenter"
            case .prompt(.widget): return "expect prompt widget"
            case .error(.locationUnknown): return "expect error locationUnknown"
            case .delivering(let s, _) where s == .visits || s == .beacons || s == .beaconRegions || s == .regions: return "expect delivering \(s.rawValue)"
            default: return nil
            }
        }
    }
}
