import Foundation
import Testing
@testable import LocflowCore
@testable import LocflowFlow

@Suite("locflow map: the designer's flow map")
struct FlowMapTests {
    func config(_ platform: Platform) -> AppConfig {
        var b = ConfigBuilder(baseDirectory: ".")
        try? b.apply(.platform(platform), at: nil)
        return b.finish()
    }

    @Test func iOS18SampleAppStaysSmall() {
        let map = FlowMap(config: AppConfig())
        #expect(map.nodes.count == 17)
        #expect(map.edges.count < 80)
        let everything = FlowMap(config: AppConfig(), extras: [.precise, .locationServices, .time])
        #expect(everything.nodes.count < 80, "with every extra: \(everything.nodes.count) nodes")
        #expect(everything.mermaid.utf8.count < 50_000)
    }

    /// `--with sessions` (iOS 18): the prompts a CLServiceSession brings up by itself, each
    /// marked with the goal that asked; an `.always` session from notDetermined asks twice.
    @Test func sessionsShowWhatEachGoalAsks() throws {
        let map = FlowMap(config: AppConfig(), extras: [.time, .sessions])
        let plain = FlowMap(config: AppConfig())
        #expect(map.nodes.count > plain.nodes.count && map.nodes.count < 40, "\(map.nodes.count)")
        let always = try #require(map.edges.first { $0.from == 0 && $0.label == "CLServiceSession(authorization: .always)" })
        #expect(map.nodes[always.to].prompt == .whenInUse && map.nodes[always.to].origin == "CLServiceSession(.always) asked")
        let allow = try #require(map.edges.first { $0.from == always.to && $0.label == "tap “Allow While Using App”" })
        #expect(map.nodes[allow.to].prompt == .alwaysUpgrade && map.nodes[allow.to].origin == "CLServiceSession(.always) asked")
        #expect(map.edges.contains { $0.label == "CLServiceSession(authorization: .whenInUse, fullAccuracyPurposeKey: \"Nav\")" })
        // Once its prompts are answered the app lets the session go: the steps say so.
        let keep = try #require(map.edges.first { $0.from == allow.to && $0.label == "tap “Keep Only While Using”" })
        #expect(keep.steps.last == "app invalidate s", "\(keep.steps)")
        // Before iOS 18 there is no session to map.
        #expect(FlowMap(config: config(.ios17), extras: [.time, .sessions]).nodes.count == FlowMap(config: config(.ios17)).nodes.count)
    }

    @Test(arguments: Platform.allCases) func everyPlatformStaysSmall(_ p: Platform) {
        let map = FlowMap(config: config(p))
        #expect(map.nodes.count > 3 && map.nodes.count < 40, "\(p): \(map.nodes.count) nodes")
    }

    @Test func startsWithTheAppNotAskedAndShowsEachPromptWithItsButtons() throws {
        let map = FlowMap(config: AppConfig())
        let start = map.nodes[0]
        #expect(start.prompt == nil && start.settings == .unlisted && start.status == .notDetermined)
        let prompt = try #require(map.nodes.first { $0.prompt == .whenInUse })
        #expect(prompt.buttons == ["Allow Once", "Allow While Using App", "Don't Allow"])
        let out = map.edges.filter { $0.from == map.nodes.firstIndex(of: prompt)! }.map(\.label)
        #expect(out.contains("tap “Allow Once”") && out.contains("tap “Don't Allow”"))
    }

    @Test func provisionalAlwaysAndTheDeferredUpgradeAreOnTheMap() throws {
        let map = FlowMap(config: AppConfig())
        // Always asked from notDetermined, While Using picked: the app reads authorizedAlways, Settings says While Using.
        let provisional = try #require(map.nodes.firstIndex { $0.prompt == nil && $0.status == .authorizedAlways && $0.settings == .whileUsing })
        let upgrade = try #require(map.edges.first { $0.from == provisional && map.nodes[$0.to].prompt == .alwaysUpgrade })
        #expect(upgrade.kind == .time)
        #expect(map.nodes[upgrade.to].origin?.contains("provisional Always") == true)
        // The same when-in-use prompt, asked by the two requests, is two nodes: its answers differ.
        #expect(map.nodes.filter { $0.prompt == .whenInUse && $0.settings == .unlisted }.count == 2)
    }

    @Test func everyEdgeReplaysFromItsNodesFirstWorld() {
        // Each edge's steps are .flow statements that parse, and an edge is never a loop.
        let map = FlowMap(config: AppConfig())
        for e in map.edges {
            #expect(e.from != e.to)
            for step in e.steps { #expect((try? FlowParser.parseStatement(step, file: "map")) != nil, "\(step)") }
        }
        let pairs = map.edges.map { "\($0.from) \($0.label)" }
        #expect(Set(pairs).count == pairs.count, "one way out per label and node")
    }

    @Test(arguments: [Platform.ios12, .ios14, .ios18, .visionos]) func everyEdgeLeadsWhereItSays(_ p: Platform) {
        // Replaying the walk's path to an edge's node, then the edge's steps, shows the edge's target.
        let map = FlowMap(config: config(p), extras: [.precise, .time])
        for e in map.edges {
            var w = World(config: config(p))
            for step in map.paths[e.from] { _ = w.step(step) }
            #expect(FlowMap.node(w) == map.nodes[e.from])
            for step in e.steps {
                let event = try? FlowParser.parseStatement(step, file: "map")
                guard case .step(let event)? = event else { Issue.record("\(step) is not a step"); continue }
                #expect(w.refusal(for: event) == nil, "\(step)")
                _ = w.step(event)
            }
            #expect(FlowMap.node(w) == map.nodes[e.to], "\(p): \(e.label) from \(e.from) should show node \(e.to)")
        }
    }

    @Test func formatsAreDeterministicAndEscaped() {
        let a = FlowMap(config: AppConfig()), b = FlowMap(config: AppConfig())
        #expect(a.dot == b.dot && a.mermaid == b.mermaid && a.text == b.text)
        #expect(a.dot.hasPrefix("digraph flowmap {"))
        #expect(a.dot.contains("n0 -> n"))
        #expect(a.mermaid.contains("flowchart TD"))
        #expect(!a.mermaid.contains("\"Allow \""))  // quotes inside labels are entities
        #expect(FlowMap.mermaidString("a\"b<c>|d#") == "a#quot;b#lt;c#gt;#124;d#35;")
        #expect(FlowMap.dotString("a\"b\\c\nd") == "\"a\\\"b\\\\c\\nd\"")
    }

    @Test func aHostileAppNameIsEscapedInEveryFormat() {
        var config = AppConfig()
        config.info.displayName = "Evil\u{1B}[31m\u{202E}\"Name\"\\ <b>|#"
        let map = FlowMap(config: config)
        for text in [map.text, map.dot, map.mermaid] {
            #expect(!text.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x202E })
            #expect(text.contains("\\u{1B}"))
        }
        #expect(!map.mermaid.contains("<b>") && !map.mermaid.contains("\"Name"))
        #expect(map.dot.contains("\\\"Name\\\""))  // DOT: \" inside the quoted label
    }

    @Test func dotRendersWithGraphvizWhenInstalled() throws {
        let path = ["/usr/bin/dot", "/usr/local/bin/dot", "/opt/homebrew/bin/dot"].first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let path else { return }  // CI installs graphviz and runs `locflow map --format svg` too
        let p = Process()
        p.executableURL = URL(fileURLWithPath: path)
        p.arguments = ["-Tsvg", "-o", "/dev/null"]
        let input = Pipe()
        p.standardInput = input
        try p.run()
        input.fileHandleForWriting.write(Data(FlowMap(config: AppConfig(), extras: [.precise, .locationServices, .time]).dot.utf8))
        try input.fileHandleForWriting.close()
        p.waitUntilExit()
        #expect(p.terminationStatus == 0)
    }
}
