import FileOutput
import FoundationEssentials

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A directory of reports waiting to be delivered, so that none is lost while an endpoint is down, slow
/// or refusing: each report is written to disk for each of its URIs before any delivery is tried, and an
/// entry leaves the spool only when it is delivered, refused too often, or evicted to keep within
/// ``limits`` (each counted in ``counters()``).
///
/// Layout of ``directory``: `entries/` holds one file per report and URI (``ReportSpoolEntry``), written
/// with ``FileOutput/OutputFile/createNew(_:at:)`` (temporary file, fsync, link, directory fsync);
/// `spool.lock` serialises writers and trimming; `counters.json` holds ``ReportSpoolCounters``.
///
/// Several processes (and several instances in one process) may share a directory. A sender claims an
/// entry with a non-blocking `flock` on its file, so each entry is sent by one sender at a time, and the
/// claim ends when the sender closes it or dies; an entry is updated by replacing its file (new inode) and
/// removed by unlinking it while claimed, which the next claimant notices. Entries being sent are never
/// evicted, so the bounds may be exceeded by the entries in flight until they are done.
///
/// Delivery is at least once: a crash after the endpoint accepted a report but before its entry was
/// removed sends it again.
public final class ReportSpool: Sendable {
    /// The spool directory.
    public let directory: String
    /// How much it keeps.
    public let limits: ReportSpoolLimits
    /// When failed entries are retried, and how many refusals they survive.
    public let retryPolicy: ReportRetryPolicy
    /// A number in 0…1 for each back-off's jitter; injectable so tests can pin it.
    private let jitter: @Sendable () -> Double

    var entriesDirectory: String { directory + "/entries" }
    private var lockPath: String { directory + "/spool.lock" }
    private var countersPath: String { directory + "/counters.json" }

    /// Opens the spool at `directory`, creating it (mode 0700) and its `entries` folder when missing. Its
    /// parent must exist unless `creatingParents` is set, in which case missing parents are created too
    /// (mode 0700 each, as `mkdir -p` with a private umask): a per-user default such as
    /// ``defaultDirectory(environment:)`` names folders a fresh account does not have yet, while a directory
    /// a user typed is more likely a typo when its parent is missing.
    public init(directory: String, creatingParents: Bool = false, limits: ReportSpoolLimits = ReportSpoolLimits(),
                retryPolicy: ReportRetryPolicy = ReportRetryPolicy(),
                jitter: @escaping @Sendable () -> Double = { Double.random(in: 0...1) }) throws(ReportSpoolError)
    {
        self.directory = directory
        self.limits = limits
        self.retryPolicy = retryPolicy
        self.jitter = jitter
        if creatingParents { try Self.createParents(of: directory) }
        for folder in [directory, entriesDirectory] {
            if mkdir(folder, 0o700) != 0 && errno != EEXIST { throw Self.unusable(folder, errno) }
            var status = stat()
            guard stat(folder, &status) == 0 else { throw Self.unusable(folder, errno) }
            guard status.st_mode & S_IFMT == S_IFDIR else { throw Self.unusable(folder, ENOTDIR) }
        }
        guard LockedFile.waitForLock(lockPath) != nil else { throw Self.unusable(lockPath, errno) }
    }

    /// The environment variable that names the spool of ``defaultDirectory(environment:)``.
    public static let directoryVariable = "TRUSTCHECK_REPORT_SPOOL"

    /// The spool a user's programs share when none is named, so that a report one process spooled is
    /// delivered by the next one that flushes: `$TRUSTCHECK_REPORT_SPOOL` when set; else
    /// `$XDG_STATE_HOME/trustcheck/report-spool` (the XDG Base Directory place for state that should
    /// survive a restart but is not worth a backup; ignored unless absolute, as the specification says);
    /// else `$HOME/.local/state/trustcheck/report-spool`, the specification's default. Without `$HOME`, the
    /// home directory is the password database's; without that either, the path is relative to the working
    /// directory rather than somewhere shared with other users, such as /tmp.
    public static func defaultDirectory(environment: [String: String]) -> String {
        if let named = environment[directoryVariable], !named.isEmpty { return named }
        let place = "trustcheck/report-spool"
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") { return FileSystemPath.appending(place, to: state) }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? passwordDatabaseHome() ?? ""
        return FileSystemPath.appending(".local/state/" + place, to: home)
    }

    /// ``defaultDirectory(environment:)`` for this process, reading only the three variables it looks at
    /// (building the whole environment, `ProcessInfo.processInfo.environment`, costs a command's start-up
    /// more than the rest of this).
    public static func defaultDirectory() -> String {
        var environment: [String: String] = [:]
        for name in [directoryVariable, "XDG_STATE_HOME", "HOME"] {
            if let value = getenv(name) { environment[name] = String(cString: value) }
        }
        return defaultDirectory(environment: environment)
    }

    /// The current user's home directory from the password database (getpwuid_r), nil when it has none.
    private static func passwordDatabaseHome() -> String? {
        var buffer = [CChar](repeating: 0, count: 16384)
        // pw_dir points into the buffer, so it is read while the buffer is still lent out.
        let home: String? = buffer.withUnsafeMutableBufferPointer { storage in
            var entry = passwd()
            var found: UnsafeMutablePointer<passwd>?
            guard let start = storage.baseAddress, getpwuid_r(getuid(), &entry, start, storage.count, &found) == 0, found != nil,
                  let directory = entry.pw_dir else { return nil }
            return String(cString: directory)
        }
        return home?.isEmpty == false ? home : nil
    }

    /// Creates the missing folders above `directory`, outermost first.
    private static func createParents(of directory: String) throws(ReportSpoolError) {
        let parent = FileSystemPath.deletingLastComponent(directory)
        guard !parent.isEmpty, parent != "/", FileSystemPath.isDirectory(parent) != true else { return }
        try createParents(of: parent)
        // EEXIST may be a file in the way: the next mkdir below it then fails with ENOTDIR and its path.
        if mkdir(parent, 0o700) != 0 && errno != EEXIST { throw unusable(parent, errno) }
    }

    // MARK: Enqueueing

    /// Writes `body` durably once for each destination, then evicts the oldest entries beyond ``limits``.
    /// Nothing is written when a destination is unsupported or the report cannot fit; a write failure
    /// part-way keeps the entries already written (they are complete files) and throws.
    @discardableResult
    public func enqueue(_ body: Data, destinations: [URL], now: Date = Date()) throws(ReportSpoolError) -> [ReportSpoolEntry] {
        guard !destinations.isEmpty else {
            throw ReportSpoolError(kind: .noDestination, subject: directory, problem: "a report needs at least one destination")
        }
        if let unsupported = destinations.first(where: { !ReportDestination.isDeliverable($0) }) {
            throw ReportSpoolError(kind: .unsupportedDestination, subject: unsupported.absoluteString,
                                   problem: ReportDestination.requirement)
        }
        let entries = destinations.map { ReportSpoolEntry(destination: $0, body: body, createdAt: now) }
        let files = entries.map { (entry: $0, bytes: $0.encoded()) }
        for file in files where file.bytes.count > limits.maximumBytes {
            throw ReportSpoolError(kind: .reportTooLarge, subject: file.entry.destination.absoluteString,
                                   problem: "the report's spool entry takes \(file.bytes.count) bytes, more than the spool's \(limits.maximumBytes)")
        }
        let lock = try spoolLock()
        defer { withExtendedLifetime(lock) {} }
        for file in files {
            do {
                try OutputFile.createNew(file.bytes, at: path(of: file.entry.name))
            } catch {
                throw ReportSpoolError(kind: .unwritable, subject: error.path, problem: error.problem)
            }
        }
        var evicted = ReportSpoolCounters()
        evicted.droppedForSpace = trim()
        try record(evicted, lockHeld: true)
        return entries
    }

    /// Removes the oldest unclaimed entries until the spool is within its limits, and temporary files left
    /// by processes that no longer exist. Called with the spool lock held. Returns how many entries went.
    private func trim() -> Int {
        var files: [(name: String, size: Int)] = []
        for name in listing() {
            var status = stat()
            guard stat(path(of: name), &status) == 0 else { continue }
            if name.hasSuffix(ReportSpoolEntry.suffix) && !name.hasPrefix(".") {
                files.append((name, Int(status.st_size)))
            } else if Self.isOrphanedTemporary(name) {
                unlink(path(of: name))
            }
        }
        files.sort { $0.name < $1.name }
        var count = files.count, bytes = files.reduce(0) { $0 + $1.size }, removed = 0
        for file in files where count > limits.maximumEntries || bytes > limits.maximumBytes {
            guard let claim = LockedFile.claim(path(of: file.name)) else { continue }  // being sent: leave it
            guard unlink(path(of: file.name)) == 0 else { continue }
            withExtendedLifetime(claim) {}
            count -= 1
            bytes -= file.size
            removed += 1
        }
        return removed
    }

    /// `.<name>.<pid>.<random>.tmp` (OutputFile's temporary files) whose process is gone: a crash mid-write.
    private static func isOrphanedTemporary(_ name: String) -> Bool {
        guard name.hasPrefix("."), name.hasSuffix(".tmp") else { return false }
        let parts = name.split(separator: ".")
        guard parts.count >= 4, let pid = Int32(parts[parts.count - 3]) else { return false }
        return kill(pid, 0) != 0 && errno == ESRCH
    }

    // MARK: Delivering

    /// Tries every entry that is due at `now`, oldest first, one at a time, and returns what happened.
    /// A delivered entry is removed; a failed one gets its attempt counted and its next attempt pushed back
    /// by ``retryPolicy``; one refused for the last allowed time is removed and counted. Entries claimed by
    /// another sender are skipped, and once a destination fails transiently the rest of its entries wait
    /// for the next run. Nothing keeps running after this returns.
    ///
    /// With a `deadline`, no attempt starts once it has passed: the entries left are counted in
    /// ``ReportDeliverySummary/outOfTime`` and stay as they are, with no attempt counted against them. An
    /// attempt already started runs to its end, so a caller that must be done by the deadline bounds each
    /// attempt too (with its transport's timeouts).
    ///
    /// `deferring` names destinations that already failed transiently in an earlier run of the same
    /// flush: their entries are deferred from the start, as if they had failed in this run, so that a
    /// caller running several passes still pays one timeout per hanging endpoint.
    ///
    /// `ignoringBackOff` tries entries whose next attempt is not due yet as well: for a flush a person
    /// asked for, who expects an attempt now rather than at the back-off's time.
    public func deliverPending(using transport: any ReportTransport, now: Date = Date(),
                               until deadline: ContinuousClock.Instant? = nil,
                               deferring failedEarlier: Set<URL> = [],
                               ignoringBackOff: Bool = false) async -> ReportDeliverySummary
    {
        var summary = ReportDeliverySummary()
        var gone = ReportSpoolCounters()
        var failedDestinations = failedEarlier
        for name in listing().filter({ $0.hasSuffix(ReportSpoolEntry.suffix) && !$0.hasPrefix(".") }).sorted() {
            let path = path(of: name)
            guard let claim = LockedFile.claim(path) else {
                // Claimed by another sender, or delivered and removed since the listing.
                if access(path, F_OK) == 0 { summary.busy += 1 }
                continue
            }
            // The claim must outlive every removal and rewrite below, whichever way the iteration ends.
            defer { withExtendedLifetime(claim) {} }
            guard let data = claim.read(limit: limits.maximumBytes),
                  var entry = ReportSpoolEntry.decode(data, name: name) else {
                if unlink(path) == 0 { summary.droppedUnreadable += 1; gone.droppedUnreadable += 1 }
                continue
            }
            if !ignoringBackOff && entry.nextAttemptAt > now { summary.notDue += 1; continue }
            if failedDestinations.contains(entry.destination) { summary.deferred += 1; continue }
            if let deadline, ContinuousClock.now >= deadline { summary.outOfTime += 1; continue }

            switch await transport.send(entry.body, to: entry.destination) {
            case .delivered:
                if unlink(path) == 0 { summary.delivered += 1; gone.delivered += 1 }
            case .failed(let failure):
                summary.failures.append(failure)
                entry.attempts += 1
                entry.lastError = "\(failure.code): \(failure.problem)"
                if failure.isPermanent {
                    entry.rejections += 1
                    if entry.rejections >= retryPolicy.maximumRejections || failure.kind == .unsupportedDestination {
                        if unlink(path) == 0 { summary.droppedAsRejected += 1; gone.droppedAsRejected += 1 }
                        continue
                    }
                } else {
                    failedDestinations.insert(entry.destination)
                }
                entry.nextAttemptAt = now + retryPolicy.delay(afterAttempts: entry.attempts, jitter: jitter())
                do {
                    // A new file renamed over the claimed one: anyone who opened the old one sees it unlinked.
                    try OutputFile.write(entry.encoded(), to: path)
                    summary.retrying += 1
                } catch {
                    summary.unsaved.append(ReportSpoolError(kind: .unwritable, subject: error.path, problem: error.problem))
                }
            }
        }
        do {
            try record(gone, lockHeld: false)
        } catch {
            summary.unsaved.append(error)
        }
        return summary
    }

    // MARK: Reading the state

    /// The entries waiting, oldest first (unreadable files are left out).
    public func pendingEntries() -> [ReportSpoolEntry] {
        listing().filter { $0.hasSuffix(ReportSpoolEntry.suffix) && !$0.hasPrefix(".") }.sorted().compactMap { name in
            guard let data = FileManager.default.contents(atPath: path(of: name)), data.count <= limits.maximumBytes else {
                return nil
            }
            return ReportSpoolEntry.decode(data, name: name)
        }
    }

    /// What happened to entries that are gone, across every process that shared the spool.
    public func counters() -> ReportSpoolCounters {
        guard let data = FileManager.default.contents(atPath: countersPath),
              let counters = try? JSONDecoder().decode(ReportSpoolCounters.self, from: data) else { return ReportSpoolCounters() }
        return counters
    }

    // MARK: Helpers

    private func path(of name: String) -> String { entriesDirectory + "/" + name }

    private func listing() -> [String] { (try? FileManager.default.contentsOfDirectory(atPath: entriesDirectory)) ?? [] }

    private func spoolLock() throws(ReportSpoolError) -> LockedFile {
        guard let lock = LockedFile.waitForLock(lockPath) else { throw Self.unusable(lockPath, errno) }
        return lock
    }

    /// Adds `delta` to the persistent counters, under the spool lock (taken here unless the caller holds it).
    private func record(_ delta: ReportSpoolCounters, lockHeld: Bool) throws(ReportSpoolError) {
        guard !delta.isZero else { return }
        let lock = lockHeld ? nil : try spoolLock()
        defer { withExtendedLifetime(lock) {} }
        var counters = counters()
        counters.add(delta)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        do {
            try OutputFile.write(try! encoder.encode(counters), to: countersPath)
        } catch {
            throw ReportSpoolError(kind: .unwritable, subject: error.path, problem: error.problem)
        }
    }

    private static func unusable(_ path: String, _ code: Int32) -> ReportSpoolError {
        ReportSpoolError(kind: .unusableDirectory, subject: path, problem: String(cString: strerror(code)))
    }
}
