/// The model checker's fingerprint of a world: a 64-bit hash of every field but the
/// configuration (which never changes during a search), written out by hand so that it costs a
/// few dozen multiplications instead of a SipHash over every nested value.
///
/// Soundness: two worlds with different fields must give different inputs to the hash. Every
/// field goes in, in a fixed order; booleans are bits of one word, enumerations their case,
/// optionals a presence bit and a value, arrays and strings a length and their elements. The
/// stored properties this reads are listed in `fingerprintFields` and a test compares the list
/// with the types themselves, so a field added later fails the test until it is hashed here.
///
/// Each input word goes through a bijection of the running state (xor, an odd multiplier, an
/// xor-shift), so two inputs of one length that differ in a single word never collide; other
/// pairs collide with a chance of about 2⁻⁶⁴, the hash compaction `FingerprintSet` accounts for.
extension World {
    /// The fingerprint (`World.canonicalize` first: the search hashes canonical worlds).
    public var fingerprint: UInt64 {
        var h = FingerprintHasher()
        h.int(now)
        h.bits(locationServicesOn, restricted, moving, hasFix, keptBackgroundActivity, keptLiveUpdates, keptMonitor, significantChanges)
        h.bits(noFixReported, visits, widgetAdded, forceQuitSinceOpened)
        h.record(record)
        h.tag(lifecycle)
        h.process(process)
        h.time(foregroundLeftAt); h.time(notInUseSince); h.time(suspendAt); h.time(relaunchWindowEndsAt)
        h.count(sessions.count)
        for s in sessions { h.session(s) }
        h.strings(regions)
        h.strings(monitorConditions)
        h.flag(prompt != nil)
        if let prompt { h.prompt(prompt) }
        h.count(promptQueue.count)
        for p in promptQueue { h.prompt(p) }
        h.time(promptShownAt)
        h.int(callbacks)
        h.pair(lastCallback)
        h.tag(completion); h.tag(lastError)
        h.time(nextReducedFixAt)
        h.int(reducedFixes); h.int(timersFired); h.int(fixes)
        h.flag(lastFix != nil)
        if let lastFix { h.tag(lastFix) }
        h.time(lastFixAt); h.time(standardFixDue); h.time(liveFixDue); h.time(autoPauseAt)
        h.time(liveActivityStartedAt)
        h.strings(beaconRegions)
        h.time(appClipResetAt)
        return h.finish()
    }

    /// The stored properties `fingerprint` reads, by type (a test holds them equal to the types').
    public static let fingerprintFields: [String: Set<String>] = [
        "World": ["box", "now", "locationServicesOn", "restricted", "moving", "hasFix", "record", "lifecycle", "process",
                  "foregroundLeftAt", "notInUseSince", "suspendAt", "relaunchWindowEndsAt", "keptBackgroundActivity",
                  "keptLiveUpdates", "keptMonitor", "sessions", "significantChanges", "regions", "monitorConditions",
                  "prompt", "promptQueue", "promptShownAt", "callbacks", "lastCallback", "completion", "lastError",
                  "nextReducedFixAt", "reducedFixes", "timersFired", "fixes", "lastFix", "lastFixAt", "standardFixDue",
                  "liveFixDue", "autoPauseAt", "noFixReported", "liveActivityStartedAt", "visits", "beaconRegions",
                  "widgetAdded", "forceQuitSinceOpened", "appClipResetAt"],
        "AppRecord": ["choice", "provisionalAlways", "alwaysRequestUsed", "temporaryGrant", "precise", "temporaryFullAccuracy",
                      "locationButtonApproved"],
        "ProcessState": ["generation", "launchedAt", "launchedInBackground", "lastDelivered", "standardUpdates",
                         "standardStartedInForeground", "allowsBackgroundUpdates", "liveUpdates", "monitor", "backgroundActivity",
                         "desiredAccuracy", "pausesAutomatically", "activityType", "showsBackgroundIndicator",
                         "indicatorPropertyAtBackground", "paused", "locationRequest", "beaconRanging"],
        "ProcessStream": ["startedAt", "qualified"],
        "LocationRequest": ["deadline", "held"],
        "StatusPair": ["status", "accuracy"],
        "Prompt": ["kind", "origin", "purposeKey", "showsPreciseSwitch", "precise"],
        "ServiceSession": ["id", "goal", "fullAccuracyKey", "state", "held", "qualified", "fullAccuracyDeclined", "createdAt"],
    ]
}

/// A chain of bijective mixing steps over 64-bit words (see `World.fingerprint`).
struct FingerprintHasher {
    private var state: UInt64 = 0x243F_6A88_85A3_08D3

    @inline(__always) mutating func word(_ x: UInt64) {
        var s = (state ^ x) &* 0x9E37_79B9_7F4A_7C15
        s ^= s >> 29
        state = s
    }

    @inline(__always) mutating func int(_ x: Int) { word(UInt64(bitPattern: Int64(x))) }
    @inline(__always) mutating func count(_ n: Int) { int(n) }
    @inline(__always) mutating func flag(_ b: Bool) { word(b ? 1 : 0) }

    /// Up to eight booleans as the bits of one word (each call site passes a fixed number).
    @inline(__always) mutating func bits(_ a: Bool, _ b: Bool = false, _ c: Bool = false, _ d: Bool = false,
                                         _ e: Bool = false, _ f: Bool = false, _ g: Bool = false, _ h: Bool = false) {
        func bit(_ x: Bool, _ i: UInt64) -> UInt64 { x ? 1 << i : 0 }
        word(0x100 | bit(a, 0) | bit(b, 1) | bit(c, 2) | bit(d, 3) | bit(e, 4) | bit(f, 5) | bit(g, 6) | bit(h, 7))
    }

    /// An enumeration without payloads: its case number (its one byte in memory).
    @inline(__always) mutating func tag<E: RawRepresentable>(_ e: E) {
        precondition(MemoryLayout<E>.size <= 1, "tag reads enumerations of one byte")
        word(withUnsafeBytes(of: e) { UInt64($0.first ?? 0) } | 0x100)
    }

    @inline(__always) mutating func time(_ t: Millis?) {
        if let t { word(2); int(t) } else { word(3) }
    }

    mutating func string(_ s: String) {
        var s = s
        s.withUTF8 { bytes in
            count(bytes.count)
            var i = 0
            while i < bytes.count {
                var w: UInt64 = 0
                var k = 0
                while k < 8 && i < bytes.count { w |= UInt64(bytes[i]) << (8 * UInt64(k)); k += 1; i += 1 }
                word(w)
            }
        }
    }

    mutating func optionalString(_ s: String?) {
        if let s { word(4); string(s) } else { word(5) }
    }

    mutating func strings(_ a: [String]) {
        count(a.count)
        for s in a { string(s) }
    }

    mutating func record(_ r: AppRecord) {
        tag(r.choice)
        bits(r.provisionalAlways, r.alwaysRequestUsed, r.temporaryGrant, r.precise, r.temporaryFullAccuracy, r.locationButtonApproved)
    }

    mutating func pair(_ p: StatusPair?) {
        if let p { word(6); tag(p.status); tag(p.accuracy) } else { word(7) }
    }

    mutating func stream(_ s: ProcessStream?) {
        if let s { word(s.qualified ? 8 : 9); int(s.startedAt) } else { word(10) }
    }

    mutating func process(_ p: ProcessState) {
        int(p.generation); int(p.launchedAt)
        bits(p.launchedInBackground, p.standardUpdates, p.standardStartedInForeground, p.allowsBackgroundUpdates,
             p.pausesAutomatically, p.showsBackgroundIndicator, p.indicatorPropertyAtBackground, p.paused)
        pair(p.lastDelivered)
        stream(p.liveUpdates); stream(p.monitor); stream(p.backgroundActivity)
        tag(p.desiredAccuracy); tag(p.activityType)
        if let r = p.locationRequest { word(r.held ? 11 : 12); time(r.deadline) } else { word(13) }
        strings(p.beaconRanging)
    }

    mutating func prompt(_ p: Prompt) {
        tag(p.kind)
        switch p.origin {
        case .requestWhenInUse: word(20)
        case .requestAlways: word(21)
        case .immediateUpgrade: word(22)
        case .deferredUpgrade(let trigger): word(23); string(trigger)
        case .temporaryRequest(let key): word(24); string(key)
        case .session(let id): word(25); string(id)
        case .locationButton: word(26)
        case .reminder: word(27)
        case .servicesOff: word(28)
        case .widget: word(29)
        }
        optionalString(p.purposeKey)
        bits(p.showsPreciseSwitch, p.precise)
    }

    mutating func session(_ s: ServiceSession) {
        string(s.id)
        tag(s.goal); tag(s.state)
        optionalString(s.fullAccuracyKey)
        bits(s.held, s.qualified, s.fullAccuracyDeclined)
        int(s.createdAt)
    }

    /// The state, finished with a final avalanche (so nearby inputs spread over the table).
    func finish() -> UInt64 {
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
