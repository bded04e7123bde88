import FoundationEssentials

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An open file holding an exclusive `flock`: a spool entry claimed by this sender, or the spool's own lock. The kernel drops the
/// lock when the descriptor closes, including when the process dies, so a crashed sender's claim ends with
/// it and the next sender picks the entry up; no lease times to agree on between processes.
final class LockedFile {
    let descriptor: Int32

    private init(descriptor: Int32) { self.descriptor = descriptor }

    deinit { close(descriptor) }

    /// Claims `path` without waiting: nil when another open file description holds it (another thread's
    /// spool instance, another process) or when it no longer exists or was replaced or removed meanwhile.
    static func claim(_ path: String) -> LockedFile? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard descriptor >= 0 else { return nil }
        let claim = LockedFile(descriptor: descriptor)
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else { return nil }
        // Whoever held it may have removed the file, or replaced it with a new version, before letting go.
        var held = stat(), current = stat()
        guard fstat(descriptor, &held) == 0, held.st_nlink > 0, stat(path, &current) == 0,
              current.st_ino == held.st_ino, current.st_dev == held.st_dev else { return nil }
        return claim
    }

    /// Waits for the lock on `path` (created if missing): the spool-wide lock, held for short critical
    /// sections only (writing entries and trimming, updating counters).
    static func waitForLock(_ path: String) -> LockedFile? {
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else { return nil }
        let claim = LockedFile(descriptor: descriptor)
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else { return nil }
        }
        return claim
    }

    /// The file's contents, refusing more than `limit` bytes. Read from offset 0 with pread(2), so the
    /// descriptor's own offset does not matter.
    func read(limit: Int) -> Data? {
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG, Int(status.st_size) <= limit else {
            return nil
        }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: min(limit + 1, max(Int(status.st_size) + 1, 4096)))
        // Up to one byte past the limit: a file that grew since the fstat is refused rather than cut short.
        while bytes.count <= limit {
            let count = chunk.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, off_t(bytes.count)) }
            if count < 0 {
                guard errno == EINTR else { return nil }
                continue
            }
            if count == 0 { break }
            bytes += chunk[0..<count]
        }
        return bytes.count <= limit ? Data(bytes) : nil
    }
}
