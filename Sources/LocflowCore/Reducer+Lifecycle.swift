/// The reducer, lifecycle: launches, suspension, termination, and what the system does to the process.
extension World {

    // MARK: - system ... and device ...

    mutating func system(_ action: SystemAction, _ t: inout Transition) {
        switch action {
        case .suspend:
            suspend(&t)
        case .terminate:
            t.note(.systemTerminate)  // a running app (else no effect)
            terminate(&t)
        case .relaunch:
            t.note(.systemRelaunch)
            launch(background: true, into: &t)
        case .reminder:
            // With permanent Always on iOS 13+ (else no effect).
            enqueue(Prompt(kind: .backgroundReminder, origin: .reminder), &t)
            t.note(.reminderShown)
        }
    }


    // MARK: - Lifecycle

    mutating func launch(background: Bool, into t: inout Transition) {
        addLaunches(1)
        process = ProcessState()
        process.setLaunchedInBackground(background)
        if !background { forceQuitSinceOpened = false }
        lifecycle = background ? .background : .foreground
        foregroundLeftAt = nil
        notInUseSince = nil
        suspendAt = nil
        for i in sessions.indices where sessions[i].state == .active && sessions[i].held { sessions[i].held = false }
        let kept = sessions.contains { $0.state == .active } || keptBackgroundActivity || keptLiveUpdates || keptMonitor
        relaunchWindowEndsAt = kept ? now + assumptions.relaunchWindow : nil
        if kept && now > 0 { t.note(.relaunchWindowOpens, formatDuration(assumptions.relaunchWindow)) }
        t.emit(.launched(background: background))
        t.note(.callbackAtLaunch)
    }

    /// `restarting`: the device restarts, so nothing outlives the process (no rule says it does).
    mutating func terminate(_ t: inout Transition, restarting: Bool = false) {
        keptBackgroundActivity = backgroundActivityActive
        keptLiveUpdates = process.liveUpdates.map { $0.qualified } ?? false
        keptMonitor = process.monitor.map { $0.qualified } ?? false
        lifecycle = .terminated
        process = ProcessState()
        // Only those held: a write of the same value is work for nothing (and copies the
        // sessions' array when they have outgrown the world and another world shares it).
        for i in sessions.indices where sessions[i].state == .active && sessions[i].held { sessions[i].held = false }
        relaunchWindowEndsAt = nil
        foregroundLeftAt = nil
        suspendAt = nil
        nextReducedFixAt = nil
        standardFixDue = nil
        liveFixDue = nil
        autoPauseAt = nil
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
        if !restarting && (sessions.contains(where: { $0.state == .active }) || keptBackgroundActivity) { t.note(.sessionsOutliveProcess) }
        t.emit(.terminated)
    }

    /// `device restart` (an extension): every process ends, and with them what lives only in
    /// memory: an Allow Once grant, temporary full accuracy, prompts on screen, the sessions the
    /// system kept for the app and their relaunch windows, kept streams. What the system stores
    /// stays: the authorization, Settings, and region, significant-change, visit, beacon-region
    /// and CLMonitor-condition monitoring, whose next event relaunches an Always app. [D S225,
    /// S226, S227][I] A force quit no longer blocks relaunches ("until reopened/rebooted"). [D S222]
    mutating func restartDevice(_ t: inout Transition) {
        t.note(.deviceRestart)
        if lifecycle != .terminated { terminate(&t, restarting: true) }
        // The process is gone: nothing was kept for it past the restart.
        keptBackgroundActivity = false
        keptLiveUpdates = false
        keptMonitor = false
        var ended = 0
        for i in sessions.indices where sessions[i].state == .active {
            sessions[i].state = .lapsed
            sessions[i].held = false
            ended += 1
        }
        if ended > 0 { t.note(.restartEndsSessions, ended == 1 ? "1 session" : "\(ended) sessions") }
        relaunchWindowEndsAt = nil
        if record.temporaryGrant { record.temporaryGrant = false; t.note(.allowOnceEndsWithProcess) }
        if record.temporaryFullAccuracy { record.temporaryFullAccuracy = false; t.note(.temporaryFullAccuracyEnds) }
        // The screen starts empty: the system's own prompts (the reminder, a deferred upgrade) go too.
        if let p = prompt { prompt = nil; t.emit(.promptHidden(p.kind)) }
        promptQueue.removeAll { _ in true }
        promptShownAt = nil
        // Read only under the assumption (the canonical form drops it otherwise).
        if forceQuitSinceOpened && assumptions.forceQuitBlocksRelaunch { t.note(.restartLiftsForceQuit) }
        forceQuitSinceOpened = false
        if significantChanges || !regions.isEmpty || visits || !beaconRegions.isEmpty || !monitorConditions.isEmpty {
            t.note(.restartKeepsMonitoring)
        }
    }

    mutating func suspend(_ t: inout Transition) {
        lifecycle = .suspended
        suspendAt = nil
        t.emit(.suspended)
        t.note(.suspended)
    }

}
