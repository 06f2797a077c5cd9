import Testing
@testable import LocflowCore
@testable import LocflowFlow
@testable import LocflowExplorer

/// The explorer and iOS 26/27, the device restart (issue 37, 2026-12).
@Suite("Explorer: iOS 26 and 27, device restart")
struct PlatformsAndRestartExplorerTests {
    /// `V` from iOS 18 goes to iOS 26, then iOS 27, then visionOS; `:platform ios27` replays the history.
    @Test func thePlatformSwitchReachesTheNewPlatforms() throws {
        var s = try explorer("app requestWhenInUseAuthorization\nuser tap \"Allow While Using App\"")
        _ = s.update(.key(.char("V")))
        #expect(s.world.profile.platform == .ios26, "\(s.message ?? "")")
        _ = s.update(.key(.char("V")))
        #expect(s.world.profile.platform == .ios27)
        #expect(s.world.status == .authorizedWhenInUse)  // the history, replayed
        _ = s.update(.key(.char("V")))
        #expect(s.world.profile.platform == .visionos)
        var t = try explorer("app requestWhenInUseAuthorization")
        _ = t.switchPlatform(to: .ios27)
        #expect(t.configLines.contains("platform ios27") && t.world.prompt?.kind == .whenInUse)
    }

    /// The restart is an item of the App pane's System and device part, in English and Korean,
    /// and performing it ends the process.
    @Test func restartIsAnItemThatPerformsIt() throws {
        var s = try explorer("app requestWhenInUseAuthorization\nuser tap \"Allow Once\"")
        let i = try #require(s.items(.app).firstIndex { if case .step(.device(.restart))? = $0.command { true } else { false } })
        _ = s.perform(.select(.app, i))
        #expect(s.world.lifecycle == .terminated && s.world.status == .notDetermined)
        #expect(s.history.steps.last?.flowText == "device restart")
        #expect(Language.ko("restart the device") == "기기 재시동")
        #expect(Language.ko.event(.device(.restart)) == "기기: 재시동")
    }
}
