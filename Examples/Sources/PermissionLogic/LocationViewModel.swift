/// The permission screen of a small app: what to show, and when to ask. Each `Mistake` is a
/// well-known wrong belief about Core Location taken from real reports; the view model without
/// mistakes is the fix. (The mistakes live in the same code so that a test can show each one
/// failing beside its fix.)
public final class LocationViewModel {
    public enum Screen: String, Sendable, Equatable {
        /// "Use your location?" with a button that asks.
        case askButton
        /// The system prompt is up; the app waits for the person's answer.
        case waitingForAnswer
        /// The map with the person's location (while using the app).
        case map
        /// "Location is off for this app": a button that opens Settings.
        case denied
        /// "Background tracking is on."
        case backgroundOn
        /// "Background tracking starts once iOS confirms Always" (provisional Always).
        case backgroundPending
        /// "To track in the background, choose Always in Settings."
        case turnOnAlwaysInSettings
    }

    public struct Mistakes: OptionSet, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// 1. Allow Once mistaken for While Using: the first grant is remembered as permanent.
        public static let cachesFirstGrant = Mistakes(rawValue: 1)
        /// 2. After Allow Once, requestAlwaysAuthorization is awaited as if iOS would ask.
        public static let waitsForAlwaysAnswer = Mistakes(rawValue: 2)
        /// 3. Provisional Always (right after "Allow While Using App") read as permanent.
        public static let trustsProvisionalAlways = Mistakes(rawValue: 4)
        /// 4. The callback a new manager gets at creation taken as the person's answer.
        public static let takesCreationCallbackAsAnswer = Mistakes(rawValue: 8)
    }

    public private(set) var screen: Screen = .askButton
    let manager: LocationManaging
    let store: AppStore
    let mistakes: Mistakes
    /// A request is out and the person's answer has not come.
    var awaitingAnswer = false
    /// Always was asked for from notDetermined: an authorizedAlways that answers it is provisional.
    var alwaysAskedFromNotDetermined = false
    var wantsBackground = false

    public init(manager: LocationManaging, store: AppStore, mistakes: Mistakes = []) {
        self.manager = manager
        self.store = store
        self.mistakes = mistakes
        screen = screen(for: manager.authorization)
    }

    /// The "Use your location" button.
    public func askForLocation() {
        awaitingAnswer = true
        screen = .waitingForAnswer
        manager.requestWhenInUseAuthorization()
    }

    /// The "Track in the background" switch.
    public func enableBackground() {
        wantsBackground = true
        let before = manager.authorization
        switch before {
        case .notDetermined:
            alwaysAskedFromNotDetermined = true
            awaitingAnswer = true
            screen = .waitingForAnswer
            manager.requestAlwaysAuthorization()
        case .whenInUse:
            manager.requestAlwaysAuthorization()
            // iOS ignores the request after Allow Once (and after the one Always request it
            // allows): no prompt, no callback. Nothing may be awaited; when it does ask, the
            // answer's callback moves the screen on.
            if mistakes.contains(.waitsForAlwaysAnswer) {
                awaitingAnswer = true
                screen = .waitingForAnswer
            } else if manager.authorization == .whenInUse {
                screen = .turnOnAlwaysInSettings
            }
        default:
            screen = screen(for: before)
        }
    }

    /// `locationManagerDidChangeAuthorization`, forwarded by the app's delegate.
    public func authorizationDidChange() {
        let status = manager.authorization
        if status.isGranted { store.grantSeen = true }
        if awaitingAnswer {
            // The person never answers "notDetermined": that callback is the one every new
            // manager gets at creation (or a grant running out), not the answer.
            if status == .notDetermined && !mistakes.contains(.takesCreationCallbackAsAnswer) { return }
            awaitingAnswer = false
            screen = status.isGranted ? screen(for: status) : .denied
            return
        }
        screen = screen(for: status)
    }

    /// The app came back to the foreground.
    public func didBecomeActive() {
        if !awaitingAnswer { screen = screen(for: manager.authorization) }
    }

    func screen(for status: LocationAuthorization) -> Screen {
        // Mistake 1: "granted once" is not "granted": an Allow Once grant runs out.
        if mistakes.contains(.cachesFirstGrant) && store.grantSeen { return wantsBackground ? .backgroundOn : .map }
        switch status {
        case .notDetermined: return .askButton
        case .denied, .restricted: return .denied
        case .whenInUse: return wantsBackground ? .turnOnAlwaysInSettings : .map
        case .always:
            guard wantsBackground else { return .map }
            // Mistake 3: right after "Allow While Using App", authorizedAlways is provisional:
            // iOS asks about Always later (when the app first uses location in the background),
            // and the person may keep While Using.
            if alwaysAskedFromNotDetermined && !mistakes.contains(.trustsProvisionalAlways) { return .backgroundPending }
            return .backgroundOn
        }
    }
}
