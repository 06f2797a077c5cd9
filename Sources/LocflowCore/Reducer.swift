/// The reducer: `step` applies one event and returns what happened (for `wait`, each timer that
/// fired and then the wait itself). Pure: no I/O, no wall clock.
extension World {

    /// Applies one event. Timers due before the event's time fire first, each as its own transition.
    public mutating func step(_ event: Event) -> [Transition] {
        var out: [Transition] = []
        step(event) { t, _ in out.append(t) }
        return out
    }

    /// Applies one event, handing each transition and the world just after it to `sink`.
    /// `quiet` (for the model checker) records the rules that decided each transition as a set,
    /// without the texts of their specifics or the outputs: the world changes exactly as it
    /// does otherwise.
    public mutating func step(_ event: Event, quiet: Bool = false, sink: (Transition, World) -> Void) {
        if case .wait(let duration) = event {
            wait(event, duration, quiet: quiet) { t, w in sink(t, w()) }
            return
        }
        let t = apply(event, quiet: quiet)
        sink(t, self)
    }

    /// The model checker's step: what `step(_:quiet: true, sink:)` does to the world, with the
    /// rules that decided it added to `rules`; true when the step was refused. No world is
    /// handed out along the way (each would be a copy). `asked`: the caller has asked `refusal`
    /// and `withoutEffect` of this world and event, and both said nil (they are not asked again).
    /// A wait refused for the timers it would fire leaves the world part-way: the caller throws
    /// a refused world away.
    public mutating func stepForSearch(_ event: Event, rules: inout RuleSet, asked: Bool = false) -> Bool {
        var scratch = Transition(event: .wait(0), time: now, quiet: true)
        return stepForSearch(event, rules: &rules, scratch: &scratch, asked: asked)
    }

    /// The same, into a quiet transition the caller keeps from one step to the next (`scratch`,
    /// emptied here): making and destroying one every step was 3% of the model checker's
    /// instructions. The reducer never reads a transition's event: it holds a placeholder.
    public mutating func stepForSearch(_ event: Event, rules: inout RuleSet, scratch t: inout Transition, asked: Bool) -> Bool {
        t.search = true
        if case .wait(let duration) = event { return waitForSearch(duration, rules: &rules, scratch: &t) }
        // Read here (a transition handed back or to a helper was copied, arrays and all, every try).
        t.restart(at: now)
        if asked {
            // Asked already: straight to the change (through `apply`, whose other path holds both
            // questions, every step paid that long function's entry and exit).
            applyAndSettle(event, &t)
            rules.formUnion(t.rules)
            return false
        }
        apply(event, into: &t, asked: false)
        if let r = t.refusal { rules.insert(r.rule); return true }
        rules.formUnion(t.rules)
        return false
    }

    /// A wait: the timers due fire first (held until their number is known: a wait past the
    /// budget is put back, as a refused step changes nothing at all), then the clock moves on.
    /// Each transition goes to `sink`, with the world just after it (a closure that copies it,
    /// for the sinks that keep it). The model checker's wait is `waitForSearch`.
    private mutating func wait(_ event: Event, _ duration: Millis, quiet: Bool, sink: (Transition, () -> World) -> Void) {
        guard let target = VirtualTime.adding(now, max(0, duration)) else {
            var t = Transition(event: event, time: now, quiet: quiet)
            t.refusal = Why(.clockLimit, "the clock is at \(formatDuration(now)); \(formatDuration(duration)) more would pass it")
            sink(t) { self }
            return
        }
        let budget = min(VirtualTime.maxTimersPerWait, VirtualTime.maxTimersPerRun - timersFired)
        let before = self
        var fired: [(Transition, World)] = []
        var arrived = fireTimers(until: target, limit: budget + 1, quiet: quiet) { t, w in fired.append((t, w())) }
        let firedCount = fired.count
        if firedCount > budget {
            self = before
            var t = Transition(event: event, time: now, quiet: quiet)
            let bound = budget < VirtualTime.maxTimersPerWait ? "the \(VirtualTime.maxTimersPerRun) of one run: \(timersFired) have fired" : "the bound of one wait"
            t.refusal = Why(.timerLimit, "waiting \(formatDuration(duration)) would fire more than \(budget) timers, \(bound)")
            sink(t) { self }
            return
        }
        for (t, w) in fired { sink(t) { w } }
        arrived.add(accrueFixes(until: target))
        now = target
        var t = Transition(event: event, time: now, quiet: quiet)
        settle(into: &t)
        // The periodic fixes of the wait (counted, not one transition each: a long wait brings
        // millions), after what settling decided, so that a rule of its own comes first.
        if arrived.count > 0 {
            let n = arrived.count
            t.note(.fixesArrive, "\(n) location\(n == 1 ? "" : "s") during the wait, the last \(arrived.lastKind?.rawValue ?? "precise") at \(formatClock(arrived.lastAt ?? now))")
        }
        // Its own rule only when nothing else decided it; the timers it fired are entries of their own.
        if t.lastRule == nil {
            t.note(.timePasses, firedCount == 0 ? "no timer was due" : "after the \(firedCount == 1 ? "timer" : "\(firedCount) timers") it fired")
        }
        sink(t) { self }
    }

    /// The model checker's wait: what `wait(_:_:quiet:sink:)` does to the world, each
    /// timer and then the wait itself taken into the caller's quiet transition (a transition made
    /// and destroyed for each was 2% of the instructions of an iOS 18 search); true when refused.
    /// The rules are those the quiet wait notes (a test holds both waits alike).
    private mutating func waitForSearch(_ duration: Millis, rules: inout RuleSet, scratch t: inout Transition) -> Bool {
        guard let target = VirtualTime.adding(now, max(0, duration)) else { rules.insert(.clockLimit); return true }
        let budget = min(VirtualTime.maxTimersPerWait, VirtualTime.maxTimersPerRun - timersFired)
        var fired = 0
        var arrived = ArrivedFixes()
        var timerRules = RuleSet()
        while fired <= budget, let next = nextTimer, next.due <= target {
            arrived.add(accrueFixes(until: max(now, next.due)))
            now = max(now, next.due)
            t.restart(at: now)
            // A timer is never refused nor without effect (neither question has a case for one).
            applyAndSettle(.timer(next.kind), &t)
            timersFired += 1
            fired += 1
            timerRules.formUnion(t.rules)
        }
        // Past the budget: refused (the world is part-way, and thrown away).
        if fired > budget { rules.insert(.timerLimit); return true }
        arrived.add(accrueFixes(until: target))
        now = target
        t.restart(at: now)
        settle(into: &t)
        if arrived.count > 0 { t.note(.fixesArrive) }
        if t.lastRule == nil { t.note(.timePasses) }
        rules.formUnion(t.rules)
        rules.formUnion(timerRules)
        return false
    }

    /// Fires every timer due at or before `target`, in time order (each with the world just
    /// after it, for a sink that keeps it); returns the periodic fixes that arrived meanwhile.
    @discardableResult
    mutating func fireTimers(until target: Millis, limit: Int = VirtualTime.maxTimersPerWait + 1, quiet: Bool = false,
                             sink: (Transition, () -> World) -> Void) -> ArrivedFixes {
        var fired = 0
        var arrived = ArrivedFixes()
        while fired < limit, let next = nextTimer, next.due <= target {
            arrived.add(accrueFixes(until: max(now, next.due)))
            now = max(now, next.due)
            let event = Event.timer(next.kind)
            var t = Transition(event: event, time: now, quiet: quiet)
            apply(event, into: &t, asked: false)
            timersFired += 1
            fired += 1
            sink(t) { self }
        }
        return arrived
    }

    /// Applies a non-wait event at the current time.
    mutating func apply(_ event: Event, quiet: Bool = false, asked: Bool = false) -> Transition {
        var t = Transition(event: event, time: now, quiet: quiet)
        apply(event, into: &t, asked: asked)
        return t
    }

    /// Applies a non-wait event into a transition the caller made (the model checker's step
    /// makes its own: a transition returned from here was built aside and copied out, arrays,
    /// event and all, on every step).
    mutating func apply(_ event: Event, into t: inout Transition, asked: Bool) {
        if !asked {
            if let why = refusal(for: event, details: !t.quiet) {
                t.refusal = why  // a refused step changes nothing at all
                return
            }
            if let why = withoutEffect(event, details: !t.quiet) {
                t.note(why.rule, why.detail)  // nothing changed, so nothing to settle
                return
            }
        }
        applyAndSettle(event, &t)
    }

    /// The event's change to the world, and what follows from it (`settle`).
    private mutating func applyAndSettle(_ event: Event, _ t: inout Transition) {
        let statusBefore = status
        // Tracking that this event ends was still on until now (Control Center's "recently").
        if !t.search { noteLocationUse() }
        switch event {
        case .app(let call): app(call, &t)
        case .user(let action): user(action, &t)
        case .system(let action): system(action, &t)
        case .device(let action): device(action, &t)
        case .timer(let kind): timer(kind, &t)
        case .wait: break
        }
        settle(into: &t, statusBefore: statusBefore)
    }

    /// The rule that refuses `event` here, or nil: `refusal(for:details:)` without its details, for
    /// the model checker (compiled apart, it builds no detail and returns no text to release:
    /// 3.2% of explore's instructions, with `noEffectRule`).
    public func refusalRule(for event: Event) -> Rule? { refusal(for: event, details: false)?.rule }

    /// The rule that makes `event` a step without effect here, or nil (`withoutEffect(_:details:)`
    /// without its details, as `refusalRule`).
    public func noEffectRule(_ event: Event) -> Rule? { withoutEffect(event, details: false)?.rule }

    /// Why a step cannot be performed now (docs/flow-format.md §5.2), or nil when it can.
    /// The reducer asks this first; the explorer asks it to dim what is not possible. Without
    /// `details` only the rule is given (the model checker's quiet steps).
    @inline(__always)
    public func refusal(for event: Event, details: Bool = true) -> Why? {
        func why(_ rule: Rule, _ detail: @autoclosure () -> String? = nil) -> Why {
            Why(rule, details ? detail() : nil)
        }
        switch event {
        case .app(let call):
            guard lifecycle.isRunning else { return why(.appNotRunning, "the app is \(lifecycle.rawValue)") }
            if !profile.isPhoneLike, let lacking = profile.lacks(call) {
                return why(.platformLacksCall, "\(lacking) is unavailable on \(profile.platform.displayName)")
            }
            switch call {
            case .session(let id, _, _):
                if let s = session(id), s.state == .active, s.held, profile.hasServiceSessions {
                    return why(.sessionAlreadyHeld, "session \(id)")
                }
            case .invalidate(let id):
                guard let s = session(id), s.state == .active, s.held else {
                    let kept = session(id).map { $0.state == .active && !$0.held } ?? false
                    return why(.invalidateUnknown, kept ? "session \(id) is kept from the previous process and not re-created" : "no session \(id) is held")
                }
            default: break
            }
        case .user(let action):
            switch action {
            case .tap(let label):
                guard let p = prompt else { return why(.noPrompt) }
                let labels = buttons(for: p)
                if matchingButton(label, in: labels) == nil {
                    return why(.noSuchButton, "the \(p.kind.rawValue) prompt has " + labels.map { "\"\($0)\"" }.joined(separator: ", "))
                }
            case .precise:
                guard let p = prompt else { return why(.noPrompt) }
                if !p.showsPreciseSwitch { return why(.promptHasNoPreciseSwitch, "the \(p.kind.rawValue) prompt") }
            case .settings(let choice):
                if record.choice == .unlisted { return why(.settingsUnlisted) }
                if restricted { return why(.settingsRestricted) }
                if !offersOnceListed(choice) {
                    return why(.settingsOptionNotOffered, "\(choice.rawValue) is not offered; the page offers \(settingsOptions.map(\.rawValue).joined(separator: ", "))")
                }
            case .locationButton where !profile.isPhoneLike && !profile.hasLocationButton:
                return why(.platformLacksCall, "CLLocationButton is unavailable on \(profile.platform.displayName)")
            case .addWidget, .removeWidget:
                if !hasWidget { return why(.widgetNotShipped) }
            case .settingsPrecise:
                if record.choice == .unlisted { return why(.settingsUnlisted) }
                if !profile.hasAccuracy || profile.settingsIsSwitch { return why(.settingsNoPrecise, profile.platform.displayName) }
                if restricted { return why(.settingsRestricted) }
            default: break
            }
        case .system(.suspend):
            if !profile.suspendsInBackground { return why(.macOSNoSuspension) }
            if lifecycle != .background { return why(.suspendNeedsBackground, "the app is \(lifecycle.rawValue)") }
        case .system(.relaunch):
            if lifecycle != .terminated { return why(.relaunchNeedsTerminated, "the app is \(lifecycle.rawValue)") }
        default: break
        }
        return nil
    }

    /// Why a step that can be taken changes nothing at all, or nil when it may change something:
    /// the app already in the background, the reminder with no Always grant to remind of, a
    /// request from the background, Settings set to what it already says. The reducer asks this
    /// after `refusal` and stops there, with the rule noted: the world is as the last step left
    /// it, settled, so there is nothing to settle. The model checker asks it before copying a
    /// world: a quarter of its steps are these (tests hold that every world a step leaves is at
    /// rest: settling it again changes nothing).
    @inline(__always)
    public func withoutEffect(_ event: Event, details: Bool = true) -> Why? {
        func why(_ rule: Rule, _ detail: @autoclosure () -> String? = nil) -> Why {
            Why(rule, details ? detail() : nil)
        }
        let away = lifecycle != .foreground
        switch event {
        case .app(.requestWhenInUseAuthorization):
            return requestWithoutEffect("requestWhenInUseAuthorization", needsAlwaysKey: false, details: details)
        case .app(.requestAlwaysAuthorization):
            if isAppClip { return why(.appClipNoAlways) }
            // Without Always (visionOS) the call asks for when-in-use, with a rule of its own first.
            guard profile.hasAlways else { return nil }
            return requestWithoutEffect("requestAlwaysAuthorization", needsAlwaysKey: true, details: details)
        case .user(.background):
            if away { return why(.alreadyNotForeground, lifecycle.rawValue) }
        case .user(.foreground):
            if !away { return why(.alreadyForeground) }
        case .user(.forceQuit), .system(.terminate):
            if lifecycle == .terminated { return why(.alreadyTerminated) }
        // Settings from the foreground leave the app first: that is an effect.
        case .user(.settings(let choice)):
            if away && choice == record.choice { return why(.settingsSameChoice, choice.rawValue) }
        case .user(.settingsPrecise(let on)):
            if away && record.precise == on { return why(.settingsPrecise) }
        case .user(.settingsLocationServices(let on)):
            if away && locationServicesOn == on { return why(on ? .locationServicesOn : .locationServicesOff) }
        case .user(.locationButton):
            guard profile.hasLocationButton else { return why(.locationButtonUnavailable, profile.platform.displayName) }
            if away { return why(.locationButtonNeedsForeground) }
            if !keys.hasWhenInUseKey { return why(.locationButtonMissingKey) }
            if let p = prompt { return why(.locationButtonCovered, "the \(p.kind.rawValue) prompt") }
            if status.isAuthorized && !record.temporaryGrant { return why(.locationButtonAlreadyAuthorized) }
            if restricted || servicesOff { return why(.locationButtonBlocked) }
        case .system(.reminder):
            guard profile.hasAllowOnce else { return why(.reminderUnavailable, profile.platform.displayName) }
            guard isPermanentAlways else { return why(.reminderNeedsAlways) }
        default: break
        }
        return nil
    }

    /// An authorization request that does nothing whatever the status: from the background,
    /// without its usage keys, or on a restricted device.
    @inline(__always)
    func requestWithoutEffect(_ name: String, needsAlwaysKey: Bool, details: Bool = true) -> Why? {
        guard lifecycle == .foreground else { return Why(.requestNotInUse, details ? name : nil) }
        guard keys.hasWhenInUseKey else { return Why(.missingWhenInUseKey, details ? name : nil) }
        if needsAlwaysKey && !keys.hasAlwaysKey { return Why(.missingAlwaysKey, details ? legacyAlwaysKeyDetail : nil) }
        if restricted { return Why(.requestRestricted, details ? name : nil) }
        return nil
    }

    // MARK: - Timers

    mutating func timer(_ kind: TimerKind, _ t: inout Transition) {
        switch kind {
        case .inUseEnds:
            t.note(.inUseGraceEnds, formatDuration(assumptions.inUseGrace))
        case .suspend:
            suspend(&t)
            t.note(.suspendAfterDelay, formatDuration(assumptions.suspendDelay))
        case .allowOnceExpires:
            record.temporaryGrant = false
            record.temporaryFullAccuracy = false
            t.note(.allowOnceExpires, formatDuration(assumptions.allowOnceGrace))
        case .relaunchWindowCloses:
            relaunchWindowEndsAt = nil
            defer { if t.lastRule == nil { t.note(.relaunchWindowCloses, formatDuration(assumptions.relaunchWindow)) } }
            for i in sessions.indices where sessions[i].state == .active && !sessions[i].held {
                sessions[i].state = .lapsed
                t.emit(.sessionLapsed(sessions[i].id))
                t.note(.sessionLapses, sessions[i].id.string)
            }
            if keptBackgroundActivity { keptBackgroundActivity = false; t.note(.backgroundActivityLapses) }
            keptLiveUpdates = false
            keptMonitor = false
        case .reducedAccuracyFix:
            nextReducedFixAt = now + assumptions.reducedAccuracyInterval
            addReducedFixes(1)
            t.emit(.reducedFix)
            if liveFixDue != nil { record(ArrivedFixes(count: 1, lastKind: .approximate, lastAt: now)) }
            t.note(.reducedAccuracyCadence, formatDuration(assumptions.reducedAccuracyInterval))
        case .requestLocationTimeout, .autoPause, .liveActivityEnds, .appClipReset:
            timer11(kind, &t)
        }
    }

    // MARK: - Settle: consequences that follow from any change

    /// Brings the world to rest after an event: in-use bookkeeping, temporary grants, suspension,
    /// prompts, session goals, callbacks and errors. Once is enough: settling the result again
    /// changes nothing (a test holds it over every state of a search).
    mutating func settle(into t: inout Transition, statusBefore: AuthorizationStatus? = nil) {
        // In use (the foreground asked first: `inUse`, not inlined in this long function, was
        // a call for every step).
        if lifecycle == .foreground || inUse {
            notInUseSince = nil
        } else if notInUseSince == nil {
            notInUseSince = now
            if record.temporaryFullAccuracy {
                record.temporaryFullAccuracy = false
                t.note(.temporaryFullAccuracyEnds)
            }
        }
        if lifecycle == .foreground {
            foregroundLeftAt = nil
            // A session created out of use qualifies once the app comes to the foreground. [A S8]
            for i in sessions.indices where sessions[i].held && !sessions[i].qualified { sessions[i].qualified = true }
            if var bg = process.backgroundActivity, !bg.qualified { bg.qualified = true; process.backgroundActivity = bg }
            if var s = process.liveUpdates, !s.qualified { s.qualified = true; process.liveUpdates = s }
            if var s = process.monitor, !s.qualified { s.qualified = true; process.monitor = s }
        }
        // Prompts: app prompts need the foreground.
        if lifecycle != .foreground, let p = prompt, !p.isSystemInitiated {
            prompt = nil
            t.emit(.promptHidden(p.kind))
            if assumptions.promptReturnsAfterBackground { promptQueue.insert(p, at: 0) }
            t.note(assumptions.promptReturnsAfterBackground ? .promptWaitsForForeground : .promptDismissedByLeaving, p.kind.rawValue)
        }
        if relaunchWindowEndsAt != nil && !sessions.contains(where: { $0.state == .active && !$0.held })
            && !keptBackgroundActivity && !keptLiveUpdates && !keptMonitor {
            relaunchWindowEndsAt = nil
        }
        // Callbacks: one per real change to a running process, none while a prompt is up (they
        // are delivered before a prompt that this very event brings up). [A S9, S12]
        let pair = statusPair
        if lifecycle.isRunning && noPrompt && process.lastDelivered != pair {
            process.lastDelivered = pair
            addCallbacks(1)
            lastCallback = pair
            t.emit(.callback(pair))
            if t.lastRule != .callbackAtLaunch { t.note(.callbackOnChange) }
        } else if lifecycle == .suspended && process.lastDelivered != pair, let statusBefore, statusBefore != pair.status {
            t.note(.callbackHeldWhileSuspended)
        }
        // Session goals ask; then the next prompt in the queue comes up.
        if profile.hasServiceSessions && lifecycle == .foreground { pursueGoals(&t) }
        // A waiting prompt whose question has been answered meanwhile (in Settings, say) is withdrawn.
        // In place: the queue is rebuilt only when a prompt leaves it (a new list every settle
        // with a prompt waiting was half of the model checker's allocations).
        var i = 0
        while i < promptQueue.count {
            // The kind read first: read in the call, it made the call copy the world to read it
            // from (the argument could have changed `self`), 2.6% of the model checker's instructions.
            let kind = promptQueue[i].kind
            guard let why = withdrawal(of: kind) else { i += 1; continue }
            let p = promptQueue.remove(at: i)
            t.note(.promptWithdrawn, "\(p.kind.rawValue): \(why.text)")
            if case .temporaryRequest = p.origin, completion == .pending {
                completion = .promptDeclined
                t.emit(.completion(.promptDeclined))
            }
        }
        if noPrompt, let i = promptQueue.firstIndex(where: { $0.isSystemInitiated || lifecycle == .foreground }) {
            let p = promptQueue.remove(at: i)
            prompt = p
            promptShownAt = now
            t.emit(.promptShown(p.kind))
        }
        if noPrompt { promptShownAt = nil }
        // kCLErrorDenied when running standard updates lose authorization. [A S11]
        if pair.status == .denied, let statusBefore, statusBefore != .denied, process.standardUpdates && lifecycle.isRunning && lastError != .denied {
            lastError = .denied
            t.emit(.error(.denied))
        }
        settle11(&t)
        // The timers that follow from what runs, last: the prompts above (a session's goal asks,
        // a waiting prompt is withdrawn or comes up) change what delivers, and settling once
        // must leave the world at rest (a step without effect does not settle again).
        // Suspension of a backgrounded app without background execution.
        if lifecycle == .background {
            if runsInBackground || keptInUseByPlatform { suspendAt = nil } else if suspendAt == nil { suspendAt = now + assumptions.suspendDelay }
        } else {
            suspendAt = nil
        }
        // Reduced-accuracy cadence for liveUpdates.
        if accuracy == .reducedAccuracy && liveUpdatesYield {
            if nextReducedFixAt == nil { nextReducedFixAt = now + assumptions.reducedAccuracyInterval }
        } else {
            nextReducedFixAt = nil
        }
        if !t.search { noteLocationUse() }
    }

    /// Why a waiting prompt no longer has a question to ask, or nil while it still has.
    /// The prompt's kind decides it (taking the prompt copied it, strings and all, every settle).
    /// A reason, not a text: the text is written only for a transition that keeps its details
    /// (building it every settle was 3% of the model checker's instructions).
    func withdrawal(of kind: PromptKind) -> Withdrawal? {
        let st = status
        switch kind {
        case .whenInUse, .legacyWhenInUse, .locationButton:
            if st != .notDetermined && !(kind == .locationButton && st == .denied) { return .status(st) }
        case .legacyAlways:
            // iOS 12 asks for Always from notDetermined and from When In Use alike. [A S1]
            if st != .notDetermined && st != .authorizedWhenInUse { return .status(st) }
            if isTemporaryWhenInUse { return .temporaryGrant }
        case .alwaysUpgrade:
            if st != .authorizedWhenInUse && !isProvisionalAlways { return .status(st) }
            if isTemporaryWhenInUse { return .temporaryGrant }
        case .temporaryFullAccuracy:
            if !st.isAuthorized { return .status(st) }
            if accuracy == .fullAccuracy { return .fullAccuracy }
        case .backgroundReminder:
            if !isPermanentAlways { return .noAlways }
        case .servicesOff:
            if locationServicesOn { return .servicesOn }
        case .widget:
            if st != .authorizedWhenInUse || record.temporaryGrant { return .status(st) }
            if record.choice == .whileUsingOrWidgets { return .widgetsShare }
        }
        return nil
    }

    /// Why a waiting prompt was withdrawn (see `withdrawal(of:)`).
    enum Withdrawal {
        case status(AuthorizationStatus), temporaryGrant, fullAccuracy, noAlways, servicesOn, widgetsShare

        var text: String {
            switch self {
            case .status(let st): "the status is now \(st.rawValue)"
            case .temporaryGrant: "the app holds only a temporary grant"
            case .fullAccuracy: "accuracy is already full"
            case .noAlways: "the app no longer has Always"
            case .servicesOn: "Location Services are on"
            case .widgetsShare: "widgets already share the app's authorization"
            }
        }
    }

    /// iOS 18 session goals: Core Location asks, when it can, for what the held sessions need. [A S7, S8b]
    mutating func pursueGoals(_ t: inout Transition) {
        guard !authorizationRequestInProgress else { return }
        let goal = effectiveGoal
        guard goal > .none, locationServicesOn, !restricted, keys.hasWhenInUseKey else { return }
        let sourceID = sessions.last(where: { $0.held && $0.state == .active && $0.goal == goal })?.id ?? .implicit
        switch status {
        case .notDetermined:
            if goal == .always && !assumptions.alwaysSessionAsksTwice && !record.alwaysRequestUsed && keys.hasAlwaysKey && profile.hasAlways {
                // The alternative reading: the session's one chance is this prompt, as for requestAlwaysAuthorization.
                record.alwaysRequestUsed = true
                enqueue(whenInUsePrompt(.requestAlways), &t)
                t.note(.sessionAlwaysAsksOnce, sourceID.string)
            } else {
                enqueue(whenInUsePrompt(.session(id: sourceID)), &t)
                t.note(goal == .always ? .sessionAlwaysFromNotDetermined : .sessionGoalPrompts, sourceID.string)
            }
        case .authorizedWhenInUse where goal == .always && !record.temporaryGrant && !record.alwaysRequestUsed
            && keys.hasAlwaysKey && profile.hasAlways:
            record.alwaysRequestUsed = true
            enqueue(Prompt(kind: .alwaysUpgrade, origin: .session(id: sourceID)), &t)
            t.note(.sessionAlwaysUpgrade, sourceID.string)
        default:
            break
        }
        guard !authorizationRequestInProgress, status.isAuthorized, accuracy == .reducedAccuracy else { return }
        // Read first: a closure reading `purposeKeys` would capture (copy) the whole world.
        let purposes = purposeKeys
        if let s = sessions.last(where: { $0.held && $0.state == .active && !$0.fullAccuracyDeclined
            && $0.fullAccuracyKey.map { purposes.contains($0) } == true }) {
            enqueue(Prompt(kind: .temporaryFullAccuracy, origin: .session(id: s.id), purposeKey: s.fullAccuracyKey), &t)
            t.note(.sessionFullAccuracyPrompt, s.id.string)
        }
    }
}

/// The button a tap names: the label as written, else one that matches it (`labelsMatch`).
public func matchingButton(_ label: String, in labels: [String]) -> String? {
    labels.first(where: { $0 == label }) ?? labels.first(where: { labelsMatch($0, label) })
}

/// Button labels match ignoring case, with `'` and `’` the same (docs/flow-format.md §3.2).
public func labelsMatch(_ a: String, _ b: String) -> Bool {
    if a == b { return true }
    func norm(_ s: String) -> String { s.lowercased().replacingApostrophes() }
    return norm(a) == norm(b)
}

extension String {
    /// `’` read as `'`: how button labels and titles are matched.
    public func replacingApostrophes() -> String {
        String(map { $0 == "’" ? "'" : $0 })
    }
}
