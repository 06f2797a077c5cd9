import LocflowCore

/// `locflow map`: the designer's flow map. Nodes are what the person sees (the prompt on screen
/// with its buttons, or the app's Settings page) together with the status the app reads; edges
/// are the person's taps and Settings changes, the app's requests, and time passing, for one
/// configured app and platform. A small breadth-first walk of its own over the public World API,
/// abstracted to those few actions so the picture stays tens of nodes.
public struct FlowMap: Sendable {
    /// What the person sees and the app reads.
    public struct Node: Hashable, Sendable {
        public var prompt: PromptKind?
        /// The title and buttons of the prompt on screen.
        public var promptTitle: String?
        /// The prompt's message: the purpose string (usage description), after any strings file.
        public var promptMessage: String?
        public var buttons: [String]
        /// The prompt's Precise switch (iOS 14+ when-in-use prompt), when it has one.
        public var promptPrecise: Bool?
        /// Why the prompt is up: which request, or what the system reacted to.
        public var origin: String?
        public var settings: SettingsChoice
        /// The Settings page's Precise Location switch, when it shows one.
        public var precise: Bool?
        public var locationServices: Bool
        public var status: AuthorizationStatus
        /// The accuracy the app reads, on platforms that have one.
        public var accuracy: AccuracyAuthorization?
    }

    public enum EdgeKind: String, Sendable {
        /// The person taps a prompt button or its Precise switch.
        case tap
        /// The person changes the app's page in Settings.
        case settings
        /// The app calls a request method.
        case app
        /// Time passes, or something happens while the app is away.
        case time
    }

    public struct Edge: Hashable, Sendable {
        public var from: Int
        public var to: Int
        public var label: String
        public var kind: EdgeKind
        /// The .flow steps it stands for.
        public var steps: [String]
    }

    /// What else the map follows besides prompts, Settings choices, requests and time.
    public struct Extras: OptionSet, Hashable, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// The Precise switches (on the prompt and in Settings), and temporary full accuracy.
        public static let precise = Extras(rawValue: 1)
        /// Location Services off and on again.
        public static let locationServices = Extras(rawValue: 2)
        /// Leaving the app, and events while it is away (expiring grants, the deferred upgrade).
        public static let time = Extras(rawValue: 4)
        /// iOS 18: the app creating a `CLServiceSession` for when in use or Always (with its
        /// purpose key too): the prompts a session brings up by itself, in order.
        public static let sessions = Extras(rawValue: 8)
        /// Drawing only (svg, dot): the Settings changes as arrows too, not only in their own table.
        public static let settings = Extras(rawValue: 16)
        public static let names: [(String, Extras)] = [("precise", .precise), ("locationServices", .locationServices), ("time", .time),
                                                        ("sessions", .sessions), ("settings", .settings)]
    }

    public let config: AppConfig
    public let extras: Extras
    public private(set) var nodes: [Node] = []
    public private(set) var edges: [Edge] = []
    /// For each node, the steps from the start by which the walk first reached it.
    public private(set) var paths: [[Event]] = []

    /// Explores from the start (the app just launched, nothing asked yet).
    public init(config: AppConfig, extras: Extras = [.time]) {
        self.config = config
        self.extras = extras
        var index: [Node: Int] = [:]
        var edgeSeen: Set<Edge> = []
        var queue: [World] = []
        var head = 0
        let start = World(config: config)
        // Each node is explored once, from the first world that showed it.
        func visit(_ w: World, path: [Event]) -> Int {
            let node = Self.node(w)
            if let known = index[node] { return known }
            index[node] = nodes.count
            nodes.append(node)
            paths.append(path)
            queue.append(w)
            return nodes.count - 1
        }
        _ = visit(start, path: [])
        while head < queue.count {
            let w = queue[head]
            head += 1
            let from = index[Self.node(w)]!
            for action in Self.actions(w, extras) {
                guard let (after, steps) = Self.perform(action.steps, on: w) else { continue }
                let to = visit(after, path: paths[from] + steps)
                guard to != from else { continue }
                let edge = Edge(from: from, to: to, label: action.label, kind: action.kind, steps: steps.map(\.flowText))
                if edgeSeen.insert(edge).inserted { edges.append(edge) }
            }
        }
    }

    static func node(_ w: World) -> Node {
        let p = w.prompt
        return Node(prompt: p?.kind, promptTitle: p.map { w.title(for: $0) },
                    promptMessage: p.map { w.message(for: $0) }, buttons: w.promptButtons,
                    promptPrecise: p.flatMap { $0.showsPreciseSwitch ? $0.precise : nil },
                    origin: p.map { p in
                        // A session's prompt says which goal asked: the screens that follow differ.
                        if case .session(let id) = p.origin, let s = w.session(id) {
                            return "CLServiceSession(.\(s.goal.rawValue)" + (s.fullAccuracyKey.map { ", \"\($0)\"" } ?? "") + ") asked"
                        }
                        return originText(p.origin)
                    },
                    settings: w.settingsChoice, precise: w.settingsShowsPrecise ? w.record.precise : nil,
                    locationServices: w.locationServicesOn, status: w.status,
                    accuracy: w.profile.hasAccuracy ? w.accuracy : nil)
    }

    static func originText(_ o: PromptOrigin) -> String {
        switch o {
        case .requestWhenInUse: "the app asked: requestWhenInUseAuthorization"
        case .requestAlways: "the app asked: requestAlwaysAuthorization"
        case .immediateUpgrade: "the app asked for Always from While Using"
        case .deferredUpgrade(let trigger): "provisional Always met \(trigger)"
        case .temporaryRequest(let key): "the app asked for full accuracy (\(key))"
        case .session(let id): "service session \(id) asked"
        case .locationButton: "the person tapped CLLocationButton"
        case .reminder: "the system reminds of background use"
        case .servicesOff: "the app asked while Location Services are off"
        case .widget: "the person added the app's widget"
        }
    }

    struct Action {
        var label: String
        var kind: EdgeKind
        var steps: [Event]
    }

    /// The actions the map offers in a state, in a fixed order.
    static func actions(_ w: World, _ extras: Extras) -> [Action] {
        if let p = w.prompt {
            var out = w.buttons(for: p).map { Action(label: "tap “\($0)”", kind: .tap, steps: [.user(.tap($0))]) }
            if p.showsPreciseSwitch && extras.contains(.precise) {
                out.append(Action(label: "Precise \(p.precise ? "off" : "on")", kind: .tap, steps: [.user(.precise(!p.precise))]))
            }
            return out
        }
        var out: [Action] = [
            Action(label: "requestWhenInUseAuthorization()", kind: .app, steps: [.app(.requestWhenInUseAuthorization)]),
            Action(label: "requestAlwaysAuthorization()", kind: .app, steps: [.app(.requestAlwaysAuthorization)]),
        ]
        if w.profile.hasAccuracy && extras.contains(.precise) {
            for key in (w.info.temporaryUsageDescriptions ?? [:]).keys.sorted() {
                out.append(Action(label: "requestTemporaryFullAccuracyAuthorization(\"\(key)\")", kind: .app,
                                  steps: [.app(.requestTemporaryFullAccuracyAuthorization(Name(key)))]))
            }
        }
        if w.profile.hasLocationButton {
            out.append(Action(label: "tap CLLocationButton", kind: .tap, steps: [.user(.locationButton)]))
        }
        if w.profile.hasServiceSessions && extras.contains(.sessions) {
            var goals: [(String, SessionGoal, String?)] = [("whenInUse", .whenInUse, nil), ("always", .always, nil)]
            if let key = (w.info.temporaryUsageDescriptions ?? [:]).keys.sorted().first { goals.append(("whenInUse", .whenInUse, key)) }
            for (name, goal, key) in goals {
                out.append(Action(label: "CLServiceSession(authorization: .\(name)" + (key.map { ", fullAccuracyPurposeKey: \"\($0)\"" } ?? "") + ")",
                                  kind: .app, steps: [.app(.session(id: FlowMap.sessionID, goal: goal, fullAccuracyKey: key.map { Name($0) }))]))
            }
        }
        for choice in w.settingsOptions where choice != w.settingsChoice {
            out.append(Action(label: "Settings › \(settingsLabel(choice, w.profile))", kind: .settings, steps: [.user(.settings(choice))]))
        }
        if w.settingsShowsPrecise && extras.contains(.precise) {
            out.append(Action(label: "Settings › Precise \(w.record.precise ? "Off" : "On")", kind: .settings,
                              steps: [.user(.settingsPrecise(!w.record.precise))]))
        }
        if extras.contains(.locationServices) {
            out.append(Action(label: "Settings › Location Services \(w.locationServicesOn ? "Off" : "On")", kind: .settings,
                              steps: [.user(.settingsLocationServices(!w.locationServicesOn))]))
        }
        guard extras.contains(.time) else { return out }
        out.append(Action(label: "leave the app for 10 min", kind: .time,
                          steps: [.user(.background), .wait(600_000), .user(.foreground)]))
        if w.profile.hasAlways {
            out.append(Action(label: "away: a significant location change", kind: .time,
                              steps: [.app(.startMonitoringSignificantLocationChanges), .user(.background), .wait(60_000),
                                      .system(.terminate), .device(.move)]))
        }
        return out
    }

    /// Performs the steps; nil when one is refused. Afterwards, unless a prompt is up, the person
    /// is back in the app with nothing left running, so every screen node starts from the same place.
    static func perform(_ steps: [Event], on world: World) -> (World, [Event])? {
        var w = world
        var done = steps
        for e in steps {
            guard w.refusal(for: e) == nil else { return nil }
            _ = w.step(e)
        }
        if w.prompt == nil {
            if w.lifecycle != .foreground { _ = w.step(.user(.foreground)); done.append(.user(.foreground)) }
            // A session's prompts are over: the app lets it go, so the screen starts from the same place.
            if w.session(FlowMap.sessionID)?.state == .active {
                _ = w.step(.app(.invalidate(FlowMap.sessionID)))
                done.append(.app(.invalidate(FlowMap.sessionID)))
            }
            if w.significantChanges {
                _ = w.step(.app(.stopMonitoringSignificantLocationChanges))
                done.append(.app(.stopMonitoringSignificantLocationChanges))
            }
        }
        return (w, done)
    }

    /// The ID of the session the map's app creates.
    static let sessionID: Name = "s"

    static func settingsLabel(_ c: SettingsChoice, _ profile: PlatformProfile) -> String {
        switch c {
        case .never: "Never"
        case .askNextTime: profile.askNextTimeLabel
        case .whileUsing: "While Using the App"
        case .whileUsingOrWidgets: "While Using the App or Widgets"
        case .always: "Always"
        case .unlisted: "not listed"
        }
    }

    // MARK: Labels

    /// A node's lines: the prompt (title, buttons) or the Settings page, then what the app reads.
    public func lines(_ n: Node) -> [String] {
        var out: [String] = []
        if let title = n.promptTitle {
            out.append(title)
            if let m = n.promptMessage, !m.isEmpty { out.append("“\(m)”") }
            out.append(n.buttons.map { "[\($0)]" }.joined(separator: " "))
            if let precise = n.promptPrecise, extras.contains(.precise) { out.append("Precise: \(precise ? "On" : "Off")") }
            if let origin = n.origin { out.append("(\(origin))") }
        } else if !n.locationServices {
            out.append("Location Services Off")
        } else {
            var s = "Settings: " + Self.settingsLabel(n.settings, config.profile)
            if let p = n.precise, extras.contains(.precise) { s += " · Precise \(p ? "On" : "Off")" }
            out.append(s)
        }
        if n.prompt != nil && !n.locationServices { out.append("Location Services Off") }
        if n.prompt != nil { out.append("Settings: " + Self.settingsLabel(n.settings, config.profile)) }
        out.append("app reads " + n.status.rawValue + (n.accuracy.map { $0 == .fullAccuracy ? " (full)" : " (reduced)" } ?? ""))
        // The app's name comes from its Info.plist: control and direction characters are shown escaped.
        return out.map { TextSafety.escape($0, keepNewlines: false) }
    }
}
