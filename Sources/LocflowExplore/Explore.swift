import LocflowCore
import LocflowFlow

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
        public var id: Name
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
                        !p.beaconRanging.isEmpty, w.widgetAdded, w.forceQuitSinceOpened && w.assumptions.forceQuitBlocksRelaunch].enumerated() where on {
            f11 |= 1 << UInt16(i)
        }
        format11 = f11
        diagnostics = w.diagnosticSources.map { DiagnosticObservation(source: $0.name, bits: w.diagnosticSet($0).rawValue) }
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

/// Invariants that must hold in every reachable state.
public enum Invariants {
    public static func check(_ w: World) -> [String] {
        var out: [String] = []
        let st = w.status
        if let p = w.prompt, !p.isSystemInitiated, w.lifecycle != .foreground {
            out.append("the app's \(p.kind.rawValue) prompt is up while the app is \(w.lifecycle.rawValue)")
        }
        let restrictedWins = w.restricted && !(w.servicesOff && w.assumptions.servicesOffOverridesRestricted)
        if restrictedWins && st != .restricted { out.append("restricted, but the status is \(st.rawValue)") }
        if !restrictedWins {
            if !w.locationServicesOn && st != .denied { out.append("Location Services off, but the status is \(st.rawValue)") }
            if w.airplaneMode && st != .denied { out.append("Airplane mode, but the status is \(st.rawValue)") }
            if w.locationServicesOn && !w.airplaneMode {
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
        // (Checked for every state a search finds: no set is built unless a check fails.)
        w.forEachDiagnosticSource { source in
            let found = w.diagnosticSet(source)
            let extra = found.subtracting(source.type.propertySet)
            if !extra.isEmpty {
                out.append("\(source.type.rawValue) carries \(extra.elements.map(\.rawValue).sorted().joined(separator: ", ")), which the type does not have")
            }
            let inProgress = found.contains(.authorizationRequestInProgress)
            if w.profile.hasServiceSessions && inProgress != w.authorizationRequestInProgress { out.append("authorizationRequestInProgress on \(source.name) disagrees with the prompts") }
        }
        // Nothing can deliver wrongly to an authorized app in the foreground or the background:
        // asked only otherwise (every source asked in every state was 1.4% of explore's instructions).
        if !st.isAuthorized || w.lifecycle == .terminated || w.lifecycle == .suspended {
            for s in DeliverySource.allCases where w.delivering(s) {
                if !st.isAuthorized { out.append("\(s.rawValue) delivers while the status is \(st.rawValue)") }
                // Suspended: only what Core Location resumes the app for (docs/flow-format.md §5.5);
                // terminated: only what relaunches it. Beacon ranging never resumes or relaunches it.
                let relaunches = switch s { case .significantChanges, .visits, .beaconRegions, .regions: true; default: false }
                if !relaunches && (w.lifecycle == .terminated || ((s == .standard || s == .beacons) && w.lifecycle == .suspended)) {
                    out.append("\(s.rawValue) delivers to a \(w.lifecycle.rawValue) app")
                }
            }
        }
        if w.indicatorShown && w.lifecycle != .background && w.lifecycle != .suspended { out.append("the indicator shows while the app is \(w.lifecycle.rawValue)") }
        if w.lifecycle == .terminated && w.inUse { out.append("a terminated app counts as in use") }
        if w.sessions.contains(where: { $0.held }) && w.lifecycle == .terminated { out.append("a terminated process holds a session") }
        // (Airplane mode turned on from Control Center leaves a prompt on screen: the status reads denied meanwhile.)
        if let p = w.prompt, p.kind == .whenInUse || p.kind == .legacyAlways || p.kind == .legacyWhenInUse, st != .notDetermined,
           !(p.kind == .legacyAlways && st == .authorizedWhenInUse), !w.airplaneMode {
            out.append("the \(p.kind.rawValue) prompt is up while the status is \(st.rawValue)")
        }
        if let next = w.nextTimer, next.due < w.now { out.append("a timer is overdue") }
        return out
    }
}

