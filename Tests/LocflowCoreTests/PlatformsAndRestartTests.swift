import Testing
@testable import LocflowCore
import LocflowFlow

/// iOS 26 and 27, the device restart, and the evidence of each rule (issue 37, 2026-12).
@Suite struct PlatformsAndRestartTests {
    /// Every version switch of iOS 26 and 27 reads as iOS 18's: no authorization change is
    /// documented after June 2024. [A S216]
    @Test(arguments: [Platform.ios26, .ios27]) func newPlatformsReadAsIOS18(_ p: Platform) {
        let a = p.profile, b = Platform.ios18.profile
        let switches: [(String, (PlatformProfile) -> Bool)] = [
            ("legacyPrompts", \.legacyPrompts), ("hasAllowOnce", \.hasAllowOnce), ("immediateUpgrade", \.immediateUpgrade),
            ("hasAccuracy", \.hasAccuracy), ("modernButtonOrder", \.modernButtonOrder), ("hasLocationButton", \.hasLocationButton),
            ("hasLiveActivities", \.hasLiveActivities), ("listsAppsInControlCenter", \.listsAppsInControlCenter),
            ("hasModernAPIs", \.hasModernAPIs), ("hasServiceSessions", \.hasServiceSessions), ("hasAlways", \.hasAlways),
            ("isVisionOS", \.isVisionOS)]
        for (name, read) in switches { #expect(read(a) == read(b), "\(name)") }
        #expect(a.callbackName == b.callbackName && a.privacyMenu == b.privacyMenu && a.askNextTimeLabel == b.askNextTimeLabel)
        #expect(p.displayName == (p == .ios26 ? "iOS 26" : "iOS 27"))
    }

    /// Each platform's page: every source it cites is in the table with an address, and what is
    /// carried over with no source is named an assumption (iOS 26 and 27 say so).
    @Test(arguments: Platform.allCases) func everyPlatformHasAPageWithSources(_ p: Platform) {
        #expect(!p.notes.isEmpty)
        for n in p.notes {
            for id in Source.ids(inTag: n.tag) { #expect(Source.byID[id]?.url != nil, "\(p.rawValue): \(id)") }
            if n.kind != .assumed { #expect(!n.sources.isEmpty, "\(p.rawValue): \(n.text)") }
        }
        if p == .ios26 || p == .ios27 {
            #expect(p.notes.contains { $0.kind == .assumed && $0.tag == "I" })
            #expect(p.notes.contains { $0.kind == .reported && $0.tag.contains("S222") })
        }
    }

    /// The same flow of events gives the same worlds on iOS 18, 26 and 27.
    @Test func sameStepsSameWorldsOnIOS18And26And27() {
        let events: [Event] = [.app(.session(id: "bg", goal: .always, fullAccuracyKey: nil)), .user(.tap("Allow While Using App")),
                               .user(.tap("Change to Always Allow")), .app(.liveUpdates(true)), .user(.background), .wait(60_000),
                               .system(.terminate), .device(.restart), .user(.foreground)]
        var worlds: [[String]] = []
        for p in [Platform.ios18, .ios26, .ios27] {
            var s = Sim(p)
            var seen: [String] = []
            for e in events {
                s.do(e)
                seen.append("\(s.world.status) \(s.world.lifecycle) \(s.world.sessions.map(\.state)) \(Sim.rules(s.world.step(.wait(0))))")
            }
            worlds.append(seen)
        }
        #expect(worlds[0] == worlds[1] && worlds[1] == worlds[2])
    }

    @Test func restartEndsTheProcessAndAllowOnce() {
        var s = Sim()
        s.do(.app(.requestWhenInUseAuthorization))
        s.tap("Allow Once")
        s.do(.app(.startUpdatingLocation))
        let rules = Sim.rules(s.do(.device(.restart)))
        #expect(rules.first == .deviceRestart && rules.contains(.allowOnceEndsWithProcess))
        #expect(s.world.lifecycle == .terminated && s.status == .notDetermined)
    }

    @Test func restartEndsKeptSessionsAndStreams() {
        var s = Sim()
        s.do(.app(.requestWhenInUseAuthorization))
        s.tap("Allow While Using App")
        s.do(.app(.session(id: "nav", goal: .whenInUse, fullAccuracyKey: nil)), .app(.backgroundActivity(true)),
             .app(.liveUpdates(true)), .system(.terminate))
        #expect(s.world.keptBackgroundActivity && s.world.session("nav")?.state == .active)
        let rules = Sim.rules(s.do(.device(.restart)))
        #expect(rules.contains(.restartEndsSessions))
        #expect(!s.world.keptBackgroundActivity && !s.world.keptLiveUpdates && !s.world.keptMonitor)
        #expect(s.world.session("nav")?.state == .lapsed && s.world.relaunchWindowEndsAt == nil)
        s.do(.user(.foreground))
        #expect(s.world.relaunchWindowEndsAt == nil)  // nothing kept: no relaunch window opens
    }

    /// Monitoring persists across the restart: the next region or significant-change event
    /// relaunches an Always app. [D S225, S226, S227]
    @Test func restartKeepsMonitoringAndTheNextEventRelaunches() {
        var s = Sim()
        s.do(.app(.requestAlwaysAuthorization))
        s.tap("Allow While Using App")
        s.do(.user(.settings(.always)), .user(.foreground), .app(.startMonitoringRegion("office")),
             .app(.startMonitoringSignificantLocationChanges))
        let rules = Sim.rules(s.do(.device(.restart)))
        #expect(rules.contains(.restartKeepsMonitoring) && s.world.significantChanges && s.world.regions == ["office"])
        #expect(s.status == .authorizedAlways && s.world.lifecycle == .terminated)
        let relaunch = Sim.rules(s.do(.device(.exitRegion("office"))))
        #expect(relaunch.contains(.eventRelaunches) && s.world.lifecycle == .background)
    }

    /// With forceQuitBlocksRelaunch, a restart lifts the block ("until reopened/rebooted"). [D S222]
    @Test func restartLiftsTheForceQuitBlock() {
        var s = Sim(.ios26) { $0.assumptions.forceQuitBlocksRelaunch = true }
        s.do(.app(.requestAlwaysAuthorization))
        s.tap("Allow While Using App")
        s.do(.user(.settings(.always)), .user(.foreground), .app(.startMonitoringRegion("office")), .user(.forceQuit))
        #expect(Sim.rules(s.do(.device(.exitRegion("office")))).contains(.forceQuitBlocksRelaunch))
        #expect(Sim.rules(s.do(.device(.restart))).contains(.restartLiftsForceQuit))
        s.do(.device(.exitRegion("office")))
        #expect(s.world.lifecycle == .background)
    }

    /// The screen starts empty: even the system's own prompts (the reminder) go.
    @Test func restartClearsEveryPrompt() {
        var s = Sim()
        s.do(.app(.requestAlwaysAuthorization))
        s.tap("Allow While Using App")
        s.do(.user(.settings(.always)), .user(.foreground), .user(.background), .system(.reminder))
        #expect(s.world.prompt != nil || !s.world.promptQueue.isEmpty)
        s.do(.device(.restart))
        #expect(s.world.prompt == nil && s.world.promptQueue.isEmpty && s.world.promptShownAt == nil)
    }

    /// A kept background activity session relaunches a when-in-use app only under the assumption
    /// backgroundActivityRelaunchesWhenInUse (on); off, only with Always (the authorization
    /// page's table: When In Use does not launch a terminated app). [A S18, S13]
    @Test(arguments: [true, false]) func keptBackgroundActivityRelaunchesWhenInUseUnderTheAssumption(_ on: Bool) {
        var s = Sim { $0.assumptions.backgroundActivityRelaunchesWhenInUse = on }
        s.do(.app(.requestWhenInUseAuthorization))
        s.tap("Allow While Using App")
        s.do(.app(.backgroundActivity(true)), .app(.monitorAdd("home")), .app(.monitor(true)), .user(.background), .wait(60_000),
             .system(.terminate))
        let rules = Sim.rules(s.do(.device(.exitRegion("home"))))
        #expect(rules.contains(.keptBackgroundActivityRelaunches) == on)
        #expect(s.world.lifecycle == (on ? .background : .terminated))
    }

    /// Adding the widget asks by default: Apple's widgets article says the system asks. [A S17b]
    @Test func addingTheWidgetAsksByDefault() {
        #expect(Assumptions().addWidgetAsks)
        var s = Sim { $0.widget = true }
        s.do(.app(.requestWhenInUseAuthorization))
        s.tap("Allow While Using App")
        #expect(Sim.rules(s.do(.user(.addWidget))).contains(.widgetAsks))
        #expect(Rule.widgetAsks.evidence == .documented && Rule.widgetAsks.sources.contains { $0.id == "S17b" })
    }

    /// The evidence class reads the tag's first part; the audit's rules say what they rest on.
    @Test func evidenceOfTheAuditedRules() {
        for r in Rule.allCases { #expect((r.evidence == .assumed) == r.isInferred, "\(r.name)") }
        let assumed: [Rule] = [.explicitSessionHoldsClassic, .sessionAlwaysFromNotDetermined, .classicNeedsAlwaysSession,
                               .allowOnceExpires, .sessionAlwaysAsksOnce, .forceQuitBlocksRelaunch]
        for r in assumed { #expect(r.evidence == .assumed, "\(r.name)") }
        #expect(Rule.resumeDeliversHeld.evidence == .documented && Rule.resumeDeliversHeld.sources.contains { $0.id == "S9" })
        #expect(Rule.missingAlwaysKey.evidence == .documented && Rule.missingAlwaysKey.sources.first?.id == "S15b")
        #expect(Rule.keptBackgroundActivityRelaunches.source.contains("I backgroundActivityRelaunchesWhenInUse"))
        #expect(Rule.deviceRestart.evidence == .reported)
        // Every named assumption a tag names is one the catalogue has.
        let names = Set(Assumptions.catalogue.map(\.name))
        for r in Rule.allCases {
            for part in r.source.split(separator: ";") {
                let words = part.split(separator: " ")
                if words.first == "I", words.count == 2, words[1].first?.isLowercase == true, words[1] != "labels" {
                    #expect(names.contains(String(words[1])), "\(r.name): \(words[1])")
                }
            }
        }
    }
}
