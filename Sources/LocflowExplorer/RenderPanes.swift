import LocflowCore
import LocflowFlow

/// Render, the Settings, App and Diagnostics panes.
extension Renderer {
    /// The top every platform's Settings page shares: where it is, the Location Services switch,
    /// and, while the app is not listed, why. Returns the row and the item the page goes on at.
    mutating func drawSettingsTop(_ r: (x: Int, y: Int, w: Int, h: Int), items: [Item], selected sel: Int) -> (y: Int, index: Int) {
        var y = r.y
        for line in settingsHeader { f.put(r.x, y, line, .dim, maxWidth: r.w); y += 1 }
        drawItem(items[0], index: 0, pane: .settings, x: r.x, y: y, width: r.w, selected: sel == 0, switchStyle: true); y += 2
        if w.record.choice == .unlisted {
            for line in TextWidth.wrap(w.appName + (s.language == .ko ? "" : " ") + L("is not listed: it has never asked for location."), width: r.w) where y < r.y + r.h - 2 {
                f.put(r.x, y, line, .dim); y += 1
            }
        }
        return (y, 1)
    }

    mutating func drawSettings(_ r: (x: Int, y: Int, w: Int, h: Int), focused: Bool) {
        if w.profile.settingsIsSwitch { return drawSwitchPage(r, focused: focused) }  // SettingsPage.swift
        let (items, sel, bottom) = (s.items(.settings), focused ? s.selected(.settings) : -1, r.y + r.h)
        var (y, index) = drawSettingsTop(r, items: items, selected: sel)
        if w.record.choice != .unlisted {
            f.put(r.x, y, w.appName, .heading, maxWidth: r.w); y += 1
            if w.restricted {
                f.put(r.x, y, L("Restricted: the page is locked"), .warn, maxWidth: r.w); y += 1
            }
            f.put(r.x, y, L("ALLOW LOCATION ACCESS"), .dim, maxWidth: r.w); y += 1
            // The options are indented under their heading when they all fit so, else they take
            // the whole width; one still too long wraps onto a second row.
            let options = items[index...].prefix { if case .step(.user(.settings)) = $0.command ?? .undo { true } else { false } }
            let indent = options.allSatisfy { optionRows($0, width: r.w - 1) == 1 } ? 1 : 0
            for item in options {
                let rows = optionRows(item, width: r.w - indent)
                drawOption(item, index: index, x: r.x + indent, y: y, width: r.w - indent, rows: min(rows, bottom - 1 - y), selected: sel == index)
                y += rows; index += 1
            }
            // The notes wrap (two lines at most) rather than lose their end.
            for note in [w.isProvisionalAlways ? L("(the app reads Always: provisional)") : nil, w.isTemporaryWhenInUse ? L("(Allow Once in force)") : nil].compactMap({ $0 }) {
                for line in TextWidth.wrap(note, width: r.w - 1, lines: max(0, min(2, bottom - 1 - y)), ellipsis: g.ellipsis) {
                    f.put(r.x + 1, y, line, .warn); y += 1
                }
            }
            // A blank line before Precise only when the usage description still fits whole after it.
            let before = items[index...].prefix { if case .step(.user(.settingsReset)) = $0.command ?? .undo { false } else { true } }.count
            let textRows = w.config.whenInUseMessage.map { TextWidth.wrap($0, width: r.w).count } ?? 0
            if bottom - 1 - y > before + textRows { y += 1 }
        }
        while index < items.count {
            if case .step(.user(.settingsReset)) = items[index].command ?? .undo { break }
            if y < bottom - 1 { drawItem(items[index], index: index, pane: .settings, x: r.x, y: y, width: r.w, selected: sel == index, switchStyle: true) }
            y += 1; index += 1
        }
        if w.record.choice != .unlisted, let text = w.config.whenInUseMessage {
            // A blank line before Reset when there is room for it; the text comes first.
            let room = max(0, bottom - 1 - y)
            let lines = TextWidth.wrap(text, width: r.w).count < room ? room - 1 : room
            for line in TextWidth.wrap(text, width: r.w, lines: lines, ellipsis: g.ellipsis) {
                f.put(r.x, y, line, .dim); y += 1
            }
        }
        if index < items.count {
            drawItem(items[index], index: index, pane: .settings, x: r.x, y: bottom - 1, width: r.w, selected: sel == index)
        }
    }

    /// Parts of a value, a space apart, going on to a second row (at `x`) at a part's boundary
    /// when the first is full; only the last row cuts. Returns the rows used.
    mutating func putWrapped(_ parts: [(String, Role)], x: Int, y: Int, right: Int, maxRows: Int = 2) -> Int {
        var cx = x, rows = 1
        for (i, (whole, role)) in parts.enumerated() {
            var text = whole
            let need = (i > 0 ? 1 : 0) + TextWidth.columns(of: text)
            if i > 0 && cx + need > right && rows < maxRows {
                rows += 1; cx = x
                // A separator that began the part is not needed at the start of a row.
                if text.hasPrefix("\(g.dot) ") { text.removeFirst(2) }
            } else if i > 0 { cx += 1 }
            cx += f.put(cx, y + rows - 1, text, role, maxWidth: max(0, right - cx))
        }
        return rows
    }

    mutating func drawApp(_ r: (x: Int, y: Int, w: Int, h: Int), focused: Bool) {
        var y = r.y
        let st = w.status
        f.put(r.x, y, "\(s.language.lifecycle(w.lifecycle)) \(g.dot) " + L(w.inUse ? "in use" : "not in use") + (w.indicatorShown ? " \(g.dot) \(L("blue indicator"))" : "")
              + (s.personInSettings ? " \(g.dot) " + L("person in Settings") : ""),
              w.lifecycle == .foreground ? .good : .warn, maxWidth: r.w); y += 1
        let statusRole: Role = st.isAuthorized ? .good : (st == .notDetermined ? .normal : .bad)
        let sx = r.x + 10
        // What the app reads, and right under it what Settings shows: provisional Always and
        // Allow Once are the rows where they disagree.
        // Key facts wrap onto a second row at a part's boundary rather than lose their end.
        f.put(r.x, y, L("status"), .dim)
        var statusParts: [(String, Role)] = [(st.rawValue, statusRole)]
        if w.isProvisionalAlways { statusParts.append(("\(g.arrow) " + L("provisional"), .warn)) }
        else if w.isTemporaryWhenInUse { statusParts.append(("\(g.arrow) " + L("Allow Once, temporary"), .warn)) }
        y += putWrapped(statusParts, x: sx, y: y, right: r.x + r.w)
        f.put(r.x, y, L("Settings"), .dim)
        f.put(sx, y, w.record.choice == .unlisted ? L("not listed") : s.settingsLabel(w.record.choice),
              w.isProvisionalAlways || w.isTemporaryWhenInUse ? .warn : .normal, maxWidth: r.w - 10)
        y += 1
        f.put(r.x, y, L("accuracy"), .dim)
        if !w.profile.hasAccuracy {
            // accuracyAuthorization and the callback's accuracy arrive with iOS 14.
            f.put(sx, y, s.language.pick("– (no accuracyAuthorization)", "– (accuracyAuthorization 없음)"), .dim, maxWidth: r.w - 10)
            y += 1
        } else {
            let precise = "\(g.dot) " + L("Precise: ") + L(w.record.precise ? "On" : "Off").lowercased() + (w.record.temporaryFullAccuracy ? " + " + L("temporary") : "")
            y += putWrapped([(w.accuracy.rawValue, w.accuracy == .fullAccuracy ? .normal : .warn), (precise, .dim)], x: sx, y: y, right: r.x + r.w)
        }
        let last = w.lastCallback.map { "\($0.status.rawValue)" + (w.profile.hasAccuracy ? " " + L($0.accuracy == .fullAccuracy ? "full" : "reduced") : "") } ?? L("none")
        f.put(r.x, y, L("callbacks"), .dim)
        var callbackParts: [(String, Role)] = [("\(w.callbacks)", .normal), ("\(g.dot) " + L("last: ") + last, .normal)]
        if w.lastError == .denied { callbackParts.append(("\(g.dot) kCLErrorDenied", .normal)) }
        if w.completion != .none { callbackParts.append(("\(g.dot) \(L("completion")) \(w.completion.rawValue)", .normal)) }
        // (The callbacks and keys rows stay one row each: the App pane's actions need the room.)
        y += putWrapped(callbackParts, x: sx, y: y, right: r.x + r.w, maxRows: 1)
        // Format 1.1: the last fix, the pause, the indicator property, Live Activity, visits, beacons.
        let location = locationSummary
        do {
            f.put(r.x, y, L("location"), .dim)
            // On more rows (up to three) when the parts do not fit on one (the App pane is narrow at 120x40).
            var lx = sx
            var rows = 1
            for (i, (text, role)) in location.enumerated() {
                let need = (i > 0 ? 2 : 0) + TextWidth.columns(of: text)
                if i > 0 && lx + need > r.x + r.w && rows < 3 {
                    rows += 1; y += 1; lx = sx
                } else if i > 0 {
                    lx += f.put(lx, y, "\(g.dot) ", .dim, maxWidth: max(0, r.x + r.w - lx))
                }
                lx += f.put(lx, y, text + " ", role, maxWidth: max(0, r.x + r.w - lx))
            }
            y += 1
        }
        f.put(r.x, y, L("keys"), .dim)
        var keyParts: [(String, Role)] = []
        func key(_ name: String, _ present: Bool) { keyParts.append(((present ? String(g.check) : String(g.cross)) + name, present ? .good : .bad)) }
        if w.profile.usesMacUsageKey { key("UsageDescription", w.info.hasMacUsageKey) }  // NSLocationUsageDescription
        else { key("WhenInUse", w.info.hasWhenInUseKey); key(L("Always"), w.info.hasAlwaysKey) }
        key(L("Temporary") + (w.info.temporaryUsageDescriptions.map { "(\($0.keys.sorted().joined(separator: ",")))" } ?? ""), w.info.temporaryUsageDescriptions?.isEmpty == false)
        key("bg:location", w.info.hasLocationBackgroundMode)
        if w.info.requireExplicitServiceSession { key(L("explicit"), true) }
        y += putWrapped(keyParts, x: sx, y: y, right: r.x + r.w, maxRows: 1)
        let timers = w.pendingTimers
        f.put(r.x, y, L("timers"), .dim)
        if timers.isEmpty {
            f.put(sx, y, L("none running"), .dim)
        } else {
            f.put(sx, y, timers.map { L($0.kind.label) + L(" in ") + formatClock(($0.due - w.now + 999) / 1000 * 1000) }.joined(separator: " \(g.dot) "), .warn, maxWidth: r.w - 10)
        }
        y += 1
        // The app's calls and the world's events, scrolled to keep the selection visible.
        let items = self.items(.app)
        let listH = r.y + r.h - y
        guard listH > 0 else { return }
        let sel = s.selected(.app)
        var top = max(0, min(sel - listH / 2, items.count - listH))
        // After a click the list stays put while the selection is on screen.
        // If the pane shrank under it (a long message below), it moves only as far as keeps the selection on screen.
        if let kept = s.appListTop, sel >= kept, kept <= max(0, items.count - listH) { top = sel < kept + listH ? kept : sel - listH + 1 }
        f.appListTop = top
        for (row, index) in (top..<min(items.count, top + listH)).enumerated() {
            let item = items[index]
            if item.isHeader {
                f.put(r.x, y + row, "\(g.horizontal) \(L(item.label)) " + String(repeating: g.horizontal, count: max(0, r.w - TextWidth.columns(of: item.label) - 3)), .border, maxWidth: r.w)
            } else {
                drawItem(item, index: index, pane: .app, x: r.x, y: y + row, width: r.w, selected: focused && sel == index)
            }
        }
    }

    /// The App pane's "location" line (format 1.1), each part with its role. Always shown (a line
    /// that came and went would move the list under the pointer).
    var locationSummary: [(String, Role)] {
        let p = w.process
        var out: [(String, Role)] = []
        if w.lastFix == nil { out.append((L("no fix yet"), .dim)) }
        if let fix = w.lastFix {
            out.append((s.language.pick("\(w.fixes) " + (w.fixes == 1 ? "fix" : "fixes"), "위치 \(w.fixes)개") + ", " + s.language.pick(fix.rawValue, fix == .precise ? "정확" : "대략") + " \(formatClock((w.lastFixAt ?? 0) / 1000 * 1000))", fix == .precise ? .good : .warn))
        }
        let running = w.lifecycle != .terminated
        if running && p.paused { out.append((L("paused"), .bad)) }
        if running && p.desiredAccuracy != .best { out.append(("desired \(p.desiredAccuracy.rawValue)", p.desiredAccuracy == .reduced ? .warn : .dim)) }
        if running && !p.pausesAutomatically { out.append((L("no auto-pause"), .dim)) }
        if running && p.showsBackgroundIndicator { out.append((L("showsBgIndicator"), .dim)) }
        if w.liveActivityActive { out.append((L("Live Activity"), .good)) }
        if w.visits { out.append((L("visits"), .normal)) }
        var beacons = w.beaconRegions.map { "\($0)(region)" }
        if running { beacons += p.beaconRanging.map { "\($0)(ranging)" } }
        if !beacons.isEmpty { out.append((L("beacons") + " " + beacons.joined(separator: ","), .normal)) }
        if w.config.widget || w.widgetUpdates && w.record.choice == .whileUsingOrWidgets {
            out.append(("widgetUpdates \(w.widgetUpdates)", w.widgetUpdates ? .good : .dim))
        }
        if w.config.appClip { out.append(("App Clip", .warn)) }
        if w.airplaneMode { out.append((L("Airplane mode: denied"), .bad)) }
        // iOS 16+: Control Center lists an app that tracks the location or used it recently. [A S1]
        switch w.controlCenter {
        case .using: out.append((L("Control Center: using"), .normal))
        case .recently: out.append((L("Control Center: recently"), .dim))
        case .none: break
        }
        return out
    }

    mutating func drawDiagnostics(_ r: (x: Int, y: Int, w: Int, h: Int), focused: Bool) {
        var y = r.y
        var dx = r.x
        let deliveringLabel = L("delivering:")
        f.put(r.x, y, deliveringLabel, .dim); dx += TextWidth.columns(of: deliveringLabel) + 1
        // The 1.1 sources only once the app uses them.
        let used = DeliverySource.allCases.filter { source in
            switch source {
            case .visits: w.visits
            case .beacons: !w.process.beaconRanging.isEmpty && w.lifecycle != .terminated
            case .beaconRegions: !w.beaconRegions.isEmpty
            case .regions: !w.regions.isEmpty
            default: true
            }
        }
        var names = used.map { ($0, $0 == .significantChanges ? "SLC" : $0 == .beaconRegions ? "beaconRgn" : $0.rawValue) }
        func needed() -> Int { names.reduce(0) { $0 + TextWidth.columns(of: $1.1) + 2 } }
        if dx + needed() > r.x + r.w { y += 1; dx = r.x + 1 }  // on a line of their own when narrow
        if dx + needed() > r.x + r.w { names = names.map { ($0.0, $0.0 == .liveUpdates ? "live" : $0.1) } }
        for (source, name) in names {
            let on = w.delivering(source)
            // The 1.1 sources wrap onto the next line when they do not fit.
            if dx + TextWidth.columns(of: name) + 1 > r.x + r.w && dx > r.x + 1 { y += 1; dx = r.x + 1 }
            dx += f.put(dx, y, "\(on ? g.check : g.dot)\(name) ", on ? .good : .dim, maxWidth: max(0, r.x + r.w - dx))
        }
        y += 1
        let lines = s.diagnosticItems
        if lines.isEmpty {
            // macOS has no session classes, watchOS no CLMonitor: each names only what it has.
            let sourcesText = !w.profile.hasSessionClasses ? "No sources yet. liveUpdates and CLMonitor events report diagnostics."
                : !w.profile.hasMonitor ? "No sources yet. CLServiceSession, liveUpdates and CLBackgroundActivitySession report diagnostics."
                : "No sources yet. CLServiceSession, liveUpdates, CLMonitor events and CLBackgroundActivitySession report diagnostics."
            let text = w.profile.hasServiceSessions
                ? L(sourcesText)
                : s.language.pick("Diagnostics arrive with iOS 18 (this is \(w.profile.platform.displayName)).", "진단은 iOS 18부터 있습니다 (지금은 \(w.profile.platform.displayName)).")
            for line in TextWidth.wrap(text, width: r.w, lines: r.h - 1, ellipsis: g.ellipsis) { y += 1; f.put(r.x, y, line, .dim) }
            return
        }
        let meaningH = 3
        let listH = r.y + r.h - meaningH - y
        guard listH > 0 else { return }
        func changed(_ source: World.DiagnosticSource, _ d: Diagnostic) -> Bool {
            (s.diagnosticChangedAt["\(source.name).\(d.rawValue)"]).map { s.wallNow - $0 < ExplorerState.highlightMs } ?? false
        }
        // Unfocused and too long to show whole: at a glance, each source with only what is true
        // (and what just changed); focused (Tab): every property, to select and read.
        var shown = Array(lines.indices)
        let compact = !focused && lines.count > listH
        if compact {
            shown = lines.indices.filter { i in
                guard let d = lines[i].property, let source = lines[i].source else { return true }
                return lines[i].on || changed(source, d)
            }
        }
        let sel = min(s.selected(.diagnostics), lines.count - 1)
        let selRow = shown.firstIndex(of: sel) ?? 0
        let top = compact ? 0 : max(0, min(selRow - listH / 2, shown.count - listH))
        for (row, index) in shown[top..<min(shown.count, top + listH)].enumerated() {
            let line = lines[index]
            let yy = y + row
            if let d = line.property, let source = line.source {
                let changed = changed(source, d)
                // A true property's name stops a space before its value (cut with "…" when it must be).
                f.put(r.x + 1, yy, "\(line.on ? g.check : g.dot) \(d.rawValue)", changed ? .changed : (line.on ? .bad : .dim),
                      maxWidth: line.on ? r.w - 6 : r.w - 1)
                if line.on { f.put(r.x + r.w - 4, yy, "true", changed ? .changed : .bad) }  // Swift's true: the property's value
            } else if let source = line.source {
                let label: String = switch source {
                case .session(let id):
                    w.session(id).map { "\(L("session")) \(id) .\($0.goal.rawValue)" + ($0.fullAccuracyKey.map { " +\($0)" } ?? "") + ($0.held ? "" : " (\(L("kept")))") } ?? id.string
                default: source.name
                }
                f.put(r.x, yy, label, .heading, maxWidth: r.w)
                var note = source.type.rawValue
                if compact {
                    let on = lines.filter { $0.source == source && $0.on }.count
                    note = on == 0 ? "\(g.check) " + L("nothing in the way") : "\(on) " + L("true")
                }
                f.put(r.x + TextWidth.columns(of: label) + 1, yy, note, compact && !note.hasSuffix(L("true")) ? .good : .dim,
                      maxWidth: max(0, r.w - TextWidth.columns(of: label) - 1))
            }
            if focused && index == sel { f.paint(r.x, yy, r.w, .selected) }
            f.click(r.x, yy, r.w, 1, .select(.diagnostics, index))
        }
        let meaningY = r.y + r.h - meaningH
        f.put(r.x, meaningY, String(repeating: g.horizontal, count: r.w), .border)
        if compact {
            f.put(r.x, meaningY + 1, "Tab: " + L("every property, and what each means"), .dim, maxWidth: r.w)
        } else if let d = lines[sel].property {
            for (i, line) in TextWidth.wrap(d.rawValue + ": " + s.language.meaning(d), width: r.w, lines: meaningH - 1, ellipsis: g.ellipsis).enumerated() {
                f.put(r.x, meaningY + 1 + i, line, .dim)
            }
        } else {
            f.put(r.x, meaningY + 1, g.keys("↑↓") + " " + L("to read what a property means"), .dim, maxWidth: r.w)
        }
    }

}
