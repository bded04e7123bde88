/// What a ``ReportSpool`` has done with entries that are gone, kept in the spool directory
/// (`counters.json`) so that every process sharing it adds to the same numbers and a restart keeps them.
public struct ReportSpoolCounters: Sendable, Hashable, Codable {
    /// Entries a 2xx response removed.
    public var delivered: Int = 0
    /// The oldest entries removed to keep within ``ReportSpoolLimits``.
    public var droppedForSpace: Int = 0
    /// Entries removed after ``ReportRetryPolicy/maximumRejections`` refusals, or sent to a destination
    /// that cannot be delivered to.
    public var droppedAsRejected: Int = 0
    /// Entry files that could not be read back (not written by this spool, truncated by a disk error,
    /// larger than the spool's limit): removed, since they can never be sent.
    public var droppedUnreadable: Int = 0

    /// All zero.
    public init() {}

    mutating func add(_ other: ReportSpoolCounters) {
        delivered += other.delivered
        droppedForSpace += other.droppedForSpace
        droppedAsRejected += other.droppedAsRejected
        droppedUnreadable += other.droppedUnreadable
    }

    var isZero: Bool { self == ReportSpoolCounters() }
}
