import Foundation
import Testing
@testable import LocflowExplorer

/// Issue 10, part 5: colours for every terminal and for a projector.
@Suite("Colours and themes")
struct ThemeTests {
    /// An xterm-256 colour as sRGB 0...1.
    func rgb(_ n: Int) -> (Double, Double, Double) {
        let base: [(Double, Double, Double)] = [(0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205), (229, 229, 229),
                                                 (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255), (255, 0, 255), (0, 255, 255), (255, 255, 255)]
        if n < 16 { let c = base[n]; return (c.0 / 255, c.1 / 255, c.2 / 255) }
        if n < 232 {
            let steps: [Double] = [0, 95, 135, 175, 215, 255]
            let k = n - 16
            return (steps[k / 36] / 255, steps[(k / 6) % 6] / 255, steps[k % 6] / 255)
        }
        let v = Double(8 + (n - 232) * 10) / 255
        return (v, v, v)
    }

    func luminance(_ c: (Double, Double, Double)) -> Double {
        func lin(_ v: Double) -> Double { v <= 0.03928 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4) }
        return 0.2126 * lin(c.0) + 0.7152 * lin(c.1) + 0.0722 * lin(c.2)
    }

    func contrast(_ a: (Double, Double, Double), _ b: (Double, Double, Double)) -> Double {
        let (x, y) = (luminance(a), luminance(b))
        return (max(x, y) + 0.05) / (min(x, y) + 0.05)
    }

    @Test(arguments: Theme.allCases)
    func everyColouredTextKeepsItsContrast(_ theme: Theme) {
        // A typical background of each theme (a projector lowers contrast further: ask for 3:1).
        let background = theme == .dark ? (0.11, 0.11, 0.11) : (0.98, 0.98, 0.97)
        for role in Role.allCases {
            let st = RoleStyle.of(role, theme: theme)
            if st.fg >= 0 {
                let bg = st.bg >= 0 ? rgb(st.bg) : background
                #expect(contrast(rgb(st.fg), bg) >= 3, "\(role) in the \(theme) theme: \(st.fg) on \(st.bg)")
            }
        }
    }

    /// "#rrggbb" as sRGB 0...1.
    func rgb(hex: String) -> (Double, Double, Double) {
        let v = Int(hex.dropFirst(), radix: 16) ?? 0
        return (Double(v >> 16 & 255) / 255, Double(v >> 8 & 255) / 255, Double(v & 255) / 255)
    }

    /// Issue 36: WCAG AA (4.5:1) for every role, on each theme's own background and foreground,
    /// so the provisional-Always story reads on a white terminal and on a projector.
    @Test(arguments: Theme.allCases)
    func everyRoleMeetsWCAGAA(_ theme: Theme) {
        for role in Role.allCases {
            let st = RoleStyle.of(role, theme: theme)
            let fg = st.fg >= 0 ? rgb(st.fg) : rgb(hex: theme.defaultForeground)
            let bg = st.bg >= 0 ? rgb(st.bg) : rgb(hex: theme.defaultBackground)
            let ratio = contrast(fg, bg)
            #expect(ratio >= 4.5, "\(role) in the \(theme) theme: \(st.fg) on \(st.bg) is \((ratio * 100).rounded() / 100):1")
        }
    }

    @Test func theTerminalsAnswerPicksTheTheme() {
        #expect(Theme.fromBackgroundReply("\u{1B}]11;rgb:ffff/ffff/ffff\u{07}") == .light)
        #expect(Theme.fromBackgroundReply("\u{1B}]11;rgb:1c1c/1c1c/1c1c\u{1B}\\") == .dark)
        #expect(Theme.fromBackgroundReply("\u{1B}]11;rgb:fd/fd/fd\u{07}") == .light)
        #expect(Theme.fromBackgroundReply("\u{1B}]11;rgb:0000/2b2b/3636\u{07}") == .dark)  // Solarized dark
        #expect(Theme.fromBackgroundReply("\u{1B}]11;rgb:fdfd/f6f6/e3e3\u{07}") == .light)  // Solarized light
        #expect(Theme.fromBackgroundReply("") == nil)
        #expect(Theme.fromBackgroundReply("rgb:zz/00/00") == nil)
    }

    @Test func textIsTheTerminalsOwnForeground() {
        for theme in Theme.allCases {
            for role in [Role.normal, .promptTitle, .promptBorder, .caption, .cursor] {
                #expect(RoleStyle.of(role, theme: theme).fg == -1, "\(role) must not be hard-coded (white vanishes on a light background)")
            }
            // The 8-colour fallback never draws grey text as white either.
            for role in [Role.dim, .border, .laneTerminated] { #expect(RoleStyle.of(role, theme: theme).fg8 != 7) }
        }
    }

    @Test func autoFollowsCOLORFGBG() {
        #expect(Theme.auto(colorFGBG: "15;0") == .dark)
        #expect(Theme.auto(colorFGBG: "0;15") == .light)
        #expect(Theme.auto(colorFGBG: "0;default;15") == .light)
        #expect(Theme.auto(colorFGBG: "12;8") == .dark)
        #expect(Theme.auto(colorFGBG: "0;7") == .light)
        #expect(Theme.auto(colorFGBG: nil) == .dark)
        #expect(Theme.auto(colorFGBG: "garbage") == .dark)
    }
}
