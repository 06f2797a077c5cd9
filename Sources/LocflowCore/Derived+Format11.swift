/// The derived view, format 1.1 (docs/flow-format.md §8). Pure functions of the world.
extension World {

    /// Standard updates are running and may deliver (whether or not the device has a fix):
    /// started, authorized, not paused, and in the foreground or continuing in the background.
    public var standardRuns: Bool {
        guard process.standardUpdates, !process.paused, lifecycle.isRunning, locationServicesOn, status.isAuthorized,
              !classicHeldForExplicitSession else { return false }
        // macOS: a running app is never suspended and keeps its updates. [A S232]
        return lifecycle == .foreground || standardRunsInBackground || !profile.suspendsInBackground
    }

    /// Standard updates and requestLocation give approximate fixes under reduced accuracy or
    /// with `desiredAccuracy` `kCLLocationAccuracyReduced`. [A S201, S212]
    public var standardFixKind: FixKind {
        process.desiredAccuracy == .reduced ? .approximate : fixKind
    }

    /// What a location is at the app's accuracy authorization: approximate under reduced
    /// accuracy (liveUpdates, significant changes; standard updates add `desiredAccuracy`).
    public var fixKind: FixKind { accuracy == .reducedAccuracy ? .approximate : .precise }

    var standardFixInterval: Millis {
        standardFixKind == .approximate ? assumptions.reducedAccuracyInterval : assumptions.preciseFixInterval
    }

    /// `CLLocationManager.isAuthorizedForWidgetUpdates`: Always, or when-in-use extended to widgets. [A S17]
    public var widgetUpdates: Bool {
        let st = status
        return st == .authorizedAlways || (st == .authorizedWhenInUse && record.choice == .whileUsingOrWidgets)
    }

    /// A Live Activity is in effect (it outlives the process).
    public var liveActivityActive: Bool { liveActivityStartedAt != nil }

    /// For a when-in-use app, an active Live Activity counts like an active background activity
    /// session for liveUpdates and monitor events. [A S18, S18b]
    var liveActivityKeepsEligible: Bool { liveActivityActive && status == .authorizedWhenInUse }

    /// With `forceQuitBlocksRelaunch`, a force-quit app is not relaunched until the person opens it. [I]
    public var relaunchBlocked: Bool {
        assumptions.forceQuitBlocksRelaunch && forceQuitSinceOpened && lifecycle == .terminated
    }

    /// Always-class services (visits, beacon regions) by lifecycle: in use for when-in-use apps,
    /// and in the background, suspended or terminated only with permanent Always. [A S12, S205]
    func alwaysClassDelivers(reducedBlocks: Bool) -> Bool {
        if reducedBlocks && accuracy == .reducedAccuracy { return false }
        if classicHeldForExplicitSession { return false }
        if isPermanentAlways && !classicNeedsAlwaysSession { return !relaunchBlocked }
        return profile.hasAllowOnce && inUse && lifecycle.isRunning
    }

    /// `expect delivering` for the 1.1 sources.
    func delivering11(_ source: DeliverySource) -> Bool {
        switch source {
        case .visits:
            return visits && !profile.isVisionOS && alwaysClassDelivers(reducedBlocks: false)
        case .beaconRegions:
            return !beaconRegions.isEmpty && alwaysClassDelivers(reducedBlocks: true)
        case .regions:
            // As its events: in use for when-in-use apps (iOS 13+), else permanent Always; none
            // under reduced accuracy. [A S12, S14]
            return !regions.isEmpty && alwaysClassDelivers(reducedBlocks: true)
        case .beacons:
            // Ranging belongs to the process and never resumes or relaunches the app. [A S206, S12]
            guard !process.beaconRanging.isEmpty, lifecycle.isRunning, accuracy == .fullAccuracy, !classicHeldForExplicitSession else { return false }
            return inUse || status == .authorizedAlways
        default:
            return false
        }
    }
}

// MARK: Control Center (iOS 16+)

extension World {
    /// The app tracks the location right now: standard updates run, liveUpdates deliver, or a
    /// `requestLocation` is still looking for a fix. Monitoring (regions, significant changes,
    /// visits, CLMonitor) is not tracking.
    public var tracksLocation: Bool { tracking != nil }

    /// What tracks the location right now, if anything (the first that does, in this order).
    public enum Tracking: Sendable { case standardUpdates, liveUpdates, requestLocation }

    public var tracking: Tracking? {
        if process.standardUpdates && standardRuns { return .standardUpdates }
        if process.liveUpdates != nil && liveUpdatesYield { return .liveUpdates }
        if process.locationRequest?.deadline != nil && lifecycle.isRunning && status.isAuthorized && locationServicesOn { return .requestLocation }
        return nil
    }

    /// Control Center's listing reads when the app last used location, which is history no
    /// rule reads: it is shown (`World.controlCenter`, in LocflowFlow).

    /// Keeps `locationUsedAt` (history): now while the app tracks the location; a location it
    /// received (a significant change, say) moves it as it arrives (`record(_:)`). Called before
    /// an event changes the world and after it settles.
    mutating func noteLocationUse() {
        // Most steps of a search run none of these: stored fields only, no derived getter (the
        // compiler copies the world to call one from mutating code).
        guard process.standardUpdates || process.liveUpdates != nil || process.locationRequest != nil else { return }
        if tracksLocation { raiseLocationUsedAt(to: now) }
    }
}
