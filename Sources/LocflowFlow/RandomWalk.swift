import LocflowCore

/// A small deterministic generator (SplitMix64): the same seed gives the same walk everywhere.
public struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    public init(seed: UInt64) { state = seed }
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Picks legal events at random: the benchmark's walk, and a fuzzer for the model's invariants.
public struct RandomWalk {
    public var world: World
    var rng: SplitMix64
    /// Events the person, the app, the system and the device can cause (taps come from the prompt).
    public static let pool: [Event] = {
        var p: [Event] = [
            .app(.requestWhenInUseAuthorization), .app(.requestAlwaysAuthorization),
            .app(.requestTemporaryFullAccuracyAuthorization("Nav")), .app(.startUpdatingLocation), .app(.stopUpdatingLocation),
            .app(.allowsBackgroundLocationUpdates(true)), .app(.allowsBackgroundLocationUpdates(false)),
            .app(.startMonitoringSignificantLocationChanges), .app(.stopMonitoringSignificantLocationChanges),
            .app(.startMonitoringRegion("office")), .app(.stopMonitoringRegion("office")),
            .app(.session(id: "base", goal: .whenInUse, fullAccuracyKey: nil)),
            .app(.session(id: "nav", goal: .whenInUse, fullAccuracyKey: "Nav")),
            .app(.session(id: "bg", goal: .always, fullAccuracyKey: nil)),
            .app(.session(id: "quiet", goal: .none, fullAccuracyKey: nil)),
            .app(.invalidate("base")), .app(.invalidate("nav")), .app(.invalidate("bg")), .app(.invalidate("quiet")),
            .app(.liveUpdates(true)), .app(.liveUpdates(false)), .app(.monitor(true)), .app(.monitor(false)),
            .app(.monitorAdd("home")), .app(.monitorAdd("work")),
            .app(.backgroundActivity(true)), .app(.backgroundActivity(false)),
            .user(.precise(true)), .user(.precise(false)),
            .user(.settingsPrecise(true)), .user(.settingsPrecise(false)),
            .user(.settingsLocationServices(true)), .user(.settingsLocationServices(false)),
            .user(.background), .user(.foreground), .user(.forceQuit), .user(.locationButton),
            .system(.suspend), .system(.terminate), .system(.relaunch), .system(.reminder),
            .device(.move), .device(.stationary), .device(.noFix), .device(.fix),
            .device(.exitRegion("office")), .device(.exitRegion("home")),
            .wait(1_000), .wait(5_000), .wait(10_000), .wait(60_000), .wait(600_000),
        ]
        p += SettingsChoice.allCases.filter { $0 != .unlisted }.map { .user(.settings($0)) }
        // Format 1.1
        p += [.app(.requestLocation), .app(.desiredAccuracy(.reduced)), .app(.desiredAccuracy(.best)),
              .app(.pausesLocationUpdatesAutomatically(false)), .app(.pausesLocationUpdatesAutomatically(true)),
              .app(.activityType(.fitness)), .app(.showsBackgroundLocationIndicator(true)), .app(.showsBackgroundLocationIndicator(false)),
              .app(.startMonitoringVisits), .app(.stopMonitoringVisits),
              .app(.startRangingBeacons("lobby")), .app(.stopRangingBeacons("lobby")),
              .app(.startMonitoringBeaconRegion("lobby")), .app(.stopMonitoringBeaconRegion("lobby")),
              .app(.liveActivity(true)), .app(.liveActivity(false)), .user(.addWidget), .user(.removeWidget),
              .device(.visit), .device(.enterBeacon("lobby")), .device(.exitBeacon("lobby")), .wait(15 * 60_000),
              .device(.airplaneMode(true)), .device(.airplaneMode(false)), .device(.restart)]
        return p
    }()

    public init(config: AppConfig = AppConfig(), seed: UInt64) {
        world = World(config: config)
        rng = SplitMix64(seed: seed)
    }

    /// The next legal event for the current world (never one the model would refuse).
    public mutating func nextEvent() -> Event {
        if let p = world.prompt, rng.next() % 2 == 0 {
            let labels = world.buttons(for: p)
            return .user(.tap(labels[Int(rng.next() % UInt64(labels.count))]))
        }
        while true {
            let e = Self.pool[Int(rng.next() % UInt64(Self.pool.count))]
            if case .user(.settingsReset) = e { continue }
            if world.refusal(for: e) == nil { return e }
        }
    }

    /// Applies `count` legal events; returns how many transitions they produced.
    @discardableResult
    public mutating func run(_ count: Int) -> Int {
        var transitions = 0
        for _ in 0..<count {
            let e = nextEvent()
            world.step(e) { _, _ in transitions += 1 }
        }
        return transitions
    }
}
