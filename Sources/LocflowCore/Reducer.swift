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
    public mutating func step(_ event: Event, sink: (Transition, World) -> Void) {
        if case .wait(let duration) = event {
            let target = now + max(0, duration)
            fireTimers(until: target, sink: sink)
            now = target
            var t = Transition(event: event, time: now)
            settle(into: &t)
            if t.why.isEmpty { t.note(.timePasses) }
            sink(t, self)
            return
        }
        let t = apply(event)
        sink(t, self)
    }

    /// Fires every timer due at or before `target`, in time order.
    mutating func fireTimers(until target: Millis, sink: (Transition, World) -> Void) {
        var guardCount = 0
        while let next = pendingTimers.first, next.due <= target {
            now = max(now, next.due)
            let t = apply(.timer(next.kind))
            sink(t, self)
            guardCount += 1
            if guardCount > 1_000_000 { break }  // a timer that never clears itself is a model bug
        }
    }

    /// Applies a non-wait event at the current time.
    mutating func apply(_ event: Event) -> Transition {
        var t = Transition(event: event, time: now)
        if let why = refusal(for: event) {
            t.refusal = why  // a refused step changes nothing at all
            return t
        }
        let statusBefore = status
        switch event {
        case .app(let call): app(call, &t)
        case .user(let action): user(action, &t)
        case .system(let action): system(action, &t)
        case .device(let action): device(action, &t)
        case .timer(let kind): timer(kind, &t)
        case .wait: break
        }
        settle(into: &t, statusBefore: statusBefore)
        return t
    }

    /// Why a step cannot be performed now (flow-format §3 "Refused steps"), or nil when it can.
    /// The reducer asks this first; the explorer asks it to dim what is not possible.
    public func refusal(for event: Event) -> Why? {
        switch event {
        case .app(let call):
            guard lifecycle.isRunning else { return Why(.appNotRunning, "the app is \(lifecycle.rawValue)") }
            switch call {
            case .session(let id, _, _):
                if let s = session(id), s.state == .active, s.held, profile.hasServiceSessions {
                    return Why(.sessionAlreadyHeld, "session \(id)")
                }
            case .invalidate(let id):
                guard let s = session(id), s.state == .active, s.held else {
                    let kept = session(id).map { $0.state == .active && !$0.held } ?? false
                    return Why(.invalidateUnknown, kept ? "session \(id) is kept from the previous process and not re-created" : "no session \(id) is held")
                }
            default: break
            }
        case .user(let action):
            switch action {
            case .tap(let label):
                guard let p = prompt else { return Why(.noPrompt) }
                let labels = buttons(for: p)
                if !labels.contains(where: { labelsMatch($0, label) }) {
                    return Why(.noSuchButton, "the \(p.kind.rawValue) prompt has " + labels.map { "\"\($0)\"" }.joined(separator: ", "))
                }
            case .precise:
                guard let p = prompt else { return Why(.noPrompt) }
                if !p.showsPreciseSwitch { return Why(.promptHasNoPreciseSwitch, "the \(p.kind.rawValue) prompt") }
            case .settings(let choice):
                if record.choice == .unlisted { return Why(.settingsUnlisted) }
                if restricted { return Why(.settingsRestricted) }
                if !settingsOptions.contains(choice) {
                    return Why(.settingsOptionNotOffered, "\(choice.rawValue) is not offered; the page offers \(settingsOptions.map(\.rawValue).joined(separator: ", "))")
                }
            case .settingsPrecise:
                if record.choice == .unlisted { return Why(.settingsUnlisted) }
                if !profile.hasAccuracy { return Why(.settingsNoPrecise, profile.platform.displayName) }
                if restricted { return Why(.settingsRestricted) }
            default: break
            }
        case .system(.suspend):
            if lifecycle != .background { return Why(.suspendNeedsBackground, "the app is \(lifecycle.rawValue)") }
        case .system(.relaunch):
            if lifecycle != .terminated { return Why(.relaunchNeedsTerminated, "the app is \(lifecycle.rawValue)") }
        default: break
        }
        return nil
    }

    // MARK: - app ...

    mutating func app(_ call: AppCall, _ t: inout Transition) {
        switch call {
        case .requestWhenInUseAuthorization: requestWhenInUse(&t)
        case .requestAlwaysAuthorization: requestAlways(&t)
        case .requestTemporaryFullAccuracyAuthorization(let key): requestTemporaryFullAccuracy(key, &t)

        case .startUpdatingLocation:
            if !locationServicesOn { showServicesOff(&t) }
            process.standardUpdates = true
            process.standardStartedInForeground = lifecycle == .foreground
            if status == .denied {
                failDenied(&t)
            } else if status == .notDetermined {
                t.note(.updatesWithoutAuthorization)
            } else if lifecycle != .foreground && status == .authorizedWhenInUse {
                t.note(.backgroundStartFails)
            } else {
                t.note(.standardStarted)
            }
        case .stopUpdatingLocation:
            process.standardUpdates = false
            t.note(.standardStopped)
        case .allowsBackgroundLocationUpdates(let on):
            if on && !info.hasLocationBackgroundMode {
                t.note(.backgroundUpdatesCrash)
                terminate(&t)
                return
            }
            process.allowsBackgroundUpdates = on
            t.note(.backgroundUpdatesSet, String(on))
        case .startMonitoringSignificantLocationChanges:
            significantChanges = true
            t.note(.significantChangesStarted)
            if status == .denied { failDenied(&t) }
            if profile.legacyPrompts && status == .authorizedWhenInUse { t.note(.ios12WhenInUseNoAlwaysServices) }
        case .stopMonitoringSignificantLocationChanges:
            significantChanges = false
            t.note(.significantChangesStopped)
        case .startMonitoringRegion(let id):
            if !regions.contains(id) { regions.append(id) }
            t.note(.regionStarted, id)
            if status == .denied { failDenied(&t) }
            if accuracy == .reducedAccuracy && status.isAuthorized { t.note(.reducedAccuracyNoRegions) }
        case .stopMonitoringRegion(let id):
            regions.removeAll { $0 == id }
            t.note(.regionStopped, id)

        case .session(let id, let goal, let key): createSession(id, goal, key, &t)
        case .invalidate(let id):
            guard let i = sessions.lastIndex(where: { $0.id == id }) else { return }
            sessions[i].state = .invalidated
            sessions[i].held = false
            t.note(.sessionInvalidated)

        case .liveUpdates(let on):
            iterate(\.liveUpdates, kept: \.keptLiveUpdates, name: "liveUpdates", on: on, &t)
            if on { nextReducedFixAt = nil }
        case .monitor(let on):
            iterate(\.monitor, kept: \.keptMonitor, name: "monitor", on: on, &t)
        case .monitorAdd(let id):
            guard profile.hasModernAPIs else { return t.note(.needsIOS17) }
            if !monitorConditions.contains(id) { monitorConditions.append(id) }
            t.note(.conditionAdded, id)
            if monitorConditions.count > assumptions.monitorConditionLimit { t.note(.conditionLimit) }
        case .backgroundActivity(let on):
            guard profile.hasModernAPIs else { return t.note(.needsIOS17) }
            if on {
                if process.backgroundActivity != nil { return t.note(.alreadyRunning, "a background activity session") }
                let rejoin = rejoining(keptBackgroundActivity)
                let fresh = lifecycle == .foreground
                process.backgroundActivity = ProcessStream(startedAt: now, qualified: fresh || rejoin)
                if rejoin { keptBackgroundActivity = false; t.note(.rejoinWithinWindow, "background activity session") }
                if !fresh && !rejoin { t.note(.backgroundActivityNeedsForeground) }
                if !info.hasLocationBackgroundMode { t.note(.backgroundActivityNeedsMode) }
                if profile.hasServiceSessions { noteImplicitSession(&t) } else { t.note(.backgroundActivityStarted) }
            } else {
                process.backgroundActivity = nil
                t.note(.backgroundActivityInvalidated)
            }
        }
    }

    /// Starts or stops iterating `liveUpdates` or a monitor's events (iOS 17+): a stream of the process
    /// that, started again within the relaunch window, rejoins the one the previous process had.
    mutating func iterate(_ stream: WritableKeyPath<ProcessState, ProcessStream?>, kept: WritableKeyPath<World, Bool>,
                          name: String, on: Bool, _ t: inout Transition) {
        guard profile.hasModernAPIs else { return t.note(.needsIOS17) }
        guard on else {
            process[keyPath: stream] = nil
            return t.note(.streamStopped, name)
        }
        if process[keyPath: stream] != nil { return t.note(.alreadyRunning, name) }
        let rejoin = rejoining(self[keyPath: kept])
        process[keyPath: stream] = ProcessStream(startedAt: now, qualified: inUse || rejoin)
        if rejoin { self[keyPath: kept] = false; t.note(.rejoinWithinWindow, name) }
        noteImplicitSession(&t)
    }

    /// Whether a stream started now rejoins one kept from the previous process.
    func rejoining(_ kept: Bool) -> Bool { kept && relaunchWindowEndsAt != nil }

    mutating func noteImplicitSession(_ t: inout Transition) {
        guard profile.hasServiceSessions else { return t.note(.streamStarted) }
        if info.requireExplicitServiceSession { t.note(.explicitSessionRequired) } else { t.note(.implicitSession) }
    }

    mutating func failDenied(_ t: inout Transition) {
        lastError = .denied
        t.emit(.error(.denied))
        t.note(.deniedError)
    }

    // MARK: Requests

    /// Common preconditions of the authorization requests; returns false (with the reason noted) when the call does nothing.
    mutating func canRequest(_ name: String, needsAlwaysKey: Bool, _ t: inout Transition) -> Bool {
        guard lifecycle == .foreground else { t.note(.requestNotInUse, name); return false }
        guard info.hasWhenInUseKey else { t.note(.missingWhenInUseKey, name); return false }
        if needsAlwaysKey && !info.hasAlwaysKey { t.note(.missingAlwaysKey); return false }
        if restricted { t.note(.requestRestricted, name); return false }
        if !locationServicesOn { showServicesOff(&t); return false }
        if authorizationRequestInProgress { t.note(.requestWhilePrompting, name); return false }
        return true
    }

    mutating func requestWhenInUse(_ t: inout Transition) {
        guard canRequest("requestWhenInUseAuthorization", needsAlwaysKey: false, &t) else { return }
        guard status == .notDetermined else {
            return t.note(.whenInUseNeedsNotDetermined, "status is \(status.rawValue)")
        }
        if profile.legacyPrompts {
            enqueue(Prompt(kind: .legacyWhenInUse, origin: .requestWhenInUse), &t)
            t.note(.legacyWhenInUsePrompt)
        } else {
            enqueue(whenInUsePrompt(.requestWhenInUse), &t)
            t.note(.whenInUsePrompt)
        }
    }

    func whenInUsePrompt(_ origin: PromptOrigin) -> Prompt {
        let reduced = info.defaultAccuracyReduced
        let showsSwitch = profile.hasAccuracy && !(reduced && assumptions.reducedDefaultHidesPreciseSwitch)
        return Prompt(kind: .whenInUse, origin: origin, showsPreciseSwitch: showsSwitch, precise: !reduced)
    }

    mutating func requestAlways(_ t: inout Transition) {
        if !profile.hasAlways {
            t.note(.visionOSAlwaysIsWhenInUse)
            return requestWhenInUse(&t)
        }
        guard canRequest("requestAlwaysAuthorization", needsAlwaysKey: true, &t) else { return }
        if record.alwaysRequestUsed { return t.note(.alwaysOneShot) }
        switch status {
        case .notDetermined:
            record.alwaysRequestUsed = true
            if profile.legacyPrompts {
                enqueue(Prompt(kind: .legacyAlways, origin: .requestAlways), &t)
                t.note(.legacyAlwaysPrompt)
            } else {
                enqueue(whenInUsePrompt(.requestAlways), &t)
                t.note(.alwaysFromNotDetermined)
            }
        case .authorizedWhenInUse:
            if record.temporaryGrant {
                t.note(.alwaysIgnoredAfterAllowOnce)
                if assumptions.ignoredAlwaysRequestUsesOneShot {
                    record.alwaysRequestUsed = true
                    t.note(.ignoredAlwaysUsesOneShot)
                }
                return
            }
            record.alwaysRequestUsed = true
            if profile.legacyPrompts {
                enqueue(Prompt(kind: .legacyAlways, origin: .requestAlways), &t)
                t.note(.legacyAlwaysPrompt)
            } else if profile.immediateUpgrade {
                enqueue(Prompt(kind: .alwaysUpgrade, origin: .immediateUpgrade), &t)
                t.note(.immediateUpgrade)
            } else {
                record.provisionalAlways = true
                t.note(.ios13ProvisionalFromWhenInUse)
            }
        default:
            t.note(.alwaysNothingToDo, "status is \(status.rawValue)")
        }
    }

    mutating func requestTemporaryFullAccuracy(_ key: String, _ t: inout Transition) {
        guard profile.hasAccuracy else { return t.note(.needsIOS14) }
        func decline(_ rule: Rule, _ detail: String? = nil) {
            completion = .promptDeclined
            t.emit(.completion(.promptDeclined))
            t.note(rule, detail)
        }
        if info.temporaryUsageDescriptions?[key] == nil {
            return decline(.purposeKeyMissing, "no purpose key '\(key)'")
        }
        if lifecycle != .foreground { return decline(.temporaryInBackground) }
        if !status.isAuthorized { return decline(.temporaryNotAuthorized, "status is \(status.rawValue)") }
        if accuracy == .fullAccuracy { return decline(.temporaryAlreadyFull) }
        completion = .pending
        t.emit(.completion(.pending))
        enqueue(Prompt(kind: .temporaryFullAccuracy, origin: .temporaryRequest(purposeKey: key), purposeKey: key), &t)
        t.note(.temporaryPrompt)
    }

    mutating func showServicesOff(_ t: inout Transition) {
        t.note(.servicesOffPrompt)
        guard lifecycle == .foreground, prompt?.kind != .servicesOff, !promptQueue.contains(where: { $0.kind == .servicesOff }) else { return }
        enqueue(Prompt(kind: .servicesOff, origin: .servicesOff), &t)
    }

    // MARK: Sessions

    mutating func createSession(_ id: String, _ goal: SessionGoal, _ key: String?, _ t: inout Transition) {
        guard profile.hasServiceSessions else { return t.note(.needsIOS18) }
        if let i = sessions.lastIndex(where: { $0.id == id }), sessions[i].state == .active {
            // Re-created within the relaunch window: the kept session carries on. [A-forum S54]
            sessions[i].held = true
            sessions[i].goal = goal
            sessions[i].fullAccuracyKey = key
            sessions[i].qualified = sessions[i].qualified || inUse
            t.note(.sessionRejoined, id)
        } else {
            let layered = activeSessions.contains { $0.held && $0.qualified }
            let qualified = inUse || layered
            let fresh = ServiceSession(id: id, goal: goal, fullAccuracyKey: key, qualified: qualified, createdAt: now)
            // An ID of an invalidated or lapsed session names the new one (one entry per ID).
            if let i = sessions.firstIndex(where: { $0.id == id }) { sessions[i] = fresh } else { sessions.append(fresh) }
            t.note(.sessionCreated, "\(id): goal .\(goal.rawValue)" + (key.map { ", fullAccuracyPurposeKey \($0)" } ?? ""))
            if !qualified { t.note(.sessionInsufficientlyInUse) }
        }
        if goal == .always && !info.hasAlwaysKey { t.note(.missingAlwaysKey) }
        if let key, info.temporaryUsageDescriptions?[key] == nil { t.note(.purposeKeyMissing, "no purpose key '\(key)'") }
    }

    // MARK: - user ...

    mutating func user(_ action: UserAction, _ t: inout Transition) {
        switch action {
        case .tap(let label): tap(label, &t)
        case .precise(let on):
            guard var p = prompt else { return }
            p.precise = on
            prompt = p
            t.note(.promptPreciseSwitch)
        case .settings(let choice): settings(choice, &t)
        case .settingsPrecise(let on):
            leaveForSettings(&t)
            record.precise = on
            t.note(.settingsPrecise)
        case .settingsLocationServices(let on):
            leaveForSettings(&t)
            locationServicesOn = on
            t.note(on ? .locationServicesOn : .locationServicesOff)
        case .settingsReset:
            leaveForSettings(&t)
            let used = record.alwaysRequestUsed
            record = AppRecord(precise: !info.defaultAccuracyReduced)
            t.note(.resetLocationPrivacy)
            if !assumptions.resetClearsAlwaysRequest && used {
                record.alwaysRequestUsed = true
                t.note(.resetKeepsOneShot)
            }
        case .background:
            guard lifecycle == .foreground else { return t.note(.alreadyNotForeground, lifecycle.rawValue) }
            enterBackground(&t)
        case .foreground:
            switch lifecycle {
            case .foreground: t.note(.alreadyForeground)
            case .background:
                lifecycle = .foreground
                t.note(.toForeground)
            case .suspended:
                lifecycle = .foreground
                t.emit(.resumed)
                t.note(.resumeDeliversHeld)
            case .terminated:
                t.note(.launchByPerson)
                launch(background: false, into: &t)
            }
        case .forceQuit:
            guard lifecycle != .terminated else { return t.note(.alreadyTerminated) }
            t.note(.forceQuit)
            terminate(&t)
        case .locationButton: locationButton(&t)
        }
    }

    mutating func enterBackground(_ t: inout Transition) {
        lifecycle = .background
        foregroundLeftAt = now
        suspendAt = nil
        t.note(.toBackground)
    }

    /// `user settings ...` while the app is in the foreground: the person leaves the app first.
    mutating func leaveForSettings(_ t: inout Transition) {
        if lifecycle == .foreground {
            t.note(.settingsLeavesApp)
            enterBackground(&t)
        }
    }

    mutating func settings(_ choice: SettingsChoice, _ t: inout Transition) {
        leaveForSettings(&t)
        if choice == record.choice {
            return t.note(.settingsSameChoice, choice.rawValue)
        }
        record.choice = choice
        record.provisionalAlways = false
        record.temporaryGrant = false
        t.note(.settingsChoice, choice.rawValue)
    }

    mutating func locationButton(_ t: inout Transition) {
        guard profile.hasLocationButton else { return t.note(.locationButtonUnavailable, profile.platform.displayName) }
        guard lifecycle == .foreground else { return t.note(.locationButtonNeedsForeground) }
        if let p = prompt { return t.note(.locationButtonCovered, "the \(p.kind.rawValue) prompt") }
        if status.isAuthorized && !record.temporaryGrant { return t.note(.locationButtonAlreadyAuthorized) }
        if restricted || !locationServicesOn { return t.note(.locationButtonBlocked) }
        if record.locationButtonApproved {
            grantTemporary(&t)
            t.note(.locationButtonGrant)
        } else {
            enqueue(Prompt(kind: .locationButton, origin: .locationButton), &t)
            t.note(.locationButtonFirstTap)
        }
    }

    mutating func grantTemporary(_ t: inout Transition) {
        record.temporaryGrant = true
        if record.choice == .unlisted { record.choice = .askNextTime }
    }

    // MARK: Prompt answers

    mutating func tap(_ label: String, _ t: inout Transition) {
        guard let p = prompt, let button = buttons(for: p).first(where: { labelsMatch($0, label) }) else { return }
        prompt = nil
        t.emit(.promptAnswered(p.kind, button: button))
        switch (p.kind, button) {
        case (.whenInUse, "Allow Once"):
            grantTemporary(&t)
            record.choice = .askNextTime
            applyPromptPrecise(p)
            t.note(.allowOnce)
        case (.whenInUse, "Allow While Using App"):
            record.choice = .whileUsing
            record.temporaryGrant = false
            applyPromptPrecise(p)
            if p.origin == .requestAlways {
                record.provisionalAlways = true
                t.note(.provisionalAlways)
            } else {
                t.note(.allowWhileUsing)
            }
        case (.whenInUse, _), (.legacyWhenInUse, "Don't Allow"), (.legacyAlways, "Don't Allow"):
            record.choice = .never
            record.temporaryGrant = false
            t.note(.dontAllow)
        case (.legacyWhenInUse, _), (.legacyAlways, "Only While Using the App"):
            record.choice = .whileUsing
            t.note(.allowWhileUsing)
        case (.legacyAlways, _):
            record.choice = .always
            t.note(.legacyAlwaysAllow)
        case (.alwaysUpgrade, "Change to Always Allow"):
            record.choice = .always
            record.provisionalAlways = false
            if case .deferredUpgrade(let trigger) = p.origin {
                t.note(.deferredUpgradeAllow)
                // Answered soon after it appeared: the event is delivered; later, it is dropped. [A S1][I]
                if let shown = promptShownAt, now - shown > assumptions.deferredUpgradeAnswerWindow {
                    t.note(.deferredEventDropped, formatDuration(assumptions.deferredUpgradeAnswerWindow))
                    t.emit(.locationEvent(trigger, delivered: false))
                } else {
                    deliverAlwaysEvent(trigger, &t)
                }
            } else {
                t.note(.upgradeAllow)
            }
        case (.alwaysUpgrade, _):
            record.provisionalAlways = false
            if record.choice == .always { record.choice = .whileUsing }
            if case .deferredUpgrade(let trigger) = p.origin {
                t.note(.deferredUpgradeKeep)
                t.emit(.locationEvent(trigger, delivered: false))
            } else {
                t.note(.upgradeKeep)
            }
        case (.temporaryFullAccuracy, let b):
            let allowed = b == "Allow Once"
            if allowed {
                record.temporaryFullAccuracy = true
                t.note(.temporaryFullAccuracyGranted)
            } else {
                t.note(.temporaryFullAccuracyDeclined)
            }
            switch p.origin {
            case .temporaryRequest:
                completion = .nil
                t.emit(.completion(.nil))
                t.note(.completionNilWhenShown)
            case .session(let id):
                if !allowed, let i = sessions.lastIndex(where: { $0.id == id }) { sessions[i].fullAccuracyDeclined = true }
            default: break
            }
        case (.backgroundReminder, "Change to Only While Using"):
            record.choice = .whileUsing
            record.provisionalAlways = false
            t.note(.reminderDowngrade)
        case (.backgroundReminder, _):
            t.note(.reminderKeep)
        case (.locationButton, "Allow Once"):
            record.locationButtonApproved = true
            grantTemporary(&t)
            t.note(.locationButtonConfirmed)
        case (.locationButton, _):
            t.note(.locationButtonCancelled)
        case (.servicesOff, "Settings"):
            t.note(.servicesOffSettings)
            if lifecycle == .foreground { enterBackground(&t) }
        case (.servicesOff, _):
            t.note(.servicesOffCancel)
        }
    }

    mutating func applyPromptPrecise(_ p: Prompt) {
        guard profile.hasAccuracy else { return }
        record.precise = p.precise
    }

    // MARK: - system ... and device ...

    mutating func system(_ action: SystemAction, _ t: inout Transition) {
        switch action {
        case .suspend:
            suspend(&t)
        case .terminate:
            guard lifecycle != .terminated else { return t.note(.alreadyTerminated) }
            t.note(.systemTerminate)
            terminate(&t)
        case .relaunch:
            t.note(.systemRelaunch)
            launch(background: true, into: &t)
        case .reminder:
            guard profile.hasAllowOnce, isPermanentAlways else { return t.note(.reminderNeedsAlways) }
            enqueue(Prompt(kind: .backgroundReminder, origin: .reminder), &t)
            t.note(.reminderShown)
        }
    }

    mutating func device(_ action: DeviceAction, _ t: inout Transition) {
        switch action {
        case .move:
            moving = true
            t.note(.deviceMoves)
            if significantChanges { alwaysClassEvent("significant location change", &t) }
            else if isProvisionalAlways && standardRunsInBackground && !inUse {
                alwaysClassEvent("background location update", &t)
            }
        case .stationary:
            moving = false
            t.note(.deviceStationary)
        case .noFix:
            hasFix = false
            t.note(.deviceNoFix)
        case .fix:
            hasFix = true
            t.note(.deviceFix)
        case .exitRegion(let id):
            if regions.contains(id) {
                alwaysClassEvent("region \(id) exit", &t)
            } else if monitorConditions.contains(id) {
                monitorEvent(id, &t)
            } else {
                t.note(.regionNotMonitored, id)
            }
        }
    }

    /// An event of an Always-class service (region, significant change): delivered in use,
    /// launches or resumes the app with Always, brings the deferred upgrade prompt with provisional Always. [A S1, S12]
    mutating func alwaysClassEvent(_ name: String, _ t: inout Transition) {
        let st = status
        if !st.isAuthorized || !locationServicesOn {
            t.note(.eventNeedsAuthorization, name)
            return t.emit(.locationEvent(name, delivered: false))
        }
        if name.hasPrefix("region") && accuracy == .reducedAccuracy {
            t.note(.reducedAccuracyNoRegions)
            return t.emit(.locationEvent(name, delivered: false))
        }
        if profile.legacyPrompts && st == .authorizedWhenInUse {
            t.note(.ios12WhenInUseNoAlwaysServices)
            return t.emit(.locationEvent(name, delivered: false))
        }
        if inUse && lifecycle.isRunning {
            t.note(.eventDeliveredInUse, name)
            return t.emit(.locationEvent(name, delivered: true))
        }
        if isProvisionalAlways {
            guard !authorizationRequestInProgress else {
                t.note(.eventDroppedWhilePrompting, name)
                return t.emit(.locationEvent(name, delivered: false))
            }
            enqueue(Prompt(kind: .alwaysUpgrade, origin: .deferredUpgrade(trigger: name)), &t)
            return t.note(.deferredUpgradePrompt, name)
        }
        if isPermanentAlways { return deliverAlwaysEvent(name, &t) }
        t.note(.whenInUseNoBackgroundEvents, name)
        t.emit(.locationEvent(name, delivered: false))
    }

    /// Delivers an Always-class event to an app that is not in use: relaunch or resume it in the background.
    mutating func deliverAlwaysEvent(_ name: String, _ t: inout Transition) {
        switch lifecycle {
        case .terminated:
            t.note(.eventRelaunches, name)
            launch(background: true, into: &t)
        case .suspended:
            t.note(.eventResumes, name)
            lifecycle = .background
            suspendAt = nil
            t.emit(.resumed)
        case .foreground, .background:
            t.note(.eventDeliveredInUse, name)
        }
        t.emit(.locationEvent(name, delivered: true))
    }

    /// A `CLMonitor` condition changes state.
    mutating func monitorEvent(_ id: String, _ t: inout Transition) {
        let name = "monitor event \(id)"
        if lifecycle.isRunning && delivering(.monitor) {
            t.note(.monitorEventDelivered, id)
            return t.emit(.locationEvent(name, delivered: true))
        }
        if lifecycle.isRunning && process.monitor != nil {
            t.note(.monitorEventWithheld, monitorBlockers())
            return t.emit(.locationEvent(name, delivered: false))
        }
        // Not iterating now: the conditions persist and their events launch an app that may receive them.
        if accuracy == .reducedAccuracy && status.isAuthorized {
            t.note(.monitorEventWithheld, "accuracyLimited")
            return t.emit(.locationEvent(name, delivered: false))
        }
        if isProvisionalAlways && !inUse {
            enqueue(Prompt(kind: .alwaysUpgrade, origin: .deferredUpgrade(trigger: name)), &t)
            return t.note(.deferredUpgradePrompt, name)
        }
        if alwaysInterest || (inUse && status.isAuthorized) {
            return deliverAlwaysEvent(name, &t)
        }
        t.note(.monitorEventWithheld, profile.hasServiceSessions && isPermanentAlways ? "no .always session held" : "not authorized for background events")
        t.emit(.locationEvent(name, delivered: false))
    }

    func monitorBlockers() -> String {
        let d = diagnostics(.monitor)
        return d.isEmpty ? "not delivering" : d.map(\.rawValue).joined(separator: ", ")
    }

    // MARK: - Lifecycle

    mutating func launch(background: Bool, into t: inout Transition) {
        let generation = process.generation + 1
        process = ProcessState()
        process.generation = generation
        process.launchedAt = now
        process.launchedInBackground = background
        lifecycle = background ? .background : .foreground
        foregroundLeftAt = nil
        notInUseSince = nil
        suspendAt = nil
        for i in sessions.indices where sessions[i].state == .active { sessions[i].held = false }
        let kept = sessions.contains { $0.state == .active } || keptBackgroundActivity || keptLiveUpdates || keptMonitor
        relaunchWindowEndsAt = kept ? now + assumptions.relaunchWindow : nil
        if kept && now > 0 { t.note(.relaunchWindowOpens, formatDuration(assumptions.relaunchWindow)) }
        t.emit(.launched(background: background))
        t.note(.callbackAtLaunch)
    }

    mutating func terminate(_ t: inout Transition) {
        keptBackgroundActivity = backgroundActivityActive
        keptLiveUpdates = process.liveUpdates.map { $0.qualified } ?? false
        keptMonitor = process.monitor.map { $0.qualified } ?? false
        lifecycle = .terminated
        let generation = process.generation
        process = ProcessState()
        process.generation = generation
        for i in sessions.indices where sessions[i].state == .active { sessions[i].held = false }
        relaunchWindowEndsAt = nil
        foregroundLeftAt = nil
        suspendAt = nil
        nextReducedFixAt = nil
        if record.temporaryGrant {
            record.temporaryGrant = false
            t.note(.allowOnceEndsWithProcess)
        }
        if record.temporaryFullAccuracy {
            record.temporaryFullAccuracy = false
            t.note(.temporaryFullAccuracyEnds)
        }
        // Prompts of the app go with its process; the system's own stay.
        if let p = prompt, !p.isSystemInitiated { prompt = nil; t.emit(.promptHidden(p.kind)) }
        promptQueue.removeAll { !$0.isSystemInitiated }
        if completion == .pending { completion = .none }
        if sessions.contains(where: { $0.state == .active }) || keptBackgroundActivity { t.note(.sessionsOutliveProcess) }
        t.emit(.terminated)
    }

    mutating func suspend(_ t: inout Transition) {
        lifecycle = .suspended
        suspendAt = nil
        t.emit(.suspended)
        t.note(.suspended)
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
            defer { if t.why.isEmpty { t.note(.relaunchWindowCloses, formatDuration(assumptions.relaunchWindow)) } }
            for i in sessions.indices where sessions[i].state == .active && !sessions[i].held {
                sessions[i].state = .lapsed
                t.emit(.sessionLapsed(sessions[i].id))
                t.note(.sessionLapses, sessions[i].id)
            }
            if keptBackgroundActivity { keptBackgroundActivity = false; t.note(.backgroundActivityLapses) }
            keptLiveUpdates = false
            keptMonitor = false
        case .reducedAccuracyFix:
            nextReducedFixAt = now + assumptions.reducedAccuracyInterval
            reducedFixes += 1
            t.emit(.reducedFix)
            t.note(.reducedAccuracyCadence, formatDuration(assumptions.reducedAccuracyInterval))
        }
    }

    // MARK: - Prompts

    /// Queues a prompt; the same prompt already up or waiting is not asked twice.
    mutating func enqueue(_ p: Prompt, _ t: inout Transition) {
        if prompt == p || promptQueue.contains(p) { return }
        promptQueue.append(p)
    }

    // MARK: - Settle: consequences that follow from any change

    /// Brings the world to rest after an event: in-use bookkeeping, temporary grants, suspension,
    /// prompts, session goals, callbacks and errors. Idempotent.
    mutating func settle(into t: inout Transition, statusBefore: AuthorizationStatus? = nil) {
        // In use.
        if inUse {
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
        // Suspension of a backgrounded app without background execution.
        if lifecycle == .background {
            if runsInBackground { suspendAt = nil } else if suspendAt == nil { suspendAt = now + assumptions.suspendDelay }
        } else {
            suspendAt = nil
        }
        // Prompts: app prompts need the foreground.
        if let p = prompt, lifecycle != .foreground, !p.isSystemInitiated {
            prompt = nil
            t.emit(.promptHidden(p.kind))
            if assumptions.promptReturnsAfterBackground { promptQueue.insert(p, at: 0) }
            t.note(assumptions.promptReturnsAfterBackground ? .promptWaitsForForeground : .promptDismissedByLeaving, p.kind.rawValue)
        }
        // Reduced-accuracy cadence for liveUpdates.
        if delivering(.liveUpdates) && accuracy == .reducedAccuracy {
            if nextReducedFixAt == nil { nextReducedFixAt = now + assumptions.reducedAccuracyInterval }
        } else {
            nextReducedFixAt = nil
        }
        if relaunchWindowEndsAt != nil && !sessions.contains(where: { $0.state == .active && !$0.held })
            && !keptBackgroundActivity && !keptLiveUpdates && !keptMonitor {
            relaunchWindowEndsAt = nil
        }
        // Callbacks: one per real change to a running process, none while a prompt is up (they
        // are delivered before a prompt that this very event brings up). [A S9, S12]
        let pair = statusPair
        if lifecycle.isRunning && prompt == nil && process.lastDelivered != pair {
            process.lastDelivered = pair
            callbacks += 1
            lastCallback = pair
            t.emit(.callback(pair))
            if t.why.last?.rule != .callbackAtLaunch { t.note(.callbackOnChange) }
        } else if lifecycle == .suspended && process.lastDelivered != pair, let statusBefore, statusBefore != pair.status {
            t.note(.callbackHeldWhileSuspended)
        }
        // Session goals ask; then the next prompt in the queue comes up.
        if profile.hasServiceSessions && lifecycle == .foreground { pursueGoals(&t) }
        // A waiting prompt whose question has been answered meanwhile (in Settings, say) is withdrawn.
        if !promptQueue.isEmpty {
            var kept: [Prompt] = []
            for p in promptQueue {
                guard let why = withdrawal(of: p) else { kept.append(p); continue }
                t.note(.promptWithdrawn, "\(p.kind.rawValue): \(why)")
                if case .temporaryRequest = p.origin, completion == .pending {
                    completion = .promptDeclined
                    t.emit(.completion(.promptDeclined))
                }
            }
            if kept.count != promptQueue.count { promptQueue = kept }
        }
        if prompt == nil, let i = promptQueue.firstIndex(where: { $0.isSystemInitiated || lifecycle == .foreground }) {
            let p = promptQueue.remove(at: i)
            prompt = p
            promptShownAt = now
            t.emit(.promptShown(p.kind))
        }
        if prompt == nil { promptShownAt = nil }
        // kCLErrorDenied when running standard updates lose authorization. [A S11]
        if pair.status == .denied, let statusBefore, statusBefore != .denied, process.standardUpdates && lifecycle.isRunning && lastError != .denied {
            lastError = .denied
            t.emit(.error(.denied))
        }
    }

    /// Why a waiting prompt no longer has a question to ask, or nil while it still has.
    func withdrawal(of p: Prompt) -> String? {
        let st = status
        switch p.kind {
        case .whenInUse, .legacyWhenInUse, .legacyAlways, .locationButton:
            if st != .notDetermined && !(p.kind == .locationButton && st == .denied) { return "the status is now \(st.rawValue)" }
        case .alwaysUpgrade:
            if st != .authorizedWhenInUse && !isProvisionalAlways { return "the status is now \(st.rawValue)" }
            if isTemporaryWhenInUse { return "the app holds only a temporary grant" }
        case .temporaryFullAccuracy:
            if !st.isAuthorized { return "the status is now \(st.rawValue)" }
            if accuracy == .fullAccuracy { return "accuracy is already full" }
        case .backgroundReminder:
            if !isPermanentAlways { return "the app no longer has Always" }
        case .servicesOff:
            if locationServicesOn { return "Location Services are on" }
        }
        return nil
    }

    /// iOS 18 session goals: Core Location asks, when it can, for what the held sessions need. [A S7, S8b]
    mutating func pursueGoals(_ t: inout Transition) {
        guard prompt == nil || !prompt!.kind.isAuthorizationRequest, !authorizationRequestInProgress else { return }
        let goal = effectiveGoal
        guard goal > .none, locationServicesOn, !restricted, info.hasWhenInUseKey else { return }
        let sourceID = sessions.last(where: { $0.held && $0.state == .active && $0.goal == goal })?.id ?? "implicit"
        switch status {
        case .notDetermined:
            if goal == .always && !assumptions.alwaysSessionAsksTwice && !record.alwaysRequestUsed && info.hasAlwaysKey && profile.hasAlways {
                // The alternative reading: the session's one chance is this prompt, as for requestAlwaysAuthorization.
                record.alwaysRequestUsed = true
                enqueue(whenInUsePrompt(.requestAlways), &t)
                t.note(.sessionAlwaysAsksOnce, sourceID)
            } else {
                enqueue(whenInUsePrompt(.session(id: sourceID)), &t)
                t.note(goal == .always ? .sessionAlwaysFromNotDetermined : .sessionGoalPrompts, sourceID)
            }
        case .authorizedWhenInUse where goal == .always && !record.temporaryGrant && !record.alwaysRequestUsed
            && info.hasAlwaysKey && profile.hasAlways:
            record.alwaysRequestUsed = true
            enqueue(Prompt(kind: .alwaysUpgrade, origin: .session(id: sourceID)), &t)
            t.note(.sessionAlwaysUpgrade, sourceID)
        default:
            break
        }
        guard !authorizationRequestInProgress, status.isAuthorized, accuracy == .reducedAccuracy else { return }
        if let s = sessions.last(where: { $0.held && $0.state == .active && !$0.fullAccuracyDeclined
            && $0.fullAccuracyKey.map { info.temporaryUsageDescriptions?[$0] != nil } == true }) {
            enqueue(Prompt(kind: .temporaryFullAccuracy, origin: .session(id: s.id), purposeKey: s.fullAccuracyKey), &t)
            t.note(.sessionFullAccuracyPrompt, s.id)
        }
    }
}

/// Button labels match ignoring case, with `'` and `’` the same (flow-format §3.2).
public func labelsMatch(_ a: String, _ b: String) -> Bool {
    func norm(_ s: String) -> String { s.lowercased().replacingApostrophes() }
    return norm(a) == norm(b)
}

extension String {
    /// `’` read as `'`: how button labels and titles are matched.
    public func replacingApostrophes() -> String {
        String(map { $0 == "’" ? "'" : $0 })
    }
}
