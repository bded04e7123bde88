#if canImport(Glibc)
import Glibc
#endif

/// The few path operations the loaders and the CLI need, on plain strings: what `NSString`'s path
/// methods and `FileManager.fileExists(atPath:isDirectory:)` did, without swift-corelibs Foundation
/// (`trustcheck` links FoundationEssentials only). Written once here, in the module that owns
/// the file system's rules for output, for every reader and writer above (the certificate loaders too).
package enum FileSystemPath {
    /// Whether `path` is a directory, following symbolic links (stat(2), as `fileExists(atPath:isDirectory:)`);
    /// nil when nothing is there (or it cannot be examined).
    package static func isDirectory(_ path: String) -> Bool? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return status.st_mode & S_IFMT == S_IFDIR
    }

    /// `name` inside `directory`, one slash between them (`NSString.appendingPathComponent`: "anchors/"
    /// and "anchors" both give "anchors/root.pem"; an empty directory gives `name` alone).
    package static func appending(_ name: String, to directory: String) -> String {
        guard !directory.isEmpty else { return name }
        let base = trimmingTrailingSlashes(directory)
        // String(tail): `String + Substring` is the generic RangeReplaceableCollection `+`, whose first use
        // costs a runtime conformance scan of the whole binary (Substring to Collection).
        let tail = String(name.drop { $0 == "/" })
        return base == "/" ? "/" + tail : base + "/" + tail
    }

    /// The part after the last slash, trailing slashes ignored (`NSString.lastPathComponent`: "a/b/" is "b",
    /// "/" is "/").
    package static func lastComponent(_ path: String) -> String {
        let trimmed = trimmingTrailingSlashes(path)
        guard trimmed != "/" else { return trimmed }
        return trimmed.lastIndex(of: "/").map { String(trimmed[trimmed.index(after: $0)...]) } ?? trimmed
    }

    /// Everything before the last component (`NSString.deletingLastPathComponent`: "a/b" is "a", "/a" is
    /// "/", "a" is "").
    package static func deletingLastComponent(_ path: String) -> String {
        let trimmed = trimmingTrailingSlashes(path)
        guard let slash = trimmed.lastIndex(of: "/") else { return "" }
        let parent = trimmingTrailingSlashes(String(trimmed[..<slash]))
        return parent.isEmpty ? "/" : parent
    }

    /// The extension of the last component without its dot (`NSString.pathExtension`: "ca.cer" is "cer";
    /// "README" and ".cer", a hidden file's name, have none).
    package static func pathExtension(_ path: String) -> String {
        let name = lastComponent(path)
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
        return String(name[name.index(after: dot)...])
    }

    /// `path` without trailing slashes, except that a path of slashes only is "/".
    private static func trimmingTrailingSlashes(_ path: String) -> String {
        var result = Substring(path)
        while result.count > 1, result.last == "/" { result.removeLast() }
        return String(result)
    }
}
