import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Files that are never seen half-written: a whole file is written to a temporary file beside it,
/// flushed to disk (fsync), and renamed over the target (rename is atomic); an append-only journal
/// writes each finished line with write(2), so a kill -9 loses nothing that was finished.
/// Whole files go through `OutputFile`, the helper every command's `-o` uses.
public enum AtomicFile {
    public struct Failure: Error, Sendable, CustomStringConvertible {
        public var path: String
        public var reason: String
        public var description: String { "cannot write \(path): \(reason)" }
    }

    static func failure(_ path: String) -> Failure {
        Failure(path: path, reason: String(cString: strerror(errno)))
    }

    /// Writes all of `bytes` to `fd` (again after an interrupted or partial write); false on a
    /// failure, with `errno` saying why (EIO for a write that wrote nothing).
    static func writeAll(_ fd: Int32, _ bytes: [UInt8], with write: (Int32, UnsafePointer<UInt8>, Int) -> Int = systemWrite) -> Bool {
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeBufferPointer { write(fd, $0.baseAddress! + done, bytes.count - done) }
            if n < 0 { if errno == EINTR { continue }; return false }
            if n == 0 { errno = EIO; return false }
            done += n
        }
        return true
    }

    /// Replaces `path` with `text` atomically, through `OutputFile` (the one helper for files
    /// locflow writes): a writable regular file, never a link, a device or a FIFO; an unnamed
    /// temporary file in the same folder, fsync, rename.
    public static func write(_ text: String, to path: String) throws(Failure) {
        do { try OutputFile.write(path, text) } catch {
            let prefix = path + ": "
            throw Failure(path: path, reason: error.message.hasPrefix(prefix) ? String(error.message.dropFirst(prefix.count)) : error.message)
        }
        let dir = (path as NSString).deletingLastPathComponent
        let dfd = open(dir.isEmpty ? "." : dir, O_RDONLY | O_CLOEXEC)
        if dfd >= 0 { _ = fsync(dfd); close(dfd) }
    }
}

private func closeDescriptor(_ fd: Int32) { _ = close(fd) }
func systemWrite(_ fd: Int32, _ p: UnsafePointer<UInt8>, _ n: Int) -> Int { write(fd, p, n) }

/// A recording on disk: an append-only journal of finished lines, rewritten atomically when the
/// history it mirrors changes what was already written (an undo, a platform switch).
public final class RecordingFile {
    public let path: String
    private var fd: Int32
    public private(set) var lines = 0
    /// The bytes of the whole lines in the file: a failed append is cut back to them.
    private var size = 0
    /// write(2), or a test's stand-in (a disk that fills up part way through a line).
    let write: (Int32, UnsafePointer<UInt8>, Int) -> Int

    /// Creates the file with its first lines (atomically, so it never exists half-made).
    public convenience init(path: String, lines first: [String]) throws(AtomicFile.Failure) {
        try self.init(path: path, lines: first, write: systemWrite)
    }

    init(path: String, lines first: [String], write: @escaping (Int32, UnsafePointer<UInt8>, Int) -> Int) throws(AtomicFile.Failure) {
        self.path = path
        self.write = write
        let text = first.map { FlowQuoting.lines($0) + "\n" }.joined()
        try AtomicFile.write(text, to: path)
        fd = open(path, O_WRONLY | O_APPEND | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else { throw AtomicFile.failure(path) }
        lines = first.count
        size = text.utf8.count
    }

    /// Appends one finished line (it is on disk for any reader, and survives kill -9, once this
    /// returns). A write that fails part way (a full disk) is cut back to the last whole line:
    /// half a line left the recording unreadable ("expected something to expect, found 'd'").
    public func append(_ line: String) throws(AtomicFile.Failure) {
        let bytes = Array((FlowQuoting.lines(line) + "\n").utf8)
        guard AtomicFile.writeAll(fd, bytes, with: write) else {
            let failure = AtomicFile.failure(path)
            _ = ftruncate(fd, off_t(size))
            throw failure
        }
        lines += 1
        size += bytes.count
    }

    /// Replaces the whole file, then goes on appending to the new one.
    public func rewrite(_ all: [String]) throws(AtomicFile.Failure) {
        let text = all.map { FlowQuoting.lines($0) + "\n" }.joined()
        try AtomicFile.write(text, to: path)
        closeDescriptor(fd)
        fd = open(path, O_WRONLY | O_APPEND | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else { throw AtomicFile.failure(path) }
        lines = all.count
        size = text.utf8.count
    }

    /// Flushes to disk and closes.
    public func close() {
        guard fd >= 0 else { return }
        _ = fsync(fd)
        closeDescriptor(fd)
        fd = -1
    }

    deinit { close() }
}
