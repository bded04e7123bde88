import Foundation
import Synchronization

/// The analysis of a store's reports in a window (all of them when `since` is nil): the one code behind
/// `trustcheck reports` and the HTTP API.
///
/// Every part is aggregated by the database (`AnalysisSQL`, the same SQL for SQLite and PostgreSQL, over
/// the hourly counts of `ReportHours`), in one snapshot per call: what is read back is already counted and
/// grouped, and at most `limit` hosts, suspects or domains (and `AnalysisSQL.rowLimit` rows of any grouped
/// query), so a read's memory does not follow the number of stored reports, and its time follows the hours
/// and groups in the window rather than the reports.
public struct ReportAnalysis: Sendable {
    /// Hosts, suspects or domains in one answer when the caller does not say.
    public static let defaultLimit = 100
    /// What a caller may ask for: beyond 1,000 a page is no longer something a person reads.
    public static let limitRange = 1...1000

    public let store: any ReportStore
    public let since: Date?
    public let upcoming: UpcomingPins

    public init(store: any ReportStore, since: Date?, upcoming: UpcomingPins = UpcomingPins()) {
        self.store = store
        self.since = since
        self.upcoming = upcoming
    }

    private var sql: AnalysisSQL { AnalysisSQL(since: since) }

    public var summary: AnalysisSummary {
        get throws(ReportStoreError) { try store.read { reader throws(ReportStoreError) in try sql.summary(reader) } }
    }

    /// The first `defaultLimit` suspects, most reported first.
    public var suspects: [InterceptionSuspect] {
        get throws(ReportStoreError) { try suspects(limit: Self.defaultLimit, offset: 0).suspects }
    }

    /// One page of the suspects, most reported first, and how many there are in all.
    public func suspects(limit: Int, offset: Int) throws(ReportStoreError) -> InterceptionSuspect.Page {
        try store.read { reader throws(ReportStoreError) in try sql.suspects(reader, limit: limit, offset: offset) }
    }

    /// The timeline of the `limit` hosts with the most reports.
    public func timeline(bucket: TimeInterval = FailureTimeline.defaultBucket, limit: Int = defaultLimit)
        throws(ReportStoreError) -> FailureTimeline
    {
        try store.read { reader throws(ReportStoreError) in try sql.timeline(reader, bucket: bucket, limit: limit) }
    }

    /// From every stored report, whatever `since` is: the first `defaultLimit` domains by name.
    public var rotation: RotationReadiness {
        get throws(ReportStoreError) { try rotation(limit: Self.defaultLimit) }
    }

    /// From every stored report, whatever `since` is: the first `limit` domains by name.
    public func rotation(limit: Int) throws(ReportStoreError) -> RotationReadiness {
        try store.read { reader throws(ReportStoreError) in try sql.rotation(reader, limit: limit, upcoming: upcoming) }
    }

    /// Everything at once, for `trustcheck reports`: `{summary, timeline, suspects, rotation}`, read as two
    /// halves at the same time (the summary and the suspects in one snapshot, the timeline and rotation in
    /// another), so that a large store's answer takes the longer half's time on two cores, not the sum.
    public func report(bucket: TimeInterval = FailureTimeline.defaultBucket, limit: Int = defaultLimit)
        throws(ReportStoreError) -> FullReport
    {
        let sql = sql, store = store, upcoming = upcoming
        let first = Mutex<Result<(AnalysisSummary, InterceptionSuspect.Page), ReportStoreError>?>(nil)
        let second = Mutex<Result<(FailureTimeline, RotationReadiness), ReportStoreError>?>(nil)
        DispatchQueue.concurrentPerform(iterations: 2) { half in
            if half == 0 {
                let result = Result { () throws(ReportStoreError) in
                    try store.read { reader throws(ReportStoreError) in
                        let summary = try sql.summary(reader)
                        return (summary, try sql.suspects(reader, limit: limit, offset: 0, total: summary.suspects))
                    }
                }
                first.withLock { $0 = result }
            } else {
                let result = Result { () throws(ReportStoreError) in
                    try store.read { reader throws(ReportStoreError) in
                        (try sql.timeline(reader, bucket: bucket, limit: limit), try sql.rotation(reader, limit: limit, upcoming: upcoming))
                    }
                }
                second.withLock { $0 = result }
            }
        }
        // Both are set once concurrentPerform returns.
        let (summary, suspects) = try first.withLock { $0 }!.get()
        let (timeline, rotation) = try second.withLock { $0 }!.get()
        return FullReport(summary: summary, timeline: timeline, suspects: suspects, rotation: rotation)
    }

    public struct FullReport: Sendable, Encodable {
        public let summary: AnalysisSummary
        public let timeline: FailureTimeline
        public let suspects: InterceptionSuspect.Page
        public let rotation: RotationReadiness

        enum CodingKeys: String, CodingKey { case summary, timeline, suspects, rotation }

        /// The suspects as a list, as in `/api/suspects`; how many there are in all is the summary's `suspects`.

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(summary, forKey: .summary)
            try container.encode(timeline, forKey: .timeline)
            try container.encode(suspects.suspects, forKey: .suspects)
            try container.encode(rotation, forKey: .rotation)
        }
    }
}
