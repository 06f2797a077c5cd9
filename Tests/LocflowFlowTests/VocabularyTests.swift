import Foundation
import Testing
@testable import LocflowCore
@testable import LocflowFlow

/// Issue 34: `locflow help flow` prints every word of the language, read from the lists the
/// parser itself reads, and an unknown word after a verb lists the valid ones and the nearest.
@Suite("The words of the language")
struct VocabularyTests {
    /// Every word the parser accepts after each verb, and every configuration word, is in the help,
    /// as a statement written the way a flow writes it.
    @Test func everyWordTheParserAcceptsIsInTheHelp() {
        let help = FlowVocabulary.help
        let lines = help.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        func listed(_ statement: String) -> Bool {
            lines.contains { $0 == statement || $0.hasPrefix(statement + " ") }
        }
        for (head, words) in [("app", FlowParser.appCalls), ("user", FlowParser.userActions), ("system", FlowParser.systemActions),
                              ("device", FlowParser.deviceActions), ("expect", FlowParser.expectations)] {
            #expect(!words.isEmpty)
            for w in words { #expect(listed("\(head) \(w)"), "\(head) \(w) is not in locflow help flow") }
        }
        for w in FlowParser.statementKeywords where !["app", "user", "system", "device", "expect"].contains(w) {
            #expect(listed(w), "\(w) is not in locflow help flow")
        }
        // The first words are the configuration words, the five verbs and wait, each once.
        #expect(Set(FlowParser.statementKeywords) == FlowParser.configKeywords.union(["app", "user", "system", "device", "wait", "expect"]))
        #expect(FlowParser.statementKeywords.count == Set(FlowParser.statementKeywords).count)
    }

    /// Each word's example is a statement the parser reads, and reads as that word.
    @Test func everyExampleParsesAsItsWord() throws {
        for g in FlowVocabulary.groups {
            for w in g.words {
                let tokens = w.example.split(separator: " ").map(String.init)
                #expect(tokens.first == (g.head.isEmpty ? w.word : g.head), "\(w.example)")
                if !g.head.isEmpty { #expect(tokens.dropFirst().first == w.word, "\(w.example)") }
                #expect(throws: Never.self, "\(w.example)") { _ = try FlowParser.parseStatement(w.example) }
                // A step reads back as its own word, never as another word's arguments.
                if !g.head.isEmpty, case .step(let e)? = try? FlowParser.parseStatement(w.example) {
                    #expect(e.flowText.split(separator: " ").prefix(2).map(String.init) == [g.head, w.word],
                            "'\(w.example)' reads as '\(e.flowText)'")
                }
            }
        }
    }

    /// The help marks version 1.1's words as the parser's own version check decides them.
    @Test func theHelpMarksTheVersions() {
        let help = FlowVocabulary.help
        #expect(help.contains("app requestLocation                       ask for one location (or an error) (1.1)"))
        #expect(help.contains("device airplaneMode on|off                Airplane mode (the status reads denied while on) (1.1, extension)"))
        #expect(help.contains("app requestWhenInUseAuthorization         ask for when-in-use authorization\n"))
        #expect(help.contains("  app session ID none|whenInUse|always [fullAccuracy KEY]\n"))
    }

    /// The app calls as the catalogue lists them, which the error lists in full.
    static let appCallList = FlowVocabulary.app.names.joined(separator: ", ")

    @Test func theAppCallsAreTheCataloguesInItsOrder() {
        #expect(Self.appCallList.hasPrefix("requestWhenInUseAuthorization, requestAlwaysAuthorization, requestTemporaryFullAccuracyAuthorization, "
                                           + "startUpdatingLocation, stopUpdatingLocation, allowsBackgroundLocationUpdates, "))
        #expect(Self.appCallList.contains(", monitor, backgroundActivity, requestLocation, "))
        #expect(!Self.appCallList.contains("monitorAdd"))
    }

    /// The issue's own example: Apple's class name where the flow's word is shorter.
    @Test func anUnknownAppCallListsTheCallsAndTheNearest() {
        #expect(parseError("app backgroundActivitySession start") ==
                "t.flow:1:5: error: expected an app call, found 'backgroundActivitySession' (did you mean 'backgroundActivity'?); "
                + "the app calls are " + Self.appCallList + " (locflow help flow says what each means)")
        #expect(parseError("app requestWhenInUse") ==
                "t.flow:1:5: error: expected an app call, found 'requestWhenInUse' (did you mean 'requestWhenInUseAuthorization'?); "
                + "the app calls are " + Self.appCallList + " (locflow help flow says what each means)")
        // Nothing after the verb: the list all the same.
        #expect(parseError("app") == "t.flow:1:4: error: expected an app call at the end of the line; the app calls are "
                + Self.appCallList + " (locflow help flow says what each means)")
        // A word like none of them: no suggestion, a short excerpt, the list.
        #expect(parseError("app xyzzy") == "t.flow:1:5: error: expected an app call, found 'xyzzy'; the app calls are "
                + Self.appCallList + " (locflow help flow says what each means)")
    }

    @Test func anUnknownWordAfterEachVerbListsTheWordsAndTheNearest() {
        #expect(parseError("user tapp \"Allow Once\"") ==
                "t.flow:1:6: error: expected a user action (tap, precise, settings, background, foreground, forceQuit, locationButton, addWidget, removeWidget), found 'tapp' (did you mean 'tap'?)")
        #expect(parseError("system terminated") ==
                "t.flow:1:8: error: expected a system action (suspend, terminate, relaunch, reminder), found 'terminated' (did you mean 'terminate'?)")
        #expect(parseError("device moves") ==
                "t.flow:1:8: error: expected a device action (move, stationary, noFix, fix, exitRegion, visit, enterBeacon, exitBeacon, airplaneMode, restart), found 'moves' (did you mean 'move'?)")
        #expect(parseError("expect statuss authorizedAlways") ==
                "t.flow:1:8: error: expected something to expect, found 'statuss' (did you mean 'status'?); the expectations are "
                + FlowParser.expectations.joined(separator: ", ") + " (locflow help flow says what each means)")
        // Apple's name for what a flow calls a session: the word it holds.
        #expect(parseError("app CLServiceSession nav whenInUse").contains("found 'CLServiceSession' (did you mean 'session'?); the app calls are "))
    }

    /// The list and the suggestion come from the same lists Tab completion reads.
    @Test func everyVerbHasItsGroup() {
        for verb in ["app", "user", "system", "device", "expect"] {
            let g = FlowVocabulary.group(after: verb)
            #expect(g?.names.isEmpty == false, "\(verb)")
        }
        #expect(FlowVocabulary.group(after: "wait") == nil)
    }
}
