/// The derived view: pure functions of the world. Nothing here is stored.
extension World {

    // MARK: Authorization as the app reads it

    /// `authorizationStatus` now.
    @inline(__always) public var status: AuthorizationStatus {
        // Location Services off, or Airplane mode: denied for every app, the stored choice kept
        // [A S9, S11, S215]; a restricted app too, unless the assumption says restricted wins.
        if restricted && !(servicesOff && assumptions.servicesOffOverridesRestricted) { return .restricted }
        if servicesOff { return .denied }
        switch record.choice {
        case .unlisted, .askNextTime:
            return record.temporaryGrant ? .authorizedWhenInUse : .notDetermined
        case .never:
            return record.temporaryGrant ? .authorizedWhenInUse : .denied
        case .whileUsing, .whileUsingOrWidgets:
            return record.provisionalAlways ? .authorizedAlways : .authorizedWhenInUse
        case .always:
            return .authorizedAlways
        }
    }

    /// Location services are unavailable to every app: the global switch is off, or Airplane mode is on.
    @inline(__always) public var servicesOff: Bool { !locationServicesOn || airplaneMode }

    /// `accuracyAuthorization` now. Before iOS 14 it always reads full; with `notDetermined` too. [A S14][I]
    @inline(__always) public var accuracy: AccuracyAuthorization { accuracy(status) }

    /// The accuracy with the status already known (`statusPair` asks for both: the status once).
    @inline(__always) func accuracy(_ status: AuthorizationStatus) -> AccuracyAuthorization {
        guard profile.hasAccuracy else { return .fullAccuracy }
        if status == .notDetermined && assumptions.notDeterminedReadsFullAccuracy { return .fullAccuracy }
        return record.precise || record.temporaryFullAccuracy ? .fullAccuracy : .reducedAccuracy
    }

    @inline(__always) public var statusPair: StatusPair {
        let st = status
        return StatusPair(st, accuracy(st))
    }

    /// Allow Once (or a location-button grant) in force: status when-in-use but temporary.
    @inline(__always) public var isTemporaryWhenInUse: Bool { record.temporaryGrant && status == .authorizedWhenInUse }

    /// Provisional Always in force: the app reads `authorizedAlways`, Settings shows While Using.
    @inline(__always) public var isProvisionalAlways: Bool { record.provisionalAlways && status == .authorizedAlways }

    /// Always that is permanent (chosen in Settings or confirmed on the upgrade prompt).
    @inline(__always) public var isPermanentAlways: Bool { status == .authorizedAlways && !record.provisionalAlways }

    // MARK: Settings

    /// The option selected on the app's Settings page.
    public var settingsChoice: SettingsChoice { record.choice }

    /// The options the app's Settings page offers, in order. [A S17; D S41, S42]
    public var settingsOptions: [SettingsChoice] {
        guard record.choice != .unlisted, !restricted else { return [] }
        return settingsOptionsOnceListed
    }

    /// Whether the app can ever ask, and so ever be listed in Settings. Every way onto the page is
    /// a prompt answered or the location button's grant (requests, sessions, the button), and on
    /// every platform here each needs `NSLocationWhenInUseUsageDescription`: since iOS 11, iOS 12
    /// included, an Always request needs it too. Without it nothing prompts and the app stays
    /// unlisted. [A S2, S14; D S40]
    public var canEverAsk: Bool { keys.hasWhenInUseKey }

    /// The options the page would offer once the app is listed (for inspecting an Info.plist).
    public var settingsOptionsOnceListed: [SettingsChoice] {
        SettingsChoice.allCases.filter(offersOnceListed)
    }

    /// Whether the page offers an option (once the app is listed): one place for the rule, and
    /// no list built when a step only asks about one option.
    public func offersOnceListed(_ choice: SettingsChoice) -> Bool {
        switch choice {
        case .unlisted: false
        case .never: true
        // macOS: a switch per app, on (Always: macOS has no when-in-use) or off. [D S237; I]
        case .whileUsing: !profile.settingsIsSwitch
        case .askNextTime: profile.hasAllowOnce
        // The widget extension's NSWidgetWantsLocation (`widget true`), not the app's plist. [A S17b]
        case .whileUsingOrWidgets: hasWidget && profile.hasAccuracy && profile.isPhoneLike
        case .always: keys.hasAlwaysKey && profile.hasAlways && !isAppClip
        }
    }

    /// Whether the page shows a Precise Location switch (iOS 14+, app listed).
    public var settingsShowsPrecise: Bool { profile.hasAccuracy && !profile.settingsIsSwitch && record.choice != .unlisted }

    // MARK: In use [A S12, S13]

    /// The background location indicator (blue bar / pill).
    @inline(__always) public var indicatorShown: Bool {
        guard lifecycle == .background || lifecycle == .suspended else { return false }
        // visionOS counts an app in use only while the person looks at it (and a short time
        // after): nothing keeps a compatible app in use from the background. [A S12, S13]
        if profile.isVisionOS { return false }
        if backgroundActivityActive { return true }
        guard standardRunsInBackground else { return false }
        // When-in-use apps always show the indicator during continuous background updates; Always
        // apps only with showsBackgroundLocationIndicator, as read when they moved to the background. [A S14, S204]
        return status == .authorizedWhenInUse || (status == .authorizedAlways && process.indicatorPropertyAtBackground)
    }

    /// The end of the in-use grace after leaving the foreground, if the app is inside it.
    @inline(__always) var graceEndsAt: Millis? {
        guard lifecycle == .background || lifecycle == .suspended, let left = foregroundLeftAt else { return nil }
        let end = left + assumptions.inUseGrace
        return now < end ? end : nil
    }

    /// Whether the app counts as in use right now.
    @inline(__always) public var inUse: Bool {
        switch lifecycle {
        case .foreground: return true
        case .terminated: return false
        // A running Mac app is always in use; a watch app whose complication is on the
        // current face too. [A S232; D S236; I watchComplicationInUse]
        case .background, .suspended:
            return indicatorShown || graceEndsAt != nil || keptInUseByPlatform
        }
    }

    /// macOS (a running app is in use) or a complication on the watch face. [A S232; D S236]
    @inline(__always) var keptInUseByPlatform: Bool {
        if !profile.suspendsInBackground { return lifecycle.isRunning }
        return profile.complicationKeepsInUse && widgetAdded && assumptions.watchComplicationInUse
    }

    /// Standard updates that keep running in the background (started in the foreground with
    /// `allowsBackgroundLocationUpdates`, or any start by an Always app). [A S2]
    @inline(__always) var standardRunsInBackground: Bool {
        lifecycle == .background && process.standardUpdates && process.allowsBackgroundUpdates
            && !process.paused
            && !profile.isVisionOS  // background updates are unavailable to a compatible app on visionOS
            && status.isAuthorized
            && (process.standardStartedInForeground || status == .authorizedAlways)
    }

    /// A backgrounded app keeps running only while it receives continuous background location,
    /// or iterates `liveUpdates` that reach it while the device moves with a fix (docs/flow-format.md
    /// §5.5; Core Location unsuspends such an app as updates come). [A S18b]
    @inline(__always) public var runsInBackground: Bool {
        lifecycle == .background
            && (standardRunsInBackground || backgroundActivityActive || (moving && hasFix && liveUpdatesReachBackground))
    }

    // MARK: Sessions

    /// An implicit when-in-use session is held (iOS 18): iterating liveUpdates or monitor events,
    /// or a background activity session, unless the app requires explicit sessions. [A S6, S18]
    @inline(__always) public var holdsImplicitSession: Bool {
        profile.hasServiceSessions && !keys.requireExplicitServiceSession && lifecycle != .terminated
            && (process.liveUpdates != nil || process.monitor != nil || process.backgroundActivity != nil)
    }

    /// `NSLocationRequireExplicitServiceSession` is set and no explicit session that needs
    /// authorization is in effect (a `.none` session counts only if authorization exists). [A S8, S8b]
    /// With `explicitSessionKeyCoversClassicAPIs`, the classic services wait for an explicit
    /// session too, as the new APIs do. [I]
    public var classicHeldForExplicitSession: Bool {
        assumptions.explicitSessionKeyCoversClassicAPIs && serviceSessionRequired
    }

    public var serviceSessionRequired: Bool {
        guard profile.hasServiceSessions, keys.requireExplicitServiceSession else { return false }
        let authorized = status.isAuthorized
        return !sessions.contains { $0.state == .active && ($0.goal != .none || authorized) }
    }

    /// Always takes effect for the new APIs while not in use only with a `.always` session
    /// started in the foreground and kept. [A S18, S8] Before iOS 18 Always is enough.
    @inline(__always) public var alwaysInterest: Bool {
        guard isPermanentAlways else { return false }
        guard profile.hasServiceSessions else { return true }
        return holdsAlwaysSession
    }

    /// A `.always` session started in the foreground (or rejoined) is held or kept. [A S18, S8]
    @inline(__always) var holdsAlwaysSession: Bool {
        sessions.contains { $0.state == .active && $0.goal == .always && $0.qualified }
    }

    /// With `alwaysSessionCoversClassicAPIs` (iOS 18), Always would not take effect for a
    /// classic Always-class event while the app is not in use: no `.always` session started in
    /// the foreground is held or kept. Apple says so for the new APIs only. [A S18, S8][I]
    @inline(__always) public var classicNeedsAlwaysSession: Bool {
        assumptions.alwaysSessionCoversClassicAPIs && profile.hasServiceSessions && !holdsAlwaysSession
    }

    /// An active `CLBackgroundActivitySession`: effective authorization, `location` in
    /// `UIBackgroundModes`, and a foreground start or an immediate rejoin. [A S31]
    @inline(__always) public var backgroundActivityActive: Bool {
        guard let bg = process.backgroundActivity, lifecycle != .terminated, !profile.isVisionOS else { return false }
        return bg.qualified && keys.hasLocationBackgroundMode && status.isAuthorized && !serviceSessionRequired
    }

    /// The goal Core Location works towards: the union of the held sessions. [I]
    @inline(__always) public var effectiveGoal: SessionGoal {
        var goal: SessionGoal = holdsImplicitSession ? .whenInUse : .none
        for i in sessions.indices where sessions[i].state == .active && sessions[i].held && sessions[i].goal > goal { goal = sessions[i].goal }
        // An App Clip cannot ask for Always: a .always session asks only for when-in-use. [A S208]
        if isAppClip && goal == .always { return .whenInUse }
        return goal
    }

    /// A prompt of this kind is on screen or waiting its turn.
    func asking(_ kind: PromptKind) -> Bool { prompt?.kind == kind || promptQueue.contains { $0.kind == kind } }

    /// An authorization prompt for this app is on screen or waiting.
    /// (A loop, not `contains` with a closure: read from the reducer, that copied the whole world.)
    @inline(__always) public var authorizationRequestInProgress: Bool {
        if case .some(let p) = prompt, p.kind.isAuthorizationRequest { return true }
        for i in promptQueue.indices where promptQueue[i].kind.isAuthorizationRequest { return true }
        return false
    }

    // MARK: Diagnostics [A S7b, S19, S31, S61]

    public enum DiagnosticSource: Sendable, Hashable {
        case session(Name), liveUpdates, monitor, backgroundActivity

        public init(_ name: String) {
            switch name {
            case "liveUpdates": self = .liveUpdates
            case "monitor": self = .monitor
            case "backgroundActivity": self = .backgroundActivity
            default: self = .session(Name(name))
            }
        }

        public var name: String {
            switch self {
            case .session(let id): id.string
            case .liveUpdates: "liveUpdates"
            case .monitor: "monitor"
            case .backgroundActivity: "backgroundActivity"
            }
        }

        public var type: DiagnosticType {
            switch self {
            case .session: .serviceSession
            case .liveUpdates: .locationUpdate
            case .monitor: .monitorEvent
            case .backgroundActivity: .backgroundActivity
            }
        }
    }

    /// The diagnostics sources that exist now, in display order.
    public var diagnosticSources: [DiagnosticSource] {
        var out: [DiagnosticSource] = []
        forEachDiagnosticSource { out.append($0) }
        return out
    }

    /// `diagnosticSources` one by one, without a list (the model checker's invariants ask in
    /// every state it finds).
    @inline(__always) public func forEachDiagnosticSource(_ body: (DiagnosticSource) -> Void) {
        guard profile.hasServiceSessions else {
            // iOS 17: a CLLocationUpdate carries only isStationary. [A S61]
            if profile.hasModernAPIs && lifecycle != .terminated && process.liveUpdates != nil { body(.liveUpdates) }
            return
        }
        for i in sessions.indices where sessions[i].state == .active { body(.session(sessions[i].id)) }
        if lifecycle != .terminated {
            if process.liveUpdates != nil { body(.liveUpdates) }
            if process.monitor != nil { body(.monitor) }
            if process.backgroundActivity != nil { body(.backgroundActivity) }
        }
    }

    /// The properties a source carries on this platform: Apple's type's, or on iOS 17 a
    /// CLLocationUpdate's `isStationary` alone.
    public func diagnosticProperties(_ source: DiagnosticSource) -> [Diagnostic] {
        profile.hasServiceSessions ? source.type.properties : [.stationary]
    }

    /// Why a source has no diagnostics now, or nil when it has.
    public func diagnosticsUnavailable(_ source: DiagnosticSource) -> String? {
        guard profile.hasServiceSessions else {
            if profile.hasModernAPIs, source == .liveUpdates {
                return process.liveUpdates == nil || lifecycle == .terminated ? "the app is not iterating liveUpdates" : nil
            }
            // Before iOS 17 there is no such stream at all, let alone its diagnostics.
            if !profile.hasModernAPIs {
                let api: String? = switch source {
                case .liveUpdates: "CLLocationUpdate"
                case .monitor: "CLMonitor"
                case .backgroundActivity: "CLBackgroundActivitySession"
                case .session: nil
                }
                if let api { return "\(api) needs iOS 17 (the platform is \(profile.platform.displayName))" }
            }
            return "diagnostics need iOS 18 (the platform is \(profile.platform.displayName))"
        }
        switch source {
        case .session(let id):
            guard let s = session(id) else { return "the app never created a session '\(id)'" }
            if s.state != .active { return "session \(id) is \(s.state.rawValue)" }
        case .liveUpdates:
            if process.liveUpdates == nil || lifecycle == .terminated { return "the app is not iterating liveUpdates" }
        case .monitor:
            if process.monitor == nil || lifecycle == .terminated { return "the app is not iterating monitor events" }
        case .backgroundActivity:
            if process.backgroundActivity == nil || lifecycle == .terminated { return "the app holds no background activity session" }
        }
        return nil
    }

    /// The diagnostic properties that are true for a source (none when it has none), in Apple's order.
    public func diagnostics(_ source: DiagnosticSource) -> [Diagnostic] { diagnosticSet(source).elements }

    /// The same as a set of bits: no list is made (the model checker's invariants ask for every
    /// source of every state it finds).
    public func diagnosticSet(_ source: DiagnosticSource) -> DiagnosticSet {
        guard diagnosticsUnavailable(source) == nil else { return [] }
        if !profile.hasServiceSessions { return moving ? [] : DiagnosticSet(.stationary) }  // iOS 17: isStationary alone
        var out: DiagnosticSet = []
        let st = status
        if st == .denied { out.insert(.authorizationDenied) }
        if !locationServicesOn { out.insert(.authorizationDeniedGlobally) }
        if restricted { out.insert(.authorizationRestricted) }
        if authorizationRequestInProgress { out.insert(.authorizationRequestInProgress) }
        switch source {
        case .session(let id):
            let s = session(id)!
            if !s.qualified && lifecycle != .foreground { out.insert(.insufficientlyInUse) }
            if serviceSessionRequired { out.insert(.serviceSessionRequired) }
            // Denied once the person answered: not while the question is still on screen or waiting.
            if s.goal == .always && st == .authorizedWhenInUse && !record.temporaryGrant && record.alwaysRequestUsed
                && !asking(.alwaysUpgrade) {
                out.insert(.alwaysAuthorizationDenied)
            }
            // The person declined the full-accuracy prompt, or turned Precise off (not the app's
            // own NSLocationDefaultAccuracyReduced). [A S8]
            if s.fullAccuracyKey != nil && st.isAuthorized && accuracy == .reducedAccuracy && !asking(.temporaryFullAccuracy)
                && (s.fullAccuracyDeclined || (!record.precise && !keys.defaultAccuracyReduced)) {
                out.insert(.fullAccuracyDenied)
            }
        case .backgroundActivity:
            let bg = process.backgroundActivity!
            if st.isAuthorized && !bg.qualified && lifecycle != .foreground { out.insert(.insufficientlyInUse) }
            if serviceSessionRequired { out.insert(.serviceSessionRequired) }
        case .liveUpdates, .monitor:
            let stream = (source == .liveUpdates ? process.liveUpdates : process.monitor)!
            if st.isAuthorized && !streamInUseOK(stream) { out.insert(.insufficientlyInUse) }
            if serviceSessionRequired { out.insert(.serviceSessionRequired) }
            if st.isAuthorized && accuracy == .reducedAccuracy { out.insert(.accuracyLimited) }
            if source == .liveUpdates {
                if !hasFix { out.insert(.locationUnavailable) }
                if !moving { out.insert(.stationary) }
            } else if monitorConditions.count > assumptions.monitorConditionLimit {
                out.insert(.conditionLimitExceeded)
            }
        }
        return out
    }

    /// A stream may deliver: the app is in the foreground, in use with a stream started in use,
    /// or it has continued interest (background activity session, or Always with its session). [A S18, S31]
    func streamInUseOK(_ stream: ProcessStream) -> Bool {
        lifecycle == .foreground || (inUse && stream.qualified) || backgroundInterest
    }

    /// What lets a stream deliver while the app is not in use: an active background activity
    /// session, or Always with its session (iOS 18) / Always (iOS 17); for a when-in-use app also
    /// an active Live Activity (format 1.1). [A S31, S18, S18b, S8]
    @inline(__always) var backgroundInterest: Bool { backgroundActivityActive || alwaysInterest || liveActivityKeepsEligible }

    // MARK: Delivery

    /// Whether a source delivers locations or events to the app right now: at once, or by the
    /// system resuming or relaunching the app to hand it over (docs/flow-format.md §5.5).
    public func delivering(_ source: DeliverySource) -> Bool {
        let st = status
        guard st.isAuthorized, locationServicesOn else { return false }
        switch source {
        case .standard:
            // Suspended: the system holds standard updates until the app runs again. [A S6]
            // Paused updates deliver nothing. [A S203] Without a fix there is no location to
            // deliver, but the way to the app stays open (as for every source: §3.5).
            return standardRuns
        case .visits, .beacons, .beaconRegions, .regions:
            return delivering11(source)
        case .significantChanges:
            // The service does nothing for a compatible app on visionOS. [A S64]
            guard significantChanges, !profile.isVisionOS, !classicHeldForExplicitSession else { return false }
            if isPermanentAlways && !classicNeedsAlwaysSession { return !relaunchBlocked }
            // iOS 13+: when-in-use apps may use every service while in use; iOS 12 not. [A S12]
            return profile.hasAllowOnce && inUse && lifecycle.isRunning
        case .liveUpdates, .monitor:
            guard profile.hasModernAPIs, lifecycle != .terminated else { return false }
            if source == .monitor && profile.isVisionOS { return false }  // CLMonitor: unavailable on visionOS [A S67]
            let stream = source == .liveUpdates ? process.liveUpdates : process.monitor
            guard let stream else { return false }
            // Suspended: exactly what the same process would get running in the background and
            // not in use, because Core Location resumes the app to deliver. [A S18, S18b]
            let asIfNotInUse = lifecycle == .suspended
            return streamDelivers(source, stream, asIfNotInUse: asIfNotInUse)
        }
    }

    /// `liveUpdates` deliver and the device gives them a location now (it moves, with a fix):
    /// fixes come, a suspended app is resumed for them, the app tracks the location.
    @inline(__always) public var liveUpdatesYield: Bool { moving && hasFix && delivering(.liveUpdates) }

    /// `liveUpdates` that would reach this process while it is in the background and not in use.
    @inline(__always) var liveUpdatesReachBackground: Bool {
        guard profile.hasModernAPIs, let stream = process.liveUpdates, lifecycle == .background || lifecycle == .suspended,
              status.isAuthorized, locationServicesOn else { return false }
        return streamDelivers(.liveUpdates, stream, asIfNotInUse: true)
    }

    /// A running or suspended process's stream delivers: in use (unless `asIfNotInUse`), or with
    /// continued interest; and nothing in its diagnostics blocks it. Whether the device gives it
    /// a location now (it moves, with a fix) is `liveUpdatesYield`.
    func streamDelivers(_ source: DeliverySource, _ stream: ProcessStream, asIfNotInUse: Bool) -> Bool {
        let inUseOK = asIfNotInUse ? backgroundInterest : streamInUseOK(stream)
        if !profile.hasServiceSessions {
            return inUseOK && (source != .monitor || accuracy == .fullAccuracy)
        }
        let st = status
        if !inUseOK && st.isAuthorized { return false }  // insufficientlyInUse
        if serviceSessionRequired || authorizationRequestInProgress || restricted || st == .denied || !locationServicesOn { return false }
        // Reduced accuracy slows liveUpdates (still delivered) [A S18]; a stationary device or
        // one without a fix gives them nothing new to deliver, which is not a block (§3.5:
        // `stationary` and `locationUnavailable` are what the next update says).
        if source == .liveUpdates { return true }
        // ... but withholds monitor events. [A S19]
        return accuracy != .reducedAccuracy
    }

    // MARK: Timers

    /// The timers running now, soonest first: what `wait` will fire, and the explorer's countdowns.
    public var pendingTimers: [(kind: TimerKind, due: Millis)] {
        var out: [(kind: TimerKind, due: Millis)] = []
        forEachTimer { out.append(($0, $1)) }
        // Soonest first; timers due together fire in a fixed order (the order of TimerKind).
        out.sort { World.firesBefore($0, $1) }
        return out
    }

    /// The timer that fires next (the first of `pendingTimers`, without building the list).
    public var nextTimer: (kind: TimerKind, due: Millis)? {
        var next: (kind: TimerKind, due: Millis)?
        forEachTimer { kind, due in
            if next.map({ World.firesBefore((kind, due), $0) }) ?? true { next = (kind, due) }
        }
        return next
    }

    private static func firesBefore(_ a: (kind: TimerKind, due: Millis), _ b: (kind: TimerKind, due: Millis)) -> Bool {
        a.due != b.due ? a.due < b.due : a.kind.order < b.kind.order
    }

    /// Every timer scheduled, in no particular order.
    private func forEachTimer(_ body: (TimerKind, Millis) -> Void) {
        if let end = graceEndsAt, !indicatorShown, notInUseSince == nil, !keptInUseByPlatform { body(.inUseEnds, end) }
        if let at = suspendAt { body(.suspend, at) }
        if record.temporaryGrant, let since = notInUseSince { body(.allowOnceExpires, max(now, since + assumptions.allowOnceGrace)) }
        if let at = relaunchWindowEndsAt { body(.relaunchWindowCloses, at) }
        if let at = nextReducedFixAt { body(.reducedAccuracyFix, at) }
        if let at = process.locationRequest?.deadline, lifecycle.isRunning { body(.requestLocationTimeout, at) }
        if let at = autoPauseAt { body(.autoPause, at) }
        if let at = liveActivityStartedAt { body(.liveActivityEnds, at + assumptions.liveActivityMaxDuration) }
        if let at = appClipResetAt { body(.appClipReset, at) }
    }

    // MARK: The prompt on screen

    public var promptButtons: [String] { prompt.map { buttons(for: $0) } ?? [] }

    public func buttons(for prompt: Prompt) -> [String] {
        switch prompt.kind {
        case .whenInUse where profile.grantIsAlways:
            return ["Don't Allow", "Allow"]  // macOS's alert [D S237; I]
        case .whenInUse:
            return profile.modernButtonOrder
                ? ["Allow Once", "Allow While Using App", "Don't Allow"]
                : ["Allow While Using App", "Allow Once", "Don't Allow"]
        case .alwaysUpgrade: return ["Keep Only While Using", "Change to Always Allow"]
        case .temporaryFullAccuracy: return ["Allow Once", "Don't Allow"]
        case .backgroundReminder: return ["Change to Only While Using", "Always Allow"]
        case .legacyAlways: return ["Only While Using the App", "Always Allow", "Don't Allow"]
        case .legacyWhenInUse: return ["Don't Allow", "Allow"]
        case .locationButton: return ["Allow Once", "Don't Allow"]
        case .servicesOff: return ["Settings", "Cancel"]
        case .widget: return ["Allow", "Don't Allow"]
        }
    }

    /// The prompt's title, in wording close to iOS's. [I]
    public func title(for prompt: Prompt) -> String {
        let name = "“\(appName)”"
        switch prompt.kind {
        case .whenInUse where profile.grantIsAlways: return "\(name) would like to use your current location."
        case .whenInUse: return "Allow \(name) to use your location?"
        case .alwaysUpgrade: return "Allow \(name) to also use your location even when you are not using the app?"
        case .temporaryFullAccuracy: return "\(name) would like to use your precise location"
        case .backgroundReminder: return "\(name) has been using your location in the background. Do you want to continue to allow this?"
        case .legacyAlways: return "Allow \(name) to access your location even when you are not using the app?"
        case .legacyWhenInUse: return "Allow \(name) to access your location while you are using the app?"
        case .locationButton: return "Allow \(name) to use your current location?"
        case .servicesOff: return "Turn On Location Services to Allow \(name) to Determine Your Location"
        case .widget: return "Allow \(name) widgets to use your location?"
        }
    }

    /// The prompt's message: the usage description or purpose string, after any strings file.
    public func message(for prompt: Prompt) -> String {
        switch prompt.kind {
        case .whenInUse where profile.usesMacUsageKey: return config.macUsageMessage ?? ""
        case .whenInUse, .legacyWhenInUse: return config.whenInUseMessage ?? ""
        case .alwaysUpgrade, .legacyAlways: return config.alwaysMessage ?? ""
        case .temporaryFullAccuracy: return prompt.purposeKey.flatMap { config.purposeMessage($0.string) } ?? ""
        case .backgroundReminder: return config.alwaysMessage ?? ""
        case .locationButton: return "The app will use your location this time only."
        case .servicesOff: return "Location Services are off. Turn them on in \(profile.settingsPath)."
        case .widget: return config.whenInUseMessage ?? ""
        }
    }
}
