import FoundationEssentials

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a whole file to a path a user named, without ever damaging what the path names.
///
/// Every writer in TrustCheck that takes a path from the user (`--output`, re-recorded expectations,
/// and future `--record` and spool files) goes through ``write(_:to:)``. What it does depends on what the
/// path is when the write happens:
///
/// | The path names | What happens | Why |
/// |---|---|---|
/// | `-`, `/dev/stdout`, `/dev/stderr`, `/dev/fd/N` | written to the process's own descriptor | the caller's redirection (`> file`, `>> file`, a pipe) stays in force; reopening would truncate or seek |
/// | a character or block device, a FIFO, a socket | opened for writing (never created, never truncated) and written through | renaming a file over `/dev/null` as root breaks the whole machine |
/// | a symbolic link (to any of these) | the link's final target is written as that kind of path; the link stays | the user linked it on purpose |
/// | a regular file with one link, or nothing yet | a temporary file in the same directory, flushed to disk, then renamed over it (mode kept) | readers never see half a file, and a crash leaves the old one |
/// | a regular file with several hard links | truncated and rewritten in place | a rename would split it from its other names |
/// | a directory | ``OutputFileError`` | |
public enum OutputFile {
    /// How many symbolic links are followed before giving up, as Linux's own limit (`MAXSYMLINKS`, 40).
    static let maximumSymbolicLinks = 40

    public static func write(_ data: Data, to path: String) throws(OutputFileError) {
        if let descriptor = inheritedDescriptor(path) {
            try writeAll(data, to: descriptor, path: path)
            return
        }
        let target = try finalTarget(of: path)
        var status = stat()
        guard stat(target, &status) == 0 else {
            let code = errno
            guard code == ENOENT else { throw OutputFileError(path: path, errno: code) }
            try replaceAtomically(target, with: data, mode: nil, path: path)
            return
        }
        switch status.st_mode & S_IFMT {
        case S_IFDIR:
            throw OutputFileError(path: path, kind: .isADirectory, problem: "is a directory, not a file")
        case S_IFREG where status.st_nlink <= 1:
            try replaceAtomically(target, with: data, mode: status.st_mode & 0o7777, path: path)
        case S_IFREG:
            try writeThrough(target, data, truncate: true, path: path)
        default:
            try writeThrough(target, data, truncate: false, path: path)
        }
    }

    /// The descriptor a path stands for when it names one of this process's open descriptors.
    static func inheritedDescriptor(_ path: String) -> Int32? {
        switch path {
        case "-", "/dev/stdout": return STDOUT_FILENO
        case "/dev/stderr": return STDERR_FILENO
        default:
            for prefix in ["/dev/fd/", "/proc/self/fd/"] where path.hasPrefix(prefix) {
                return Int32(path.dropFirst(prefix.count))
            }
            return nil
        }
    }

    /// The path with every symbolic link of its last component followed: the file a write lands in.
    /// Links in the directory part are left to the kernel, which follows them for open and rename alike.
    static func finalTarget(of path: String) throws(OutputFileError) -> String {
        var current = path
        for _ in 0...maximumSymbolicLinks {
            var status = stat()
            guard lstat(current, &status) == 0 else {
                let code = errno
                if code == ENOENT { return current }  // nothing there yet (a dangling link's target too)
                throw OutputFileError(path: path, errno: code)
            }
            guard status.st_mode & S_IFMT == S_IFLNK else { return current }
            let destination: String
            do {
                destination = try FileManager.default.destinationOfSymbolicLink(atPath: current)
            } catch {
                throw OutputFileError(path: path, kind: .unwritable, problem: "cannot read symbolic link \(current)")
            }
            current = destination.hasPrefix("/")
                ? destination : FileSystemPath.appending(destination, to: directory(of: current))
        }
        throw OutputFileError(path: path, errno: ELOOP)
    }

    private static func directory(of path: String) -> String {
        let parent = FileSystemPath.deletingLastComponent(path)
        return parent.isEmpty ? "." : parent
    }

    /// Opens an existing non-regular file (or a multiply linked one) and writes the bytes through it.
    private static func writeThrough(_ target: String, _ data: Data, truncate: Bool, path: String)
        throws(OutputFileError)
    {
        let descriptor = open(target, O_WRONLY | O_CLOEXEC | (truncate ? O_TRUNC : 0))
        guard descriptor >= 0 else { throw OutputFileError(path: path, errno: errno) }
        defer { close(descriptor) }
        try writeAll(data, to: descriptor, path: path)
    }

    /// Creates `path`, which must not exist yet, with exactly `data`, durably: a temporary file beside it is
    /// written and flushed, then linked to `path` (`link` never replaces, unlike `rename`, so of several
    /// processes creating the same name exactly one wins) and the directory is flushed. A crash leaves either
    /// no file or the whole file, never a part of one. Unlike ``write(_:to:)`` nothing is followed: this is for
    /// files a program names itself in a directory it owns (a spool), where anything already there is a clash.
    ///
    /// Throws ``OutputFileError`` with kind ``OutputFileError/Kind/alreadyExists`` when the name is taken.
    public static func createNew(_ data: Data, at path: String) throws(OutputFileError) {
        let directory = directory(of: path)
        let temporary = try writeTemporary(beside: path, data, mode: nil, path: path)
        defer { unlink(temporary) }
        guard link(temporary, path) == 0 else {
            let code = errno
            throw code == EEXIST
                ? OutputFileError(path: path, kind: .alreadyExists, problem: "already exists")
                : OutputFileError(path: path, errno: code)
        }
        flushDirectory(directory)
    }

    /// Writes a temporary file beside `target`, flushes it, renames it over `target` and flushes the
    /// directory, so that the new contents are either all there or not at all, even across a crash.
    private static func replaceAtomically(_ target: String, with data: Data, mode: mode_t?, path: String)
        throws(OutputFileError)
    {
        let temporary = try writeTemporary(beside: target, data, mode: mode, path: path)
        guard rename(temporary, target) == 0 else {
            let error = OutputFileError(path: path, errno: errno)
            unlink(temporary)
            throw error
        }
        flushDirectory(directory(of: target))
    }

    /// A new file `.<name>.<pid>.<random>.tmp` in `target`'s directory holding `data`, flushed to disk;
    /// removed again if anything fails. The pid in the name tells a cleaner whose file it is.
    private static func writeTemporary(beside target: String, _ data: Data, mode: mode_t?, path: String)
        throws(OutputFileError) -> String
    {
        let directory = directory(of: target)
        let name = FileSystemPath.lastComponent(target)
        var temporary = ""
        var descriptor: Int32 = -1
        for _ in 0..<16 {
            temporary = FileSystemPath.appending(".\(name).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp", to: directory)
            descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode ?? 0o666)
            if descriptor >= 0 || errno != EEXIST { break }
        }
        guard descriptor >= 0 else { throw OutputFileError(path: path, errno: errno) }
        defer { close(descriptor) }
        do throws(OutputFileError) {
            // open() applies the umask; an existing file keeps exactly the mode it had.
            if let mode, fchmod(descriptor, mode) != 0 { throw OutputFileError(path: path, errno: errno) }
            try writeAll(data, to: descriptor, path: path)
            guard fsync(descriptor) == 0 else { throw OutputFileError(path: path, errno: errno) }
        } catch {
            unlink(temporary)
            throw error
        }
        return temporary
    }

    /// Flushes a directory, so that a rename or link in it survives a crash. Best effort: some file
    /// systems refuse to open or flush directories, and the file itself is already on disk.
    private static func flushDirectory(_ directory: String) {
        let directoryDescriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if directoryDescriptor >= 0 {
            _ = fsync(directoryDescriptor)
            close(directoryDescriptor)
        }
    }

    private static func writeAll(_ data: Data, to descriptor: Int32, path: String) throws(OutputFileError) {
        let failure = data.withUnsafeBytes { DescriptorWriter.writeAll($0, to: descriptor) }
        if failure != 0 { throw OutputFileError(path: path, errno: failure) }
    }}
