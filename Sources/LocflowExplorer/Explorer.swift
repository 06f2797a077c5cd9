import LocflowCore
import LocflowFlow

/// The panes of the explorer.
public enum Pane: Int, CaseIterable, Sendable {
    case settings, app, diagnostics, sessions, log

    public var title: String {
        switch self {
        case .settings: "Settings"
        case .app: "App"
        case .diagnostics: "Diagnostics"
        case .sessions: "Session bars"
        case .log: "Event log"
        }
    }
}

/// What a key, a click or the command line asks the explorer to do.
public enum Command: Hashable, Sendable {
    case step(Event)
    case undo, redo
    case togglePause, faster, slower
    case advance(Millis)
    case focus(Pane), focusNext, focusPrevious
    case move(Int)
    case activate
    case select(Pane, Int)
    case promptButton(Int), promptMove(Int), promptPrecise, promptScroll(Int)
    case preciseSwitch, locationServicesSwitch
    case commandLine, help, quit, record, logFilter
    case zoom(Int), scroll(Int), follow
    /// The session bars: step by step or real time; every step in the width (fit).
    case barsMode, zoomFit
    /// Presenting: the full keymap on or off.
    case presenterKeys
    /// A new CLServiceSession(.whenInUse) under the next free ID (iOS 17/18).
    case quickSession
    case tourNext, tourBack
    /// Pin what is on screen as expect lines; replay the history on the previous/next platform.
    case pin, platformStep(Int)
}

/// Keys as the driver reports them.
public enum Key: Hashable, Sendable {
    case char(Character)
    case enter, escape, tab, backTab, up, down, left, right, backspace, delete, pageUp, pageDown, home, end
    case ctrl(Character)
}

/// Everything that reaches the explorer.
public enum Input: Sendable {
    case key(Key)
    case click(x: Int, y: Int)
    case scrollWheel(x: Int, y: Int, delta: Int)
    /// Wall-clock time in milliseconds (the driver's monotonic clock).
    case tick(Int)
    case resize(width: Int, height: Int)
}

/// What the driver must do for the explorer (the explorer itself does no I/O).
public enum Effect: Equatable, Sendable {
    case quit
    case beginRecording(header: [String])
    /// Append these lines to the recording.
    case record(String)
    /// The recording no longer matches the history (an undo, a platform switch): replace the
    /// whole file with these lines (atomically).
    case rewriteRecording([String])
    case endRecording
}

/// Who a log line is about (the log's filter).
public enum LogFilter: Int, CaseIterable, Sendable {
    case all, person, app, system, device, timer, callbacks

    public var label: String {
        switch self {
        case .all: "all"
        case .person: "person"
        case .app: "app"
        case .system: "system"
        case .device: "device"
        case .timer: "timer"
        case .callbacks: "callbacks"
        }
    }

    func matches(_ e: LogEntry) -> Bool {
        switch self {
        case .all: true
        case .person: e.actor == .person
        case .app: e.actor == .app
        case .system: e.actor == .system
        case .device: e.actor == .device
        case .timer: e.actor == .timer
        case .callbacks: e.hasCallback
        }
    }
}

/// The explorer's whole state: the history of the world plus what the person is looking at.
public struct ExplorerState: Sendable {
    public var history: History
    public var width: Int
    public var height: Int
    public var focus: Pane = .app
    public var selection: [Pane: Int] = [:]
    public var promptSelection = 0
    /// 0 paused, then 1x, 10x, 60x, 600x.
    public var speedIndex = 1
    /// The speed Space goes back to: the one the clock ran at before a pause (or an undo).
    public var resumeSpeedIndex = 1
    public static let speeds = [0, 1, 10, 60, 600]
    public var logFilter: LogFilter = .all
    /// Seconds per column on the session bars (real time); `zooms.count` is "fit": the whole
    /// history in the bars' width.
    public var zoomIndex = 1
    public static let zooms: [Millis] = [250, 1_000, 5_000, 15_000, 60_000, 300_000, 900_000, 3_600_000]
    /// The bars step by step (a column or more per event, waits as labelled breaks) rather than
    /// in real time: the default while a flow or a tour is shown (`t` toggles).
    public var stepBars = false
    /// Step by step: how many columns the bars are scrolled back from the end.
    public var stepScroll = 0
    /// nil follows "now"; otherwise the virtual time at the bars' right edge.
    public var timelineEnd: Millis?
    public var logScroll = 0
    /// The App list's first row while it must stay put (after a click); nil centres the selection.
    public var appListTop: Int?
    public var commandLine: String?
    /// Statements typed on the command line, oldest first (↑ and ↓ recall them).
    public var commandHistory: [String] = []
    var commandHistoryIndex: Int?
    public var message: String?
    public var messageIsError = false
    public var showHelp = false
    /// A picture for a slide or a page (`shot`, `storyboard`, `html`): no keyboard footer.
    public var picture = false
    public var helpScroll = 0
    /// The selected log line's details (every output and every rule with its source).
    public var showDetails = false
    public var detailsScroll = 0
    /// The first line of the prompt's message shown, when the whole text is taller than the screen.
    public var promptScroll = 0
    public var recording = false
    /// The config statements a recording starts with.
    public var configLines: [String]
    public var recordedSteps = 0
    /// What the recording holds no longer matches the history's first `recordedSteps` (a platform switch).
    var recordingStale = false
    /// When (wall ms) the running clock's current wait began.
    var clockWaitStartedAt: Int?
    static let recordClockEvery = 5_000
    public var wallNow = 0
    var lastTick: Int?
    var virtualRemainder = 0.0
    /// `locflow play`: the presenter's tour. It steps forward by itself, pausable; a manual action
    /// branches off it, and next or back returns to it (the tour's steps are kept here).
    public struct Autoplay: Sendable {
        public var every: Int
        public var paused = false
        public var nextAt: Int?
        /// The tour's steps, as loaded.
        public var tour: [HistoryStep] = []
        /// The tour's title (its intro caption before the first step).
        public var title: String?
        /// The tour step where the presenter left the tour, while off it.
        public var branchAt: Int?
        /// A wait being shown: its step, its whole length, when (wall ms) it began and how long it takes.
        public var waiting: (index: Int, total: Millis, startedAt: Int, duration: Int)?
        /// The presenter asked for the full keymap (`m`): app keys act, and take the demo off the
        /// tour. Otherwise only the tour's keys and keys that change no world act.
        public var fullKeys = false
        public init(every: Int) { self.every = every }
    }
    public var autoplay: Autoplay?
    /// The language the explorer draws in (`--lang ko`).
    public var language: Language = .en

    /// When (wall ms) each diagnostic property last changed: "source.property".
    public var diagnosticChangedAt: [String: Int] = [:]
    public static let highlightMs = 3_000

    public init(config: AppConfig, configLines: [String] = [], width: Int = 120, height: Int = 40) {
        history = History(config: config)
        self.configLines = configLines
        self.width = width
        self.height = height
    }

    public var world: World { history.world }
    public var isPaused: Bool { speedIndex == 0 }
    public var speed: Int { Self.speeds[speedIndex] }
    public var isNarrow: Bool { width < 110 || height < 34 }
    /// Smaller than the explorer draws in: the screen asks for a larger terminal.
    public var isTooSmall: Bool { width < minimumSize.width || height < minimumSize.height }

    /// The wall time until which the view changes by itself (a highlight fading), so an idle,
    /// paused explorer can sleep until then and use no CPU.
    public var nextWakeUp: Int? {
        var times = diagnosticChangedAt.values.map { $0 + Self.highlightMs }.filter { $0 > wallNow }
        if let a = autoplay, !a.paused, a.branchAt == nil {
            if a.waiting != nil { times.append(wallNow + ExplorerState.waitFrameMs) }
            else if history.canRedo { times.append(a.nextAt ?? wallNow) }
        }
        return times.min()
    }

    /// How long the driver waits for input at wall time `now` (ms; -1: until a key): 100 ms
    /// while the clock runs, else until `nextWakeUp`. At most `Int32.max`, what curses takes:
    /// `play --step-delay 876000h` made it 3e12 and the conversion trapped.
    public func inputTimeout(now: Int) -> Int32 {
        guard isPaused else { return 100 }
        guard let wake = nextWakeUp else { return -1 }
        return Int32(clamping: max(1, wake - now))
    }
}

// MARK: - Items: what each pane offers, the one source for keys, clicks and drawing

/// A selectable line of a pane.
public struct Item: Sendable {
    public var label: String
    public var command: Command?
    /// Why the item does nothing now (drawn dimmed), or nil.
    public var disabled: String?
    public var checked: Bool?
    public var isHeader = false
    /// A few words for the inline hint.
    public var short: String?

    init(_ label: String, _ command: Command?, disabled: String? = nil, checked: Bool? = nil) {
        self.label = label
        self.command = command
        self.disabled = disabled
        self.checked = checked
    }

    static func header(_ label: String) -> Item {
        var i = Item(label, nil)
        i.isHeader = true
        return i
    }
}

extension ExplorerState {
    /// Settings' privacy menu as the platform names it.
    var privacyMenu: String { world.profile.privacyMenu }

    /// The prompt's message as the version words it (the services-off alert names the privacy menu).
    func promptMessage(_ p: Prompt) -> String {
        guard p.kind == .servicesOff else { return world.message(for: p) }
        return language.pick("Location Services are off. Turn them on in Settings › \(privacyMenu).",
                             "위치 서비스가 꺼져 있습니다. 설정 › \(language(privacyMenu))에서 켜십시오.")
    }

    /// Whether an event can be performed and does something; the reason when not.
    public func whyNot(_ e: Event) -> String? {
        let w = world
        if let r = w.refusal(for: e) { return language.reason(r) }
        var copy = w
        var first: Why?
        var observable = false  // an event delivered to the app (a visit, ranged beacons) changes no state but happens
        copy.step(e) { t, _ in
            if first == nil { first = t.why.first }
            if t.outputs.contains(where: { if case .locationEvent(_, delivered: true) = $0 { true } else { false } }) { observable = true }
        }
        if copy == w && !observable { return language("does nothing now") + ": " + (first.map { language.reason($0) } ?? language("no change")) }
        return nil
    }

    func eventItem(_ label: String, _ e: Event, checked: Bool? = nil) -> Item {
        var item = Item(label, .step(e), disabled: whyNot(e), checked: checked)
        if item.disabled != nil {
            let w = world
            if let r = w.refusal(for: e) {
                item.short = r.rule == .appNotRunning ? language.pick("app \(w.lifecycle.rawValue)", "앱 " + language.lifecycle(w.lifecycle)) : language("not possible")
            } else {
                item.short = language("does nothing now")
            }
        }
        return item
    }

    var settingsItems: [Item] {
        let w = world
        var items: [Item] = []
        items.append(eventItem(language("Location Services"), .user(.settingsLocationServices(!w.locationServicesOn)), checked: w.locationServicesOn))
        if let item = appSwitchItem { items.append(item) }  // macOS: one switch (SettingsPage.swift)
        for choice in SettingsChoice.allCases where choice != .unlisted && !w.profile.settingsIsSwitch {
            guard w.settingsOptions.contains(choice) else { continue }
            items.append(eventItem(settingsLabel(choice), .user(.settings(choice)), checked: w.record.choice == choice))
        }
        if w.settingsShowsPrecise {
            items.append(eventItem(language("Precise Location"), .user(.settingsPrecise(!w.record.precise)), checked: w.record.precise))
        }
        items.append(eventItem(language("Reset Location & Privacy"), .user(.settingsReset)))
        return items
    }

    func settingsLabel(_ c: SettingsChoice) -> String { language.settingsLabel(c, profile: world.profile) }

    /// The beacon ID the App pane's beacon calls use.
    static let beaconID = "lobby"

    /// The purpose key the App pane's temporary full-accuracy calls name (`AppInfo.firstPurposeKey`):
    /// a plist with none still gets the calls (a request with a key the plist lacks fails with
    /// kCLErrorPromptDeclined, which is worth showing), never with a key of another app's.
    var purposeKey: String { world.info.firstPurposeKey }

    /// The person is in Settings: the last step was a Settings change and the app is no longer
    /// in the foreground (changing Settings leaves the app).
    public var personInSettings: Bool {
        guard world.lifecycle != .foreground, history.applied > 0, case .event(.user(let u)) = history.steps[history.applied - 1].kind else { return false }
        switch u {
        case .settings, .settingsPrecise, .settingsLocationServices, .settingsReset: return true
        default: return false
        }
    }

    var nextSessionID: String {
        var n = 1
        while world.sessions.contains(where: { $0.id.string == "s\(n)" && $0.state == .active }) { n += 1 }
        return "s\(n)"
    }

    /// The kinds the App pane's and the Settings pane's items above offer by hand (a start or
    /// its stop as the state has it, a value cycled, a region's exit once monitored), or leave to
    /// other controls (the prompt's buttons and switch, the clock). Any other kind of the catalogue
    /// is an item of its own: each of its samples (`catalogueItems`).
    static let kindsByHand: Set<EventKind> = [
        .requestWhenInUseAuthorization, .requestAlwaysAuthorization, .requestTemporaryFullAccuracyAuthorization,
        .startUpdatingLocation, .stopUpdatingLocation, .allowsBackgroundLocationUpdates,
        .startMonitoringSignificantLocationChanges, .stopMonitoringSignificantLocationChanges,
        .startMonitoringRegion, .stopMonitoringRegion, .session, .invalidate, .liveUpdates, .monitor, .monitorAdd, .backgroundActivity,
        .requestLocation, .desiredAccuracy, .pausesLocationUpdatesAutomatically, .activityType, .showsBackgroundLocationIndicator,
        .startMonitoringVisits, .stopMonitoringVisits, .startRangingBeacons, .stopRangingBeacons,
        .startMonitoringBeaconRegion, .stopMonitoringBeaconRegion, .liveActivity,
        .tap, .precise, .settings, .settingsPrecise, .settingsLocationServices, .settingsReset,
        .background, .foreground, .forceQuit, .locationButton, .addWidget, .removeWidget,
        .systemSuspend, .terminate, .relaunch, .reminder,
        .move, .stationary, .noFix, .fix, .exitRegion, .visit, .enterBeacon, .exitBeacon, .airplaneMode, .restart,
        .wait, .timer,
    ]

    /// An item for each sample of the catalogue's kinds of `actor` that no item above offers by
    /// hand: an app call as Swift writes it (`startUpdatingHeading()`), another step as the log does.
    func catalogueItems(_ actor: Actor) -> [Item] {
        EventCatalogue.entries.filter { $0.entry.actor == actor && !Self.kindsByHand.contains($0.kind) }.flatMap { _, entry in
            entry.samples.map { e in
                if case .app(let call) = e { eventItem(call.callText, e) } else { eventItem(language.event(e), e) }
            }
        }
    }

    var appItems: [Item] {
        let w = world
        let p = w.process
        let running = w.lifecycle != .terminated
        var items: [Item] = []
        // When a move is what the story waits for (provisional Always and an Always-class
        // service: the move brings the deferred prompt), it comes first.
        if w.prompt == nil {
            var moved = w
            moved.step(.device(.move)) { _, _ in }
            if moved.prompt != nil {
                items.append(.header("Device: a move brings a prompt"))
                items.append(eventItem(language("device moves"), .device(.move)))
            }
        }
        items.append(.header("CLLocationManager"))
        items.append(eventItem("requestWhenInUseAuthorization()", .app(.requestWhenInUseAuthorization)))
        items.append(eventItem("requestAlwaysAuthorization()", .app(.requestAlwaysAuthorization)))
        items.append(eventItem("requestTemporaryFullAccuracy(\"\(purposeKey)\")", .app(.requestTemporaryFullAccuracyAuthorization(Name(purposeKey)))))
        items.append(p.standardUpdates && running
                     ? eventItem("stopUpdatingLocation()", .app(.stopUpdatingLocation), checked: true)
                     : eventItem("startUpdatingLocation()", .app(.startUpdatingLocation), checked: false))
        items.append(eventItem("allowsBackgroundLocationUpdates", .app(.allowsBackgroundLocationUpdates(!p.allowsBackgroundUpdates)),
                               checked: p.allowsBackgroundUpdates))
        items.append(w.significantChanges
                     ? eventItem("stopMonitoringSignificantLocationChanges()", .app(.stopMonitoringSignificantLocationChanges), checked: true)
                     : eventItem("startMonitoringSignificantLocationChanges()", .app(.startMonitoringSignificantLocationChanges), checked: false))
        items.append(w.regions.contains("office")
                     ? eventItem("stopMonitoring(region \"office\")", .app(.stopMonitoringRegion("office")), checked: true)
                     : eventItem("startMonitoring(region \"office\")", .app(.startMonitoringRegion("office")), checked: false))
        items.append(.header("iOS 17/18"))
        let id = nextSessionID, name = Name(id), key = Name(purposeKey)
        items.append(eventItem("CLServiceSession(.whenInUse) " + language.pick("as \(id)", "(\(id))"), .app(.session(id: name, goal: .whenInUse, fullAccuracyKey: nil))))
        items.append(eventItem("CLServiceSession(.always) " + language.pick("as \(id)", "(\(id))"), .app(.session(id: name, goal: .always, fullAccuracyKey: nil))))
        items.append(eventItem("CLServiceSession(.whenInUse, \"\(purposeKey)\") " + language.pick("as \(id)", "(\(id))"),
                               .app(.session(id: name, goal: .whenInUse, fullAccuracyKey: key))))
        for s in w.sessions where s.state == .active {
            if s.held {
                items.append(eventItem("\(s.id).invalidate()", .app(.invalidate(s.id))))
            } else {
                items.append(eventItem(language.pick("re-create \(s.id) (.\(s.goal.rawValue))", "\(s.id) 다시 만들기 (.\(s.goal.rawValue))"), .app(.session(id: s.id, goal: s.goal, fullAccuracyKey: s.fullAccuracyKey))))
            }
        }
        let live = running && p.liveUpdates != nil
        items.append(eventItem(live ? language.pick("stop liveUpdates", "liveUpdates 멈춤") : "for await liveUpdates", .app(.liveUpdates(!live)), checked: live))
        let mon = running && p.monitor != nil
        items.append(eventItem(mon ? language.pick("stop CLMonitor events", "CLMonitor 이벤트 멈춤") : language.pick("for await CLMonitor events", "for await CLMonitor.events"), .app(.monitor(!mon)), checked: mon))
        let cond = "c\(w.monitorConditions.count + 1)"
        items.append(eventItem("monitor.add(\(cond))", .app(.monitorAdd(cond))))
        let bg = running && p.backgroundActivity != nil
        items.append(eventItem(bg ? "CLBackgroundActivitySession.invalidate()" : "CLBackgroundActivitySession()", .app(.backgroundActivity(!bg)), checked: bg))
        items.append(.header("More CLLocationManager"))
        // Format 1.1: one location, the manager's properties, visits, beacons, Live Activities.
        items.append(eventItem("requestLocation()", .app(.requestLocation)))
        func next<T: CaseIterable & Equatable>(_ v: T) -> T {
            let all = Array(T.allCases)
            return all[(all.firstIndex(of: v)! + 1) % all.count]
        }
        items.append(eventItem(language.pick("desiredAccuracy = .\(next(p.desiredAccuracy).rawValue) (now .\(p.desiredAccuracy.rawValue))",
                                             "desiredAccuracy 다음 값 .\(next(p.desiredAccuracy).rawValue) (현재 .\(p.desiredAccuracy.rawValue))"),
                               .app(.desiredAccuracy(next(p.desiredAccuracy)))))
        items.append(eventItem("pausesLocationUpdatesAutomatically", .app(.pausesLocationUpdatesAutomatically(!p.pausesAutomatically)),
                               checked: p.pausesAutomatically))
        items.append(eventItem(language.pick("activityType = .\(next(p.activityType).rawValue) (now .\(p.activityType.rawValue))",
                                             "activityType 다음 값 .\(next(p.activityType).rawValue) (현재 .\(p.activityType.rawValue))"),
                               .app(.activityType(next(p.activityType)))))
        items.append(eventItem("showsBackgroundLocationIndicator", .app(.showsBackgroundLocationIndicator(!p.showsBackgroundIndicator)),
                               checked: p.showsBackgroundIndicator))
        items.append(w.visits
                     ? eventItem("stopMonitoringVisits()", .app(.stopMonitoringVisits), checked: true)
                     : eventItem("startMonitoringVisits()", .app(.startMonitoringVisits), checked: false))
        let ranging = running && p.beaconRanging.contains(ExplorerState.beaconID)
        items.append(ranging
                     ? eventItem("stopRangingBeacons(\"\(ExplorerState.beaconID)\")", .app(.stopRangingBeacons(ExplorerState.beaconID)), checked: true)
                     : eventItem("startRangingBeacons(\"\(ExplorerState.beaconID)\")", .app(.startRangingBeacons(ExplorerState.beaconID)), checked: false))
        let beaconRegion = w.beaconRegions.contains(ExplorerState.beaconID)
        items.append(beaconRegion
                     ? eventItem("stopMonitoring(beacon region \"\(ExplorerState.beaconID)\")", .app(.stopMonitoringBeaconRegion(ExplorerState.beaconID)), checked: true)
                     : eventItem("startMonitoring(beacon region \"\(ExplorerState.beaconID)\")", .app(.startMonitoringBeaconRegion(ExplorerState.beaconID)), checked: false))
        items.append(eventItem(w.liveActivityActive ? "end the Live Activity" : "start a Live Activity", .app(.liveActivity(!w.liveActivityActive)),
                               checked: w.liveActivityActive))
        items += catalogueItems(.app)
        items.append(.header("Person"))
        items.append(eventItem(language("open the app (foreground)"), .user(.foreground)))
        items.append(eventItem(language("leave the app (background)"), .user(.background)))
        items.append(eventItem(language("swipe the app away (force quit)"), .user(.forceQuit)))
        items.append(eventItem(language("tap CLLocationButton"), .user(.locationButton)))
        items.append(w.widgetAdded ? eventItem(language("remove the widget"), .user(.removeWidget)) : eventItem(language("add the widget"), .user(.addWidget)))
        items += catalogueItems(.person)
        items.append(.header("System and device"))
        items.append(eventItem(language("suspend the app"), .system(.suspend)))
        items.append(eventItem(language("terminate the app"), .system(.terminate)))
        items.append(eventItem(language("relaunch in the background"), .system(.relaunch)))
        items.append(eventItem(language("background-use reminder"), .system(.reminder)))
        // Every device event in every state (one that does nothing now says why).
        items.append(eventItem(language("device moves"), .device(.move)))
        items.append(eventItem(language("device stops (stationary)"), .device(.stationary)))
        items.append(eventItem(language("lose the fix (noFix)"), .device(.noFix)))
        items.append(eventItem(language("fix available again"), .device(.fix)))
        items.append(eventItem(language(w.airplaneMode ? "turn Airplane mode off" : "turn Airplane mode on"), .device(.airplaneMode(!w.airplaneMode)), checked: w.airplaneMode))
        items.append(eventItem(language("restart the device"), .device(.restart)))
        for r in w.regions { items.append(eventItem(language.pick("exit region \(r)", "영역 \"\(r)\"에서 나감"), .device(.exitRegion(r)))) }
        for c in w.monitorConditions { items.append(eventItem(language.pick("condition \(c) fires", "조건 \"\(c)\" 발생"), .device(.exitRegion(c)))) }
        if w.visits { items.append(eventItem(language("arrive at a place (visit)"), .device(.visit))) }
        var beacons = w.beaconRegions
        for b in w.process.beaconRanging where running && !beacons.contains(b) { beacons.append(b) }
        for b in beacons {
            items.append(eventItem(language.pick("enter beacon \(b)", "비콘 \"\(b)\" 범위에 들어감"), .device(.enterBeacon(b))))
            items.append(eventItem(language.pick("exit beacon \(b)", "비콘 \"\(b)\" 범위에서 나감"), .device(.exitBeacon(b))))
        }
        items += catalogueItems(.system) + catalogueItems(.device)
        return items
    }

    /// The diagnostics lines: a header per source, then each of its Apple properties.
    var diagnosticItems: [(source: World.DiagnosticSource?, property: Diagnostic?, on: Bool)] {
        let w = world
        var out: [(World.DiagnosticSource?, Diagnostic?, Bool)] = []
        for source in w.diagnosticSources {
            out.append((source, nil, false))
            let on = Set(w.diagnostics(source))
            for d in w.diagnosticProperties(source) { out.append((source, d, on.contains(d))) }
        }
        return out
    }

    func items(_ pane: Pane) -> [Item] {
        switch pane {
        case .settings: return settingsItems
        case .app: return appItems
        default: return []
        }
    }

    func selected(_ pane: Pane) -> Int { selection[pane] ?? (pane == .app ? 1 : 0) }

    /// The log line the log pane has selected: the newest shown, `logScroll` lines back.
    public var selectedLogIndex: Int? {
        var skip = logScroll
        var i = history.log.count - 1
        var oldest: Int?
        while i >= 0 {
            let e = history.log[i]
            if logFilter.matches(e) && !e.isPlainWait {
                if skip == 0 { return i }
                skip -= 1
                oldest = i
            }
            i -= 1
        }
        return oldest  // scrolled past the oldest line: that one, as the pane shows it
    }

    /// How many lines the log shows with its filter.
    var logLineCount: Int { history.log.reduce(0) { $0 + (logFilter.matches($1) && !$1.isPlainWait ? 1 : 0) } }
}
