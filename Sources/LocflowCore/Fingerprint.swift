/// The model checker's fingerprint of a canonical world: a 64-bit hash of every field but the
/// configuration (which never changes during a search) and the history the canonical form sets to
/// one value, written out so that it costs a few dozen multiplications instead of a SipHash over
/// every nested value.
///
/// Soundness: two canonical worlds with different fields must give different inputs to the hash.
/// The declared plain fields (World.fields) go in as the declarations say (`fingerprintDeclaredFields`,
/// written at build time): each time and count a word, each small value its code in a bit field
/// of its own (`FingerprintCode`); the prompts and sessions as bit fields and words; a name as its
/// number (one number a string); lists and strings a length and then their elements, so the words
/// can be read back into the fields. The other stored properties this reads are listed in
/// `fingerprintFields`, and a test compares the list with the types themselves, so a structured
/// field added later fails the test until it is hashed here.
///
/// The words go in two at a time, each pair through one full-width multiplication with the
/// lane's state (`FingerprintHasher`), in two lanes folded into 64 bits at the end: two different
/// inputs collide with a chance of about 2⁻⁶⁴, the hash compaction the visited set accounts for.
extension World {
    /// The fingerprint (`World.canonicalize` first: the search hashes canonical worlds).
    public var fingerprint: UInt64 {
        var h = FingerprintHasher()
        fingerprintDeclaredFields(into: &h)
        // The counts of sessions and waiting prompts (each below 2³², the memory a list takes)
        // and which optional parts follow; the prompt on screen; each session; each prompt
        // waiting. A session and a prompt are two words each, whatever they hold.
        let ranging = process.ranging.map { !$0.names.isEmpty } ?? false
        let monitored = lists.map { !$0.isEmpty } ?? false                  // nearly always none
        h.pair(UInt64(truncatingIfNeeded: sessions.count) | UInt64(truncatingIfNeeded: promptQueue.count) << 32,
               (noPrompt ? 0 : 1) | (ranging ? 2 : 0) | (monitored ? 4 : 0))
        if let p = prompt { h.prompt(p) }
        sessions.forEachElement { h.session($0) }
        promptQueue.forEachElement { h.prompt($0) }
        // The rare parts last, a word at a time: their strings, each with its length.
        if ranging, let r = process.ranging { h.strings(r.names) }
        if monitored, let l = lists { h.strings(l.regions.names); h.strings(l.monitorConditions.names); h.strings(l.beaconRegions.names) }
        return h.finish()
    }

    /// The stored properties `fingerprint` reads by hand, by type (a test holds them equal to the
    /// types'); the plain blocks' fields are the declared ones (`declaredFields`).
    public static let fingerprintFields: [String: Set<String>] = [
        // `passedByAddress` holds nothing.
        // `configBox` never changes in a search.
        "World": ["configBox", "lists", "passedByAddress", "plain", "process", "prompt", "sessions", "promptQueue"],
        "WorldLists": ["regions", "monitorConditions", "beaconRegions"],
        "ProcessState": ["plain", "ranging"],
        "NameList": ["names"],
        // Hashed in their order (`names`): `next` only numbers that order.
        "NameSet": ["places", "next"],
        "Prompt": ["kind", "origin", "purposeKey", "showsPreciseSwitch", "precise"],
        "ServiceSession": ["id", "goal", "fullAccuracyKey", "state", "held", "qualified", "fullAccuracyDeclined"],
        // Hashed as its number: one number a string (see `Name`).
        "Name": ["number"],
    ]
}

/// The fingerprint's hash (see `World.fingerprint`): the words go in two at a time, each pair
/// through one 64×64→128-bit multiplication folded to 64 bits, as wyhash does; pairs go into
/// alternate lanes, so the multiplications do not wait for each other.
struct FingerprintHasher {
    private var lane = 0x243F_6A88_85A3_08D3 as UInt64
    private var other = 0x1319_8A2E_0370_7344 as UInt64
    /// The first word of a pair whose second has not come yet.
    private var pending: UInt64 = 0
    private var half = false

    /// Two words into the current lane; the lanes then trade places. One factor takes the first
    /// word with a constant no word of a world can equal (a time, a count, a block of small
    /// bytes, eight bytes of UTF-8), so it is never 0; the other the second word with the lane,
    /// so every word before counts.
    @inline(__always) private mutating func mix(_ x: UInt64, _ y: UInt64) {
        let m = (x ^ 0xA076_1D64_78BD_642F).multipliedFullWidth(by: y ^ lane)
        lane = other
        other = m.high ^ m.low
    }

    /// One word: it waits for the next, and the two go in as a pair.
    @inline(__always) mutating func word(_ x: UInt64) {
        if half { mix(pending, x); half = false } else { pending = x; half = true }
    }

    @inline(__always) mutating func count(_ n: Int) { word(UInt64(truncatingIfNeeded: n)) }

    /// A string: its length in bytes, then its bytes eight to a word (little-endian, the last
    /// word padded with zeros). Only the rare parts have strings (beacon names, monitored names).
    mutating func string(_ s: String) {
        let bytes = s.utf8
        count(bytes.count)
        var w: UInt64 = 0
        var shift: UInt64 = 0
        for b in bytes {
            w |= UInt64(b) << shift
            shift += 8
            if shift == 64 { word(w); w = 0; shift = 0 }
        }
        if shift > 0 { word(w) }
    }

    /// A name: its number (one number a string: see `Name`).
    @inline(__always) mutating func name(_ n: Name) { word(UInt64(n.number)) }

    @inline(__always) mutating func strings(_ a: [String]) {
        // Most worlds have none: the count alone, without a call.
        if a.isEmpty { count(0); return }
        count(a.count)
        for i in a.indices { string(a[i]) }
    }

    /// Two words in, as a pair: one multiplication when no word is waiting (the blocks before
    /// the pairs are an even number of words; were a field added that made them odd, the pairs
    /// would go in a word at a time, as correct and a little slower).
    @inline(__always) mutating func pair(_ x: UInt64, _ y: UInt64) {
        if half { word(x); word(y) } else { mix(x, y) }
    }

    /// A prompt: its cases and switches, then the names it holds (the origin's, the purpose
    /// key's: 0 where there is none, which the first word tells apart).
    @inline(__always) mutating func prompt(_ p: Prompt) {
        // The case first, without binding a payload (a bound payload copied the origin, strings
        // and all, for every prompt hashed); then the payload of the three cases that have one.
        let origin: UInt64 = switch p.origin {
        case .requestWhenInUse: 0
        case .requestAlways: 1
        case .immediateUpgrade: 2
        case .deferredUpgrade: 3
        case .temporaryRequest: 4
        case .session: 5
        case .locationButton: 6
        case .reminder: 7
        case .servicesOff: 8
        case .widget: 9
        }
        var names: UInt64 = 0
        if origin >= 3 && origin <= 5 {
            switch p.origin {
            case .deferredUpgrade(let name), .temporaryRequest(let name), .session(let name): names = UInt64(name.number)
            default: break
            }
        }
        if let key = p.purposeKey { names |= UInt64(key.number) << 32 }
        pair(p.kind.code | origin << 8 | (p.purposeKey != nil ? 1 << 16 : 0) | (p.showsPreciseSwitch ? 1 << 17 : 0)
             | (p.precise ? 1 << 18 : 0), names)
    }

    /// A session: its cases and flags, then its ID and full-accuracy key (0 where there is none,
    /// which the first word tells apart).
    @inline(__always) mutating func session(_ s: ServiceSession) {
        pair(s.goal.code | s.state.code << 8 | (s.fullAccuracyKey != nil ? 1 << 16 : 0) | (s.held ? 1 << 17 : 0)
             | (s.qualified ? 1 << 18 : 0) | (s.fullAccuracyDeclined ? 1 << 19 : 0),
             UInt64(s.id.number) | UInt64(s.fullAccuracyKey?.number ?? 0) << 32)
    }

    /// Both lanes folded into one word and finished with an avalanche (so nearby inputs spread
    /// over the table).
    func finish() -> UInt64 {
        var h = self
        if h.half { h.mix(h.pending, 0) }  // the layout says where the words end: a 0 adds nothing
        var z = h.lane ^ (h.other << 32 | h.other >> 32) &* 0xD6E8_FEB8_6659_FD93
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
