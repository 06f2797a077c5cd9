import LocflowCore
import LocflowFlow

/// A key binding: the keys, what the footer and help call it, and the command. One table feeds
/// dispatch, the footer and the help overlay.
public struct Binding: Sendable {
    public enum Context: Sendable { case always, normal, prompt }
    public var keys: [Key]
    public var keyLabel: String
    public var label: String
    public var command: Command
    public var context: Context
    /// Shown in the footer (the rest only in the help).
    public var inFooter: Bool

    /// Listed in the help (variants of a listed binding are not).
    public var inHelp: Bool {
        !["tap button 2", "tap button 3", "next button", "select down", "page down", "slower", "zoom out",
          "scroll bars later", "bars follow now", "next iOS version", "message down", "+1s", "+10s", "+1m", "+10m", "+1h"].contains(label)
    }
}

public enum Keymap {
    public static let bindings: [Binding] = [
        Binding(keys: [.char("1")], keyLabel: "1-3", label: "tap button", command: .promptButton(0), context: .prompt, inFooter: true),
        Binding(keys: [.char("2")], keyLabel: "2", label: "tap button 2", command: .promptButton(1), context: .prompt, inFooter: false),
        Binding(keys: [.char("3")], keyLabel: "3", label: "tap button 3", command: .promptButton(2), context: .prompt, inFooter: false),
        Binding(keys: [.up, .left, .char("k")], keyLabel: "↑↓", label: "choose", command: .promptMove(-1), context: .prompt, inFooter: true),
        Binding(keys: [.down, .right, .char("j")], keyLabel: "↓", label: "next button", command: .promptMove(1), context: .prompt, inFooter: false),
        Binding(keys: [.enter], keyLabel: "⏎", label: "tap", command: .activate, context: .prompt, inFooter: true),
        Binding(keys: [.char("p")], keyLabel: "p", label: "Precise switch", command: .promptPrecise, context: .prompt, inFooter: true),
        Binding(keys: [.pageUp], keyLabel: "PgUp/Dn", label: "message up/down", command: .promptScroll(-3), context: .prompt, inFooter: false),
        Binding(keys: [.pageDown], keyLabel: "PgDn", label: "message down", command: .promptScroll(3), context: .prompt, inFooter: false),

        Binding(keys: [.tab], keyLabel: "Tab", label: "next pane", command: .focusNext, context: .always, inFooter: true),
        Binding(keys: [.backTab], keyLabel: "S-Tab", label: "previous pane", command: .focusPrevious, context: .always, inFooter: false),
        Binding(keys: [.up, .char("k")], keyLabel: "↑↓", label: "select", command: .move(-1), context: .normal, inFooter: true),
        Binding(keys: [.down, .char("j")], keyLabel: "↓", label: "select down", command: .move(1), context: .normal, inFooter: false),
        Binding(keys: [.pageUp], keyLabel: "PgUp/Dn", label: "page up/down", command: .move(-8), context: .normal, inFooter: false),
        Binding(keys: [.pageDown], keyLabel: "PgDn", label: "page down", command: .move(8), context: .normal, inFooter: false),
        Binding(keys: [.enter], keyLabel: "⏎", label: "do it", command: .activate, context: .normal, inFooter: true),
        Binding(keys: [.char("w")], keyLabel: "w", label: "requestWhenInUse", command: .step(.app(.requestWhenInUseAuthorization)), context: .normal, inFooter: true),
        Binding(keys: [.char("a")], keyLabel: "a", label: "requestAlways", command: .step(.app(.requestAlwaysAuthorization)), context: .normal, inFooter: true),
        Binding(keys: [.char("f")], keyLabel: "f", label: "foreground", command: .step(.user(.foreground)), context: .normal, inFooter: true),
        Binding(keys: [.char("b")], keyLabel: "b", label: "background", command: .step(.user(.background)), context: .normal, inFooter: true),
        Binding(keys: [.char("x")], keyLabel: "x", label: "force quit", command: .step(.user(.forceQuit)), context: .normal, inFooter: false),
        Binding(keys: [.char("T")], keyLabel: "T", label: "system terminate", command: .step(.system(.terminate)), context: .normal, inFooter: false),
        Binding(keys: [.char("L")], keyLabel: "L", label: "system relaunch", command: .step(.system(.relaunch)), context: .normal, inFooter: false),
        Binding(keys: [.char("l")], keyLabel: "l", label: "Location Services on/off", command: .locationServicesSwitch, context: .normal, inFooter: false),
        Binding(keys: [.char("p")], keyLabel: "p", label: "Precise on/off (Settings)", command: .preciseSwitch, context: .normal, inFooter: false),
        Binding(keys: [.char("s")], keyLabel: "s", label: "new service session", command: .quickSession, context: .normal, inFooter: false),

        Binding(keys: [.char(" ")], keyLabel: "Space", label: "pause/run", command: .togglePause, context: .always, inFooter: true),
        Binding(keys: [.char(">")], keyLabel: "< >", label: "slower / faster", command: .faster, context: .always, inFooter: true),
        Binding(keys: [.char("<")], keyLabel: "<", label: "slower", command: .slower, context: .always, inFooter: false),
        Binding(keys: [.char(".")], keyLabel: ".", label: "+1s", command: .advance(1_000), context: .normal, inFooter: false),
        Binding(keys: [.char("!")], keyLabel: "!", label: "+10s", command: .advance(10_000), context: .normal, inFooter: false),
        Binding(keys: [.char("@")], keyLabel: "@", label: "+1m", command: .advance(60_000), context: .normal, inFooter: false),
        Binding(keys: [.char("#")], keyLabel: "#", label: "+10m", command: .advance(600_000), context: .normal, inFooter: false),
        Binding(keys: [.char("$")], keyLabel: "$", label: "+1h", command: .advance(3_600_000), context: .normal, inFooter: false),
        Binding(keys: [.char("+")], keyLabel: ". ! @ # $", label: "jump +1s +10s +1m +10m +1h", command: .advance(10_000), context: .normal, inFooter: true),
        Binding(keys: [.char("u"), .ctrl("z")], keyLabel: "u", label: "undo", command: .undo, context: .always, inFooter: true),
        Binding(keys: [.char("r"), .ctrl("y")], keyLabel: "r", label: "redo / next flow step", command: .redo, context: .always, inFooter: true),
        Binding(keys: [.char("F")], keyLabel: "F", label: "log filter", command: .logFilter, context: .always, inFooter: false),
        Binding(keys: [.char("t")], keyLabel: "t", label: "bars: steps / real time", command: .barsMode, context: .always, inFooter: true),
        Binding(keys: [.char("=")], keyLabel: "=", label: "bars: fit all time", command: .zoomFit, context: .always, inFooter: false),
        Binding(keys: [.char("z")], keyLabel: "z/Z", label: "zoom bars in/out", command: .zoom(-1), context: .always, inFooter: false),
        Binding(keys: [.char("Z")], keyLabel: "Z", label: "zoom out", command: .zoom(1), context: .always, inFooter: false),
        Binding(keys: [.char("[")], keyLabel: "[ ] 0", label: "scroll bars / follow now", command: .scroll(-1), context: .always, inFooter: false),
        Binding(keys: [.char("]")], keyLabel: "]", label: "scroll bars later", command: .scroll(1), context: .always, inFooter: false),
        Binding(keys: [.char("0")], keyLabel: "0", label: "bars follow now", command: .follow, context: .always, inFooter: false),
        Binding(keys: [.char("R")], keyLabel: "R", label: "record .flow", command: .record, context: .always, inFooter: true),
        Binding(keys: [.char("e")], keyLabel: "e", label: "pin: expect what you see", command: .pin, context: .always, inFooter: true),
        Binding(keys: [.char("v")], keyLabel: "v/V", label: "other iOS version", command: .platformStep(-1), context: .always, inFooter: false),
        Binding(keys: [.char("V")], keyLabel: "V", label: "next iOS version", command: .platformStep(1), context: .always, inFooter: false),
        Binding(keys: [.char(":")], keyLabel: ":", label: "command", command: .commandLine, context: .always, inFooter: true),
        Binding(keys: [.char("?")], keyLabel: "?", label: "help", command: .help, context: .always, inFooter: true),
        Binding(keys: [.char("q"), .ctrl("c")], keyLabel: "q", label: "quit", command: .quit, context: .always, inFooter: true),
    ]

    /// Keys that move within whatever has the input: the prompt when it has the focus, else the pane.
    static let navigation: Set<Command> = [.promptMove(-1), .promptMove(1), .activate, .move(-1), .move(1), .move(-8), .move(8)]

    /// The command a key performs in a state. While a prompt is up its buttons take the digits and
    /// `p`; the arrows and Enter go to the prompt when it has the focus (Settings or App, where it
    /// is drawn), else to the focused pane, so the log can be read before answering.
    static func command(for key: Key, promptUp: Bool, promptFocused: Bool = true) -> Command? {
        for b in bindings where b.keys.contains(key) {
            switch b.context {
            case .always: return b.command
            case .prompt where promptUp:
                if !promptFocused && navigation.contains(b.command) { continue }
                return b.command
            case .normal where !promptUp: return b.command
            case .normal where !promptFocused && navigation.contains(b.command): return b.command
            default: continue
            }
        }
        return nil
    }
}
