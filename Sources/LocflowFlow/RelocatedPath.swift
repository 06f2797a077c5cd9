import Foundation
import Glibc

/// A path that a flow names (relative to the flow's folder), written for a flow in another
/// folder: relative to that folder when the same file can be reached so, else absolute.
/// Symbolic links in the folders are resolved first, since `..` climbs the real folders.
public func relocatedPath(_ path: String, from base: String, to folder: String?) -> String {
    let named = ConfigBuilder(baseDirectory: base).absolute(path)
    let name = (named as NSString).lastPathComponent
    guard let source = realFolder((named as NSString).deletingLastPathComponent) else { return named }
    let absolute = (source == "/" ? "" : source) + "/" + name
    guard let folder, let target = realFolder(folder) else { return absolute }
    let from = target.split(separator: "/"), to = source.split(separator: "/")
    let common = zip(from, to).prefix { $0 == $1 }.count
    let relative = (Array(repeating: "..", count: from.count - common) + to[common...].map(String.init) + [name]).joined(separator: "/")
    // The same file from the folder, or the absolute path.
    return realFolder(target + "/" + relative) == realFolder(absolute) ? relative : absolute
}

/// The path with every symbolic link, `.` and `..` resolved, or nil when it does not exist.
private func realFolder(_ path: String) -> String? {
    guard let p = realpath(path, nil) else { return nil }
    defer { free(p) }
    return String(cString: p)
}
