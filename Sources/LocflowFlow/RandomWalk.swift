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
    /// The catalogue's samples but the kinds a walk leaves out (`EventCatalogue.notWalked`).
    public static let pool: [Event] = EventCatalogue.samples.filter { EventCatalogue.notWalked[$0.kind] == nil }

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
