/// What one ``ReportSpool/deliverPending(using:now:)`` run did with the entries it found.
public struct ReportDeliverySummary: Sendable, Hashable {
    /// Entries delivered (2xx) and removed.
    public var delivered: Int = 0
    /// Entries that failed and stay, with their next attempt pushed back.
    public var retrying: Int = 0
    /// Entries removed after their last allowed refusal.
    public var droppedAsRejected: Int = 0
    /// Entry files that could not be read and were removed.
    public var droppedUnreadable: Int = 0
    /// Entries whose next attempt is later than `now`.
    public var notDue: Int = 0
    /// Entries another sender (thread or process) was delivering at the time.
    public var busy: Int = 0
    /// Entries not tried because their destination already failed transiently in this run: one hanging
    /// endpoint costs one timeout per run, not one per report.
    public var deferred: Int = 0
    /// Entries due but not tried because the run's deadline had passed: they wait, unchanged, for the next.
    public var outOfTime: Int = 0
    /// Every failure of this run, in order.
    public var failures: [ReportDeliveryError] = []
    /// Entries whose new state could not be saved (the attempt is not counted and they stay as they were).
    public var unsaved: [ReportSpoolError] = []

    /// Nothing done yet.
    public init() {}

    /// Adds what a later run over the same spool did, so that several runs read as one: what happened to
    /// entries (deliveries, retries, drops, failures, unsaved states) is summed, while what entries were
    /// waiting for (not due, busy, deferred, out of time) is as the later run found it, since the same
    /// waiting entry is met again by every run.
    public mutating func append(_ later: ReportDeliverySummary) {
        delivered += later.delivered
        retrying += later.retrying
        droppedAsRejected += later.droppedAsRejected
        droppedUnreadable += later.droppedUnreadable
        failures += later.failures
        unsaved += later.unsaved
        notDue = later.notDue
        busy = later.busy
        deferred = later.deferred
        outOfTime = later.outOfTime
    }
}
