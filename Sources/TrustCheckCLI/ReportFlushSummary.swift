import FoundationEssentials

/// What `trustcheck reports-flush` did with a spool, as its `--json` prints it and as ``ReportFlushChild``
/// reads it back from the child process: one type for both sides, so the contract between the two
/// executables is written once. Keys are snake_case like the rest of the CLI's JSON.
package struct ReportFlushSummary: Sendable, Hashable, Decodable {
    /// The spool directory.
    package var spool: String
    /// Entries delivered (2xx) and removed.
    package var delivered = 0
    /// Entries that failed and stay, their next attempt pushed back.
    package var retrying = 0
    /// Entries removed after their last allowed refusal, or sent to a destination that cannot take reports.
    package var droppedAsRejected = 0
    /// Entry files that could not be read and were removed.
    package var droppedUnreadable = 0
    /// Entries waiting for their back-off when the flush began, not tried.
    package var notDue = 0
    /// Entries another process was delivering.
    package var busy = 0
    /// Entries due but not tried: their destination had already failed in this flush.
    package var deferred = 0
    /// Entries due but not tried: the flush's time ran out first.
    package var outOfTime = 0
    /// Entries still in the spool when the flush ended; 0 is the exit status 0.
    package var pending = 0
    /// Every failed attempt of this flush, in order.
    package var failures: [ReportFlushFailure] = []
    /// The entries still in the spool, oldest first, with why they wait.
    package var waiting: [ReportFlushWaitingEntry] = []

    package init(spool: String) { self.spool = spool }

    enum CodingKeys: String, CodingKey {
        case spool, delivered, retrying, droppedAsRejected = "dropped_as_rejected", droppedUnreadable = "dropped_unreadable"
        case notDue = "not_due", busy, deferred, outOfTime = "out_of_time", pending, failures, waiting
    }

    /// The `--json` object, keys in the order the help lists them.
    package func renderedJSON() -> String {
        let counts: [(CodingKeys, Int)] = [
            (.delivered, delivered), (.retrying, retrying), (.droppedAsRejected, droppedAsRejected),
            (.droppedUnreadable, droppedUnreadable), (.notDue, notDue), (.busy, busy), (.deferred, deferred),
            (.outOfTime, outOfTime), (.pending, pending),
        ]
        let members: [(String, JSONValue)] = [(CodingKeys.spool.rawValue, .string(spool))]
            + counts.map { ($0.0.rawValue, .int($0.1)) }
            + [
                (CodingKeys.failures.rawValue, .array(failures.map(\.json))),
                (CodingKeys.waiting.rawValue, .array(waiting.map(\.json))),
            ]
        return JSONValue.object(members).rendered()
    }
}
