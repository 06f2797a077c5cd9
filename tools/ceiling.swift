// A ceiling for a byte-level model checker (docs/speed.md): everything a search step does but
// the reducer. A 96-byte plain state is copied, two or three of its words changed, hashed as
// `World.fingerprint` hashes (a pair of words a multiplication, two lanes), and looked up in a
// table laid out as `FingerprintSet` (12 bytes a slot, linear probing), until as many states as
// ios18 has are found.
// Run: swiftc -O tools/ceiling.swift -o /tmp/ceiling && /tmp/ceiling
import Foundation

struct S { var w: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0,0,0,0,0,0,0,0,0,0,0,0) }

@inline(__always) func mix(_ lane: inout UInt64, _ other: inout UInt64, _ x: UInt64, _ y: UInt64) {
    let m = (x ^ 0xA076_1D64_78BD_642F).multipliedFullWidth(by: y ^ lane)
    lane = other; other = m.high ^ m.low
}
@inline(__always) func fp(_ s: S) -> UInt64 {
    var a: UInt64 = 0x243F_6A88_85A3_08D3, b: UInt64 = 0x1319_8A2E_0370_7344
    mix(&a, &b, s.w.0, s.w.1); mix(&a, &b, s.w.2, s.w.3); mix(&a, &b, s.w.4, s.w.5)
    mix(&a, &b, s.w.6, s.w.7); mix(&a, &b, s.w.8, s.w.9); mix(&a, &b, s.w.10, s.w.11)
    var z = a ^ (b << 32 | b >> 32) &* 0xD6E8_FEB8_6659_FD93
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
}
let cap = 1 << 20, stride = 12
let table = UnsafeMutableRawPointer.allocate(byteCount: cap * stride, alignment: 16)
table.initializeMemory(as: UInt8.self, repeating: 0, count: cap * stride)
var count = 0
@inline(__always) func insert(_ f0: UInt64) -> Bool {
    let f = f0 == 0 ? 1 : f0
    var i = Int(truncatingIfNeeded: f ^ (f >> 29)) & (cap - 1)
    while true {
        let s = table.loadUnaligned(fromByteOffset: i * stride, as: UInt64.self)
        if s == 0 { table.storeBytes(of: f, toByteOffset: i * stride, as: UInt64.self); table.storeBytes(of: UInt32(count), toByteOffset: i * stride + 8, as: UInt32.self); count += 1; return true }
        if s == f { return false }
        i = (i + 1) & (cap - 1)
    }
}
// A bounded space: word 0..3 take small values, so states repeat (about 20 edges a state).
let target = 385_492
var frontier = [S()]; _ = insert(fp(S()))
var edges = 0
let t0 = Date()
var next: [S] = []
while !frontier.isEmpty && count < target {
    next.removeAll(keepingCapacity: true)
    for s in frontier {
        for k in 0..<UInt64(21) {
            var n = s
            n.w.0 = (n.w.0 &+ k) % 23
            n.w.1 = (n.w.1 ^ (k &* 7)) % 31
            if k & 1 == 0 { n.w.2 = (n.w.2 &+ 1) % 29 } else { n.w.3 = (n.w.3 &+ n.w.0) % 19 }
            edges += 1
            if insert(fp(n)) { next.append(n); if count >= target { break } }
        }
        if count >= target { break }
    }
    frontier = next
}
let dt = Date().timeIntervalSince(t0)
print("\(count) states, \(edges) edges, \(String(format: "%.3f", dt)) s: \(Int(Double(count) / dt)) states/s, \(Int(Double(edges) / dt / 1e6 * 10) / 10) M edges/s, one core")
