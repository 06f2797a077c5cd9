import LocflowCore
import LocflowFlow

extension TraceWords {
    /// `locflow run --lang ko`: the trace in Korean, in the explorer's words (steps from flow
    /// lines as written, Apple's names and the values of the state kept).
    public static let korean = TraceWords(
        event: { Language.ko.event($0) }, start: "시작: 사용자가 앱을 엽니다", why: { Language.ko.why($0) }, refused: "거부됨",
        output: { Language.ko.output($0) },
        state: { w in
            var state = "\(w.status.rawValue) \(w.accuracy.rawValue) · 설정 \(w.settingsChoice.rawValue) · \(Language.ko.lifecycle(w.lifecycle))"
            state += w.inUse ? " (사용 중)" : " (사용 중 아님)"
            if let p = w.prompt { state += " · 알림 \(p.kind.rawValue)" }
            if w.fixes > 0 { state += " · 받은 위치 \(w.fixes)개 (마지막 \(w.lastFix.map { $0 == .precise ? "정확한 위치" : "대략적 위치" } ?? "없음"))" }
            if w.controlCenter != .none { state += " · 제어 센터 " + (w.controlCenter == .using ? "사용 중" : "최근 사용") }
            if w.process.paused { state += " · 업데이트 일시 정지" }
            return state
        },
        closing: { "통과 \($0), 실패 \($1)" })
}
