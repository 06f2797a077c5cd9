import Foundation
import Testing
@testable import LocflowCore
@testable import LocflowFlow

@Suite("locflow rules")
struct RulesCommandTests {
    func rulesOutput(_ names: [String] = [], _ format: Commands.RulesFormat) -> (code: Int32, out: [String], err: [String]) {
        var out: [String] = [], err: [String] = []
        let code = Commands.rules(names, format: format, io: CommandIO(out: { out.append($0) }, err: { err.append($0) }))
        return (code, out, err)
    }

    @Test func jsonIsOneObjectPerRuleWithSourcesThatLeadSomewhere() throws {
        let (code, lines, _) = rulesOutput([], .json)
        #expect(code == 0)
        #expect(lines.count == Rule.allCases.count)
        for line in lines {
            let parsed = try JSONSerialization.jsonObject(with: Data(line.utf8))
            let o = parsed as? [String: Any] ?? [:]
            #expect(parsed is [String: Any])
            let name = o["name"] as? String ?? ""
            #expect(Rule(name: name) != nil)
            #expect((o["text"] as? String)?.isEmpty == false)
            let inferred = o["inferred"] as? Bool
            #expect(inferred != nil)
            let sources = o["sources"] as? [[String: Any]] ?? []
            #expect(o["sources"] is [[String: Any]])
            for s in sources {
                #expect(s["id"] is String && s["title"] is String)
                #expect(s["url"] is String || s["url"] is NSNull)
            }
            if inferred == false {
                #expect(sources.contains { ($0["url"] as? String)?.hasPrefix("https://") == true }, "\(name) has no https source")
            }
        }
    }

    @Test func textNamesEveryRuleAndItsSourceAddresses() {
        let (_, lines, _) = rulesOutput(["allowOnce", "forceQuit"], .text)
        #expect(lines.first == "allowOnce  documented  [A S2; D S20]")
        #expect(lines.contains { $0.contains("S2  requestWhenInUseAuthorization() — https://developer.apple.com/") })
        #expect(lines.contains("forceQuit  assumed  [I]"))
        #expect(lines.last == "2 rules: 1 documented (Apple's pages, headers, talks), 0 reported (developers, Apple engineers on the forums), 1 assumed (locflow's assumptions)")
    }

    @Test func markdownEndsWithTheSourcesItCitedAsLinks() {
        let (_, out, _) = rulesOutput(["missingAlwaysKey"], .md)
        let md = out.joined(separator: "\n")
        #expect(md.contains("| `missingAlwaysKey` |"))
        #expect(md.contains("- **S15b** [NSLocationAlwaysUsageDescription](https://developer.apple.com/documentation/bundleresources/information-property-list/nslocationalwaysusagedescription)"))
        #expect(!md.contains("**S1** "))  // only what the listed rules cite
    }

    @Test func anUnknownNameIsAnErrorWithASuggestion() {
        let (code, out, err) = rulesOutput(["allowonce"], .text)
        #expect(code == 2)
        #expect(out.isEmpty)
        #expect(err == ["locflow rules: no rule 'allowonce' (did you mean 'allowOnce'?)"])
    }
}
