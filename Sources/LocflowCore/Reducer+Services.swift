/// The reducer, services and sessions: what the app starts and stops, CLServiceSession, and the
/// device events that reach (or do not reach) the app's code.
extension World {

    // MARK: - app ...

    mutating func app(_ call: AppCall, _ t: inout Transition) {
        switch call {
        case .requestWhenInUseAuthorization: requestWhenInUse(&t)
        case .requestAlwaysAuthorization: requestAlways(&t)
        case .requestTemporaryFullAccuracyAuthorization(let key): requestTemporaryFullAccuracy(key, &t)

        case .startUpdatingLocation:
            if !locationServicesOn { showServicesOff(&t) }
            if process.locationRequest != nil { process.locationRequest = nil; t.note(.requestLocationCancelled) }
            if process.paused {
                // Paused updates restart where the app may start updates. [A S203, S2]
                if lifecycle == .foreground || status == .authorizedAlways {
                    process.paused = false
                    t.note(.pauseRestarted)
                } else {
                    return t.note(.pauseCannotRestartInBackground)
                }
            }
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
            if process.locationRequest != nil { process.locationRequest = nil; t.note(.requestLocationCancelled) }
            process.standardUpdates = false
            process.paused = false
            t.note(.standardStopped)
        case .allowsBackgroundLocationUpdates(let on):
            if on && !keys.hasLocationBackgroundMode {
                t.note(.backgroundUpdatesCrash)
                terminate(&t)
                return
            }
            process.allowsBackgroundUpdates = on
            t.note(.backgroundUpdatesSet, String(on))
            if on && profile.isVisionOS { t.note(.visionOSUnavailable, "background location updates") }
        case .startMonitoringSignificantLocationChanges:
            significantChanges = true
            t.note(.significantChangesStarted)
            if profile.isVisionOS { t.note(.visionOSUnavailable, "the significant-change service") }
            if status == .denied { failDenied(&t) }
            if profile.legacyPrompts && status == .authorizedWhenInUse { t.note(.ios12WhenInUseNoAlwaysServices) }
        case .stopMonitoringSignificantLocationChanges:
            significantChanges = false
            t.note(.significantChangesStopped)
        case .startMonitoringRegion(let id):
            startMonitoring(id, in: .regions, .regionStarted, reduced: .reducedAccuracyNoRegions, &t)
        case .stopMonitoringRegion(let id):
            // Asked first: a change through the property makes the world's lists its own (a new
            // box, or a copy of one another world shares), removed or not.
            if regions.contains(id) { regions.remove(id) }
            t.note(.regionStopped, id)

        case .session(let id, let goal, let key): createSession(id, goal, key, &t)
        case .invalidate(let id):
            guard let i = sessions.lastIndex(where: { $0.id == id }) else { return }
            sessions[i].state = .invalidated
            sessions[i].held = false
            t.note(.sessionInvalidated)

        case .liveUpdates(let on):
            let started = on && process.liveUpdates == nil
            iterate(\.liveUpdates, kept: \.keptLiveUpdates, name: "liveUpdates", on: on, &t)
            if on { nextReducedFixAt = nil }
            if started { ios17LiveUpdatesAsk(&t) }
        case .monitor(let on):
            iterate(\.monitor, kept: \.keptMonitor, name: "monitor", on: on, &t)
            if on && profile.isVisionOS { t.note(.visionOSUnavailable, "CLMonitor") }
        case .monitorAdd(let id):
            guard profile.hasModernAPIs else { return t.note(.needsIOS17) }
            if profile.isVisionOS { t.note(.visionOSUnavailable, "CLMonitor") }
            if !monitorConditions.contains(id) { monitorConditions.append(id) }
            t.note(.conditionAdded, id)
            if monitorConditions.count > assumptions.monitorConditionLimit { t.note(.conditionLimit) }
        case .backgroundActivity(let on):
            guard profile.hasModernAPIs else { return t.note(.needsIOS17) }
            if on {
                if process.backgroundActivity != nil { return t.note(.alreadyRunning, "a background activity session") }
                let rejoin = rejoining(keptBackgroundActivity)
                let fresh = lifecycle == .foreground
                process.backgroundActivity = ProcessStream(qualified: fresh || rejoin)
                if rejoin { keptBackgroundActivity = false; t.note(.rejoinWithinWindow, "background activity session") }
                if !fresh && !rejoin { t.note(.backgroundActivityNeedsForeground) }
                if !keys.hasLocationBackgroundMode { t.note(.backgroundActivityNeedsMode) }
                if profile.isVisionOS { t.note(.visionOSNotInUseInBackground) }
                if profile.hasServiceSessions { noteImplicitSession(&t) } else { t.note(.backgroundActivityStarted) }
            } else {
                process.backgroundActivity = nil
                t.note(.backgroundActivityInvalidated)
            }
        // Format 1.1's calls (Reducer+Format11.swift).
        case .requestLocation: requestLocation(&t)
        // The manager's properties: stored with the process, noted with the value.
        case .desiredAccuracy(let a): process.desiredAccuracy = a; t.note(.desiredAccuracySet, a.rawValue)
        case .pausesLocationUpdatesAutomatically(let on): process.pausesAutomatically = on; t.note(.pausesAutomaticallySet, String(on))
        case .activityType(let type): process.activityType = type; t.note(.activityTypeSet, type.rawValue)
        case .showsBackgroundLocationIndicator(let on): process.showsBackgroundIndicator = on; t.note(.indicatorPropertySet, String(on))
        case .startMonitoringVisits: startMonitoringVisits(&t)
        case .stopMonitoringVisits: stopMonitoringVisits(&t)
        case .startRangingBeacons(let id): startRangingBeacons(id, &t)
        case .stopRangingBeacons(let id): stopRangingBeacons(id, &t)
        case .startMonitoringBeaconRegion(let id): startMonitoringBeaconRegion(id, &t)
        case .stopMonitoringBeaconRegion(let id): stopMonitoringBeaconRegion(id, &t)
        case .liveActivity(let on): liveActivity(on, &t)
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
        process[keyPath: stream] = ProcessStream(qualified: inUse || rejoin)
        if rejoin { self[keyPath: kept] = false; t.note(.rejoinWithinWindow, name) }
        noteImplicitSession(&t)
    }

    /// iOS 17: whether iterating liveUpdates from notDetermined asks by itself is an assumption
    /// (`ios17LiveUpdatesPrompts`, default no: Apple describes self-prompting from iOS 18). [I]
    /// Asked as `requestWhenInUseAuthorization` would ask: in the foreground, with the usage key,
    /// not restricted, Location Services on, no request already in progress.
    mutating func ios17LiveUpdatesAsk(_ t: inout Transition) {
        guard profile.hasModernAPIs, !profile.hasServiceSessions, status == .notDetermined else { return }
        guard assumptions.ios17LiveUpdatesPrompts else { return t.note(.ios17NoImplicitPrompt) }
        guard lifecycle == .foreground, keys.hasWhenInUseKey, !restricted, locationServicesOn,
              !authorizationRequestInProgress else { return }
        enqueue(whenInUsePrompt(.requestWhenInUse), &t)
        t.note(.ios17LiveUpdatesPrompt)
    }

    /// Whether a stream started now rejoins one kept from the previous process.
    func rejoining(_ kept: Bool) -> Bool { kept && relaunchWindowEndsAt != nil }

    mutating func noteImplicitSession(_ t: inout Transition) {
        guard profile.hasServiceSessions else { return t.note(.streamStarted) }
        if keys.requireExplicitServiceSession { t.note(.explicitSessionRequired) } else { t.note(.implicitSession) }
    }

    /// Says so when only the deprecated Always key is there (it is no alias on iOS 11+).
    var legacyAlwaysKeyDetail: String? {
        info.hasOnlyLegacyAlwaysKey ? "only the deprecated NSLocationAlwaysUsageDescription is there, which iOS 11 and later do not read" : nil
    }

    /// Starts monitoring (or ranging) `id` in one of the world's lists: a region, a beacon
    /// region or a beacon constraint. Denied apps get kCLErrorDenied; reduced accuracy stops them.
    /// The persistent monitored lists, changed in place (a key path to a computed property
    /// copies the whole set on every write: N regions took time N²).
    enum MonitoredList { case regions, beaconRegions }

    mutating func startMonitoring(_ id: String, in list: MonitoredList, _ started: Rule,
                                  reduced: Rule, _ t: inout Transition) {
        switch list {
        case .regions: if !regions.contains(id) { regions.append(id) }
        case .beaconRegions: if !beaconRegions.contains(id) { beaconRegions.append(id) }
        }
        noteStarted(started, id, reduced: reduced, &t)
    }

    /// A process's beacon ranging (a few names, a list).
    mutating func startMonitoring(_ id: String, in list: WritableKeyPath<World, [String]>, _ started: Rule,
                                  reduced: Rule, _ t: inout Transition) {
        if !self[keyPath: list].contains(id) { self[keyPath: list].append(id) }
        noteStarted(started, id, reduced: reduced, &t)
    }

    private mutating func noteStarted(_ started: Rule, _ id: String, reduced: Rule, _ t: inout Transition) {
        t.note(started, id)
        if status == .denied { failDenied(&t) }
        if accuracy == .reducedAccuracy && status.isAuthorized { t.note(reduced) }
    }

    mutating func failDenied(_ t: inout Transition) {
        lastError = .denied
        t.emit(.error(.denied))
        t.note(.deniedError)
    }


    // MARK: Sessions

    mutating func createSession(_ id: Name, _ goal: SessionGoal, _ key: Name?, _ t: inout Transition) {
        guard profile.hasServiceSessions else { return t.note(.needsIOS18) }
        if let i = sessions.lastIndex(where: { $0.id == id }), sessions[i].state == .active,
           sessions[i].goal == goal && sessions[i].fullAccuracyKey == key {
            // Re-created within the relaunch window: the kept session carries on. [A-forum S54]
            // Only a matching one (the same goal and purpose key): another is a new session. [A S8, S6]
            sessions[i].held = true
            sessions[i].goal = goal
            sessions[i].fullAccuracyKey = key
            sessions[i].qualified = sessions[i].qualified || inUse
            t.note(.sessionRejoined, id.string)
        } else {
            // A kept session of this ID that does not match is not rejoined: it ends, and the
            // new one is judged without it. [A S8, S6]
            if let i = sessions.lastIndex(where: { $0.id == id }), sessions[i].state == .active {
                sessions[i].state = .lapsed
                t.emit(.sessionLapsed(id))
                t.note(.keptSessionNotMatched, "\(id.string): goal .\(sessions[i].goal.rawValue), now .\(goal.rawValue)")
            }
            // Not in use, a new session qualifies only when layered on one already in effect
            // there: one that keeps the app eligible while not in use (a .always session with
            // Always, or a background activity session). A when-in-use session does not. [A S18, S8]
            let layered = alwaysInterest || backgroundActivityActive
            // A .always session starts being held only in the foreground [A S18 via D S52, S53];
            // the others while in use, which includes the grace after leaving it [A S8, S12].
            let inUseEnough = goal == .always ? lifecycle == .foreground : inUse
            let qualified = inUseEnough || layered
            let fresh = ServiceSession(id: id, goal: goal, fullAccuracyKey: key, qualified: qualified)
            // An ID of an invalidated or lapsed session names the new one (one entry per ID).
            if let i = sessions.firstIndex(where: { $0.id == id }) { sessions[i] = fresh } else { sessions.append(fresh) }
            t.note(.sessionCreated, "\(id.string): goal .\(goal.rawValue)" + (key.map { ", fullAccuracyPurposeKey \($0.string)" } ?? ""))
            if !qualified {
                t.note(.sessionInsufficientlyInUse, goal == .always && inUse ? "a .always session starts only in the foreground" : nil)
            } else if !layered && lifecycle != .foreground {
                t.note(.sessionCreatedInUseAway)
            }
        }
        if goal == .always && isAppClip { t.note(.appClipSessionWhenInUse) }
        if goal == .always && !keys.hasAlwaysKey { t.note(.missingAlwaysKey, legacyAlwaysKeyDetail) }
        if let key, !purposeKeys.contains(key) { t.note(.purposeKeyMissing, "no purpose key '\(key.string)'") }
    }

    mutating func device(_ action: DeviceAction, _ t: inout Transition) {
        switch action {
        case .move:
            moving = true
            t.note(.deviceMoves)
            if process.paused && process.standardUpdates && lifecycle.isRunning { t.note(.pausedStaysPaused) }
            resumeForLiveUpdates(&t)
            if significantChanges && profile.isVisionOS { t.note(.visionOSUnavailable, "the significant-change service") }
            else if significantChanges { alwaysClassEvent(World.significantChangeEvent, &t) }
            else if isProvisionalAlways && standardRunsInBackground && !inUse {
                alwaysClassEvent("background location update", launches: false, &t)
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
            resumeForLiveUpdates(&t)
        case .exitRegion(let id):
            if regions.contains(id) {
                alwaysClassEvent("region \(id) exit", &t)
            } else if monitorConditions.contains(id) {
                monitorEvent(id, &t)
            } else {
                t.note(.regionNotMonitored, id)
            }
        // Format 1.1's events (Reducer+Format11.swift).
        case .visit: visit(&t)
        case .enterBeacon(let id): beacon(id, enter: true, &t)
        case .exitBeacon(let id): beacon(id, enter: false, &t)
        case .airplaneMode(let on): setAirplaneMode(on, &t)
        case .restart: restartDevice(&t)
        }
    }

    /// An event of an Always-class service (region, significant change): delivered in use,
    /// launches or resumes the app with Always, brings the deferred upgrade prompt with provisional Always. [A S1, S12]
    /// `launches`: an event of a service that persists and can launch the app (not the updates
    /// of a process already running in the background).
    mutating func alwaysClassEvent(_ name: String, beaconRegion: Bool = false, launches: Bool = true, _ t: inout Transition) {
        let st = status
        if !st.isAuthorized || !locationServicesOn {
            t.note(.eventNeedsAuthorization, name)
            return t.emit(.locationEvent(name, delivered: false))
        }
        if classicHeldForExplicitSession {
            t.note(.explicitSessionHoldsClassic, name)
            return t.emit(.locationEvent(name, delivered: false))
        }
        if (name.hasPrefix("region") || beaconRegion) && accuracy == .reducedAccuracy {
            t.note(beaconRegion ? .reducedAccuracyNoBeacons : .reducedAccuracyNoRegions)
            return t.emit(.locationEvent(name, delivered: false))
        }
        if profile.legacyPrompts && st == .authorizedWhenInUse {
            t.note(.ios12WhenInUseNoAlwaysServices)
            return t.emit(.locationEvent(name, delivered: false))
        }
        if inUse && lifecycle.isRunning {
            t.note(.eventDeliveredInUse, name)
            return delivered(name, &t)
        }
        // Even Always would not take effect without a .always session (an assumption on iOS 18):
        // no event, and no upgrade prompt for one.
        if launches && status == .authorizedAlways && classicNeedsAlwaysSession {
            t.note(.classicNeedsAlwaysSession, name)
            return t.emit(.locationEvent(name, delivered: false))
        }
        if isProvisionalAlways {
            guard !authorizationRequestInProgress else {
                t.note(.eventDroppedWhilePrompting, name)
                return t.emit(.locationEvent(name, delivered: false))
            }
            enqueue(Prompt(kind: .alwaysUpgrade, origin: .deferredUpgrade(trigger: Name(name))), &t)
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
            if relaunchBlocked {
                t.note(.forceQuitBlocksRelaunch, name)
                return t.emit(.locationEvent(name, delivered: false))
            }
            if t.lastRule != .keptBackgroundActivityRelaunches { t.note(.eventRelaunches, name) }
            launch(background: true, into: &t)
        case .suspended:
            t.note(.eventResumes, name)
            lifecycle = .background
            suspendAt = nil
            t.emit(.resumed)
        case .foreground, .background:
            t.note(.eventDeliveredInUse, name)
        }
        delivered(name, &t)
    }

    /// The name of the significant-change service's event: the one Always-class event that
    /// hands the app a location (to `locationManager(_:didUpdateLocations:)`). [A S64]
    static let significantChangeEvent = "significant location change"

    /// An Always-class event reached the app's code; the significant-change service's carries a
    /// location, which counts as a fix (`expect fixes`: every location the app's code received).
    mutating func delivered(_ name: String, _ t: inout Transition) {
        t.emit(.locationEvent(name, delivered: true))
        if name == World.significantChangeEvent && hasFix {
            receiveFix(fixKind, "significant-change monitoring", &t)
        }
    }

    /// A suspended app iterating `liveUpdates` that reach it is resumed when a new fix is
    /// available (docs/flow-format.md §5.5). [A S18b, S18]
    mutating func resumeForLiveUpdates(_ t: inout Transition) {
        guard lifecycle == .suspended, process.liveUpdates != nil, liveUpdatesYield else { return }
        lifecycle = .background
        suspendAt = nil
        t.emit(.resumed)
        t.note(.liveUpdatesResume)
    }

    /// A `CLMonitor` condition changes state.
    mutating func monitorEvent(_ id: String, _ t: inout Transition) {
        let name = "monitor event \(id)"
        if profile.isVisionOS {
            t.note(.visionOSUnavailable, "CLMonitor")
            return t.emit(.locationEvent(name, delivered: false))
        }
        // Provisional Always meets an event that needs Always (the app iterates the monitor but is
        // not in use): the deferred upgrade prompt comes first, as for a persisted condition. [A S1]
        if isProvisionalAlways, process.monitor != nil, lifecycle == .suspended || (lifecycle.isRunning && !inUse),
           accuracy != .reducedAccuracy, !serviceSessionRequired, !authorizationRequestInProgress, upgradeWouldDeliverMonitor {
            enqueue(Prompt(kind: .alwaysUpgrade, origin: .deferredUpgrade(trigger: Name(name))), &t)
            return t.note(.deferredUpgradePrompt, name)
        }
        if lifecycle == .suspended && process.monitor != nil {
            // A monitor that delivers resumes the app at its condition event. [A S18]
            guard delivering(.monitor) else {
                t.note(.monitorEventWithheld, monitorBlockers())
                return t.emit(.locationEvent(name, delivered: false))
            }
            lifecycle = .background
            suspendAt = nil
            t.emit(.resumed)
            t.note(.monitorEventResumes, id)
            return t.emit(.locationEvent(name, delivered: true))
        }
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
        if isProvisionalAlways && !inUse && upgradeWouldDeliverMonitor {
            enqueue(Prompt(kind: .alwaysUpgrade, origin: .deferredUpgrade(trigger: Name(name))), &t)
            return t.note(.deferredUpgradePrompt, name)
        }
        if alwaysInterest || (inUse && status.isAuthorized) {
            return deliverAlwaysEvent(name, &t)
        }
        // Core Location keeps a background activity session for a terminated app "so it can
        // relaunch or resume the app when relevant information is ready". [A S18, S31]
        if lifecycle == .terminated && keptBackgroundActivity && status.isAuthorized && !relaunchBlocked && !serviceSessionRequired
            && (status == .authorizedAlways || assumptions.backgroundActivityRelaunchesWhenInUse) {
            t.note(.keptBackgroundActivityRelaunches, id)
            return deliverAlwaysEvent(name, &t)
        }
        t.note(.monitorEventWithheld, profile.hasServiceSessions && isPermanentAlways ? "no .always session held" : "not authorized for background events")
        t.emit(.locationEvent(name, delivered: false))
    }

    /// Whether permanent Always would let a CLMonitor event reach an app that is not in use: on
    /// iOS 18 only with a `.always` session started in the foreground and held or kept. [A S18, S8]
    var upgradeWouldDeliverMonitor: Bool {
        !profile.hasServiceSessions || holdsAlwaysSession
    }

    func monitorBlockers() -> String {
        let d = diagnostics(.monitor)
        return d.isEmpty ? "not delivering" : d.map(\.rawValue).joined(separator: ", ")
    }

}
