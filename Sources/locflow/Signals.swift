import Glibc

/// Every signal whose default action ends the process without a core dump: the explorer
/// catches each one, leaves its loop, restores the terminal and exits with 128 + the signal
/// (SIGQUIT used to be ignored and SIGUSR1 left the alternate screen on). The real-time
/// signals end the process by default too.
var stopSignals: [Int32] {
    var s: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF,
                      SIGXCPU, SIGXFSZ, SIGPIPE, SIGIO, SIGPWR, SIGSTKFLT]
    let low = __libc_current_sigrtmin(), high = __libc_current_sigrtmax()
    if low > 0 && low <= high { s += Array(low...high) }
    return s
}

/// Signals that mean the process is crashing (a trap, a bad access, an abort): there is no
/// loop to return to, so the handler restores the terminal itself with async-signal-safe calls
/// (write, tcsetattr), runs the handler that was there before (Swift's backtracer), and ends
/// the process with the signal's default action.
let crashSignals: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE, SIGSYS]

/// What the crash handler needs, allocated before any signal can arrive.
nonisolated(unsafe) private let savedTermios = UnsafeMutablePointer<termios>.allocate(capacity: 1)
nonisolated(unsafe) private let haveTermios = UnsafeMutablePointer<Int32>.allocate(capacity: 1)
nonisolated(unsafe) private let previousActions = UnsafeMutablePointer<sigaction>.allocate(capacity: 65)
/// Mouse reporting off, attributes reset, cursor shown, keypad mode off, alternate screen left.
nonisolated(unsafe) private let restoreSequence: UnsafeMutablePointer<CChar> =
    strdup("\u{1B}[?1000l\u{1B}[?1002l\u{1B}[?1003l\u{1B}[?1006l\u{1B}[?1015l\u{1B}[0m\u{1B}[?25h\u{1B}[?1l\u{1B}>\u{1B}[?1049l\r\n")!
private let restoreLength = strlen(restoreSequence)

/// Saves the terminal's settings (before ncurses changes them) and installs the crash handlers.
func installCrashRestore() {
    _ = restoreLength  // the globals' lazy initialisation must not run inside a handler
    haveTermios.pointee = tcgetattr(STDIN_FILENO, savedTermios) == 0 ? 1 : 0
    // A stack overflow runs the handler on an alternate stack, if nobody has set one up.
    var current = stack_t()
    if sigaltstack(nil, &current) == 0, current.ss_flags & Int32(SS_DISABLE) != 0 {
        let size = 1 << 16
        var alt = stack_t()
        alt.ss_sp = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16)
        alt.ss_size = size
        alt.ss_flags = 0
        sigaltstack(&alt, nil)
    }
    let handler: @convention(c) (Int32, UnsafeMutablePointer<siginfo_t>?, UnsafeMutableRawPointer?) -> Void = { sig, info, context in
        _ = write(STDOUT_FILENO, restoreSequence, restoreLength)
        if haveTermios.pointee != 0 { tcsetattr(STDIN_FILENO, TCSANOW, savedTermios) }
        // Hand over to whoever had the signal before (Swift's backtracer), then die of it: a
        // crash signal sent with kill would otherwise let the process run on after a backtrace.
        let previous = previousActions[Int(sig)]
        let raw = unsafeBitCast(previous.__sigaction_handler.sa_handler, to: UInt.self)
        if raw > 1 {  // neither SIG_DFL (0) nor SIG_IGN (1)
            if previous.sa_flags & Int32(SA_SIGINFO) != 0 {
                previous.__sigaction_handler.sa_sigaction?(sig, info, context)
            } else {
                previous.__sigaction_handler.sa_handler?(sig)
            }
        }
        signal(sig, SIG_DFL)
        raise(sig)
    }
    for sig in crashSignals {
        var action = sigaction()
        action.__sigaction_handler.sa_sigaction = handler
        sigemptyset(&action.sa_mask)
        action.sa_flags = Int32(SA_ONSTACK | SA_SIGINFO)
        sigaction(sig, &action, previousActions + Int(sig))
    }
}
