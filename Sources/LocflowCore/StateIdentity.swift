/// State identity for the model checker (`locflow explore`): when two worlds have the same future.
///
/// The abstraction. A world is the whole `World` value. Two worlds are one state when their
/// canonical forms are equal, and the canonical form keeps every field as it is except:
/// - **Absolute times** become times relative to `now`. A time in the future (a scheduled
///   suspension, the relaunch window's end, the next reduced-accuracy fix) is kept exactly: it
///   decides when a timer fires. A time in the past (when the app left the foreground, stopped
///   being in use, when the prompt came up) is cut off at the one constant it is compared with
///   (`inUseGrace`, `allowOnceGrace`, `deferredUpgradeAnswerWindow`): once that much time has
///   passed no wait can tell two values apart.
/// - `now` itself only keeps whether it is 0 (the one place the model reads it absolutely: a
///   relaunch at time 0 opens no relaunch window note), and for an App Clip its time of day (the
///   grant resets at the next 04:00).
/// - **History the model never reads** is dropped: the number of callbacks and reduced fixes so
///   far, the timers fired so far (read only against the run's budget of a million timers,
///   which no searched path comes near), the latest callback and a finished completion result (the explorer observes what each
///   transition delivers instead; kept when a property's condition reads them), the process
///   generation, whether it was launched in the background, the times a process, a stream or a
///   session started, where standard updates were started while they are stopped, the number
///   of fixes and when the last came, when the app last used location (Control Center's
///   "recently", which only the explorer and `check` show), and (while `forceQuitBlocksRelaunch` is off) whether the
///   person force-quit the app since opening it.
///
/// Every other field takes part as it is, through `==` and the search's fingerprint
/// (`World.fingerprint`, which a test holds to every stored property but the ones set to one
/// value here, `World.canonicalConstants`, so a field added to `World` later fails that test
/// until it is hashed). A new time or counter field therefore makes identity finer, never
/// unsound; `canonicalTimeFields` lists how each `Millis` field is treated, and a test fails when
/// a field of type `Int` appears in `World` that the list does not name.
extension World {
    /// How `canonicalize` treats each `Int` field of the world (by its path in the value).
    public enum TimeTreatment: Sendable, Equatable {
        /// A moment in the past, compared with `now` through one constant (the assumption named):
        /// kept relative, cut off there (at 0 while the field is not read: `notInUseSince`
        /// without an Allow Once grant, `promptShownAt` unless the deferred upgrade prompt is up).
        case past(horizon: String)
        /// A moment still to come (or `now`): kept relative to now, exactly.
        case future
        /// Not read by any rule: dropped.
        case history
    }

    /// Every `Int` field of `World` (paths as `Mirror` names them, without the `plain` blocks
    /// they are stored in; `config` aside: it never changes during a search) and its treatment.
    public static let canonicalTimeFields: [(path: String, treatment: TimeTreatment)] = [
        ("now", .future),
        ("foregroundLeftAt", .past(horizon: "inUseGrace")),
        ("notInUseSince", .past(horizon: "allowOnceGrace")),
        ("suspendAt", .future),
        ("relaunchWindowEndsAt", .future),
        ("promptShownAt", .past(horizon: "deferredUpgradeAnswerWindow")),
        ("nextReducedFixAt", .future),
        ("callbacks", .history),
        ("reducedFixes", .history),
        ("timersFired", .history),
        ("process.generation", .history),
        ("process.launchedAt", .history),
        ("process.liveUpdatesStartedAt", .history),
        ("process.monitorStartedAt", .history),
        ("process.backgroundActivityStartedAt", .history),
        ("sessions.createdAt", .history),
        // Format 1.1
        ("fixes", .history),
        ("lastFixAt", .history),
        ("standardFixDue", .future),
        ("liveFixDue", .future),
        ("autoPauseAt", .future),
        ("liveActivityStartedAt", .past(horizon: "liveActivityMaxDuration")),
        ("appClipResetAt", .future),
        ("process.locationRequestDeadline", .future),
        ("locationUsedAt", .history),
    ]

    /// The time a canonical world reads as `now` (any time after the start).
    public static let canonicalNow: Millis = 1 << 40

    /// Rewrites the world into its canonical form (see above): the same future, one value per state.
    /// The result is a world like any other; stepping it gives what stepping the original gives.
    /// `keepLastOutputs` keeps the latest callback and completion result as they are (the search
    /// asks for it when a property's condition reads them).
    public mutating func canonicalize(keepLastOutputs: Bool = false) {
        // On the plain blocks' fields themselves (see `Time.rebase`): through the optional
        // properties each time was unwrapped and wrapped again.
        let n = plain.now
        // An App Clip's grant resets at the next 04:00 (flow-format 1.1): there the time of day
        // decides the future, so the canonical now keeps it; elsewhere nothing reads it.
        let day: Millis = 86_400_000
        let base: Millis = n == 0 ? 0 : isAppClip ? World.canonicalNow - World.canonicalNow % day + n % day : World.canonicalNow
        let a = assumptions
        plain.now = base
        plain.foregroundLeftAt.rebase(now: n, to: base, past: a.inUseGrace)
        // Read only to time an Allow Once grant's end.
        plain.notInUseSince.rebase(now: n, to: base, past: plain.record.temporaryGrant ? a.allowOnceGrace : 0)
        // Read only when the deferred upgrade prompt is answered.
        var deferred = false
        if case .deferredUpgrade = prompt?.origin { deferred = true }
        plain.promptShownAt.rebase(now: n, to: base, past: deferred ? a.deferredUpgradeAnswerWindow + 1 : 0)
        plain.suspendAt.rebase(now: n, to: base)
        plain.relaunchWindowEndsAt.rebase(now: n, to: base)
        plain.nextReducedFixAt.rebase(now: n, to: base)
        plain.standardFixDue.rebase(now: n, to: base)
        plain.liveFixDue.rebase(now: n, to: base)
        plain.autoPauseAt.rebase(now: n, to: base)
        plain.appClipResetAt.rebase(now: n, to: base)
        // (Nil while there is no request: see `ProcessState.locationRequest`.)
        process.plain.locationRequestDeadline.rebase(now: n, to: base)
        // Read only to time the Live Activity's end (liveActivityMaxDuration after it started).
        plain.liveActivityStartedAt.rebase(now: n, to: base, past: a.liveActivityMaxDuration)
        // Read only under the assumption forceQuitBlocksRelaunch (off by default).
        if !a.forceQuitBlocksRelaunch { plain.forceQuitSinceOpened = false }
        // Counted and shown, never read by a rule (`expect fixes` is a flow's, not a state's).
        plain.fixes = 0
        plain.lastFixAt = Time(nil)
        // Control Center's "recently" (shown, read by no rule).
        plain.locationUsedAt = Time(nil)
        plain.callbacks = 0
        plain.reducedFixes = 0
        // The run's timer budget (`VirtualTime.maxTimersPerRun`, a guard of the simulator, not
        // iOS): a step fires a handful of timers at most, so no path a search can hold comes near it.
        plain.timersFired = 0
        if !keepLastOutputs {
            // The latest callback and a finished completion result: outputs already observed on
            // the transition that delivered them; no rule reads them (a pending completion is read).
            lastCallback = nil
            if plain.completion != .pending { plain.completion = .none }
        }
        process.plain.launchedInBackground = false
        // Read only while standard updates run (and set again when they start).
        if !process.plain.standardUpdates { process.plain.standardStartedInForeground = false }
        process.plain.generation = 0
        process.plain.launchedAt = 0
        // (0 already while the stream does not run: see `ProcessPlain`.)
        process.plain.liveUpdatesStartedAt = 0
        process.plain.monitorStartedAt = 0
        process.plain.backgroundActivityStartedAt = 0
        if sessions.contains(where: { $0.createdAt != 0 }) {
            for i in sessions.indices { sessions[i].createdAt = 0 }
        }
    }

    /// The canonical form as a new value.
    public func canonical() -> World {
        var c = self
        c.canonicalize()
        return c
    }
}

extension AppConfig {
    /// The configuration never changes during a search, so the fingerprint of a world need not
    /// spend time on its texts: hashing the platform alone keeps `Hashable`'s contract (equal
    /// values, equal hashes) while `==` still compares everything.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(platform)
    }
}
