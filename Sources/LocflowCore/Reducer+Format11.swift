/// The reducer, format 1.1 (docs/flow-format.md §8): requestLocation and fixes, automatic pausing, the
/// indicator property, Live Activities, App Clips, widgets, visits and beacons.
extension World {

    // MARK: - app ... (1.1)

    // Each call's branch in `app(_:_:)` (the one switch over every call) calls one of these.

    mutating func requestLocation(_ t: inout Transition) {
        if !locationServicesOn { showServicesOff(&t) }
        switch status {
        case .notDetermined:
            t.note(.requestLocationNotDetermined)
        case .denied, .restricted:
            failDenied(&t)
        case .authorizedAlways, .authorizedWhenInUse:
            process.locationRequest = LocationRequest()
            t.note(.requestLocationStarted, process.desiredAccuracy.rawValue)
        }
    }

    mutating func startMonitoringVisits(_ t: inout Transition) {
        guard !profile.isVisionOS else { return t.note(.visitsUnavailable) }
        visits = true
        t.note(.visitsStarted)
        if status == .denied { failDenied(&t) }
        if profile.legacyPrompts && status == .authorizedWhenInUse { t.note(.ios12WhenInUseNoAlwaysServices) }
    }

    mutating func stopMonitoringVisits(_ t: inout Transition) {
        visits = false
        t.note(.visitsStopped)
    }

    mutating func startRangingBeacons(_ id: String, _ t: inout Transition) {
        startMonitoring(id, in: \.process.beaconRanging, .beaconRangingStarted, reduced: .reducedAccuracyNoBeacons, &t)
    }

    mutating func stopRangingBeacons(_ id: String, _ t: inout Transition) {
        if process.beaconRanging.contains(id) { process.beaconRanging.removeAll { $0 == id } }
        t.note(.beaconRangingStopped, id)
    }

    mutating func startMonitoringBeaconRegion(_ id: String, _ t: inout Transition) {
        startMonitoring(id, in: .beaconRegions, .beaconRegionStarted, reduced: .reducedAccuracyNoBeacons, &t)
    }

    mutating func stopMonitoringBeaconRegion(_ id: String, _ t: inout Transition) {
        if beaconRegions.contains(id) { beaconRegions.remove(id) }  // (see stopMonitoringRegion)
        t.note(.beaconRegionStopped, id)
    }

    mutating func liveActivity(_ on: Bool, _ t: inout Transition) {
        guard profile.hasLiveActivities else { return t.note(.liveActivityUnavailable, profile.platform.displayName) }
        if on {
            guard lifecycle == .foreground else { return t.note(.liveActivityNeedsForeground, "the app is \(lifecycle.rawValue)") }
            if liveActivityStartedAt != nil { return t.note(.alreadyRunning, "a Live Activity") }
            liveActivityStartedAt = now
            t.emit(.liveActivity(true))
            t.note(.liveActivityStarted)
        } else {
            guard liveActivityStartedAt != nil else { return t.note(.alreadyRunning, "no Live Activity is running") }
            liveActivityStartedAt = nil
            t.emit(.liveActivity(false))
            t.note(.liveActivityStopped)
        }
    }

    // MARK: - user ... and device ... (1.1)

    mutating func addWidget(_ t: inout Transition) {
        widgetAdded = true
        t.note(.widgetAdded)
        // watchOS: the widget is a complication on the current face. [D S236; I]
        if profile.complicationKeepsInUse && assumptions.watchComplicationInUse { t.note(.watchComplicationInUse) }
        if assumptions.addWidgetAsks && profile.isPhoneLike && status == .authorizedWhenInUse && !record.temporaryGrant
            && record.choice != .whileUsingOrWidgets {
            enqueue(Prompt(kind: .widget, origin: .widget), &t)
            t.note(.widgetAsks)
        }
    }

    mutating func removeWidget(_ t: inout Transition) {
        widgetAdded = false
        t.note(.widgetRemoved)
    }

    mutating func setAirplaneMode(_ on: Bool, _ t: inout Transition) {
        guard airplaneMode != on else { return t.note(.airplaneModeUnchanged, on ? "on" : "off") }
        let wasOff = servicesOff
        airplaneMode = on
        t.note(on ? .airplaneModeOn : .airplaneModeOff)
        noteRestrictedServices(wasOff: wasOff, &t)
    }

    mutating func visit(_ t: inout Transition) {
        guard visits, !profile.isVisionOS else { return t.note(.visitsNotMonitored) }
        alwaysClassEvent("visit", &t)
    }

    /// The device comes into (`enter`) or goes out of range of the beacons `id`.
    mutating func beacon(_ id: String, enter: Bool, _ t: inout Transition) {
        let what = enter ? "enter" : "exit"
        var known = false
        if process.beaconRanging.contains(id) && lifecycle.isRunning {
            known = true
            let name = "beacons \(id) ranged"
            if delivering(.beacons) {
                t.note(.beaconRanged, id)
                t.emit(.locationEvent(name, delivered: true))
            } else {
                t.note(.beaconRangingWithheld, beaconsBlocker)
                t.emit(.locationEvent(name, delivered: false))
            }
        }
        if beaconRegions.contains(id) {
            known = true
            alwaysClassEvent("beacon region \(id) \(what)", beaconRegion: true, &t)
        }
        if !known { t.note(.beaconNotMonitored, id) }
    }

    /// Why ranged beacons are not delivered now.
    var beaconsBlocker: String {
        if !status.isAuthorized || !locationServicesOn { return "the app is not authorized" }
        if accuracy == .reducedAccuracy { return "reduced accuracy" }
        return "a when-in-use app that is not in use"
    }

    // MARK: Timers (1.1)

    mutating func timer11(_ kind: TimerKind, _ t: inout Transition) {
        switch kind {
        case .requestLocationTimeout:
            process.locationRequest = nil
            lastError = .locationUnknown
            t.emit(.error(.locationUnknown))
            t.note(.requestLocationTimesOut, formatDuration(assumptions.requestLocationTimeout))
        case .autoPause:
            autoPauseAt = nil
            process.paused = true
            t.emit(.paused)
            t.note(.autoPaused, formatDuration(assumptions.autoPauseDelay) + ", activityType \(process.activityType.rawValue)")
        case .liveActivityEnds:
            liveActivityStartedAt = nil
            t.emit(.liveActivity(false))
            t.note(.liveActivityExpires, formatDuration(assumptions.liveActivityMaxDuration))
        case .appClipReset:
            appClipResetAt = nil
            record.choice = .askNextTime
            record.temporaryGrant = false
            record.temporaryFullAccuracy = false
            t.note(.appClipGrantResets)
        // Version 1's timers: `timer(_:_:)` handles them.
        case .inUseEnds, .suspend, .allowOnceExpires, .relaunchWindowCloses, .reducedAccuracyFix:
            break
        }
    }

    // MARK: Fixes

    /// Counts the periodic fixes due up to `target` in bulk (quietly: a fix is not a transition
    /// of its own) and returns how many arrived. Called before time advances to a timer or to
    /// the end of a wait; delivery does not change between events.
    @discardableResult
    mutating func accrueFixes(until target: Millis) -> ArrivedFixes {
        var arrived = ArrivedFixes()
        guard target >= now else { return arrived }
        if let due = standardFixDue, moving, due <= target {
            let interval = standardFixInterval
            let n = (target - due) / interval + 1
            arrived.add(ArrivedFixes(count: n, lastKind: standardFixKind, lastAt: due + (n - 1) * interval))
            standardFixDue = due + n * interval
        }
        // Reduced-accuracy liveUpdates arrive by their own timer (reducedAccuracyFix).
        if let due = liveFixDue, moving, accuracy == .fullAccuracy, due <= target {
            let interval = assumptions.preciseFixInterval
            let n = (target - due) / interval + 1
            arrived.add(ArrivedFixes(count: n, lastKind: .precise, lastAt: due + (n - 1) * interval))
            liveFixDue = due + n * interval
        }
        record(arrived)
        return arrived
    }

    mutating func receiveFix(_ kind: FixKind, _ source: String, _ t: inout Transition) {
        record(ArrivedFixes(count: 1, lastKind: kind, lastAt: now))
        t.emit(.fix(kind, source: source))
    }

    /// Fixes the app's code received: the last one's kind (which the rules read), and the
    /// history (counted, when the last came, when the app last used location).
    mutating func record(_ arrived: ArrivedFixes) {
        guard arrived.count > 0, let kind = arrived.lastKind, let at = arrived.lastAt else { return }
        lastFix = kind
        addFixes(arrived.count)
        setLastFixAt(at)
        raiseLocationUsedAt(to: at)
    }

    /// The 1.1 part of settling: fixes at the start of delivery, automatic pausing, requestLocation,
    /// kCLErrorLocationUnknown, and the App Clip reset. Idempotent.
    @inline(__always) mutating func settle11(_ t: inout Transition) {
        if !nothingToSettle11 { settle11Changes(&t) }
    }

    /// Nothing in `settle11Changes` can apply: no standard updates (so nothing runs), no
    /// liveUpdates, no location request, not an App Clip, and none of the times and flags it
    /// clears is set. Every world under `explore`'s default bounds is so, and the body cost 4% of
    /// its instructions. Each branch of the body must be covered here: a test holds that in every
    /// world a search reaches with every action group, the body changes nothing when this is true.
    @inline(__always) var nothingToSettle11: Bool {
        !process.standardUpdates && process.liveUpdates == nil && process.locationRequest == nil && !isAppClip
            && autoPauseAt == nil && standardFixDue == nil && liveFixDue == nil && !noFixReported && appClipResetAt == nil
    }

    mutating func settle11Changes(_ t: inout Transition) {
        // One evaluation of what runs (settle runs after every event: keep it cheap).
        let runs = standardRuns
        // Automatic pausing: its timer runs while standard updates run with the property true and the device is stationary.
        if runs && process.pausesAutomatically && !moving {
            if autoPauseAt == nil { autoPauseAt = now + assumptions.autoPauseDelay }
        } else if autoPauseAt != nil {
            autoPauseAt = nil
        }
        // A stream that starts delivering gets a fix at once.
        if runs && hasFix {
            if let due = standardFixDue {
                // Back from stationary the cadence starts again; a shorter interval (full accuracy
                // again, or desiredAccuracy no longer reduced) applies from now.
                let interval = standardFixInterval
                if due <= now || due > now + interval { standardFixDue = now + interval }
            } else {
                receiveFix(standardFixKind, "standard updates", &t)
                t.note(.fixAtStart, "standard updates")
                if process.desiredAccuracy == .reduced && accuracy == .fullAccuracy { t.note(.desiredAccuracyReducedFixes) }
                standardFixDue = now + standardFixInterval
            }
        } else if standardFixDue != nil {
            standardFixDue = nil
        }
        // As standard updates: a fix at once when the stream starts delivering with a fix on the
        // device (stationary or not: the first update carries the location), then the cadence
        // while it moves (`accrueFixes`); moving again after a still stretch is not a start.
        if process.liveUpdates != nil && lifecycle.isRunning && hasFix && delivering(.liveUpdates) {
            if let due = liveFixDue {
                if due <= now { liveFixDue = now + assumptions.preciseFixInterval }
            } else {
                receiveFix(fixKind, "liveUpdates", &t)
                t.note(.fixAtStart, "liveUpdates")
                liveFixDue = now + assumptions.preciseFixInterval
            }
        } else if liveFixDue != nil {
            liveFixDue = nil
        }
        // kCLErrorLocationUnknown once per stretch without a fix.
        if runs && !hasFix {
            if !noFixReported {
                noFixReported = true
                lastError = .locationUnknown
                t.emit(.error(.locationUnknown))
                t.note(.locationUnknownError)
            }
        } else if noFixReported && (hasFix || !process.standardUpdates) {
            noFixReported = false
        }
        serveLocationRequest(&t)
        // App Clips: a grant resets at the next 04:00.
        if isAppClip && (record.temporaryGrant || record.choice == .whileUsing || record.choice == .whileUsingOrWidgets) {
            if appClipResetAt == nil { appClipResetAt = nextFourAM(after: now) }
        } else if appClipResetAt != nil {
            appClipResetAt = nil
        }
    }

    mutating func serveLocationRequest(_ t: inout Transition) {
        guard var request = process.locationRequest else { return }
        let st = status
        guard st.isAuthorized && locationServicesOn else {
            process.locationRequest = nil
            if st == .denied || st == .restricted {
                lastError = .denied
                t.emit(.error(.denied))
                t.note(.deniedError)
            }
            return
        }
        guard lifecycle.isRunning && (inUse || st == .authorizedAlways) && !classicHeldForExplicitSession else {
            if !request.held || request.deadline != nil {
                request.held = true
                request.deadline = nil
                process.locationRequest = request
                t.note(.requestLocationHeld)
            }
            return
        }
        if hasFix {
            process.locationRequest = nil
            receiveFix(standardFixKind, "requestLocation", &t)
            t.note(.requestLocationFix)
            return
        }
        if request.deadline == nil {
            request.deadline = now + assumptions.requestLocationTimeout
            request.held = false
            process.locationRequest = request
            t.note(.requestLocationWaits, formatDuration(assumptions.requestLocationTimeout))
        }
    }

    /// The next 04:00 of the virtual clock strictly after `t` (the clock starts at `startTimeOfDay`).
    public func nextFourAM(after t: Millis) -> Millis {
        let day = 86_400_000, four = 4 * 3_600_000
        let timeOfDay = (assumptions.startTimeOfDay + t) % day
        var delta = (four - timeOfDay + day) % day
        if delta == 0 { delta = day }
        return t + delta
    }
}

/// Fixes that arrived together (a stretch of periodic fixes counted in bulk, or one fix): how
/// many, and the kind and time of the last.
struct ArrivedFixes {
    var count = 0
    var lastKind: FixKind?
    var lastAt: Millis?

    /// Adds fixes that arrived after these.
    mutating func add(_ later: ArrivedFixes) {
        guard later.count > 0 else { return }
        count += later.count
        lastKind = later.lastKind
        lastAt = later.lastAt
    }
}
