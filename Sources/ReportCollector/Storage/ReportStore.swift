import Foundation

/// The one storage protocol of the collector: every backend (SQLite, the embedded default; PostgreSQL, for
/// several collectors writing to one database) has these semantics, and the analysis reads only through it.
///
/// Calls are synchronous and may come from any thread at once (the HTTP server runs requests on a
/// thread pool); an implementation serialises what it must. Every call either completes or throws: a
/// store never leaves half a report behind.
public protocol ReportStore: Sendable {
    /// Creates the schema, or upgrades it to the newest version, in one transaction; idempotent.
    /// Fails with `.schemaTooNew` when the database was written by a newer collector.
    func migrate() throws(ReportStoreError)

    /// Stores one validated report (its row, its parsed chain, its raw body) atomically. When a report with the
    /// same `ReceivedReport.deduplicationKey` is already stored, nothing new is stored, the stored report's
    /// `duplicateCount` goes up by one, and `.duplicate` names it. The caller acknowledges the report (HTTP 2xx)
    /// only after this returns: by then the transaction has committed.
    func store(_ report: ReceivedReport) throws(ReportStoreError) -> StoreOutcome

    /// Counts one rejected body (never stored itself) under its reason code.
    func recordMalformed(_ rejection: MalformedReport) throws(ReportStoreError)

    /// Every stored report received at or after `since` (all when nil), oldest first, without raw bodies: an
    /// export, in memory as a whole; the analysis never reads this way (`read(_:)`).
    func reports(since: Date?) throws(ReportStoreError) -> [StoredReport]

    /// The report `id` with its chain (without its raw body), or nil when there is no such report.
    func report(id: Int64) throws(ReportStoreError) -> StoredReport?

    /// The exact bytes that were POSTed for the report `id`, or nil when there is no such report.
    func rawBody(reportID id: Int64) throws(ReportStoreError) -> [UInt8]?

    /// Distinct reports (duplicates not counted: a duplicate is a resend of the same failure) for `hostname`
    /// received at or after `since`: what the alert threshold counts.
    func failureCount(hostname: String, since: Date) throws(ReportStoreError) -> Int

    /// Deletes at most `limit` of the oldest reports received before `cutoff`, with their chains and raw
    /// bodies, in one transaction, and returns how many it deleted (retention, `--retain DAYS`). Batches keep
    /// each transaction short, so intake is never held up for long.
    func deleteReports(receivedBefore cutoff: Date, limit: Int) throws(ReportStoreError) -> Int

    /// Runs `body` against one consistent snapshot of the store, read-only: the analysis's queries
    /// (`ReportAnalysis`). A long read never holds up a report's commit.
    func read<T>(_ body: (any AnalysisReader) throws(ReportStoreError) -> T) throws(ReportStoreError) -> T

    /// Totals: stored reports, duplicates, malformed bodies by reason.
    func statistics() throws(ReportStoreError) -> ReportStoreStatistics

    /// Closes the connection(s) after in-flight calls finish; later calls throw `.closed`.
    func close()
}
