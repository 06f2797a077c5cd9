import Glibc

/// Standard output and standard error, written with `write(2)`. Foundation's
/// `FileHandle.write(_:)` traps on any error, so `locflow rules > /dev/full`, a closed
/// standard output (`>&-`) or a disk that fills up used to crash with a backtrace. A failed
/// write to standard output now says so on standard error and ends the process with exit
/// code 2 (a file could not be used); a failed write to standard error has nowhere to be
/// said and is dropped.
public enum StandardStreams {
    /// Writes all of `text` to `fd`; returns the `errno` of a failed write, or nil.
    static func write(_ fd: Int32, _ text: String) -> Int32? {
        AtomicFile.writeAll(fd, Array(text.utf8)) ? nil : errno
    }

    /// The message said when standard output cannot be written.
    static func outputProblem(_ code: Int32) -> String {
        "locflow: cannot write to standard output (\(String(cString: strerror(code))))\n"
    }

    /// Writes `text` to standard output; if that fails, says why on standard error and exits 2.
    public static func out(_ text: String) {
        guard let code = write(STDOUT_FILENO, text) else { return }
        _ = write(STDERR_FILENO, outputProblem(code))
        exit(2)
    }

    /// Writes `text` to standard error; a failure is dropped (there is nowhere left to say it).
    public static func err(_ text: String) {
        _ = write(STDERR_FILENO, text)
    }
}
