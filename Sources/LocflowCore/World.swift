import Synchronization

/// What the Settings database stores for the app (its fields are declared in World.fields).
extension AppRecord {
    public init(precise: Bool) {
        self.init()
        self.precise = precise
    }
}

/// Why a prompt is on screen; decides what its buttons do.
public enum PromptOrigin: Sendable, Hashable, BitwiseCopyable {
    case requestWhenInUse
    case requestAlways
    /// iOS 13.4+: Always requested from permanent when-in-use.
    case immediateUpgrade
    /// Provisional Always meets an Always-class event; the event waits for the answer.
    case deferredUpgrade(trigger: Name)
    case temporaryRequest(purposeKey: Name)
    /// A service session's goal (or an implicit session) asked on its own.
    case session(id: Name)
    case locationButton
    case reminder
    case servicesOff
    /// The person added the app's widget (format 1.1).
    case widget
}

/// A system prompt, on screen or waiting its turn.
public struct Prompt: Sendable, Hashable, BitwiseCopyable {
    public var kind: PromptKind
    public var origin: PromptOrigin
    /// The purpose key of a temporary full-accuracy prompt.
    public var purposeKey: Name?
    /// The Precise switch on the prompt's map (iOS 14+ when-in-use prompt).
    public var showsPreciseSwitch: Bool
    public var precise: Bool

    public init(kind: PromptKind, origin: PromptOrigin, purposeKey: Name? = nil,
                showsPreciseSwitch: Bool = false, precise: Bool = true) {
        self.kind = kind
        self.origin = origin
        self.purposeKey = purposeKey
        self.showsPreciseSwitch = showsPreciseSwitch
        self.precise = precise
    }

    /// App prompts need the app in the foreground; the deferred upgrade and the reminder are
    /// shown by the system whatever the app is doing. [A S1][D S51]
    public var isSystemInitiated: Bool {
        switch origin {
        case .deferredUpgrade, .reminder, .widget: true
        default: false
        }
    }
}

/// An explicit `CLServiceSession`, named by the flow's ID.
public struct ServiceSession: Sendable, Hashable, BitwiseCopyable {
    public var id: Name
    public var fullAccuracyKey: Name?
    public var goal: SessionGoal
    public var state: SessionState = .active
    /// Held by the running process. An active session that is not held is kept for the app by
    /// the system (suspended, terminated, or inside the relaunch window).
    public var held = true
    /// Started while in use (or rejoined, or layered on a session already in effect). [A S8, S18]
    public var qualified: Bool
    /// The person declined the full-accuracy prompt for it.
    public var fullAccuracyDeclined = false

    public init(id: Name, goal: SessionGoal, fullAccuracyKey: Name?, qualified: Bool) {
        self.id = id
        self.goal = goal
        self.fullAccuracyKey = fullAccuracyKey
        self.qualified = qualified
    }
}

/// A stream the process iterates (`liveUpdates`, `CLMonitor.events`) or a background activity session.
public struct ProcessStream: Sendable, Hashable, BitwiseCopyable {
    /// Started while in use, or rejoined within the relaunch window.
    public var qualified: Bool
    public init(qualified: Bool) { self.qualified = qualified }
}

/// The app's current process. A new one starts with nothing running (docs/flow-format.md §5.3).
/// Its plain fields are declared in World.fields (`ProcessPlain`), as the world's are.
public struct ProcessState: Sendable, Hashable {
    package var plain = ProcessPlain()
    /// Beacon constraints being ranged (ranging belongs to the process), behind a reference that
    /// is nil while there are none (a copy of a world retained the list, nearly always empty).
    @usableFromInline private(set) var ranging: NameList?
    public var beaconRanging: [String] {
        get { ranging?.names ?? [] }
        set { ranging = newValue.isEmpty ? nil : NameList(newValue) }
    }

    public init() {}

    /// A `requestLocation` that has not finished yet.
    public var locationRequest: LocationRequest? {
        get { hasLocationRequest ? LocationRequest(deadline: locationRequestDeadline, held: locationRequestHeld) : nil }
        set {
            hasLocationRequest = newValue != nil
            locationRequestDeadline = newValue?.deadline
            locationRequestHeld = newValue?.held ?? false  // one value when there is none
        }
    }
}

/// A pending `requestLocation()`.
public struct LocationRequest: Sendable, Hashable {
    /// When it fails with `kCLErrorLocationUnknown`; nil while it is held (the app may not be served now).
    public var deadline: Millis?
    /// Noted as held (so the trace says it once).
    public var held = false
}

public struct StatusPair: Sendable, Hashable {
    public var status: AuthorizationStatus
    public var accuracy: AccuracyAuthorization
    public init(_ status: AuthorizationStatus, _ accuracy: AccuracyAuthorization) {
        self.status = status
        self.accuracy = accuracy
    }
    public var text: String { "\(status.rawValue) \(accuracy.rawValue)" }
}

/// The whole simulated world: one device, one app. A value; `step` is the only way it changes.
public struct World: Sendable, Hashable {
    /// The configuration: what the reducer reads of it as it steps, held in the world (no
    /// reference to count), and its number in the process's table for the rest (`ConfigBox`).
    private let configBox: ConfigBox
    /// The monitored names (regions, `CLMonitor` conditions, beacon regions), nil while all three
    /// are empty (nearly every world: see `WorldLists`).
    @usableFromInline private(set) var lists: WorldLists?
    /// Makes `World` address-only, so that it is always passed by address (see `AddressOnly`).
    private var passedByAddress = AddressOnly()
    public var config: AppConfig { _read { yield configBox.config } }

    /// Makes the lists, empty, when there are none, so that a change can be made in place.
    @inline(__always) private mutating func makeLists() {
        if case .none = lists { lists = WorldLists() }
    }
    /// Lets go of the lists when a change left them all empty (so that equal worlds hold them
    /// alike: nil, never three empty sets).
    @inline(__always) private mutating func dropEmptyLists() {
        if let l = lists, l.isEmpty { lists = nil }
    }
    /// Every field that is a plain value (booleans, cases, counts, times), declared once in
    /// World.fields with how it counts for a state's identity: the accessors (`now`, `moving`,
    /// `suspendAt`, …), the canonical form and the fingerprint are written from there.
    package var plain = PlainFields()

    /// The app's current process.
    public internal(set) var process = ProcessState()

    /// The explicit sessions, held in the world while there are a few (see `ShortList`).
    public internal(set) var sessions = ShortList<ServiceSession>()
    /// The regions monitored (`startMonitoring(for:)`), by the flow's names.
    public internal(set) var regions: NameSet {
        @inline(__always) _read { yield lists?.regions ?? [] }
        @inline(__always) _modify { makeLists(); defer { dropEmptyLists() }; yield &lists!.regions }
    }
    /// The conditions added to the `CLMonitor`.
    public internal(set) var monitorConditions: NameSet {
        @inline(__always) _read { yield lists?.monitorConditions ?? [] }
        @inline(__always) _modify { makeLists(); defer { dropEmptyLists() }; yield &lists!.monitorConditions }
    }

    // Prompts
    public internal(set) var prompt: Prompt?
    /// No prompt is on screen. A pattern match: `prompt == nil` resolved to the comparison of
    /// two optional prompts, which copied both into a tuple and destroyed it through the runtime
    /// (7% of the model checker's instructions).
    @inline(__always) var noPrompt: Bool { if case .none = prompt { true } else { false } }
    /// The prompts waiting their turn, in order (see `ShortList`).
    public internal(set) var promptQueue = ShortList<Prompt>()

    /// The beacon regions monitored (format 1.1: they persist across processes).
    public internal(set) var beaconRegions: NameSet {
        @inline(__always) _read { yield lists?.beaconRegions ?? [] }
        @inline(__always) _modify { makeLists(); defer { dropEmptyLists() }; yield &lists!.beaconRegions }
    }

    /// The world at the start of a flow: the app just launched by the person, in the foreground,
    /// one manager created (its first callback delivered at time 0). (docs/flow-format.md §5.1)
    public init(config: AppConfig = AppConfig()) {
        self = World.start(config).world
    }

    /// The start and its transition (the launch at time 0 with its callback): the first entry of a trace.
    public static func start(_ config: AppConfig) -> (world: World, transition: Transition) {
        var world = World(blank: config)
        var t = Transition(event: .user(.foreground), time: 0)
        t.note(.launchByPerson)
        // A restricted device that starts with Location Services off: the assumption decides the status.
        world.noteRestrictedServices(wasOff: false, &t)
        world.launch(background: false, into: &t)
        world.settle(into: &t)
        return (world, t)
    }

    private init(blank config: AppConfig) {
        self.configBox = ConfigBox.interned(config)
        self.plain.locationServicesOn = config.locationServicesOn
        self.plain.restricted = config.restricted
        self.plain.record = AppRecord(precise: !config.info.defaultAccuracyReduced)
    }

    /// Read from the box, made once: through `config` each read built the profile again (a
    /// switch over the platform) or copied the assumptions.
    public var profile: PlatformProfile { configBox.profile }
    public var assumptions: Assumptions { configBox.assumptions }
    /// The app is an App Clip (`config.appClip`, read from the box).
    var isAppClip: Bool { configBox.appClip }
    /// The app has a widget that uses location (`config.widget`, read from the box).
    var hasWidget: Bool { configBox.widget }
    public var info: AppInfo { _read { yield config.info } }
    /// What the reducer asks of the Info.plist as it steps (`InfoKeys`).
    var keys: InfoKeys { configBox.keys }
    /// The Info.plist's purpose keys, as the reducer asks for them (`PurposeKeys`).
    var purposeKeys: PurposeKeys { configBox.purposeKeys }
    /// The app's name in prompts and Settings (after any InfoPlist.strings).
    public var appName: String { config.appName }

    public func session(_ id: Name) -> ServiceSession? { sessions.last(where: { $0.id == id }) }
}

/// A world's monitored names (`World.lists`, nil while all three are empty): a value, changed in
/// place (`World.makeLists`), so a flow that monitors N names is checked in time linear in N.
@usableFromInline struct WorldLists: Sendable, Hashable {
    /// The regions monitored (`startMonitoring(for:)`), the `CLMonitor` conditions and the beacon
    /// regions monitored, by the flow's names.
    var regions = NameSet()
    var monitorConditions = NameSet()
    var beaconRegions = NameSet()

    init() {}

    var isEmpty: Bool { regions.isEmpty && monitorConditions.isEmpty && beaconRegions.isEmpty }
}

/// A list of names behind a reference (a process's beacon ranging: nil while it ranges none).
@usableFromInline final class NameList: Sendable, Hashable {
    let names: [String]
    init(_ names: [String]) { self.names = names }
    @usableFromInline static func == (a: NameList, b: NameList) -> Bool { a === b || a.names == b.names }
    @usableFromInline func hash(into hasher: inout Hasher) { hasher.combine(names) }
}

/// A world's configuration: what the reducer reads as it steps (the Info.plist's answers, the
/// platform's profile, the assumptions, the App Clip and widget flags, which purpose keys there
/// are), as plain values held in
/// the world itself, and the configuration's number in the process's table of configurations
/// (`interned`), where the rest (the texts) is read. A copy of a world copies these bytes and
/// counts no reference: a world that held its configuration by a counted reference retained it
/// at each copy, an atomic operation on memory both cores of a search write. Two are equal
/// exactly when their numbers are. The table only grows, by the distinct configurations a
/// process starts worlds with: a flow's, the explorer's as its person changes the platform or an
/// assumption, each small.
struct ConfigBox: Sendable, Hashable {
    let number: Int
    let keys: InfoKeys
    let profile: PlatformProfile
    let assumptions: Assumptions
    let appClip: Bool
    let widget: Bool
    let purposeKeys: PurposeKeys

    private init(_ config: AppConfig, number: Int) {
        self.number = number
        keys = InfoKeys(config.info, config.profile)
        profile = config.profile
        assumptions = config.assumptions
        appClip = config.appClip
        widget = config.widget
        purposeKeys = PurposeKeys(config.info, number: number)
    }

    /// The whole configuration, read from the table (a copy, strings and all).
    var config: AppConfig { Self.table.withLock { $0.configs[number] } }

    static func interned(_ config: AppConfig) -> ConfigBox {
        table.withLock { t in
            if let box = t.boxes[config] { return box }
            let box = ConfigBox(config, number: t.configs.count)
            t.configs.append(config)
            t.boxes[config] = box
            return box
        }
    }
    private struct Table {
        var configs: [AppConfig] = []
        var boxes: [AppConfig: ConfigBox] = [:]
    }
    private static let table = Mutex(Table())

    /// Whether the configuration numbered `number` has the purpose key `key` (`PurposeKeys`).
    fileprivate static func hasPurposeKey(_ key: String, number: Int) -> Bool {
        table.withLock { $0.configs[number].info.temporaryUsageDescriptions?[key] != nil }
    }

    static func == (a: ConfigBox, b: ConfigBox) -> Bool { a.number == b.number }
    func hash(into hasher: inout Hasher) { hasher.combine(number) }
}

/// The Info.plist's purpose keys (`NSLocationTemporaryUsageDescriptionDictionary`) as the names'
/// numbers (`Name`): one bit for each of the first 64 names the process numbered, so that the
/// reducer asks without a look-up while every key has such a number (always, but in a flow that
/// names more than 64 things first); otherwise asked of the table.
struct PurposeKeys: Sendable, Hashable {
    private var bits: UInt64 = 0
    /// Every key has a bit (else `contains` asks the table).
    private var complete = true
    private let number: Int

    fileprivate init(_ info: AppInfo, number: Int) {
        self.number = number
        for key in info.temporaryUsageDescriptions?.keys ?? [:].keys {
            let n = Name(key).number
            if n < 64 { bits |= 1 << UInt64(n) } else { complete = false }
        }
    }

    /// The Info.plist has this purpose key.
    func contains(_ key: Name) -> Bool {
        if complete { return key.number < 64 && bits & (1 << UInt64(key.number)) != 0 }
        return ConfigBox.hasPurposeKey(key.string, number: number)
    }
}

/// The Info.plist's answers the reducer asks for as it steps, read once for each configuration:
/// asked through `info`, a question could copy the app's Info.plist, strings and all (180,000
/// copies in a search of iOS 18 to depth 10: 4.5% of its instructions with what they cost
/// around them).
struct InfoKeys: Sendable, Hashable {
    let hasWhenInUseKey: Bool
    let hasAlwaysKey: Bool
    let requireExplicitServiceSession: Bool
    let hasLocationBackgroundMode: Bool
    let defaultAccuracyReduced: Bool

    /// On macOS both requests need `NSLocationUsageDescription` and nothing else. [A S231]
    init(_ info: AppInfo, _ profile: PlatformProfile) {
        hasWhenInUseKey = profile.usesMacUsageKey ? info.hasMacUsageKey : info.hasWhenInUseKey
        hasAlwaysKey = profile.usesMacUsageKey ? info.hasMacUsageKey : info.hasAlwaysKey
        requireExplicitServiceSession = info.requireExplicitServiceSession
        // macOS has no UIBackgroundModes: allowsBackgroundLocationUpdates never crashes a Mac app. [I]
        hasLocationBackgroundMode = profile.usesMacUsageKey || info.hasLocationBackgroundMode
        defaultAccuracyReduced = info.defaultAccuracyReduced
    }
}

/// A field that makes a struct address-only: it holds nothing and takes no part in `==` or the
/// hash. A world is large (about 700 bytes). The compiler passes a large struct that is not
/// address-only to a getter by value, and calling one from mutating code (the reducer reading
/// `status` or `delivering`) then copied the whole world to the stack first: about 20 copies a
/// step of the model checker, 13% of its instructions. An address-only struct is passed by its
/// address, with no copy (measured: 14% fewer instructions for `explore` of ios15; docs/speed-history.md).
///
/// A weak reference is what makes it so (the runtime must know where a weak reference lives). It
/// is always nil, so copying and destroying one touches no side table; an existential holding
/// `()` did the same through two indirect calls a copy (1.6% of the instructions). The short
/// lists' `InlineArray` does not make a world address-only (a struct holding one of plain
/// elements is loadable, as the compiler's SIL shows), so the marker stays.
struct AddressOnly: Sendable, Hashable {
    private final class Nothing: Sendable {}
    private weak var nothing: Nothing?
    static func == (a: AddressOnly, b: AddressOnly) -> Bool { true }
    func hash(into hasher: inout Hasher) {}
}
