import Testing
@testable import LocflowCore
@testable import LocflowFlow
@testable import LocflowExplorer

/// The explorer draws macOS 26's and watchOS 26's own Settings page and prompt (issue 37).
@Suite("Explorer: macOS 26 and watchOS 26")
struct MacWatchExplorerTests {
    /// `V` from visionOS goes on to macOS 26, then watchOS 26; replaying an iOS history on macOS
    /// keeps the steps macOS refuses, shown as refused.
    @Test func thePlatformSwitchReachesMacAndWatch() throws {
        var s = try explorer("platform visionos\napp requestWhenInUseAuthorization")
        _ = s.update(.key(.char("V")))
        #expect(s.world.profile.platform == .macos26, "\(s.message ?? "")")
        #expect(s.world.promptButtons == ["Don't Allow", "Allow"])
        _ = s.update(.key(.char("V")))
        #expect(s.world.profile.platform == .watchos26)
    }

    /// System Settings › Privacy & Security › Location Services, with one switch for the app
    /// that flips between Always and Never; the alert has no map.
    @Test func macOSDrawsSystemSettingsWithASwitch() throws {
        var s = try explorer("platform macos26\napp requestWhenInUseAuthorization")
        let alert = render(s, glyphs: .unicode).text
        #expect(alert.contains("would like to use") && alert.contains("1  Don't Allow") && alert.contains("2  Allow"), "\(alert)")
        #expect(!alert.contains("map: precise"))
        _ = s.perform(.step(.user(.tap("Allow"))))
        #expect(s.world.status == .authorizedAlways)
        let page = render(s, glyphs: .unicode).text
        #expect(page.contains("System Settings ›") && page.contains("Privacy & Security ›"), "\(page)")
        #expect(page.contains("[ On ]"))
        #expect(!page.contains("While Using the App"))
        let items = s.items(.settings)
        let i = try #require(items.firstIndex { $0.label == s.world.appName })
        _ = s.perform(.select(.settings, i))
        #expect(s.world.status == .denied && s.world.settingsChoice == .never)
    }

    /// watchOS's page is iOS's radio list, headed by the watch's Settings.
    @Test func watchOSDrawsTheWatchsSettings() throws {
        var s = try explorer("platform watchos26\napp requestWhenInUseAuthorization")
        _ = s.perform(.step(.user(.tap("Allow While Using App"))))
        let page = render(s, glyphs: .unicode).text
        #expect(page.contains("Watch Settings ›") && page.contains("Privacy & Security › Location"), "\(page)")
        #expect(page.contains("While Using the App"))
    }
}
