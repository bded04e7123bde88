import Foundation

/// The analysis of a store's reports in a window: the one code behind `trustcheck reports` and the HTTP API.
public struct ReportAnalysis: Sendable {
    public let since: Date?
    public let reports: [StoredReport]
    public let statistics: ReportStoreStatistics
    public let upcoming: UpcomingPins
    /// Every stored report, for the rotation readiness (the window's reports when `since` is nil).
    private let allReports: [StoredReport]

    /// Reads the window's reports (all when `since` is nil) from `store`, and every report for the
    /// rotation readiness when `includeRotation` (the one part not limited to the window).
    public init(store: any ReportStore, since: Date?, upcoming: UpcomingPins = UpcomingPins(), includeRotation: Bool = true)
        throws(ReportStoreError)
    {
        self.since = since
        reports = try store.reports(since: since)
        allReports = since == nil || !includeRotation ? reports : try store.reports(since: nil)
        statistics = try store.statistics()
        self.upcoming = upcoming
    }

    public var suspects: [InterceptionSuspect] { InterceptionSuspect.find(in: reports) }

    public func timeline(bucket: TimeInterval = FailureTimeline.defaultBucket) -> FailureTimeline {
        FailureTimeline(reports: reports, bucket: bucket, since: since)
    }

    /// From every stored report, whatever `since` is.
    public var rotation: RotationReadiness { RotationReadiness(reports: allReports, upcoming: upcoming) }

    public var summary: AnalysisSummary {
        AnalysisSummary(
            since: since, storedReports: reports.count, duplicates: reports.map(\.duplicateCount).reduce(0, +),
            malformed: statistics.malformed, malformedByReason: statistics.malformedByReason,
            firstReceived: reports.first?.receivedAt, lastReceived: reports.last?.receivedAt,
            hosts: Set(reports.map(\.body.hostname)).count, suspects: suspects.count,
            clockSkew: reports.filter { if case .clockSkew = $0.anchorCheck { return true } else { return false } }.count)
    }

    /// Everything at once, for `trustcheck reports --json`: `{summary, timeline, suspects, rotation}`.
    public func report(bucket: TimeInterval = FailureTimeline.defaultBucket) -> FullReport {
        FullReport(summary: summary, timeline: timeline(bucket: bucket), suspects: suspects, rotation: rotation)
    }

    public struct FullReport: Sendable, Encodable {
        public let summary: AnalysisSummary
        public let timeline: FailureTimeline
        public let suspects: [InterceptionSuspect]
        public let rotation: RotationReadiness
    }
}
