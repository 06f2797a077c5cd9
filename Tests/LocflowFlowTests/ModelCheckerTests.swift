import Glibc
import Foundation
import Testing
@testable import LocflowCore
@testable import LocflowFlow
@testable import LocflowExplore

/// What a world shows and what its next step does: the observations two merged worlds must share.
private struct Seen: Equatable {
    var observation: Observation
    var outputs: [Output]
    var rules: [Rule]
    var refusal: Rule?
    var timers: [String]

    init(before: World, after: World, transitions: [Transition]) {
        var o = Observation(after)
        // The latest outputs are history in the abstraction: what a step delivers is compared instead.
        if o.completion != .pending { o.completion = .none }
        // Where stopped updates were started is not read (bit 2: standardStartedInForeground).
        if o.services & 1 == 0 { o.services &= ~4 }
        observation = o
        outputs = transitions.flatMap(\.outputs)
        rules = transitions.flatMap { $0.why.map(\.rule) }
        refusal = transitions.first?.refusal?.rule
        timers = after.pendingTimers.map { "\($0.kind) \($0.due - after.now)" }
    }
}

/// Steps both worlds through the same random legal events; every step must look the same.
private func sameFuture(_ a: World, _ b: World, seed: UInt64, steps: Int = 40) -> String? {
    var walk = RandomWalk(config: a.config, seed: seed)
    walk.world = a
    var b = b
    for n in 0..<steps {
        let e = walk.nextEvent()
        let before = walk.world
        let ta = walk.world.step(e)
        let bBefore = b
        let tb = b.step(e)
        let sa = Seen(before: before, after: walk.world, transitions: ta)
        let sb = Seen(before: bBefore, after: b, transitions: tb)
        if sa != sb { return "step \(n + 1) (\(e.flowText)) differs:\n  \(sa)\n  \(sb)" }
        if walk.world.canonical() != b.canonical() { return "step \(n + 1) (\(e.flowText)): the canonical forms part" }
    }
    return nil
}

@Suite("explore: state identity")
struct StateIdentityTests {
    static let platforms: [Platform] = [.ios12, .ios14, .ios17, .ios18]

    @Test(arguments: platforms)
    func aWorldAndItsCanonicalFormHaveTheSameFuture(_ platform: Platform) {
        var config = AppConfig()
        config.platform = platform
        for seed in UInt64(1)...40 {
            var walk = RandomWalk(config: config, seed: seed &* 7919)
            walk.run(Int(seed % 23) + 5)
            let w = walk.world
            #expect(sameFuture(w, w.canonical(), seed: seed) == nil, "seed \(seed)")
        }
    }

    /// Random pairs of different worlds that the explorer merges (equal canonical forms) get the
    /// same observations from random continuations.
    @Test(arguments: platforms)
    func mergedWorldsHaveTheSameFuture(_ platform: Platform) {
        var config = AppConfig()
        config.platform = platform
        var firstSeen: [World: World] = [:]
        var merged = 0
        for seed in UInt64(1)...120 {
            var walk = RandomWalk(config: config, seed: seed)
            for _ in 0..<30 {
                walk.run(1)
                let w = walk.world
                let c = w.canonical()
                if let first = firstSeen[c] {
                    guard first != w, merged < 150 else { continue }
                    merged += 1
                    #expect(sameFuture(first, w, seed: seed &+ UInt64(merged)) == nil, "seed \(seed)")
                } else {
                    firstSeen[c] = w
                }
            }
        }
        #expect(merged >= 20, "only \(merged) merged pairs: the test would not test much")
    }

    /// Every number in the world (a time, a counter) is a declared field (World.fields), so the
    /// canonical form says how it counts.
    @Test func everyNumberInTheWorldIsClassified() throws {
        var config = AppConfig()
        config.platform = .ios18
        var w = World(config: config)
        for e: Event in [.app(.session(id: "a", goal: .whenInUse, fullAccuracyKey: nil)), .app(.liveUpdates(true)),
                         .app(.monitor(true)), .app(.backgroundActivity(true)), .app(.requestWhenInUseAuthorization)] {
            _ = w.step(e)
        }
        var paths: Set<String> = []
        func walk(_ value: Any, _ path: String) {
            let m = Mirror(reflecting: value)
            if value is Int { paths.insert(path); return }
            // The configuration (and its box, which holds what the reducer reads of it) never
            // changes in a search.
            for child in m.children where child.label != "config" && child.label != "configBox" {
                // `plain` (the world's block of plain fields), `lists` (its lists' reference) and a
                // `Time`'s `raw` are not in the paths.
                let name = child.label.map { ["some", "plain", "lists", "raw"].contains($0) ? "" : $0 } ?? ""
                walk(child.value, name.isEmpty ? path : path.isEmpty ? name : path + "." + name)
            }
        }
        walk(w, "")
        let known = Set(World.declaredFields.map { f in
            switch f.owner { case "World": f.name; case "ProcessState": "process." + f.name; default: "record." + f.name }
        })
        #expect(paths.contains("now") && paths.contains("launches"), "\(paths.sorted())")
        for p in paths.sorted() { #expect(known.contains(p), "World.\(p) is a number that canonicalize does not classify") }
    }

    @Test func timesAreRelativeAndCutOff() {
        var a = World(config: AppConfig())
        _ = a.step(.app(.requestWhenInUseAuthorization))
        _ = a.step(.user(.tap("Allow Once")))
        _ = a.step(.user(.background))
        var b = a
        _ = a.step(.wait(20_000))
        _ = b.step(.wait(25_000))
        // 20 s and 25 s after leaving: the Allow Once grant ends at different times.
        #expect(a.canonical() != b.canonical())
        var c = a, d = b
        _ = c.step(.wait(600_000))
        _ = d.step(.wait(600_000))
        // Past every constant: one state.
        #expect(c.canonical() == d.canonical())
    }
}

@Suite("explore: properties, coverage, outputs")
struct ModelCheckerTests {
    func explore(_ platform: Platform = .ios18, _ configure: (inout Commands.ExploreOptions) -> Void) -> (code: Int32, out: String, err: String) {
        var config = AppConfig()
        config.platform = platform
        var o = Commands.ExploreOptions()
        configure(&o)
        return capture { Commands.explore(config: config, configLines: ["platform \(platform.rawValue)"], options: o, io: $0) }
    }

    func flowAfter(_ marker: String, in text: String) -> String {
        let lines = text.components(separatedBy: "\n")
        guard let i = lines.firstIndex(where: { $0.hasPrefix(marker) }) else { return "" }
        return lines[(i + 1)...].prefix { !$0.hasPrefix("property") && !$0.hasPrefix("invariant") && !$0.hasPrefix("coverage") }
            .joined(separator: "\n")
    }

    /// The temporary full-accuracy action names the plist's own purpose key, or one no plist
    /// defines: never the sample app's "Nav" for a plist without purpose keys.
    @Test func theSearchNamesThePlistsOwnPurposeKey() {
        func keys(_ info: AppInfo) -> [String] {
            var config = AppConfig()
            config.info = info
            return StateSearch.defaultActions(config).compactMap {
                if case .app(.requestTemporaryFullAccuracyAuthorization(let key)) = $0 { key.string } else { nil }
            }
        }
        var none = AppInfo.sample
        none.temporaryUsageDescriptions = nil
        #expect(keys(none) == [AppInfo.noPurposeKey])
        var own = AppInfo.sample
        own.temporaryUsageDescriptions = ["Trails": "Precise trails.", "Maps": "Precise maps."]
        #expect(keys(own) == ["Maps"])
        #expect(keys(.sample) == ["Nav"])
    }

    @Test func theDefaultBoundsCompleteOnASmallPlatform() {
        let r = explore(.ios13) { _ in }
        #expect(r.code == 0)
        #expect(r.out.contains("complete"), "\(r.out)")
        #expect(r.out.contains("every invariant holds in every state\n"))
    }

    /// The issue's bound of 200 bytes a stored state holds for a small space too: the table
    /// starts small and doubles (it used to start at 65,536 slots, 1,547 bytes a state for ios12).
    @Test(arguments: [Platform.ios12, .ios13, .visionos])
    func aStoredStateTakesFewBytesWhateverTheSpaceSize(_ platform: Platform) {
        var config = AppConfig()
        config.platform = platform
        var search = StateSearch(config: config, bounds: { var b = StateSearch.Bounds(); b.threads = 1; return b }())
        search.run()
        #expect(search.exhausted)
        #expect(search.storedBytes / search.count <= 200, "\(search.storedBytes / search.count) bytes a state, \(search.count) states")
    }

    @Test func neverGivesTheShortestRunnableFlow() throws {
        let r = explore(.ios14) { try! $0.properties.append(Property.parse(option: "--never", "status=authorizedAlways settings=whileUsing")) }
        #expect(r.code == 1)
        #expect(r.out.contains("property broken: --never \"status=authorizedAlways settings=whileUsing\": reached in 2 steps"), "\(r.out)")
        let flow = flowAfter("property broken", in: r.out)
        #expect(flow.contains("app requestAlwaysAuthorization\nuser tap \"Allow While Using App\"\nexpect status authorizedAlways\nexpect settings whileUsing"), "\(flow)")
        let s = Scratch()
        let check = capture { Commands.check([s.write("never.flow", flow + "\n")], quiet: true, io: $0) }
        #expect(check.code == 0, "\(check.out)")
    }

    @Test func reachableFailsWhenNothingReachesIt() {
        let ok = explore(.ios14) { try! $0.properties.append(Property.parse(option: "--reachable", "prompt=temporaryFullAccuracy")) }
        #expect(ok.code == 0 && ok.out.contains("property holds: --reachable"), "\(ok.out)")
        let no = explore(.ios12) { try! $0.properties.append(Property.parse(option: "--reachable", "status=restricted")) }
        #expect(no.code == 1 && no.out.contains("no state found has status=restricted"), "\(no.out)")
        // What could still find it: the groups the search left out (the iOS 13 deferred prompt
        // needs the device and significant changes), or a deeper search.
        let deferred = explore(.ios13) { try! $0.properties.append(Property.parse(option: "--reachable", "prompt=alwaysUpgrade")) }
        #expect(deferred.out.contains("no state found has prompt=alwaysUpgrade (under the default actions: --actions all adds updates, significant, regions, device,"), "\(deferred.out)")
        #expect(!deferred.out.contains("liveUpdates") && !deferred.out.contains("widgets"), "iOS 13 has no such API, the app no widget: \(deferred.out)")
        let found = explore(.ios13) {
            $0.families = StateSearch.defaultFamilies.union([.significant, .device])
            $0.depth = 5
            try! $0.properties.append(Property.parse(option: "--reachable", "prompt=alwaysUpgrade"))
        }
        #expect(found.code == 0 && found.out.contains("property holds"), "\(found.out)")
        let shallow = explore(.ios13) { $0.depth = 1; $0.families = Set(StateSearch.Family.allCases); try! $0.properties.append(Property.parse(option: "--reachable", "prompt=alwaysUpgrade")) }
        #expect(shallow.out.contains("(widen --depth)"), "\(shallow.out)")
        let capped = explore(.ios13) { $0.maxStates = 100; try! $0.properties.append(Property.parse(option: "--reachable", "prompt=alwaysUpgrade")) }
        #expect(capped.out.contains("(raise --max-states; under the default actions"), "\(capped.out)")
    }

    @Test func leadsToFindsARegionWithNoWayOut() throws {
        // Without Settings, a denial is forever.
        let r = explore(.ios13) {
            $0.families = [.requests, .prompts, .lifecycle]
            try! $0.properties.append(Property.parse(option: "--leads-to", "status=denied => status=authorizedWhenInUse"))
        }
        #expect(r.code == 1, "\(r.out)")
        let flow = flowAfter("property broken: --leads-to", in: r.out)
        #expect(flow.contains("user tap \"Don't Allow\""), "\(flow)")
        // With Settings the person can always change it.
        let ok = explore(.ios13) { try! $0.properties.append(Property.parse(option: "--leads-to", "status=denied => status=authorizedWhenInUse")) }
        #expect(ok.code == 0 && ok.out.contains("property holds: --leads-to"), "\(ok.out)")
    }

    @Test func propertyErrors() {
        #expect(throws: FlowError.self) { try Property.parse(option: "--leads-to", "status=denied") }
        #expect(throws: FlowError.self) { try Property.parse(option: "--never", "staus=denied") }
        let c = try! StateCondition.parse("status!=denied")
        #expect(c.first!.negated && !c.holds(World(config: AppConfig())) == false)
    }

    @Test func coverageListsRulesAndActions() {
        let r = explore(.ios13) { $0.coverage = true }
        #expect(r.out.contains("coverage: "))
        #expect(r.out.contains("  rules that fired: launchByPerson"))
        #expect(r.out.contains("  rules that never fired ("))
        // iOS 13 has no temporary full accuracy: its rule never fires; the prompt's precise switch is no action there.
        #expect(r.out.contains("temporaryFullAccuracyGranted"))
        #expect(r.out.contains("  actions never enabled ("))
    }

    @Test func graphFormatsRefuseWhatNoRendererDraws() {
        let r = explore(.ios18) { $0.format = .dot }
        #expect(r.code == 2)
        #expect(r.err.contains("locflow map") && r.err.contains("--depth") && r.err.contains("--format json"), "\(r.err)")
        let m = explore(.ios18) { $0.format = .mermaid; $0.depth = 3 }
        #expect(m.code == 2 && m.err.contains("Mermaid"), "\(m.err)")
        let small = explore(.ios12) { $0.format = .dot; $0.depth = 2 }
        #expect(small.code == 0 && small.out.hasPrefix("digraph"))
    }

    /// Nothing found: the group that starts what the condition is about is named first (it listed
    /// every group left out).
    @Test func pathsNamesTheGroupTheConditionNeeds() {
        var config = AppConfig()
        config.platform = .ios14
        let r = capture { Commands.paths(config: config, configLines: [], to: "delivering.regions=true", max: 1, bounds: StateSearch.Bounds(), directory: nil, io: $0) }
        #expect(r.code == 1 && r.out.contains("; --actions default,regions adds what delivering.regions needs; "), "\(r.out)")
    }

    /// `paths -o DIR`: a regular file named as the folder is refused in words (not Foundation's),
    /// and each path file follows the rules of every -o (a pipe in its place is refused).
    @Test func pathsRefusesAFileForAFolderAndAPipeForAPathFile() throws {
        let s = Scratch()
        var config = AppConfig()
        config.platform = .ios14
        let file = s.write("f.flow", "# not a folder\n")
        let notFolder = capture { Commands.paths(config: config, configLines: [], to: "status=denied", max: 1, bounds: StateSearch.Bounds(depth: 3), directory: file, io: $0) }
        #expect(notFolder.code == 2 && notFolder.err.contains("f.flow: is not a folder"), "\(notFolder.err)")
        let dir = s.dir + "/out"
        #expect(mkdir(dir, 0o755) == 0 && mkfifo(dir + "/path-01.flow", 0o644) == 0)
        let pipe = capture { Commands.paths(config: config, configLines: [], to: "status=denied", max: 1, bounds: StateSearch.Bounds(depth: 3), directory: dir, io: $0) }
        #expect(pipe.code == 2 && pipe.err.contains("path-01.flow: is a pipe (FIFO)"), "\(pipe.err)")
    }

    @Test func pathsWritesOneRunnableFlowPerFile() throws {
        let s = Scratch()
        let dir = s.dir + "/paths"
        let r = capture { Commands.paths(config: AppConfig(), configLines: ["platform ios18"], to: "status=authorizedWhenInUse",
                                        max: 3, bounds: StateSearch.Bounds(depth: 3), directory: dir, io: $0) }
        #expect(r.code == 0, "\(r.err)")
        let files = try FileManager.default.contentsOfDirectory(atPath: dir).sorted()
        #expect(files == ["path-01.flow", "path-02.flow", "path-03.flow"])
        let check = capture { Commands.check([dir], quiet: true, io: $0) }
        #expect(check.code == 0 && check.out.contains("0 failed"), "\(check.out)")
        // stdout: one flow unless asked for more.
        let one = capture { Commands.paths(config: AppConfig(), configLines: ["platform ios18"], to: "status=authorizedWhenInUse",
                                          max: nil, bounds: StateSearch.Bounds(depth: 3), io: $0) }
        #expect(one.out.components(separatedBy: "# How the app ends up").count == 2)
    }

    /// `paths` stops once it has the shortest flows it was asked for: the same flows, in the same
    /// order, as a search of every state (`--count`), on any number of threads; only the count
    /// of all matching states is left out.
    @Test func pathsStopOnceTheShortestAreKnown() {
        func paths(_ count: Bool, threads: Int = 2) -> (code: Int32, out: String, err: String) {
            var bounds = StateSearch.Bounds(depth: 4)
            bounds.threads = threads
            return capture { Commands.paths(config: AppConfig(), configLines: ["platform ios14"], to: "status=authorizedAlways",
                                            max: 3, bounds: bounds, countAll: count, io: $0) }
        }
        let all = paths(true)
        #expect(all.code == 0 && all.out.contains("(path 1 of ") && all.out.contains("# ===== path 2 of "), "\(all.out)")
        // The flows with the total taken out of their titles.
        let unnumbered = all.out.replacingOccurrences(of: #" of [0-9,]+"#, with: "", options: .regularExpression)
        for threads in [1, 2, 3] {
            let first = paths(false, threads: threads)
            #expect(first.code == 0 && !first.out.contains(" of "), "\(first.out)")
            #expect(first.out == unnumbered, "\(first.out)\n---\n\(unnumbered)")
        }
        let s = Scratch()
        let stopped = capture { Commands.paths(config: AppConfig(), configLines: ["platform ios14"], to: "status=authorizedAlways",
                                               max: 2, bounds: StateSearch.Bounds(depth: 4), directory: s.dir + "/p", io: $0) }
        #expect(stopped.code == 0 && stopped.out.contains("the 2 shortest; each file runs with locflow check (the search stopped there: --count"),
                "\(stopped.out)")
        // Fewer states match than asked for: the search went through every state and knows the count.
        let few = capture { Commands.paths(config: AppConfig(), configLines: ["platform ios14"], to: "status=authorizedWhenInUse",
                                           max: 50, bounds: StateSearch.Bounds(depth: 2), io: $0) }
        #expect(few.code == 0 && few.out.contains("(path 1 of "), "\(few.out)")
        // Cut short by --max-states: the total counts the states searched, and says so.
        let capped = capture { Commands.paths(config: AppConfig(), configLines: ["platform ios14"], to: "status=authorizedWhenInUse",
                                              max: 100, bounds: StateSearch.Bounds(maxStates: 40), directory: s.dir + "/c", countAll: true, io: $0) }
        #expect(capped.code == 0 && capped.out.range(of: #"\n[0-9]+ of at least [0-9]+ matching states; each file runs with locflow check \(the search stopped at --max-states 40\)"#,
                                                     options: .regularExpression) != nil, "\(capped.out)")
        let one = capture { Commands.paths(config: AppConfig(), configLines: ["platform ios14"], to: "status=denied",
                                           max: 1, bounds: StateSearch.Bounds(depth: 2), io: $0) }
        #expect(one.out.contains("(path 1: 1 step; denied"), "\(one.out)")
    }

    /// `--stop-at-first` stops at the first broken invariant or `--never` with the same shortest
    /// flow as a whole search, on any number of threads; a `--never` that holds still needs
    /// every state, and `--reachable` properties all reached end the search.
    @Test func stopAtFirstGivesTheSameFlowSooner() {
        func states(_ out: String) -> Int { Int(out.prefix { $0 != " " }.filter { $0 != "," }) ?? -1 }
        let never = { (o: inout Commands.ExploreOptions) in
            try! o.properties.append(Property.parse(option: "--never", "status=authorizedAlways settings=whileUsing"))
        }
        let whole = explore(.ios14, never)
        let flow = flowAfter("property broken", in: whole.out)
        #expect(whole.code == 1 && flow.contains("app requestAlwaysAuthorization"), "\(whole.out)")
        for threads in [1, 3] {
            let early = explore(.ios14) { never(&$0); $0.stopAtFirst = true; $0.threads = threads }
            #expect(early.code == 1, "\(early.out)")
            #expect(early.out.contains("stopped once the answer was known (--stop-at-first)"), "\(early.out)")
            #expect(early.out.contains("every invariant holds in every state found"))
            #expect(early.out.contains("reached in 2 steps") && flowAfter("property broken", in: early.out) == flow, "\(early.out)")
            #expect(states(early.out) * 10 < states(whole.out), "\(early.out)")
        }
        // Nothing breaks it: every state is needed to say so.
        let holds = explore(.ios14) { try! $0.properties.append(Property.parse(option: "--never", "status=restricted")); $0.stopAtFirst = true }
        #expect(holds.code == 0 && holds.out.contains("complete") && holds.out.contains("property holds: --never"), "\(holds.out)")
        // Every --reachable reached: the verdict is known.
        let reach = explore(.ios14) {
            try! $0.properties.append(Property.parse(option: "--reachable", "status=denied"))
            try! $0.properties.append(Property.parse(option: "--reachable", "prompt=temporaryFullAccuracy"))
            $0.stopAtFirst = true
        }
        #expect(reach.code == 0 && reach.out.contains("--stop-at-first") && !reach.out.contains("complete"), "\(reach.out)")
        #expect(reach.out.components(separatedBy: "property holds: --reachable").count == 3, "\(reach.out)")
        // A --reachable the early stop left unanswered says how to answer it.
        let both = explore(.ios14) {
            never(&$0)
            try! $0.properties.append(Property.parse(option: "--reachable", "status=restricted"))
            $0.stopAtFirst = true
        }
        #expect(both.code == 1 && both.out.contains("no state found has status=restricted (run without --stop-at-first"), "\(both.out)")
    }
}

@Suite("shrink")
struct ShrinkTests {
    static let long = """
        # a long recording: Allow Once runs out while the app is away
        platform ios18
        app startUpdatingLocation
        user background
        wait 3s
        user foreground
        app requestWhenInUseAuthorization
        user precise off
        user tap "Allow Once"
        app liveUpdates start
        expect status authorizedWhenInUse
        user background
        wait 10s
        wait 20s
        user foreground
        app stopUpdatingLocation
        app session a whenInUse
        user background
        wait 30s
        wait 15s
        user foreground
        app liveUpdates stop
        user background
        wait 2m
        user foreground
        expect status authorizedWhenInUse
        """

    @Test func aLongFailingRecordingBecomesAShortOneThatFailsTheSameWay() throws {
        let s = Scratch()
        let path = s.write("long.flow", Self.long + "\n")
        let before = capture { Commands.check([path], quiet: true, io: $0) }
        #expect(before.code == 1 && before.out.contains("expected status authorizedWhenInUse, found notDetermined"), "\(before.out)")
        let out = s.dir + "/short.flow"
        let r = capture { Commands.shrink(path, output: out, io: $0) }
        #expect(r.code == 0, "\(r.err)")
        let text = try String(contentsOfFile: out, encoding: .utf8)
        let steps = text.split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.hasPrefix("platform") && !$0.hasPrefix("expect") && !$0.isEmpty }
        // Allow Once needs the prompt, the tap, leaving, and a wait past the grace: four or five steps.
        #expect(steps.count <= 5 && steps.count >= 4, "\(text)")
        #expect(text.contains("user tap \"Allow Once\"") && text.contains("user background"), "\(text)")
        let after = capture { Commands.check([out], quiet: true, io: $0) }
        #expect(after.code == 1 && after.out.contains("expected status authorizedWhenInUse, found notDetermined"), "\(after.out)")
        #expect(after.out.hasSuffix("0 passed, 1 failed\n"), "\(after.out)")
    }

    /// `-o` follows the rules of every other command's: the flow being shrunk, a pipe or a device
    /// is refused (a review found all three replaced by a regular file, /dev/null included), and
    /// a symbolic link is refused (the file behind it is not the one named).
    @Test func itsOutputNeverReplacesItsInputAPipeOrALink() throws {
        let s = Scratch()
        let path = s.write("fail.flow", "wait 1s\nexpect status denied\n")
        let original = try String(contentsOfFile: path, encoding: .utf8)
        let own = capture { Commands.shrink(path, output: path, io: $0) }
        #expect(own.code == 2 && own.err.contains("does not write over its own input"), "\(own.err)")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == original)
        let fifo = s.dir + "/pipe"
        #expect(mkfifo(fifo, 0o644) == 0)
        let pipe = capture { Commands.shrink(path, output: fifo, io: $0) }
        #expect(pipe.code == 2 && pipe.err.contains("pipe: is a pipe (FIFO)"), "\(pipe.err)")
        let target = s.write("target.flow", "# old\n")
        #expect(symlink(target, s.dir + "/link.flow") == 0)
        let link = capture { Commands.shrink(path, output: s.dir + "/link.flow", io: $0) }
        #expect(link.code == 2 && link.err.contains("link.flow: is a symbolic link; locflow never writes through a link"), "\(link.out)\(link.err)")
        var st = stat()
        #expect(lstat(s.dir + "/link.flow", &st) == 0 && st.st_mode & S_IFMT == S_IFLNK)
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "# old\n")
    }

    @Test func aPassingFlowHasNothingToShrink() {
        let s = Scratch()
        let path = s.write("ok.flow", "app requestWhenInUseAuthorization\nexpect prompt whenInUse\n")
        let r = capture { Commands.shrink(path, output: nil, io: $0) }
        #expect(r.code == 1 && r.err.contains("nothing to shrink"))
    }
}

@Suite("explore: threads")
struct ThreadTests {
    @Test func anyNumberOfThreadsFindsTheSameGraphAsOne() {
        var config = AppConfig()
        config.platform = .ios14
        func run(_ threads: Int) -> (Int, Int, Int, [Event], [String]) {
            var bounds = StateSearch.Bounds(depth: 6)
            bounds.threads = threads
            var s = StateSearch(config: config, bounds: bounds)
            var seen: [String] = []
            s.run(visit: { n, w in if n % 97 == 0 { seen.append("\(n) \(w.status) \(w.lifecycle)") } })
            return (s.count, s.transitions, s.depth, s.path(to: s.count - 1), seen)
        }
        let one = run(1)
        #expect(one.0 > 1000)
        for threads in [2, 3] {
            let other = run(threads)
            #expect(one.0 == other.0 && one.1 == other.1 && one.2 == other.2 && one.3 == other.3 && one.4 == other.4, "\(threads) threads")
        }
    }

    /// Parts of one world on three threads hand out the next level's worlds long before their
    /// level ends, and the workers look up in a visited set the merge is still filling: the
    /// graph is the same, edge for edge, as one thread's with whole parts, and so are the
    /// levels, under a depth bound too.
    @Test(arguments: [nil, 7])
    func partsHandedOutEarlyFindTheSameEdges(_ depth: Int?) {
        var config = AppConfig()
        config.platform = .ios14
        func run(_ part: Int, _ threads: Int, reserved: Bool = true) -> StateSearch {
            var bounds = StateSearch.Bounds(depth: depth)
            bounds.threads = threads
            bounds.partSize = part
            bounds.reserveLevels = reserved
            var s = StateSearch(config: config, bounds: bounds, keepEdges: true)
            s.run()
            return s
        }
        let one = run(64, 1)
        #expect(one.count > 1000 && one.exhausted == (depth == nil))
        // (Buffers that may move, as where the system refuses to reserve room: no part of a level
        // goes out before the level is merged.)
        for (part, threads, reserved) in [(1, 3, true), (5, 2, true), (64, 2, true), (2, 8, true), (3, 3, false)] {
            let other = run(part, threads, reserved: reserved)
            #expect(other.count == one.count && other.transitions == one.transitions && other.levelStarts == one.levelStarts
                    && other.exhausted == one.exhausted && other.peakFrontier == one.peakFrontier, "parts of \(part), \(threads) threads")
            #expect(other.edgeFrom == one.edgeFrom && other.edgeTo == one.edgeTo && other.edgeAction == one.edgeAction,
                    "parts of \(part), \(threads) threads")
        }
    }

    /// Cut short at its state bound, a search counts the steps tried before the cut, whatever
    /// the threads (a worker's counted steps are spread among the successors it lists).
    @Test func aSearchCutShortCountsTheSameStepsOnAnyThreads() {
        var config = AppConfig()
        config.platform = .ios18
        func run(_ threads: Int) -> (Int, Int, [Rule], [Bool]) {
            var bounds = StateSearch.Bounds(maxStates: 20_000, families: Set(StateSearch.Family.allCases))
            bounds.threads = threads
            var s = StateSearch(config: config, bounds: bounds)
            s.run()
            return (s.count, s.transitions, s.firedRules.rules, s.enabled)
        }
        let one = run(1)
        #expect(one.0 == 20_000)
        // A bound of one state is the start alone.
        var single = StateSearch(config: config, bounds: StateSearch.Bounds(maxStates: 1))
        single.run()
        #expect(single.count == 1 && single.transitions == 0 && single.truncated)
        for threads in [2, 3, 5, 8] {
            let other = run(threads)
            #expect(other.0 == one.0 && other.1 == one.1 && other.2 == one.2 && other.3 == one.3, "\(threads) threads")
        }
    }

    /// Nor on the size of the parts the workers expand: cut short, a search counts the rules
    /// and actions of the states it expanded up to the cut (found in review: the part holding
    /// the cut counted all of its states', so smaller parts reported fewer rules).
    @Test(arguments: [(Platform.ios14, 118), (.ios14, 862), (.ios18, 500), (.ios18, 5_000)])
    func aSearchCutShortCoversTheSameWhateverItsParts(_ platform: Platform, maxStates: Int) {
        var config = AppConfig()
        config.platform = platform
        func run(_ part: Int, _ threads: Int) -> ([Rule], [Bool], Int) {
            var bounds = StateSearch.Bounds(maxStates: maxStates, families: Set(StateSearch.Family.allCases))
            bounds.threads = threads
            bounds.partSize = part
            var s = StateSearch(config: config, bounds: bounds)
            s.run()
            #expect(s.truncated && s.count == maxStates)
            return (s.firedRules.rules, s.enabled, s.transitions)
        }
        let one = run(1, 1)
        for (part, threads) in [(7, 1), (64, 2), (256, 2), (3, 5)] {
            let other = run(part, threads)
            #expect(other.0 == one.0 && other.1 == one.1 && other.2 == one.2, "parts of \(part), \(threads) threads")
        }
    }

    /// A search cut short in the middle of a level reports the depth of the states it found
    /// there (found in review: they read one step shallower, "reached in 1 steps" above a
    /// flow of two), whatever the cut.
    @Test(arguments: [2, 20, 54, 55, 300, 1_000])
    func aSearchCutShortKnowsTheDepthOfEveryState(_ maxStates: Int) {
        var config = AppConfig()
        config.platform = .ios18
        var s = StateSearch(config: config, bounds: StateSearch.Bounds(maxStates: maxStates))
        s.run()
        #expect(s.truncated && s.count == maxStates)
        for state in 0..<s.count { #expect(s.depth(of: state) == s.path(to: state).count, "state \(state) of \(maxStates)") }
        #expect(s.depth == s.path(to: s.count - 1).count)
    }
}
