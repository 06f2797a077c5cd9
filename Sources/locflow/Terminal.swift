import CNcursesw
import Foundation
import Glibc
import LocflowExplorer
import Synchronization

/// Set by the signal handler, polled by the loop (an atomic store is async-signal-safe).
let stopSignal = Atomic<Int32>(0)

/// Installs handlers for every signal that ends the process (`stopSignals`) before ncurses starts (it keeps handlers that are set).
func installStopHandlers() {
    _ = stopSignal.load(ordering: .relaxed)
    let handler: @convention(c) (Int32) -> Void = { sig in stopSignal.store(sig, ordering: .relaxed) }
    var action = sigaction()
    action.__sigaction_handler.sa_handler = handler
    sigemptyset(&action.sa_mask)
    action.sa_flags = 0  // no SA_RESTART: a signal wakes get_wch
    for sig in stopSignals { sigaction(sig, &action, nil) }
    installCrashRestore()
}

/// How colourful the terminal is.
enum ColorMode: String { case none, basic, full }

/// The only code that talks to the terminal: start-up, colours, copying frames, reading input,
/// tear-down. It decides nothing.
@MainActor
final class Terminal {
    let screen: OpaquePointer
    let window: UnsafeMutablePointer<WINDOW>
    let colorMode: ColorMode
    let theme: Theme
    var attrs: [Int32] = []
    private(set) var isOpen = true

    /// Opens the terminal, or returns a message saying why it cannot be used.
    static func open(forceNoColor: Bool, theme: Theme = .dark) -> Result<Terminal, TerminalError> {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
            return .failure(TerminalError("locflow: the explorer needs a terminal (stdin and stdout must be a TTY); for scripts use `locflow check` or `locflow run`"))
        }
        let term = ProcessInfo.processInfo.environment["TERM"] ?? ""
        guard !term.isEmpty, term != "dumb" else {
            return .failure(TerminalError("locflow: TERM is \(term.isEmpty ? "not set" : "'dumb'"); the explorer needs a terminal that can move the cursor (for example TERM=xterm-256color)"))
        }
        guard let screen = nc_newterm() else {
            return .failure(TerminalError("locflow: unknown terminal type TERM=\(term); try TERM=xterm-256color"))
        }
        set_term(screen)
        guard let window = nc_stdscr_window() else {
            endwin()
            return .failure(TerminalError("locflow: could not start the terminal"))
        }
        let noColorEnv = !(ProcessInfo.processInfo.environment["NO_COLOR"] ?? "").isEmpty
        var mode: ColorMode = .none
        if has_colors() && !forceNoColor && !noColorEnv {
            start_color()
            use_default_colors()
            mode = nc_colors() >= 256 ? .full : .basic
        }
        let t = Terminal(screen: screen, window: window, colorMode: mode, theme: theme)
        t.setup()
        return .success(t)
    }

    private init(screen: OpaquePointer, window: UnsafeMutablePointer<WINDOW>, colorMode: ColorMode, theme: Theme) {
        self.screen = screen
        self.window = window
        self.colorMode = colorMode
        self.theme = theme
    }

    private func setup() {
        cbreak()
        noecho()
        nonl()
        keypad(window, true)
        curs_set(0)
        set_escdelay(25)
        mousemask(nc_mouse_mask(), nil)
        mouseinterval(0)
        attrs = Role.allCases.map { attributes(for: $0) }
    }

    /// Colours and attributes per role, degrading to attributes alone without colour.
    private func attributes(for role: Role) -> Int32 {
        let bold = nc_attr_bold(), rev = nc_attr_reverse(), dim = nc_attr_dim()
        if colorMode == .none {
            let und = nc_attr_underline()
            switch role {
            // Lanes keep their own glyphs (a reversed block would be a blank).
            case .title, .selected, .promptSelected: return rev
            case .heading, .promptTitle, .accent, .key, .bad, .error, .changed, .caption: return bold
            case .dim, .border, .laneTerminated, .laneSuspended: return dim
            case .warn, .cursor: return und
            default: return 0
            }
        }
        let full = colorMode == .full
        let st = RoleStyle.of(role, theme: theme)
        let fg = full ? st.fg : st.fg8, bg = full ? st.bg : st.bg8
        let pair = Int16(role.rawValue + 1)
        init_pair(pair, Int16(fg), Int16(bg))
        return nc_color_pair(pair) | (st.bold ? bold : 0) | (!full && st.dimIn8 ? dim : 0)
    }

    var size: (width: Int, height: Int) { (Int(getmaxx(window)), Int(getmaxy(window))) }

    /// Copies a frame to the screen (ncurses sends only what changed).
    func draw(_ frame: Frame) {
        werase(window)
        var run = ""
        for y in 0..<frame.height {
            var x = 0
            while x < frame.width {
                let role = frame[x, y].role
                let startX = x
                run.removeAll(keepingCapacity: true)
                while x < frame.width && frame[x, y].role == role {
                    let cell = frame[x, y]
                    if !cell.continuation { run.append(cell.char) }
                    x += 1
                }
                // The last cell of the screen is written too: ncurses scrolls only with scrollok.
                nc_attrset(window, attrs[Int(role.rawValue)])
                _ = mvwaddstr(window, Int32(y), Int32(startX), run)
            }
        }
        nc_attrset(window, 0)
        if let c = frame.cursor {
            curs_set(1)
            wmove(window, Int32(c.y), Int32(c.x))
        } else {
            curs_set(0)
        }
        wrefresh(window)
    }

    /// Waits up to `timeoutMs` (-1: forever) for input.
    func read(timeoutMs: Int) -> Input? {
        // Clamped: a wake-up more than 24.8 days away (play --step-delay 876000h) trapped in Int32(_:).
        wtimeout(window, Int32(clamping: timeoutMs))
        var ch: wint_t = 0
        let rc = wget_wch(window, &ch)
        if rc == ERR { return nil }
        if rc == KEY_CODE_YES {
            switch Int32(ch) {
            case KEY_RESIZE:
                let s = size
                return .resize(width: s.width, height: s.height)
            case KEY_MOUSE:
                var event = MEVENT()
                guard getmouse(&event) == OK else { return nil }
                if nc_is_wheel_up(event.bstate) != 0 { return .scrollWheel(x: Int(event.x), y: Int(event.y), delta: -1) }
                if nc_is_wheel_down(event.bstate) != 0 { return .scrollWheel(x: Int(event.x), y: Int(event.y), delta: 1) }
                if nc_is_click(event.bstate) != 0 { return .click(x: Int(event.x), y: Int(event.y)) }
                return nil
            case KEY_UP: return .key(.up)
            case KEY_DOWN: return .key(.down)
            case KEY_LEFT: return .key(.left)
            case KEY_RIGHT: return .key(.right)
            case KEY_BACKSPACE: return .key(.backspace)
            case KEY_DC: return .key(.delete)
            case KEY_NPAGE: return .key(.pageDown)
            case KEY_PPAGE: return .key(.pageUp)
            case KEY_HOME: return .key(.home)
            case KEY_END: return .key(.end)
            case KEY_BTAB: return .key(.backTab)
            case KEY_ENTER: return .key(.enter)
            default: return nil
            }
        }
        switch ch {
        case 9: return .key(.tab)
        case 10, 13: return .key(.enter)
        case 27: return .key(.escape)
        case 127, 8: return .key(.backspace)
        case 1...26: return .key(.ctrl(Character(Unicode.Scalar(ch + 96)!)))
        default:
            guard let scalar = Unicode.Scalar(UInt32(ch)) else { return nil }
            return .key(.char(Character(scalar)))
        }
    }

    /// Restores the terminal. Safe to call twice.
    func close() {
        guard isOpen else { return }
        isOpen = false
        endwin()
        delscreen(screen)
    }
}

extension Terminal {
    /// Asks the terminal for its background colour (OSC 11) before ncurses takes it, waiting at
    /// most `timeoutMs`; the reply (`ESC ] 11 ; rgb:RRRR/GGGG/BBBB` then BEL or ST), or nil when
    /// there is no terminal or it does not answer. Whatever arrives too late is flushed, so it
    /// never reaches the explorer as keys.
    nonisolated static func queryBackground(timeoutMs: Int = 100) -> String? {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else { return nil }
        let fd = Glibc.open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { Glibc.close(fd) }
        var saved = termios()
        guard tcgetattr(fd, &saved) == 0 else { return nil }
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 0
            cc[Int(VTIME)] = 0
        }
        guard tcsetattr(fd, TCSANOW, &raw) == 0 else { return nil }
        defer { tcsetattr(fd, TCSANOW, &saved) }
        let ask: [UInt8] = Array("\u{1B}]11;?\u{07}".utf8)
        guard write(fd, ask, ask.count) == ask.count else { return nil }
        var reply: [UInt8] = []
        var start = timespec()
        clock_gettime(CLOCK_MONOTONIC, &start)
        func elapsedMs() -> Int {
            var now = timespec()
            clock_gettime(CLOCK_MONOTONIC, &now)
            return (now.tv_sec - start.tv_sec) * 1000 + (now.tv_nsec - start.tv_nsec) / 1_000_000
        }
        var done = false
        while !done && reply.count < 256 {
            let left = timeoutMs - elapsedMs()
            guard left > 0 else { break }
            var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&p, 1, Int32(left)) > 0 else { break }
            var chunk = [UInt8](repeating: 0, count: 64)
            let n = Glibc.read(fd, &chunk, chunk.count)
            guard n > 0 else { break }
            reply += chunk[0..<n]
            // BEL, or ST (ESC \\), ends the reply.
            done = reply.last == 0x07 || (reply.count >= 2 && reply[reply.count - 2] == 0x1B && reply.last == 0x5C)
        }
        if !done { tcflush(fd, TCIFLUSH) }
        return done ? String(decoding: reply, as: UTF8.self) : nil
    }
}

struct TerminalError: Error {
    let message: String
    init(_ message: String) { self.message = message }
}
