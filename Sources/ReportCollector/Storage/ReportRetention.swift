import Foundation

/// Keeps a store to its last `days` days of reports (`trustcheck collect --retain DAYS`): deletes the reports
/// received before then, with their chains and bodies, when started and every hour after, on a thread of its
/// own. It deletes in batches (`defaultBatchSize`), each its own short transaction, so intake never waits long
/// for one; a store that fails is retried at the next hour, with a log line.
///
/// `@unchecked Sendable`: `stopping` and `thread` are only touched with `condition` held.
public final class ReportRetention: @unchecked Sendable {
    /// Reports per delete transaction: 1,000 rows (and their chains) take milliseconds in SQLite and
    /// PostgreSQL, short enough not to delay a report's commit noticeably.
    public static let defaultBatchSize = 1_000
    /// How often the retention runs: hourly, so that the store is never more than an hour over its limit.
    public static let interval: TimeInterval = 3_600

    public let days: Int
    public let batchSize: Int
    private let store: any ReportStore
    private let clock: @Sendable () -> Date
    private let log: @Sendable (String) -> Void
    private let condition = NSCondition()
    private var stopping = false
    private var running = false

    public init(days: Int, store: any ReportStore, batchSize: Int = ReportRetention.defaultBatchSize,
                clock: @escaping @Sendable () -> Date = { Date() }, log: @escaping @Sendable (String) -> Void = { _ in })
    {
        self.days = days
        self.batchSize = batchSize
        self.store = store
        self.clock = clock
        self.log = log
    }

    /// The time before which reports are deleted, now.
    public var cutoff: Date { clock().addingTimeInterval(-TimeInterval(days) * 86_400) }

    /// Deletes every report received before `cutoff`, batch by batch, and returns how many.
    @discardableResult
    public func runOnce() throws(ReportStoreError) -> Int {
        let cutoff = cutoff
        var total = 0
        while !isStopping {
            let deleted = try store.deleteReports(receivedBefore: cutoff, limit: batchSize)
            total += deleted
            if deleted < batchSize { break }
        }
        return total
    }

    /// Runs now and then every `interval` until `stop()`.
    public func start() {
        condition.withLock { running = true }
        let thread = Thread { [self] in
            while !isStopping {
                do {
                    let deleted = try runOnce()
                    if deleted > 0 { log("retention: deleted \(deleted) reports received more than \(days) days ago") }
                } catch {
                    log("retention: \(error.localizedDescription); retrying in an hour")
                }
                condition.lock()
                if !stopping { _ = condition.wait(until: Date().addingTimeInterval(Self.interval)) }
                condition.unlock()
            }
            condition.withLock {
                running = false
                condition.broadcast()
            }
        }
        thread.name = "trustcheck retention"
        thread.start()
    }

    /// Stops the thread after its current batch, and waits for it.
    public func stop() {
        condition.lock()
        stopping = true
        condition.broadcast()
        while running { condition.wait() }
        condition.unlock()
    }

    private var isStopping: Bool { condition.withLock { stopping } }
}
