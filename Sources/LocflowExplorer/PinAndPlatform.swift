import LocflowCore
import LocflowFlow

/// Pinning what is on screen as `expect` lines, and replaying the history on another platform.
extension ExplorerState {
    /// `e` / `:pin`: one history step holding an `expect` line for everything on screen now
    /// (undo takes it back whole). A recording writes them, so it becomes a regression test.
    mutating func pin() -> [Effect] {
        history.finishClockWait()
        let xs = Observed.expectations(world)
        history.append(HistoryStep(.pin(xs)))
        let failed = history.log.suffix(xs.count).filter { $0.expectation?.ok == false }.count
        say(language.pick("pinned \(xs.count) expect lines at \(formatClock(world.now)) (status \(world.status.rawValue), lifecycle \(world.lifecycle.rawValue))",
                          "\(formatClock(world.now))에 expect \(xs.count)줄을 고정했습니다 (상태 \(world.status.rawValue), 생명주기 \(language.lifecycle(world.lifecycle)))")
            + (recording ? language.pick("; the recording checks them", ". 녹화가 이를 확인합니다") : language.pick("; R records them", ". R로 녹화합니다"))
            + (failed > 0 ? language.pick("; \(failed) do not hold", ". \(failed)줄은 성립하지 않습니다") : ""), error: failed > 0)
        return []
    }

    /// `v` / `V`: the previous or next platform in the list.
    mutating func stepPlatform(_ delta: Int) -> [Effect] {
        let all = Platform.allCases
        let i = all.firstIndex(of: world.profile.platform) ?? 0
        return switchPlatform(to: all[((i + delta) % all.count + all.count) % all.count])
    }

    /// `:platform P`: the whole history (done and redoable) replayed on another platform. Steps
    /// that platform refuses stay in the history, shown as refused; the status line says what changed.
    mutating func switchPlatform(to p: Platform) -> [Effect] {
        history.finishClockWait()
        let old = world.profile.platform
        guard p != old else { say("already on \(p.displayName)"); return [] }
        let before = world
        var config = history.config
        config.platform = p
        var replay = History(config: config)
        replay.load(history.steps, setAside: history.setAside)
        for _ in 0..<history.applied { replay.redo() }
        history = replay
        if let i = configLines.firstIndex(where: { $0.hasPrefix("platform ") }) {
            configLines[i] = "platform \(p.rawValue)"
        } else {
            let at = configLines.first?.hasPrefix("version ") == true ? 1 : 0
            configLines.insert("platform \(p.rawValue)", at: at)
        }
        recordingStale = true
        promptSelection = 0
        noteDiagnosticChanges(before)
        say(platformSwitchSummary(from: old, before: before))
        return []
    }

    func platformSwitchSummary(from old: Platform, before: World) -> String {
        let a = Observed.fields(before), b = Observed.fields(world)
        var changes: [String] = []
        for f in b {
            let was = a.first { $0.name == f.name }?.value
            if was != f.value { changes.append("\(f.name) \(was ?? "–")→\(f.value)") }
        }
        for f in a where !b.contains(where: { $0.name == f.name }) { changes.append("\(f.name) \(f.value)→–") }
        var text = language.pick("now \(world.profile.platform.displayName) (was \(old.displayName)): ", "이제 \(world.profile.platform.displayName) (전: \(old.displayName)): ")
            + (changes.isEmpty ? language.pick("nothing you can see changed", "눈에 보이는 변화가 없습니다") : changes.joined(separator: ", "))
        let refused = history.refusedSteps.sorted()
        if let first = refused.first {
            text += language.pick("; \(refused.count) step\(refused.count == 1 ? "" : "s") refused here (step \(first + 1): \(history.steps[first].flowText))",
                                  ". 여기서 \(refused.count)단계가 거부됩니다 (\(first + 1)단계: \(history.steps[first].flowText))")
        }
        return text
    }
}
