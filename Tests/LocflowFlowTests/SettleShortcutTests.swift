import Testing
@testable import LocflowCore
@testable import LocflowFlow
@testable import LocflowExplore

/// `settle11` skips its body when `nothingToSettle11` says nothing in it can apply. The shortcut
/// is sound only while the condition covers every branch of the body: a branch added later that
/// acts on something the condition does not ask about fails here.
@Suite("settle: the format 1.1 shortcut")
struct SettleShortcutTests {
    /// In every world a search reaches with every action group (iOS 18 and iOS 14, an App Clip
    /// and a plain app), and in each of those changed in what the condition does not ask about
    /// (lifecycle, fix, motion, Location Services, the Settings choice, Precise), the body changes
    /// nothing and notes nothing whenever the condition holds.
    @Test func theBodyDoesNothingWhenTheConditionHolds() {
        var held = 0, checked = 0
        for (platform, appClip) in [(Platform.ios18, false), (.ios18, true), (.ios14, false)] {
            var config = AppConfig()
            config.platform = platform
            config.appClip = appClip
            let bounds = StateSearch.Bounds(depth: 4, families: Set(StateSearch.Family.allCases), sessions: 1)
            var search = StateSearch(config: config, bounds: bounds)
            search.run(visit: { _, w in
                for variant in Self.variants(of: w) {
                    checked += 1
                    guard variant.nothingToSettle11 else { continue }
                    held += 1
                    var after = variant
                    var t = Transition(event: .wait(0), time: variant.now, quiet: true)
                    after.settle11Changes(&t)
                    #expect(after == variant && t.outputs.isEmpty && t.rules == RuleSet())
                }
            })
        }
        // Not vacuous: the condition holds in many of the worlds and fails in many others.
        #expect(held > 10_000 && checked - held > 10_000, "\(held) of \(checked)")
    }

    /// The world, and copies changed one field at a time: in what `nothingToSettle11` does not
    /// read, and in what it does (a stream stopped, a time or flag left set, as in the middle of
    /// settling), so that a clause dropped from it lets a world through whose body acts.
    static func variants(of w: World) -> [World] {
        var out = [w]
        for l in Lifecycle.allCases where l != w.lifecycle { var v = w; v.lifecycle = l; out.append(v) }
        var v = w; v.hasFix.toggle(); out.append(v)
        v = w; v.moving.toggle(); out.append(v)
        v = w; v.locationServicesOn.toggle(); out.append(v)
        v = w; v.record.precise.toggle(); out.append(v)
        for c in SettingsChoice.allCases where c != w.record.choice { var v = w; v.record.choice = c; out.append(v) }
        v = w; v.process.standardUpdates = false; out.append(v)
        v = w; v.process.liveUpdates = nil; out.append(v)
        v = w; v.process.locationRequest = nil; out.append(v)
        v = w; v.process.locationRequest = LocationRequest(deadline: nil, held: false); out.append(v)
        v = w; v.noFixReported = true; out.append(v)
        v = w; v.autoPauseAt = w.now + 1; out.append(v)
        v = w; v.standardFixDue = w.now + 1; out.append(v)
        v = w; v.liveFixDue = w.now + 1; out.append(v)
        v = w; v.appClipResetAt = w.now + 1; out.append(v)
        return out
    }
}
