/// The model checker's fingerprint of a world: a 64-bit hash of every field but the
/// configuration (which never changes during a search), written out by hand so that it costs a
/// few dozen multiplications instead of a SipHash over every nested value.
///
/// Soundness: two worlds with different fields must give different inputs to the hash. Every
/// field goes in, in a fixed order; booleans are bits, enumerations their case, optionals a
/// presence bit and a value, arrays and strings a length and their elements; the widths are
/// fixed, so the words can be read back into the fields. The
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
        h.count(callbacks)
        h.pair(lastCallback)
        h.tag(completion); h.tag(lastError)
        h.time(nextReducedFixAt)
        h.count(reducedFixes); h.count(timersFired); h.count(fixes)
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

/// A chain of bijective mixing steps over 64-bit words (see `World.fingerprint`). Small values
/// (booleans, cases, presence bits, short counts) are packed side by side into one word first,
/// each with a fixed width, so a world is some twenty words rather than sixty.
struct FingerprintHasher {
    private var state: UInt64 = 0x243F_6A88_85A3_08D3
    private var pending: UInt64 = 0
    private var used: UInt64 = 0

    @inline(__always) mutating func word(_ x: UInt64) {
        var s = (state ^ x) &* 0x9E37_79B9_7F4A_7C15
        s ^= s >> 29
        state = s
    }

    /// `width` low bits of `v`, packed beside the previous small values.
    @inline(__always) mutating func small(_ v: UInt64, _ width: UInt64) {
        if used + width > 64 { word(pending); pending = 0; used = 0 }
        pending |= (v & (1 << width &- 1)) << used
        used += width
    }

    @inline(__always) mutating func int(_ x: Int) { word(UInt64(bitPattern: Int64(x))) }
    @inline(__always) mutating func flag(_ b: Bool) { small(b ? 1 : 0, 1) }

    /// A count (or a time the canonical form sets to 0): one byte when it is below 255, else
    /// the byte 255 and the whole number.
    @inline(__always) mutating func count(_ n: Int) {
        if n >= 0 && n < 255 { small(UInt64(n), 8) } else { small(255, 8); int(n) }
    }

    @inline(__always) mutating func bits(_ a: Bool, _ b: Bool = false, _ c: Bool = false, _ d: Bool = false,
                                         _ e: Bool = false, _ f: Bool = false, _ g: Bool = false, _ h: Bool = false) {
        func bit(_ x: Bool, _ i: UInt64) -> UInt64 { x ? 1 << i : 0 }
        small(bit(a, 0) | bit(b, 1) | bit(c, 2) | bit(d, 3) | bit(e, 4) | bit(f, 5) | bit(g, 6) | bit(h, 7), 8)
    }

    /// An enumeration without payloads: its case number (its one byte in memory).
    @inline(__always) mutating func tag<E: RawRepresentable>(_ e: E) {
        precondition(MemoryLayout<E>.size <= 1, "tag reads enumerations of one byte")
        small(withUnsafeBytes(of: e) { UInt64($0.first ?? 0) }, 8)
    }

    /// A time: its value, or for nil a number no time reaches (the clock stops at 10,000 years).
    @inline(__always) mutating func time(_ t: Millis?) {
        word(t.map { UInt64(bitPattern: Int64($0)) } ?? 0x8000_0000_0000_0000)
    }

    mutating func string(_ s: String) {
        var s = s
        s.withUTF8 { bytes in
            count(bytes.count)
            var i = 0
            while i < bytes.count {
                var w: UInt64 = 0
                var k: UInt64 = 0
                while k < 8 && i < bytes.count { w |= UInt64(bytes[i]) << (8 * k); k += 1; i += 1 }
                word(w)
            }
        }
    }

    mutating func optionalString(_ s: String?) {
        flag(s != nil)
        if let s { string(s) }
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
        flag(p != nil)
        if let p { tag(p.status); tag(p.accuracy) }
    }

    mutating func stream(_ s: ProcessStream?) {
        flag(s != nil)
        if let s { flag(s.qualified); count(s.startedAt) }
    }

    mutating func process(_ p: ProcessState) {
        count(p.generation); count(p.launchedAt)
        bits(p.launchedInBackground, p.standardUpdates, p.standardStartedInForeground, p.allowsBackgroundUpdates,
             p.pausesAutomatically, p.showsBackgroundIndicator, p.indicatorPropertyAtBackground, p.paused)
        pair(p.lastDelivered)
        stream(p.liveUpdates); stream(p.monitor); stream(p.backgroundActivity)
        tag(p.desiredAccuracy); tag(p.activityType)
        flag(p.locationRequest != nil)
        if let r = p.locationRequest { flag(r.held); time(r.deadline) }
        strings(p.beaconRanging)
    }

    mutating func prompt(_ p: Prompt) {
        tag(p.kind)
        switch p.origin {
        case .requestWhenInUse: small(0, 4)
        case .requestAlways: small(1, 4)
        case .immediateUpgrade: small(2, 4)
        case .deferredUpgrade(let trigger): small(3, 4); string(trigger)
        case .temporaryRequest(let key): small(4, 4); string(key)
        case .session(let id): small(5, 4); string(id)
        case .locationButton: small(6, 4)
        case .reminder: small(7, 4)
        case .servicesOff: small(8, 4)
        case .widget: small(9, 4)
        }
        optionalString(p.purposeKey)
        bits(p.showsPreciseSwitch, p.precise)
    }

    mutating func session(_ s: ServiceSession) {
        string(s.id)
        tag(s.goal); tag(s.state)
        optionalString(s.fullAccuracyKey)
        bits(s.held, s.qualified, s.fullAccuracyDeclined)
        count(s.createdAt)
    }

    /// The state, with what is still packed, finished with a final avalanche (so nearby inputs
    /// spread over the table).
    mutating func finish() -> UInt64 {
        word(pending)
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
