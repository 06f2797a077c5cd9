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
/// - **History the model never reads** is dropped (declared `history`): the number of callbacks,
///   reduced fixes and fixes so far and when the last fix came, the timers fired so far (read
///   only against the run's budget of a million timers, which no searched path comes near), the
///   process generation, whether it was launched in the background, and when the app last used
///   location (Control Center's "recently", which only the explorer and `check` show).
/// - **Outputs and fields read only in some states** are set to their starting value in the
///   others (declared `keptWhile`): the latest callback and a finished completion result (the
///   explorer observes what each transition delivers instead; kept when a property's condition
///   reads them), where standard updates were started while they are stopped, and (while
///   `forceQuitBlocksRelaunch` is off) whether the person force-quit the app since opening it.
///
/// How each plain field counts is declared with the field itself (World.fields: `future`,
/// `past(HORIZON)`, `kept`, `keptWhile(COND)`, `history`), and the canonical form and the
/// fingerprint (`World.fingerprint`) follow from the declaration (`canonicalizeDeclaredFields`,
/// written at build time); `World.declaredFields` lists them for the tests. A new field therefore
/// says how it counts where it is declared, and a field that is neither hashed nor reset cannot
/// exist.
extension World {
    /// The time a canonical world reads as `now` (any time after the start).
    public static let canonicalNow: Millis = 1 << 40

    /// The deferred upgrade prompt is on screen: only then is `promptShownAt` read (its horizon).
    var deferredUpgradeOnScreen: Bool {
        if case .deferredUpgrade = prompt?.origin { true } else { false }
    }

    /// Rewrites the world into its canonical form (see above): the same future, one value per state.
    /// The result is a world like any other; stepping it gives what stepping the original gives.
    /// `keepLastOutputs` keeps the latest callback and completion result as they are (the search
    /// asks for it when a property's condition reads them).
    public mutating func canonicalize(keepLastOutputs: Bool = false) {
        let n = plain.now
        // An App Clip's grant resets at the next 04:00 (flow-format 1.1): there the time of day
        // decides the future, so the canonical now keeps it; elsewhere nothing reads it.
        let day: Millis = 86_400_000
        let base: Millis = n == 0 ? 0 : isAppClip ? World.canonicalNow - World.canonicalNow % day + n % day : World.canonicalNow
        canonicalizeDeclaredFields(now: n, to: base, keepLastOutputs: keepLastOutputs)
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
