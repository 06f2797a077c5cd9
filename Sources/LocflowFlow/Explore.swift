import LocflowCore

/// What the person and the app can observe of a world: the identity of a state for `explore`.
public struct Observation: Hashable, Sendable {
    public var status: AuthorizationStatus
    public var accuracy: AccuracyAuthorization
    public var settings: SettingsChoice
    public var precise: Bool
    public var locationServices: Bool
    public var prompt: PromptKind?
    public var lifecycle: Lifecycle
    public var inUse: Bool
    public var indicator: Bool
    public var completion: CompletionResult
    public var error: LocationError
    /// Bits: standard, liveUpdates, monitor, significantChanges.
    public var delivering: UInt8
    /// Streams the process runs: liveUpdates, monitor, background activity (bits).
    public var streams: UInt8
    public var sessions: [SessionObservation]
    /// What the person and the app cannot see but what decides what happens next (the stored
    /// record with its one-shot and provisional flags, why the prompt is up, what the app runs).
    /// Without it, provisional Always would merge with plain While Using and never be explored.
    public var record: AppRecord
    public var promptOrigin: PromptOrigin?
    public var waiting: Int
    public var services: UInt16
    /// Per diagnostics source (in order), the true properties as bits of `Diagnostic.allCases`.
    public var diagnostics: [DiagnosticObservation]
    // Format 1.1: the last fix's kind (not the count, which grows without bound), and what runs.
    public var fix: FixKind?
    /// Bits: paused, pausesAutomatically, indicator property, desiredAccuracy reduced, requestLocation
    /// pending, Live Activity, visits, beacon regions, ranging, widget added, forced quit since opened.
    public var format11: UInt16
    public var widgetUpdates: Bool

    public struct SessionObservation: Hashable, Sendable {
        public var id: String
        public var goal: SessionGoal
        public var state: SessionState
        public var held: Bool
        public var qualified: Bool
    }

    public struct DiagnosticObservation: Hashable, Sendable {
        public var source: String
        public var bits: UInt16
    }

    public init(_ w: World) {
        status = w.status
        accuracy = w.accuracy
        settings = w.settingsChoice
        precise = w.record.precise
        locationServices = w.locationServicesOn
        prompt = w.prompt?.kind
        lifecycle = w.lifecycle
        inUse = w.inUse
        indicator = w.indicatorShown
        completion = w.completion
        error = w.lastError
        var d: UInt8 = 0
        for (i, s) in DeliverySource.allCases.enumerated() where w.delivering(s) { d |= 1 << i }
        delivering = d
        var st: UInt8 = 0
        if w.lifecycle != .terminated {
            if w.process.liveUpdates != nil { st |= 1 }
            if w.process.monitor != nil { st |= 2 }
            if w.process.backgroundActivity != nil { st |= 4 }
        }
        streams = st
        sessions = w.sessions.map { SessionObservation(id: $0.id, goal: $0.goal, state: $0.state, held: $0.held, qualified: $0.qualified) }
        record = w.record
        promptOrigin = w.prompt?.origin
        waiting = w.promptQueue.count
        var sv: UInt16 = 0
        let p = w.process
        for (i, on) in [p.standardUpdates, p.allowsBackgroundUpdates, p.standardStartedInForeground, w.significantChanges,
                        !w.regions.isEmpty, !w.monitorConditions.isEmpty, w.keptBackgroundActivity, w.keptLiveUpdates, w.keptMonitor,
                        w.relaunchWindowEndsAt != nil, w.moving, w.hasFix].enumerated() where on {
            sv |= 1 << UInt16(i)
        }
        services = sv
        fix = w.lastFix
        widgetUpdates = w.widgetUpdates
        var f11: UInt16 = 0
        for (i, on) in [p.paused, p.pausesAutomatically, p.showsBackgroundIndicator, p.desiredAccuracy == .reduced,
                        p.locationRequest != nil, w.liveActivityActive, w.visits, !w.beaconRegions.isEmpty,
                        !p.beaconRanging.isEmpty, w.widgetAdded, w.forceQuitSinceOpened].enumerated() where on {
            f11 |= 1 << UInt16(i)
        }
        format11 = f11
        diagnostics = w.diagnosticSources.map { source in
            var bits: UInt16 = 0
            for d in w.diagnostics(source) { bits |= 1 << UInt16(Diagnostic.allCases.firstIndex(of: d)!) }
            return DiagnosticObservation(source: source.name, bits: bits)
        }
    }

    /// A short label for graphs.
    public var label: String {
        var parts = [status.rawValue, accuracy == .fullAccuracy ? "full" : "reduced", "settings=\(settings.rawValue)", lifecycle.rawValue]
        if let prompt { parts.append("prompt=\(prompt.rawValue)") }
        if !inUse { parts.append("notInUse") }
        for s in sessions { parts.append("\(s.id):\(s.state.rawValue)\(s.held ? "" : "(kept)")") }
        return parts.joined(separator: " ")
    }
}

/// Breadth-first search over every state reachable from the start by the person's, the app's
/// and the system's actions. States are observations; the first world found for one stands for it.
public struct StateSearch {
    public struct Bounds: Sendable {
        public var depth: Int? = nil
        public var maxStates = 200_000
        /// Which format 1.1 actions to try (docs/flow-format.md §8).
        public var actions: ActionSet = .standard
        public init(depth: Int? = nil, actions: ActionSet = .standard) {
            self.depth = depth
            self.actions = actions
        }
    }

    /// The actions tried: `v1` only, `standard` (v1 and the most asked-about 1.1 calls, bounded),
    /// or `all` (every 1.1 call and event: pausing, the indicator property, beacons, widgets).
    public enum ActionSet: String, Sendable, CaseIterable { case v1, standard, all }

    public let config: AppConfig
    public let bounds: Bounds
    /// The actions tried in every state (taps come from the prompt on screen).
    public let actions: [Event]

    public private(set) var observations: [Observation] = []
    /// For each state: the state it was first reached from and the action, for shortest paths.
    public private(set) var parent: [(state: Int, action: Event)?] = []
    public private(set) var depthOf: [Int] = []
    public private(set) var edges: [(from: Int, to: Int, action: Event)] = []
    public private(set) var edgeCount = 0
    public private(set) var violations: [(state: Int, message: String)] = []
    public private(set) var truncated = false

    public init(config: AppConfig, bounds: Bounds = Bounds(), keepEdges: Bool = false) {
        self.config = config
        self.bounds = bounds
        var a: [Event] = [
            .app(.requestWhenInUseAuthorization), .app(.requestAlwaysAuthorization),
            .app(.startUpdatingLocation), .app(.stopUpdatingLocation),
            .app(.allowsBackgroundLocationUpdates(true)), .app(.allowsBackgroundLocationUpdates(false)),
            .app(.startMonitoringSignificantLocationChanges), .app(.stopMonitoringSignificantLocationChanges),
            .app(.startMonitoringRegion("office")),
            .user(.background), .user(.foreground), .user(.forceQuit), .user(.locationButton),
            .user(.precise(false)),
            .user(.settingsPrecise(true)), .user(.settingsPrecise(false)),
            .user(.settingsLocationServices(false)), .user(.settingsLocationServices(true)), .user(.settingsReset),
            .system(.suspend), .system(.terminate), .system(.relaunch), .system(.reminder),
            .device(.move), .device(.exitRegion("office")),
            .wait(5_000), .wait(10_000), .wait(60_000), .wait(600_000),
        ]
        a += SettingsChoice.allCases.filter { $0 != .unlisted }.map { .user(.settings($0)) }
        // Format 1.1: one location, a stationary device (automatic pausing), visits, a Live Activity;
        // with `all` also the manager's properties, beacons and widgets.
        if bounds.actions != .v1 {
            a += [.app(.requestLocation), .device(.stationary), .app(.startMonitoringVisits)]
            if config.profile.hasLiveActivities { a.append(.app(.liveActivity(true))) }
        }
        if bounds.actions == .all {
            a += [.app(.pausesLocationUpdatesAutomatically(false)), .app(.showsBackgroundLocationIndicator(true)),
                  .app(.desiredAccuracy(.reduced)), .app(.startMonitoringBeaconRegion("lobby")),
                  .app(.startRangingBeacons("lobby")), .device(.enterBeacon("lobby")), .device(.visit), .wait(15 * 60_000)]
            if config.profile.hasLiveActivities { a.append(.app(.liveActivity(false))) }
            if config.widget { a += [.user(.addWidget), .user(.removeWidget)] }
        }
        if config.profile.hasAccuracy {
            let key = config.info.temporaryUsageDescriptions?.keys.sorted().first ?? "Nav"
            a.append(.app(.requestTemporaryFullAccuracyAuthorization(key)))
        }
        if config.profile.hasModernAPIs {
            a += [.app(.liveUpdates(true)), .app(.liveUpdates(false)), .app(.backgroundActivity(true)), .app(.backgroundActivity(false)),
                  .app(.monitor(true)), .app(.monitorAdd("home")), .device(.exitRegion("home"))]
        }
        if config.profile.hasServiceSessions {
            // At most two explicit sessions.
            a += [.app(.session(id: "a", goal: .whenInUse, fullAccuracyKey: nil)), .app(.session(id: "a", goal: .always, fullAccuracyKey: nil)),
                  .app(.session(id: "b", goal: .whenInUse, fullAccuracyKey: config.info.temporaryUsageDescriptions?.keys.sorted().first ?? "Nav")),
                  .app(.invalidate("a")), .app(.invalidate("b"))]
        }
        actions = a
        self.keepEdges = keepEdges
    }

    let keepEdges: Bool

    /// Runs the search; `check` gets every state's world and returns the invariants it breaks.
    public mutating func run(check: (World) -> [String] = Invariants.check) {
        var index: [Observation: Int] = [:]
        var worlds: [World] = []
        let start = World(config: config)
        let o0 = Observation(start)
        index[o0] = 0
        observations = [o0]
        parent = [nil]
        depthOf = [0]
        worlds = [start]
        for m in check(start) { violations.append((0, m)) }
        var head = 0
        while head < worlds.count {
            let from = head
            let world = worlds[head]
            head += 1
            if let limit = bounds.depth, depthOf[from] >= limit { continue }
            var tries = actions
            if let p = world.prompt { tries = world.buttons(for: p).map { .user(.tap($0)) } + tries }
            for action in tries {
                guard world.refusal(for: action) == nil else { continue }
                var next = world
                next.step(action) { _, _ in }
                edgeCount += 1
                let o = Observation(next)
                if let to = index[o] {
                    if keepEdges && to != from { edges.append((from, to, action)) }
                    continue
                }
                guard observations.count < bounds.maxStates else { truncated = true; continue }
                let to = observations.count
                index[o] = to
                observations.append(o)
                parent.append((from, action))
                depthOf.append(depthOf[from] + 1)
                worlds.append(next)
                if keepEdges { edges.append((from, to, action)) }
                for m in check(next) { violations.append((to, m)) }
            }
            worlds[from] = start  // free the world: only observations and parents are kept
        }
    }

    /// The shortest sequence of actions from the start to a state.
    public func path(to state: Int) -> [Event] {
        var out: [Event] = []
        var s = state
        while let p = parent[s] {
            out.append(p.action)
            s = p.state
        }
        return out.reversed()
    }

    /// The shortest path as a runnable flow: configuration, steps, then the given expectations.
    public func flow(to state: Int, configLines: [String], expectations: [String] = [], title: String) -> String {
        var lines = ["# \(title)"]
        if !configLines.isEmpty { lines += [""] + configLines }
        lines.append("")
        lines += path(to: state).map(\.flowText)
        lines += expectations
        return lines.joined(separator: "\n") + "\n"
    }
}

/// Invariants that must hold in every reachable state.
public enum Invariants {
    public static func check(_ w: World) -> [String] {
        var out: [String] = []
        let st = w.status
        if let p = w.prompt, !p.isSystemInitiated, w.lifecycle != .foreground {
            out.append("the app's \(p.kind.rawValue) prompt is up while the app is \(w.lifecycle.rawValue)")
        }
        if w.restricted && st != .restricted { out.append("restricted, but the status is \(st.rawValue)") }
        if !w.restricted {
            if !w.locationServicesOn && st != .denied { out.append("Location Services off, but the status is \(st.rawValue)") }
            if w.locationServicesOn {
                switch w.settingsChoice {
                case .always where st != .authorizedAlways:
                    out.append("Settings says Always, but the status is \(st.rawValue)")
                case .whileUsing, .whileUsingOrWidgets:
                    if st != .authorizedWhenInUse && st != .authorizedAlways { out.append("Settings says While Using, but the status is \(st.rawValue)") }
                    if st == .authorizedAlways && !w.record.provisionalAlways { out.append("authorizedAlways with While Using in Settings, but not provisional") }
                case .askNextTime, .unlisted:
                    if st != .notDetermined && st != .authorizedWhenInUse { out.append("Settings says \(w.settingsChoice.rawValue), but the status is \(st.rawValue)") }
                    if st == .authorizedWhenInUse && !w.record.temporaryGrant { out.append("when-in-use without a grant while Settings says \(w.settingsChoice.rawValue)") }
                case .never:
                    if st != .denied && !(st == .authorizedWhenInUse && w.record.temporaryGrant) { out.append("Settings says Never, but the status is \(st.rawValue)") }
                default: break
                }
            }
        }
        if ((st == .notDetermined && w.assumptions.notDeterminedReadsFullAccuracy) || !w.profile.hasAccuracy) && w.accuracy != .fullAccuracy {
            out.append("accuracy is reduced while \(st == .notDetermined ? "notDetermined" : "before iOS 14")")
        }
        for source in w.diagnosticSources {
            let extra = Set(w.diagnostics(source)).subtracting(source.type.properties)
            if !extra.isEmpty { out.append("\(source.type.rawValue) carries \(extra.map(\.rawValue).sorted().joined(separator: ", ")), which the type does not have") }
            let inProgress = w.diagnostics(source).contains(.authorizationRequestInProgress)
            if w.profile.hasServiceSessions && inProgress != w.authorizationRequestInProgress { out.append("authorizationRequestInProgress on \(source.name) disagrees with the prompts") }
        }
        for s in DeliverySource.allCases where w.delivering(s) {
            if !st.isAuthorized { out.append("\(s.rawValue) delivers while the status is \(st.rawValue)") }
            // Suspended: only what Core Location resumes the app for (docs/flow-format.md §5.5);
            // terminated: only what relaunches it. Beacon ranging never resumes or relaunches it.
            let relaunches: [DeliverySource] = [.significantChanges, .visits, .beaconRegions]
            if !relaunches.contains(s) && (w.lifecycle == .terminated || ((s == .standard || s == .beacons) && w.lifecycle == .suspended)) {
                out.append("\(s.rawValue) delivers to a \(w.lifecycle.rawValue) app")
            }
        }
        if w.indicatorShown && w.lifecycle != .background && w.lifecycle != .suspended { out.append("the indicator shows while the app is \(w.lifecycle.rawValue)") }
        if w.lifecycle == .terminated && w.inUse { out.append("a terminated app counts as in use") }
        if w.sessions.contains(where: { $0.held }) && w.lifecycle == .terminated { out.append("a terminated process holds a session") }
        if let p = w.prompt, [.whenInUse, .legacyAlways, .legacyWhenInUse].contains(p.kind), st != .notDetermined {
            out.append("the \(p.kind.rawValue) prompt is up while the status is \(st.rawValue)")
        }
        if w.pendingTimers.contains(where: { $0.due < w.now }) { out.append("a timer is overdue") }
        return out
    }
}

/// Conditions for `locflow paths --to "status=authorizedAlways settings=whileUsing"`.
public struct StateCondition: Sendable {
    public var key: String
    public var value: String

    public static let keys = ["status", "accuracy", "settings", "precise", "prompt", "lifecycle", "inUse", "indicator",
                              "locationServicesEnabled", "completion", "error", "delivering.standard", "delivering.liveUpdates",
                              "delivering.monitor", "delivering.significantChanges", "session.a", "session.b",
                              "fix", "paused", "widgetUpdates", "delivering.visits", "delivering.beacons", "delivering.beaconRegions"]

    /// Parses `key=value key=value`, with the nearest valid word for a typo.
    public static func parse(_ text: String) throws(FlowError) -> [StateCondition] {
        var out: [StateCondition] = []
        for part in text.split(separator: " ") where !part.isEmpty {
            let kv = part.split(separator: "=", maxSplits: 1).map(String.init)
            guard kv.count == 2 else { throw FlowError(nil, "--to: '\(part)' is not KEY=VALUE (e.g. status=authorizedAlways)") }
            guard keys.contains(kv[0]) else {
                throw FlowError(nil, "--to: unknown observable '\(kv[0])'" + (nearest(kv[0], in: keys).map { " (did you mean '\($0)'?)" } ?? "")
                                + "; known: " + keys.joined(separator: ", "))
            }
            let allowed = values(for: kv[0])
            guard allowed.contains(kv[1]) else {
                throw FlowError(nil, "--to: \(kv[0]) cannot be '\(kv[1])'" + (nearest(kv[1], in: allowed).map { " (did you mean '\($0)'?)" } ?? "")
                                + "; it is one of " + allowed.joined(separator: ", "))
            }
            out.append(StateCondition(key: kv[0], value: kv[1]))
        }
        if out.isEmpty { throw FlowError(nil, "--to needs at least one KEY=VALUE condition") }
        return out
    }

    static func values(for key: String) -> [String] {
        switch key {
        case "status": AuthorizationStatus.allCases.map(\.rawValue)
        case "accuracy": AccuracyAuthorization.allCases.map(\.rawValue)
        case "settings": SettingsChoice.allCases.map(\.rawValue)
        case "prompt": ["none"] + PromptKind.allCases.map(\.rawValue)
        case "lifecycle": Lifecycle.allCases.map(\.rawValue)
        case "completion": CompletionResult.allCases.map(\.rawValue)
        case "error": LocationError.allCases.map(\.rawValue)
        case "precise", "indicator": ["on", "off"]
        case "fix": ["none"] + FixKind.allCases.map(\.rawValue)
        case "session.a", "session.b": ["active", "invalidated", "lapsed", "none"]
        default: ["true", "false"]
        }
    }

    public func holds(_ o: Observation) -> Bool {
        switch key {
        case "status": return o.status.rawValue == value
        case "accuracy": return o.accuracy.rawValue == value
        case "settings": return o.settings.rawValue == value
        case "precise": return o.precise == (value == "on")
        case "prompt": return (o.prompt?.rawValue ?? "none") == value
        case "lifecycle": return o.lifecycle.rawValue == value
        case "inUse": return o.inUse == (value == "true")
        case "indicator": return o.indicator == (value == "on")
        case "locationServicesEnabled": return o.locationServices == (value == "true")
        case "completion": return o.completion.rawValue == value
        case "error": return o.error.rawValue == value
        case "fix": return (o.fix?.rawValue ?? "none") == value
        case "paused": return (o.format11 & 1 != 0) == (value == "true")
        case "widgetUpdates": return o.widgetUpdates == (value == "true")
        case "session.a", "session.b":
            let id = String(key.dropFirst("session.".count))
            return (o.sessions.first { $0.id == id }?.state.rawValue ?? "none") == value
        default:
            let source = DeliverySource(rawValue: String(key.dropFirst("delivering.".count)))!
            let bit = DeliverySource.allCases.firstIndex(of: source)!
            return (o.delivering & (1 << bit) != 0) == (value == "true")
        }
    }

    /// The condition as an `expect` line, so the printed flow checks itself.
    public var expectLine: String? {
        switch key {
        case "precise": return "expect settings precise \(value)"
        case "session.a", "session.b": return value == "none" ? nil : "expect session \(key.dropFirst(8)) \(value)"
        case let k where k.hasPrefix("delivering."): return "expect delivering \(k.dropFirst(11)) \(value)"
        default: return "expect \(key) \(value)"
        }
    }
}
