import Testing
@testable import LocflowCore
@testable import LocflowFlow

func parseError(_ text: String) -> String {
    do {
        _ = try FlowParser.parse(text, file: "t.flow")
        return "no error"
    } catch {
        return error.description
    }
}

@Suite("Lexer and durations")
struct LexerTests {
    @Test func wordsQuotesEscapesAndComments() throws {
        let (tokens, comment) = try lexLine(#"user tap "Don\"t \\ \n" # a comment"#, lineNumber: 1, file: "f")
        #expect(tokens.map(\.text) == ["user", "tap", "Don\"t \\ \n"])
        #expect(tokens.map(\.column) == [1, 6, 10])
        #expect(tokens[2].quoted)
        #expect(comment == "a comment")
    }

    @Test func hashInsideQuotesIsText() throws {
        let (tokens, comment) = try lexLine(##"expect message "#1 app""##, lineNumber: 1, file: "f")
        #expect(tokens.last?.text == "#1 app")
        #expect(comment == nil)
    }

    /// A line's own text (what the trace, `shrink` and recordings quote) ends where its comment
    /// starts, not at a `#` inside a quoted string: `user tap "Allow #1"  # caption` was cut to
    /// `user tap "Allow`, and the flow `shrink` wrote did not parse (found by fuzzing).
    @Test func aLinesTextEndsAtItsCommentNotAtAHashInAString() throws {
        let flow = try FlowParser.parse("app requestWhenInUseAuthorization\nuser tap \"Allow #1\"  # the caption\nexpect message \"#\"\n", file: "f.flow")
        #expect(flow.lines.map(\.source) == ["app requestWhenInUseAuthorization", "user tap \"Allow #1\"", "expect message \"#\""])
        #expect(flow.lines[1].comment == "the caption")
        let (_, comment, statement) = try lexStatement(##"expect buttons "a # b"# c"##, lineNumber: 1, file: "f")
        #expect(statement == ##"expect buttons "a # b""## && comment == "c")
        // The fuzz finding: its shrunk flow is written and parses.
        let found = "expect buttons \"Allow O\u{FEFF}# \u{BB}\u{0}\"# iOS 2ai\nexpect buttons \"Allow Once\u{BB}\u{0}\"# iOS 26\n"
        var shrinker = Shrinker(flow: try FlowParser.parse(found, file: "c.flow"), baseDirectory: "/nonexistent-locflow")
        let outcome = try #require(try shrinker.shrink())
        _ = try FlowParser.parse(try shrinker.written(outcome, file: "short.flow", in: nil).text, file: "short.flow")
    }

    @Test(arguments: [("250ms", 250), ("5s", 5000), ("90s", 90_000), ("10m", 600_000), ("1h", 3_600_000),
                      ("1h30m", 5_400_000), ("2m5s", 125_000), ("1h2m3s4ms", 3_723_004)])
    func durations(_ text: String, _ ms: Int) {
        #expect(parseDuration(text) == ms)
    }

    @Test(arguments: ["5", "1.5s", "5s1m", "1m1m", "s", "5x", "", "1hh"])
    func badDurations(_ text: String) {
        #expect(parseDuration(text) == nil)
    }

    @Test func formatDurationRoundTrips() {
        for ms in [250, 5000, 125_000, 5_400_000, 3_723_004] {
            #expect(parseDuration(formatDuration(ms)) == ms)
        }
    }
}

@Suite("Parser error messages")
struct ParserErrorTests {
    @Test func typoSuggestsTheNearestWord() {
        // After a verb the valid words follow (VocabularyTests pins the whole list).
        #expect(parseError("app requestWhenInUse").hasPrefix(
                "t.flow:1:5: error: expected an app call, found 'requestWhenInUse' (did you mean 'requestWhenInUseAuthorization'?); the app calls are requestWhenInUseAuthorization, "))
        #expect(parseError("expct status denied") ==
                "t.flow:1:1: error: expected a statement, found 'expct' (did you mean 'expect'?)")
        #expect(parseError("expect status authorisedAlways") ==
                "t.flow:1:15: error: expected a status (notDetermined, restricted, denied, authorizedAlways, authorizedWhenInUse), found 'authorisedAlways' (did you mean 'authorizedAlways'?)")
    }

    /// What a reader cannot see is shown (a second BOM, a zero-width space, a no-break space), and
    /// typographic quotes pasted from a document are named as such.
    @Test func invisibleCharactersAndTypographicQuotesAreNamed() {
        #expect(parseError("\u{FEFF}\u{FEFF}app requestWhenInUseAuthorization\n") == "t.flow:1:1: error: expected a statement, found '\\u{FEFF}app' (did you mean 'app'?)")
        #expect(parseError("app\u{200B} requestWhenInUseAuthorization\n").contains("found 'app\\u{200B}'"))
        #expect(parseError("wait\u{A0}5s\n").contains("\\u{A0}"))
        #expect(parseError("user tap “Allow Once”\n") == "t.flow:1:17: error: unexpected 'Once”' after the end of the statement (“ ” ‘ ’ and ＂ are typographic quotes; a flow quotes with \")")
        // A space a Korean IME types, or an em space, is not the space a flow separates words with.
        #expect(parseError("expect\u{3000}status notDetermined\n").contains("found 'expect\\u{3000}status'"))
        #expect(parseError("expect\u{2003}status notDetermined\n").contains("\\u{2003}"))
        #expect(parseError("user tap ＂Allow Once＂\n").contains("typographic quotes"))
    }

    @Test func missingWordAtTheEndOfTheLine() {
        #expect(parseError("wait") == "t.flow:1:5: error: expected a duration such as 5s, 10m or 1h30m at the end of the line")
        #expect(parseError("user precise") == "t.flow:1:13: error: expected on or off (on, off) at the end of the line")
    }

    @Test func durationWithoutAUnit() {
        #expect(parseError("wait 5") == "t.flow:1:6: error: a duration needs a unit: write 5s, 5m or 5ms")
        #expect(parseError("assume suspendDelay 5") ==
                "t.flow:1:21: error: suspendDelay takes a duration with a unit (e.g. 5s), found the plain number 5")
    }

    @Test func countWhereACountBelongs() throws {
        let flow = try FlowParser.parse("assume monitorConditionLimit 20", file: "t.flow")
        #expect(flow.lines.first?.statement == .config(.assume("monitorConditionLimit", .count(20))))
    }

    @Test func configurationAfterAStep() {
        #expect(parseError("app requestWhenInUseAuthorization\nplatform ios14") ==
                "t.flow:2:1: error: configuration statement 'platform' after the first step (configuration goes before any step)")
    }

    @Test func unknownAssumption() {
        #expect(parseError("assume suspendDelays 5s") ==
                "t.flow:1:8: error: expected an assumption, found 'suspendDelays' (did you mean 'suspendDelay'?)")
    }

    @Test func trailingWords() {
        #expect(parseError("user background now") == "t.flow:1:17: error: unexpected 'now' after the end of the statement")
    }

    @Test func unclosedQuote() {
        #expect(parseError("user tap \"Allow Once") == "t.flow:1:10: error: a quoted string is not closed (missing \")")
    }

    @Test func badEscape() {
        #expect(parseError(#"user tap "a\tb""#) == #"t.flow:1:12: error: unknown escape \t (only \", \\, \n and \u{HEX} are allowed)"#)
    }

    @Test func buttonsMustBeQuoted() {
        #expect(parseError("expect buttons Allow") == "t.flow:1:16: error: button labels are quoted: \"Allow\"")
    }

    @Test func diagnosticOfAPropertyTheTypeLacks() {
        #expect(parseError("app liveUpdates start\nexpect diagnostic liveUpdates alwaysAuthorizationDenied true").hasPrefix(
            "t.flow:2:31: error: CLLocationUpdate has no property 'alwaysAuthorizationDenied'; it has authorizationDenied"))
        #expect(parseError("app session s none\nexpect diagnostics s stationary").hasPrefix(
            "t.flow:2:22: error: CLServiceSession.Diagnostic has no property 'stationary'"))
    }

    @Test func diagnosticOfAnUnknownSource() {
        #expect(parseError("app session nav always\nexpect diagnostic nva insufficientlyInUse true") ==
                "t.flow:2:19: error: no diagnostics source 'nva': no 'app session nva ...' comes before this line, and it is not liveUpdates, monitor or backgroundActivity (did you mean 'nav'?)")
    }

    @Test(arguments: [
        (#"user tap "Allow\"#, #"t.flow:1:16: error: a quoted string ends with a lone backslash"#),
        (#"user tap "Allow"x"#, "t.flow:1:17: error: expected a space after the closing quote"),
        (#"user tap Al"low"#, #"t.flow:1:12: error: a bare word cannot contain " (quote the whole word)"#),
        (#"key "CFBundleName" "x""#, "t.flow:1:5: error: a key name is a bare word"),
        ("assume allowOnceGrace soon", "t.flow:1:23: error: expected a duration such as 5s, 250ms or 1h30m, found 'soon'"),
        ("assume monitorConditionLimit many", "t.flow:1:30: error: monitorConditionLimit takes a count (a whole number), found 'many'"),
        ("assume ignoredAlwaysRequestUsesOneShot yes", "t.flow:1:40: error: expected true or false (true, false), found 'yes'"),
        ("wait soon", "t.flow:1:6: error: expected a duration such as 5s, 250ms or 1h30m, found 'soon'"),
        ("expect callbacks two", "t.flow:1:18: error: expected a count (a whole number), found 'two'"),
        ("app liveUpdates start\nexpect diagnostics liveUpdates", "t.flow:2:31: error: expected diagnostic property names, or none at the end of the line"),
        ("app session a always fullAccuracy", "t.flow:1:34: error: expected a full-accuracy purpose key at the end of the line"),
        ("app session a always precise Nav", "t.flow:1:22: error: expected 'fullAccuracy KEY' or the end of the line (fullAccuracy), found 'precise'"),
        ("platform ios19", "t.flow:1:10: error: expected a platform (ios12, ios13, ios13.4, ios14, ios15, ios16, ios17, ios18, ios26, ios27, visionos, macos26, watchos26), found 'ios19' (did you mean 'ios18'?)"),
    ])
    func everyOtherMessage(_ text: String, _ message: String) {
        #expect(parseError(text) == message)
    }

    @Test func anEmptyCommandLineSaysWhatItWants() {
        do { _ = try FlowParser.parseStatement("   ") } catch {
            #expect(error.description == "command:1:1: error: expected a statement")
        }
    }

    @Test func keyValues() throws {
        let flow = try FlowParser.parse("""
            key UIBackgroundModes location audio
            key NSLocationTemporaryUsageDescriptionDictionary.Nav "Turn-by-turn"
            key NSLocationDefaultAccuracyReduced true
            unset NSLocationAlwaysAndWhenInUseUsageDescription
            """, file: "t.flow")
        #expect(flow.lines.map(\.statement) == [
            .config(.key("UIBackgroundModes", .words(["location", "audio"]))),
            .config(.key("NSLocationTemporaryUsageDescriptionDictionary.Nav", .string("Turn-by-turn"))),
            .config(.key("NSLocationDefaultAccuracyReduced", .bool(true))),
            .config(.unset("NSLocationAlwaysAndWhenInUseUsageDescription")),
        ])
        #expect(parseError("key CFBundleDisplayName Trail") == "t.flow:1:25: error: expected a quoted string, true or false, found 'Trail'")
    }
}

@Suite("Parser and printer")
struct PrinterTests {
    static let everyStatement = """
        # A flow with every statement.
        platform ios17
        plist "Info.plist"
        strings ko.strings
        key UIBackgroundModes location
        key CFBundleDisplayName "Trail \\"X\\""
        unset NSWidgetWantsLocation
        assume allowOnceGrace 1m30s
        assume monitorConditionLimit 3
        assume ignoredAlwaysRequestUsesOneShot true
        restricted false
        locationServices off
        app requestWhenInUseAuthorization
        app requestAlwaysAuthorization
        app requestTemporaryFullAccuracyAuthorization Nav
        app startUpdatingLocation
        app stopUpdatingLocation
        app allowsBackgroundLocationUpdates true
        app startMonitoringSignificantLocationChanges
        app stopMonitoringSignificantLocationChanges
        app startMonitoringRegion office
        app stopMonitoringRegion office
        app session nav always fullAccuracy Nav
        app session base none
        app invalidate nav
        app liveUpdates start
        app liveUpdates stop
        app monitor start
        app monitor add home
        app monitor stop
        app backgroundActivity start
        app backgroundActivity stop
        user tap "Allow Once"
        user precise off
        user settings whileUsingOrWidgets
        user settings precise on
        user settings locationServices off
        user settings reset
        user background
        user foreground
        user forceQuit
        user locationButton
        system suspend
        system terminate
        system relaunch
        system reminder
        device move
        device stationary
        device noFix
        device fix
        device exitRegion office
        wait 1h30m
        expect status authorizedWhenInUse
        expect accuracy reducedAccuracy
        expect locationServicesEnabled false
        expect settings unlisted
        expect settings precise on
        expect settings options never askNextTime whileUsing always
        expect prompt none
        expect buttons "Allow Once" "Don't Allow"
        expect lifecycle suspended
        expect inUse false
        expect callbacks 3
        expect callback denied
        expect callback authorizedAlways fullAccuracy
        expect completion nil
        expect error denied
        expect indicator on
        expect delivering significantChanges true
        expect diagnostic liveUpdates stationary true
        expect diagnostics monitor none
        expect diagnostics base authorizationDenied serviceSessionRequired
        expect session nav lapsed
        expect refused
        expect title "Allow"
        expect message "path"
        """

    @Test func everyStatementParsesAndPrintsBack() throws {
        let flow = try FlowParser.parse(Self.everyStatement, file: "all.flow")
        #expect(flow.lines.count == 75)
        #expect(flow.description == ["A flow with every statement."])
        let reparsed = try FlowParser.parse(flow.text, file: "all.flow")
        #expect(reparsed.lines.map(\.statement) == flow.lines.map(\.statement))
    }

    @Test func commentsBecomeCaptions() throws {
        let flow = try FlowParser.parse("# what it shows\n\n# caption above\nuser background  # and beside\n", file: "t")
        #expect(flow.lines[0].comment == "caption above and beside")
        #expect(flow.lines[0].source == "user background")
    }

    @Test func singleStatementForTheCommandLine() throws {
        #expect(try FlowParser.parseStatement("wait 10s") == .step(.wait(10_000)))
    }
}
