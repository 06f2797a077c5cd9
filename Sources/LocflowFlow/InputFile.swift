import Glibc
import Synchronization

/// Reads the files a flow names (the flow itself, an Info.plist, an InfoPlist.strings) as
/// hostile input: regular files only (a FIFO, a device or a socket would block or never end),
/// opened without blocking and without becoming a controlling terminal, and never more than
/// `limit` bytes, so a huge or endless file is refused at once instead of filling memory.
public enum InputFile {
    /// The largest flow, property list or strings file locflow reads: 16 MB (16,777,216 bytes).
    /// A real Info.plist is a few kilobytes; a flow of 16 MB has about a million statements.
    public static let limit = 16 * 1024 * 1024

    public static func describeSize(_ bytes: Int) -> String {
        let mb = Double(bytes) / 1_048_576
        return mb >= 10 ? "\(Int(mb)) MB" : "\((mb * 10).rounded() / 10) MB"
    }

    /// The bytes of the file at `path`, or an error that says what is wrong, for a person.
    public static func read(_ path: String, limit: Int = InputFile.limit) throws(FlowError) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        if fd < 0 {
            let e = errno
            switch e {
            case ENOENT, ENOTDIR: throw FlowError(nil, "\(path): no such file")
            case EACCES, EPERM: throw FlowError(nil, "\(path): cannot be read (permission denied)")
            case ELOOP: throw FlowError(nil, "\(path): cannot be read (too many levels of symbolic links)")
            case EISDIR: throw FlowError(nil, "\(path): is a folder, not a file")
            default: throw FlowError(nil, "\(path): cannot be read (\(String(cString: strerror(e))))")
            }
        }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { throw FlowError(nil, "\(path): cannot be read") }
        switch st.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw FlowError(nil, "\(path): is a folder, not a file")
        case S_IFIFO: throw FlowError(nil, "\(path): is a pipe (FIFO), not a regular file; locflow reads regular files only")
        case S_IFCHR, S_IFBLK: throw FlowError(nil, "\(path): is a device, not a regular file; locflow reads regular files only")
        case S_IFSOCK: throw FlowError(nil, "\(path): is a socket, not a regular file; locflow reads regular files only")
        default: throw FlowError(nil, "\(path): is not a regular file")
        }
        remember(st)
        let size = Int(st.st_size)
        if size > limit { throw tooLarge(path, size, limit) }
        // The file may grow while it is read: read at most limit + 1 bytes, whatever fstat said.
        var bytes = [UInt8](repeating: 0, count: min(size, limit) + 1)
        var count = 0
        while true {
            if count == bytes.count {
                if count > limit { throw tooLarge(path, count, limit) }
                bytes.append(contentsOf: repeatElement(0, count: min(limit + 1 - count, max(4096, count))))
            }
            let n = bytes.withUnsafeMutableBytes { buf in
                Glibc.read(fd, buf.baseAddress! + count, buf.count - count)
            }
            if n < 0 {
                if errno == EINTR { continue }
                throw FlowError(nil, "\(path): cannot be read (\(String(cString: strerror(errno))))")
            }
            if n == 0 { break }
            count += n
        }
        if count > limit { throw tooLarge(path, count, limit) }
        bytes.removeSubrange(count...)
        return bytes
    }

    /// A file this process has read (device, inode and modification time, so a new file that reuses
    /// a deleted one's inode is not taken for it), so `OutputFile` never writes over an input:
    /// `report x.flow -o x.flow` or `map --plist Info.plist -o Info.plist` would destroy it.
    struct Identity: Hashable, Sendable { var device: UInt64; var inode: UInt64; var seconds: Int; var nanoseconds: Int }
    private static let readFiles = Mutex<Set<Identity>>([])

    static func remember(_ st: stat) {
        let id = Identity(device: UInt64(st.st_dev), inode: UInt64(st.st_ino), seconds: Int(st.st_mtim.tv_sec), nanoseconds: Int(st.st_mtim.tv_nsec))
        readFiles.withLock { _ = $0.insert(id) }
    }

    /// Whether the file described by `st` is one this process has read.
    static func wasRead(_ st: stat) -> Bool {
        let id = Identity(device: UInt64(st.st_dev), inode: UInt64(st.st_ino), seconds: Int(st.st_mtim.tv_sec), nanoseconds: Int(st.st_mtim.tv_nsec))
        return readFiles.withLock { $0.contains(id) }
    }

    static func tooLarge(_ path: String, _ size: Int, _ limit: Int) -> FlowError {
        FlowError(nil, "\(path): is \(size > limit && describeSize(size) == describeSize(limit) ? "over \(describeSize(limit))" : describeSize(size)); locflow reads files of at most \(describeSize(limit)) (\(limit) bytes)")
    }
}
