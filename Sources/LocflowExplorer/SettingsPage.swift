import LocflowCore
import LocflowFlow

/// Each platform's own Settings page. iOS (and visionOS's iPad app, and watchOS 26, whose page is
/// assumed to be iOS's) draw the radio list of `drawSettings`; macOS 26 draws System Settings ›
/// Privacy & Security › Location Services: the global switch, then one switch per app (on is
/// Always, macOS's only grant; off is Never). [A S230; D S237; I]
extension ExplorerState {
    /// The app's one switch on a switch page (macOS): flipping it is `user settings always` or
    /// `user settings never`. Nil elsewhere, or while the app is not listed.
    var appSwitchItem: Item? {
        let w = world
        guard w.profile.settingsIsSwitch, !w.settingsOptions.isEmpty else { return nil }
        let on = w.record.choice == .always
        return eventItem(w.appName, .user(.settings(on ? .never : .always)), checked: on)
    }
}

extension Renderer {
    /// The page's path, over the page, a line each: "Privacy & Security › Location" on iOS;
    /// "Watch Settings ›" first on watchOS, "System Settings ›" first on macOS.
    var settingsHeader: [String] {
        let path = "\(L(s.privacyMenu)) \(g.arrow) \(L(w.profile.settingsIsSwitch ? "Location Services" : "Location"))"
        if w.profile.settingsIsSwitch {
            return ["\(L("System Settings")) \(g.arrow)", "\(L(s.privacyMenu)) \(g.arrow)", L("Location Services")]
        }
        if w.profile.isWatch { return ["\(L("Watch Settings")) \(g.arrow)", path] }
        return [path]
    }

    /// macOS's page: Location Services, then the app's switch, then the usage text; Reset last.
    /// The items are `settingsItems`: [Location Services, the app's switch (when listed), Reset].
    mutating func drawSwitchPage(_ r: (x: Int, y: Int, w: Int, h: Int), focused: Bool) {
        let (items, sel, bottom) = (s.items(.settings), focused ? s.selected(.settings) : -1, r.y + r.h)
        var (y, index) = drawSettingsTop(r, items: items, selected: sel)
        if w.record.choice != .unlisted {
            for line in TextWidth.wrap(L("Allow the apps below to determine your location."), width: r.w, lines: 2, ellipsis: g.ellipsis) {
                f.put(r.x, y, line, .dim); y += 1
            }
            if w.restricted { f.put(r.x, y, L("Restricted: the page is locked"), .warn, maxWidth: r.w); y += 1 }
            if index < items.count, case .step(.user(.settings)) = items[index].command ?? .undo {
                drawItem(items[index], index: index, pane: .settings, x: r.x + 1, y: y, width: r.w - 1, selected: sel == index, switchStyle: true)
                y += 1; index += 1
            }
            y += 1
            if let text = w.config.macUsageMessage {
                for line in TextWidth.wrap(text, width: r.w, lines: max(0, bottom - 2 - y), ellipsis: g.ellipsis) {
                    f.put(r.x, y, line, .dim); y += 1
                }
            }
        }
        while index < items.count {
            if case .step(.user(.settingsReset)) = items[index].command ?? .undo { break }
            if y < bottom - 1 { drawItem(items[index], index: index, pane: .settings, x: r.x, y: y, width: r.w, selected: sel == index, switchStyle: true) }
            y += 1; index += 1
        }
        if index < items.count {
            drawItem(items[index], index: index, pane: .settings, x: r.x, y: bottom - 1, width: r.w, selected: sel == index)
        }
    }
}
