import Testing
import Foundation
@testable import LocflowCore
@testable import LocflowExplorer
@testable import LocflowFlow

/// `report --lang ko` (and a recording made in a Korean explorer): the report in Korean.
@Suite("The report in Korean")
struct ReportLanguageTests {
    static let text = "app requestAlwaysAuthorization\nuser tap \"Allow While Using App\"\nuser background\nwait 1m\nexpect status authorizedAlways\nexpect settings always\n"

    @Test func headingsStepsRulesAndBarsAreKorean() throws {
        let flow = try FlowParser.parse(Self.text, file: "k.flow")
        let (md, failed) = try Report.markdown(flow: flow, flowText: Self.text, file: "k.flow", baseDirectory: ".", language: .ko)
        #expect(failed == 1)
        for part in ["# locflow 보고서: k.flow", "**결과:** 확인 1개 틀림, 1개 맞음.", "## 구성", "## 단계", "| 줄 | 시각 | 단계 |", "✓ 맞음", "✗ **틀림**: ",
                     "## 적용된 규칙", "## 세션 막대", "## 흐름", "포그라운드"] {
            #expect(md.contains(part), "\(part)")
        }
        // Timers, which no line wrote, are named in Korean; statements stay as the flow wrote them.
        #expect(md.contains("`app requestAlwaysAuthorization`") && !md.contains("`timer: suspension`"), "\(md)")
        // Rules in Korean, their sources as they are.
        #expect(md.contains(Korean.rules[.alwaysFromNotDetermined]!), "\(md)")
        // The bars' box is whole (Hangul is two columns wide).
        let bars = md.components(separatedBy: "```text\n").last!.components(separatedBy: "\n```").first!.split(separator: "\n")
        #expect(Set(bars.map { TextWidth.columns(of: String($0)) }).count == 1, "\(bars)")
        #expect(!md.contains("z/Z"))
        // Control Center's reason too (it was English).
        #expect(md.contains("| 제어 센터 (`expect controlCenter`) | none: 앱이 위치를 사용한 적이 없습니다 |"), "\(md)")
        // English is the default.
        let (en, _) = try Report.markdown(flow: flow, flowText: Self.text, file: "k.flow", baseDirectory: ".")
        #expect(en.contains("## Configuration") && !en.contains("## 구성"))
    }
}

/// `run --lang ko`: the text trace in Korean, the flow's lines as written.
@Suite("The trace in Korean")
struct RunLanguageTests {
    func run(_ text: String, _ words: TraceWords) throws -> (code: Int32, out: String) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("locflow-run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("k.flow").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        var out = ""
        let code = Commands.run(path, format: .text, words: words, io: CommandIO(out: { out += $0 + "\n" }, err: { out += $0 + "\n" }))
        return (code, out)
    }

    @Test func stepsRulesOutputsAndTheStateAreKorean() throws {
        let text = "app requestWhenInUseAuthorization\nuser tap \"Allow Once\"\nuser background\nwait 5m\nexpect status notDetermined\nexpect settings whileUsing\n"
        let (code, ko) = try run(text, .korean)
        #expect(code == 1)
        for part in ["시작: 사용자가 앱을 엽니다", "L1  app requestWhenInUseAuthorization", "→ 알림 표시: whenInUse",
                     Korean.rules[.allowOnce]!, "설정 askNextTime · 백그라운드 (사용 중)", "타이머: ", "통과 1, 실패 1",
                     "✗ expect settings whileUsing"] {
            #expect(ko.contains(part), "\(part)\n\(ko)")
        }
        // The rules' details and the events' names read whole in Korean.
        #expect(Language.ko.why(Why(.purposeKeyMissing, "no purpose key 'Nav'")).contains("(목적 키 'Nav' 없음)"))
        #expect(Language.ko.why(Why(.sessionGoalPrompts, "no session main is held")).contains("(잡고 있는 세션 main 없음)"))
        #expect(Language.ko.output(.locationEvent("region office exit", delivered: false)) == "영역 “office” 나감 전달 안 됨")
        #expect(Language.ko.why(Why(.promptWithdrawn, "whenInUse: the status is now denied")).contains("(whenInUse: 이제 상태: denied)"))
        #expect(Language.ko.why(Why(.promptWithdrawn, "temporaryFullAccuracy: accuracy is already full")).contains("(temporaryFullAccuracy: 이미 정확한 위치입니다)"))
        #expect(Language.ko.output(.locationEvent("beacons lobby ranged", delivered: true)) == "비콘 “lobby” 거리 측정 전달됨")
        #expect(Language.ko.output(.locationEvent("background location update", delivered: true)) == "백그라운드 위치 업데이트 전달됨")
        // English by default, as before.
        let (_, en) = try run(text, .english)
        #expect(en.contains("start: the person launches the app") && en.contains("1 passed, 1 failed") && !en.contains("통과"))
        #expect(en.contains("→ prompt shown: whenInUse") && en.contains(Rule.allowOnce.text))
    }
}
