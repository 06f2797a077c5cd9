import Glibc
import Synchronization

/// Writes the one file a command was told to write (`report -o`, `record -o`, and anyone
/// else's output), and nothing else:
///
/// - the path must be a regular file that can be written (its mode has a write bit) or a new name
///   in an existing folder; a symbolic link (even to a regular file: a link planted at a name
///   locflow writes would send the bytes elsewhere), a read-only file, a device (such as
///   `/dev/full`), a FIFO, a socket or a folder is refused with a message, and nothing is written;
/// - with `exclusive`, the path must not exist at all (a file locflow names by itself, such as a
///   recording's report, never replaces anything);
/// - the text goes to a temporary file in the same folder, then takes the name in one `rename`,
///   so a reader never sees half a file and a failed write leaves what was there;
/// - the temporary file has no name while it is written (`O_TMPFILE`), so even `kill -9` leaves
///   nothing behind; where the file system cannot do that, it is named `.NAME.locflow-tmp-PID`,
///   removed on SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE, SIGUSR1/2 and SIGALRM, and a stale one
///   (its process gone) is removed by the next write to that folder;
/// - a file that is replaced keeps its permissions.
public enum OutputFile {
    /// What was at the path before.
    public enum Outcome: Sendable, Equatable {
        case created
        case replaced

        /// What a command says after "wrote NAME" (nothing for a new file).
        public var note: String {
            switch self {
            case .created: ""
            case .replaced: " (replaced the file that was there)"
            }
        }
    }

    /// Writes `text` to `path` (see the type's documentation).
    @discardableResult
    public static func write(_ path: String, _ text: String, protectingInputs: Bool = false, exclusive: Bool = false,
                             example: String? = nil) throws(FlowError) -> Outcome {
        try write(path, protectingInputs: protectingInputs, exclusive: exclusive, example: example) { (w: inout Writer) throws(FlowError) in try w.write(text) }
    }

    /// Streams what `body` writes to `path`: memory stays bounded however long the output is.
    @discardableResult
    /// With `protectingInputs`, a file this process has read (`InputFile`) is refused: a command's
    /// `-o` never replaces its own flow, plist or strings file. `example` is the file name a
    /// folder given instead of a file is told to take (the command's own kind of file).
    public static func write(_ path: String, protectingInputs: Bool = false, exclusive: Bool = false, example: String? = nil,
                             _ body: (inout Writer) throws(FlowError) -> Void) throws(FlowError) -> Outcome {
        let (target, outcome, mode) = try resolve(path, protectingInputs: protectingInputs, example: example)
        if exclusive && outcome != .created { throw FlowError(nil, "\(path): exists already; locflow does not replace a file it did not name itself") }
        let dir = directory(of: target)
        removeStaleTemporaries(in: dir, for: base(of: target))
        var w = try Writer(directory: dir, target: target, shown: path, exclusive: exclusive)
        do {
            try body(&w)
            try w.finish(mode: mode)
        } catch {
            w.abandon()
            throw error
        }
        return outcome
    }

    /// Where the bytes go, what is there now, and the permissions to keep.
    public static func resolve(_ path: String, protectingInputs: Bool = false, example: String? = nil) throws(FlowError) -> (target: String, outcome: Outcome, mode: mode_t?) {
        guard !path.isEmpty else { throw FlowError(nil, "the output file name is empty") }
        var st = stat()
        if lstat(path, &st) != 0 {
            guard errno == ENOENT else { throw FlowError(nil, "\(path): cannot be written (\(lastError()))") }
            var dst = stat()
            let dir = directory(of: path)
            guard stat(dir, &dst) == 0, dst.st_mode & S_IFMT == S_IFDIR else {
                throw FlowError(nil, "\(path): the folder \(dir) does not exist")
            }
            return (path, .created, nil)
        }
        if st.st_mode & S_IFMT == S_IFLNK {
            throw FlowError(nil, "\(path): is a symbolic link; locflow never writes through a link (name the file itself)")
        }
        switch st.st_mode & S_IFMT {
        case S_IFREG:
            if protectingInputs && InputFile.wasRead(st) {
                throw FlowError(nil, "\(path): is a file this command reads; locflow does not write over its own input (give another -o name)")
            }
            // The mode, not access(2): root may write anything, and a read-only file says "keep me".
            if st.st_mode & 0o222 == 0 {
                throw FlowError(nil, "\(path): is read-only; locflow does not replace a read-only file (make it writable, or give another name)")
            }
            return (path, .replaced, st.st_mode & 0o7777)
        case S_IFDIR:
            let folder = path.hasSuffix("/") ? String(path.dropLast()) : path
            throw FlowError(nil, "\(path): is a folder; give a file name" + (example.map { ", e.g. \(folder)/\($0)" } ?? " in it"))
        case S_IFCHR, S_IFBLK: throw FlowError(nil, "\(path): is a device, not a regular file; locflow writes only regular files (and never replaces a device)")
        case S_IFIFO: throw FlowError(nil, "\(path): is a pipe (FIFO), not a regular file; locflow writes only regular files")
        case S_IFSOCK: throw FlowError(nil, "\(path): is a socket, not a regular file; locflow writes only regular files")
        default: throw FlowError(nil, "\(path): is not a regular file; locflow writes only regular files")
        }
    }

    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let d = String(path[..<slash])
        return d.isEmpty ? "/" : d
    }

    static func base(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }

    static func lastError() -> String { String(cString: strerror(errno)) }

    static let marker = ".locflow-tmp-"

    /// Linux's O_TMPFILE (`__O_TMPFILE | O_DIRECTORY`), a macro Swift does not import.
    static let oTmpfile: Int32 = 0o20000000 | O_DIRECTORY

    /// The name of a named temporary file: `.NAME.locflow-tmp-PID`.
    static func temporaryName(for base: String, pid: Int32) -> String { "." + base + marker + String(pid) }

    /// Removes `.NAME.locflow-tmp-PID` files beside `NAME` whose process is gone (a `kill -9`).
    static func removeStaleTemporaries(in dir: String, for base: String) {
        guard let d = opendir(dir) else { return }
        defer { closedir(d) }
        let prefix = "." + base + marker
        while let entry = readdir(d) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            guard name.hasPrefix(prefix), let pid = Int32(name.dropFirst(prefix.count)), pid > 0 else { continue }
            if kill(pid, 0) != 0 && errno == ESRCH { unlink(dir + "/" + name) }
        }
    }

    /// Text on its way to a temporary file, buffered.
    public struct Writer {
        let fd: Int32
        let dir: String
        let target: String
        let shown: String
        /// The temporary file's name while it has one (never with O_TMPFILE until the end).
        var named: String?
        var buffer: [UInt8] = []
        /// Bytes written so far.
        public private(set) var count = 0
        /// The target must not exist when the file takes its name (`link`, which never replaces).
        let exclusive: Bool

        init(directory: String, target: String, shown: String, exclusive: Bool = false) throws(FlowError) {
            self.dir = directory
            self.target = target
            self.shown = shown
            self.exclusive = exclusive
            var fd = open(directory, OutputFile.oTmpfile | O_WRONLY | O_CLOEXEC, 0o666)
            if fd < 0 {
                // No O_TMPFILE here (some file systems): a named temporary, cleaned up on signals.
                let name = directory + "/" + temporaryName(for: base(of: target), pid: getpid())
                unlink(name)
                fd = open(name, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
                guard fd >= 0 else { throw FlowError(nil, "\(shown): cannot be written (\(lastError()))") }
                named = name
                TemporaryCleanup.shared.track(name)
            }
            self.fd = fd
        }

        public mutating func write(_ s: String) throws(FlowError) {
            buffer.append(contentsOf: s.utf8)
            if buffer.count >= 1 << 16 { try flush() }
        }

        mutating func flush() throws(FlowError) {
            var done = 0
            while done < buffer.count {
                let n = buffer.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + done, $0.count - done) }
                if n < 0 {
                    if errno == EINTR { continue }
                    throw FlowError(nil, "\(shown): cannot be written (\(lastError())); nothing was changed")
                }
                done += n
            }
            count += buffer.count
            buffer.removeAll(keepingCapacity: true)
        }

        mutating func finish(mode: mode_t?) throws(FlowError) {
            try flush()
            if let mode { fchmod(fd, mode) } else if named != nil {
                let mask = umask(0); umask(mask)
                fchmod(fd, 0o666 & ~mask)
            }
            guard fsync(fd) == 0 || errno == EINVAL else {
                throw FlowError(nil, "\(shown): cannot be written (\(lastError())); nothing was changed")
            }
            if named == nil {
                // Give the unnamed file a name beside the target, then the target's name.
                let name = dir + "/" + temporaryName(for: base(of: target), pid: getpid())
                unlink(name)
                TemporaryCleanup.shared.track(name)
                guard linkat(AT_FDCWD, "/proc/self/fd/\(fd)", AT_FDCWD, name, AT_SYMLINK_FOLLOW) == 0 else {
                    TemporaryCleanup.shared.untrack()
                    throw FlowError(nil, "\(shown): cannot be written (\(lastError())); nothing was changed")
                }
                named = name
            }
            close(fd)
            if exclusive {
                // link(2) fails if anything, a link included, took the name meanwhile.
                guard link(named!, target) == 0 else {
                    let e = errno == EEXIST ? "it exists already; locflow does not replace a file it did not name itself" : lastError()
                    unlink(named!)
                    TemporaryCleanup.shared.untrack()
                    throw FlowError(nil, "\(shown): cannot be written (\(e)); nothing was changed")
                }
                unlink(named!)
                TemporaryCleanup.shared.untrack()
                return
            }
            guard rename(named!, target) == 0 else {
                let e = lastError()
                unlink(named!)
                TemporaryCleanup.shared.untrack()
                throw FlowError(nil, "\(shown): cannot be written (\(e)); nothing was changed")
            }
            TemporaryCleanup.shared.untrack()
        }

        /// After an error: close and remove the temporary file.
        func abandon() {
            close(fd)
            if let named { unlink(named) }
            TemporaryCleanup.shared.untrack()
        }
    }
}

/// The named temporary file to remove if a signal ends the process while it exists. The path
/// is kept as a C string allocated beforehand, so the handler only calls `unlink`, `signal` and
/// `raise` (async-signal-safe).
final class TemporaryCleanup: Sendable {
    static let shared = TemporaryCleanup()
    /// The C string of the temporary path (0 when none).
    private let path = Atomic<UInt>(0)
    private let installed = Atomic<Bool>(false)

    static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE, SIGUSR1, SIGUSR2, SIGALRM]

    func track(_ name: String) {
        let c = strdup(name)!
        let old = path.exchange(UInt(bitPattern: c), ordering: .sequentiallyConsistent)
        if old != 0 { free(UnsafeMutablePointer<CChar>(bitPattern: old)) }
        if !installed.exchange(true, ordering: .sequentiallyConsistent) { install() }
    }

    func untrack() {
        let old = path.exchange(0, ordering: .sequentiallyConsistent)
        if old != 0 { free(UnsafeMutablePointer<CChar>(bitPattern: old)) }
    }

    /// Installs the handler for each signal whose disposition is still the default (a handler
    /// someone else set, such as the explorer's, stays).
    private func install() {
        let handler: @convention(c) (Int32) -> Void = { sig in
            let p = TemporaryCleanup.shared.path.load(ordering: .sequentiallyConsistent)
            if p != 0, let c = UnsafePointer<CChar>(bitPattern: p) { unlink(c) }
            signal(sig, SIG_DFL)
            raise(sig)
        }
        for sig in Self.signals {
            var old = sigaction()
            sigaction(sig, nil, &old)
            guard old.__sigaction_handler.sa_handler == nil else { continue }  // SIG_DFL is nil
            var action = sigaction()
            action.__sigaction_handler.sa_handler = handler
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0
            sigaction(sig, &action, nil)
        }
    }
}
