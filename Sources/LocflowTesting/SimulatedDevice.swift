import LocflowCore
import LocflowFlow

/// A simulated iPhone (or iPad app on visionOS) with one app installed: the person, the system,
/// the world and virtual time. Every call applies one `.flow` step to the same model, through
/// the same reducer, as `locflow check` (a test holds the two alike for every sample flow).
///
/// A class used from one task; nothing blocks and nothing reads the wall clock. Callbacks reach
/// the app's delegates synchronously, inside the call that causes them.
public final class SimulatedDevice {
    var run: StepwiseRun
    /// The world a delegate sees while a callback is being delivered (the state just after the
    /// transition that delivered it); nil otherwise.
    var snapshot: World?
    /// The world as the app and the person see it now.
    var observed: World { snapshot ?? run.world }

    /// The transitions of the last step (the timers a wait fired, then the step), for `why`.
    var lastTransitions: [Transition] = []
    /// Statements performed so far: a step's "line" in messages when `perform` gives none.
    var counter = 0
    /// The last step: its line and its text, for `expect refused`.
    var lastStep: (line: Int, source: String)?

    var managers: [WeakBox<SimulatedLocationManager>] = []
    var streams: [WeakBox<SimulatedLiveUpdates>] = []
    var monitors: [WeakBox<SimulatedMonitor>] = []
    /// Sessions made without an ID in this process, per goal and key: what names the next one.
    var sessionsMade: [String: Int] = [:]
    var sessionsMadeGeneration = -1

    /// Why the last step could not be performed (the rule and its source, as the trace prints
    /// it), or nil when it was performed.
    public internal(set) var lastStepRefused: String?

    /// Called at every launch of a new process after the first (the person opening the app
    /// again, the system relaunching it for an event): where the app creates its location
    /// manager again, as `application(_:didFinishLaunchingWithOptions:)` does.
    public var onLaunch: ((SimulatedDevice) -> Void)?

    /// The sample app on `platform`, with the default assumptions.
    public convenience init(platform: Platform = .iOS18) {
        var config = AppConfig()
        config.platform = platform.core
        self.init(config: config)
    }

    /// The app of `infoPlist` on `platform`, with assumptions by the flow format's names and
    /// values (`["allowOnceGrace": "10s", "monitorConditionLimit": "20"]`). The other
    /// configuration lines of a flow are parameters: `restricted true`, `locationServices off`,
    /// `appClip true`, `widget true`. A bad assumption throws the message `check` gives.
    public convenience init(platform: Platform, infoPlist: InfoPlist, assumptions: [String: String] = [:],
                            restricted: Bool = false, locationServices: Bool = true,
                            appClip: Bool = false, widget: Bool = false) throws(SimulatedDeviceError) {
        var builder = ConfigBuilder(baseDirectory: ".")
        builder.plist = infoPlist.keys
        builder.config.strings = infoPlist.strings
        builder.config.platform = platform.core
        builder.config.restricted = restricted
        builder.config.locationServicesOn = locationServices
        builder.config.appClip = appClip
        builder.config.widget = widget
        for name in assumptions.keys.sorted() {
            let value = assumptions[name] ?? ""
            let safe: (String) -> Bool = { s in !s.isEmpty && !s.contains { $0 == " " || $0 == "\t" || $0 == "#" || $0 == "\"" || $0.isNewline } }
            guard safe(name), safe(value) else {
                throw SimulatedDeviceError(.configuration, "assumption \(quote(name)) = \(quote(value)): a name and a value are single words, as in a flow (assume allowOnceGrace 10s)")
            }
            let statement: Statement
            do { statement = try FlowParser.parseStatement("assume \(name) \(value)", file: "assumptions") } catch {
                throw SimulatedDeviceError(.configuration, error.message)
            }
            guard case .config(let c) = statement, case .assume = c else {
                throw SimulatedDeviceError(.configuration, "assume \(name) \(value): not an assumption")
            }
            do { try builder.apply(c, at: nil) } catch { throw SimulatedDeviceError(.configuration, error.message) }
        }
        self.init(config: builder.finish())
    }

    /// The device for a configuration built elsewhere (a flow's, by `FlowRunner.makeConfig`).
    public init(config: AppConfig) {
        run = StepwiseRun(config: config)
        lastTransitions = [run.start]
    }

    // MARK: What the person and the app observe

    /// The platform the device runs.
    public var platform: Platform { Platform(observed.profile.platform) }
    /// Virtual time since the device started.
    public var now: Duration { .milliseconds(observed.now) }
    /// The system prompt on screen, or nil.
    public var prompt: SimulatedPrompt? { observed.prompt.map { SimulatedPrompt($0, in: observed) } }
    /// What Settings shows for the app.
    public var settings: SimulatedSettings { SimulatedSettings(observed) }
    /// The app's authorization status (`expect status`), whatever manager asks.
    public var authorizationStatus: AuthorizationStatus { observed.status }
    /// `expect accuracy`.
    public var accuracyAuthorization: AccuracyAuthorization { observed.accuracy }
    /// `expect lifecycle`.
    public var lifecycle: Lifecycle { observed.lifecycle }
    /// `expect inUse`: whether the app counts as in use (foreground, grace, indicator ...).
    public var isInUse: Bool { observed.inUse }
    /// `expect indicator`: the blue location indicator.
    public var showsLocationIndicator: Bool { observed.indicatorShown }
    /// `expect callbacks`: `locationManagerDidChangeAuthorization` calls the model delivered to
    /// the app's processes since the start (the launch's one at time 0 included).
    public var callbacksDelivered: Int { observed.callbacks }
    /// `expect fixes`: locations the app's code received since the start, over all processes.
    public var fixesReceived: Int { observed.fixes }
    /// `expect fix`: the most recent location the app's code received, or nil.
    public var lastFix: SimulatedLocation? {
        guard let k = observed.lastFix else { return nil }
        return SimulatedLocation(isPrecise: k == .precise, timestamp: .milliseconds(observed.lastFixAt ?? 0))
    }
    /// `expect delivering SOURCE`.
    public func delivering(_ source: DeliverySource) -> Bool { observed.delivering(source) }
    /// `expect widgetUpdates`: `isAuthorizedForWidgetUpdates`.
    public var isAuthorizedForWidgetUpdates: Bool { observed.widgetUpdates }

    /// `expect diagnostics SOURCE`: the true properties of a session (by its ID), `liveUpdates`,
    /// `monitor` or `backgroundActivity`; nil when the source has none now (the reason is
    /// `diagnosticsUnavailable(_:)`).
    public func diagnostics(_ source: String) -> SimulatedDiagnostics? {
        let s = World.DiagnosticSource(source)
        guard observed.diagnosticsUnavailable(s) == nil else { return nil }
        return SimulatedDiagnostics(observed.diagnostics(s))
    }

    /// Why a source has no diagnostics now, or nil when it has.
    public func diagnosticsUnavailable(_ source: String) -> String? {
        observed.diagnosticsUnavailable(World.DiagnosticSource(source))
    }

    /// The rules (with their sources) behind the last step, as the trace prints them: the
    /// refusal first when it was refused, then each timer a wait fired, then the step.
    public var why: [String] {
        lastTransitions.flatMap { t in (t.refusal.map { [$0] } ?? []) + t.why }.map(\.text)
    }

    /// The model's world, for a tool that needs more than the properties above.
    public var world: World { observed }
}

/// A weak reference, as Apple holds delegates and as the device holds what the app made.
struct WeakBox<T: AnyObject> {
    weak var value: T?
}
