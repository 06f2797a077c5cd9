import Glibc
import Synchronization

/// What stops a search besides its bounds: Ctrl-C and the memory limit. Either way the search
/// ends as at `--max-states` (the states found so far are whole, numbered and reported), the
/// summary says why, and the command exits 130 after Ctrl-C (128 + SIGINT, as a shell reports
/// a process it interrupted), 0 or 1 after the memory limit (as after `--max-states`).
public enum SearchGuard {
    /// Set by the SIGINT handler; read by the search's merge after each new state.
    static let interrupted = Atomic<Bool>(false)

    public static var wasInterrupted: Bool { interrupted.load(ordering: .relaxed) }

    /// Ctrl-C asks the search to stop (the handler only sets a flag); a second Ctrl-C ends the
    /// process at once, as the signal's default.
    public static func catchInterrupt() {
        let handler: @convention(c) (Int32) -> Void = { _ in
            SearchGuard.interrupted.store(true, ordering: .relaxed)
            signal(SIGINT, SIG_DFL)
        }
        var action = sigaction()
        action.__sigaction_handler.sa_handler = handler
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        sigaction(SIGINT, &action, nil)
        // A parent may hand the signal down blocked (the mask survives exec): unblock it.
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGINT)
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
    }

    /// The default memory limit: half the machine's memory (12 GB on a 24 GB machine), so that
    /// a search never takes the machine; `--max-memory` sets another.
    public static var defaultMaxBytes: Int {
        let pages = sysconf(Int32(_SC_PHYS_PAGES)), size = sysconf(Int32(_SC_PAGESIZE))
        guard pages > 0, size > 0 else { return 8 << 30 }
        let (bytes, overflow) = pages.multipliedReportingOverflow(by: size)
        return overflow ? Int.max / 2 : bytes / 2
    }

    /// The process's resident memory now, from /proc/self/statm (nil where there is none).
    public static func residentBytes() -> Int? {
        let fd = open("/proc/self/statm", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: 128)
        let n = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard n > 0 else { return nil }
        // "size resident shared ...", in pages.
        let fields = bytes[..<n].split(separator: UInt8(ascii: " "))
        guard fields.count > 1, let pages = Int(String(decoding: fields[1], as: UTF8.self)) else { return nil }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    /// The process's peak resident memory so far (getrusage), in bytes.
    public static func peakBytes() -> Int {
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        return usage.ru_maxrss * 1024
    }

    /// A search's watch: `check` is called once a new state; every 1,024th asks the memory.
    public struct Watch {
        public let maxBytes: Int
        var visits = 0
        public init(maxBytes: Int) { self.maxBytes = maxBytes }

        public mutating func check(_ stop: StopRequest) {
            if SearchGuard.interrupted.load(ordering: .relaxed) { stop.request(.interrupted); return }
            visits &+= 1
            guard visits & 1023 == 0, let now = SearchGuard.residentBytes(), now > maxBytes else { return }
            stop.request(.memory(maxBytes))
        }
    }

    /// "12 GB", "500 MB": a limit as a person writes it.
    public static func describe(_ bytes: Int) -> String {
        if bytes >= 1 << 30 && bytes % (1 << 30) == 0 { return "\(bytes >> 30) GB" }
        if bytes >= 1 << 30 { return String(Double(bytes) / Double(1 << 30), precision: 1) + " GB" }
        return "\(max(1, bytes >> 20)) MB"
    }

    /// `--max-memory` values: a number of bytes with K, M or G (powers of 1,024), e.g. 512M, 8G.
    public static func parseSize(_ s: String) -> Int? {
        guard let last = s.last else { return nil }
        let shift: Int
        var digits = Substring(s)
        switch last {
        case "K", "k": shift = 10; digits = digits.dropLast()
        case "M", "m": shift = 20; digits = digits.dropLast()
        case "G", "g": shift = 30; digits = digits.dropLast()
        default: shift = 0
        }
        guard !digits.isEmpty, digits.count <= 12, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let n = Int(digits), n > 0 else { return nil }
        let (bytes, overflow) = n.multipliedReportingOverflow(by: 1 << shift)
        return overflow ? nil : bytes
    }
}

extension String {
    init(_ value: Double, precision: Int) {
        var p = 1.0
        for _ in 0..<precision { p *= 10 }
        let r = (value * p).rounded() / p
        self = "\(r)"
    }
}
