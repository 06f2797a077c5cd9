import Testing
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
