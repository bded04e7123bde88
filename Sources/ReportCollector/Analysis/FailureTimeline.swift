import Foundation
import Pinning

/// `GET /api/timeline`: distinct failure reports per host per time bucket (by the collector's receive time),
/// and per host, app version and platform.
public struct FailureTimeline: Sendable, Hashable, Encodable {
    /// The bucket length's default: one hour.
    public static let defaultBucket: TimeInterval = 3600
    /// Allowed bucket lengths: a minute to a week (beyond that a chart has too few or too many points).
    public static let bucketRange: ClosedRange<TimeInterval> = 60...604_800

    public struct Point: Sendable, Hashable, Encodable {
        public let start: Date
        public let count: Int
    }

    public struct HostSeries: Sendable, Hashable, Encodable {
        public let host: String
        public let total: Int
        public let points: [Point]
    }

    public struct VersionCount: Sendable, Hashable, Encodable {
        public let host: String
        public let appVersion: String
        public let platform: String
        public let count: Int

        enum CodingKeys: String, CodingKey { case host, appVersion = "app_version", platform, count }
    }

    public let since: Date?
    public let until: Date?
    public let bucketSeconds: Int
    public let hosts: [HostSeries]
    public let byVersion: [VersionCount]

    enum CodingKeys: String, CodingKey { case since, until, bucketSeconds = "bucket_seconds", hosts, byVersion = "by_version" }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(since, forKey: .since)
        try container.encode(until, forKey: .until)
        try container.encode(bucketSeconds, forKey: .bucketSeconds)
        try container.encode(hosts, forKey: .hosts)
        try container.encode(byVersion, forKey: .byVersion)
    }

    /// The timeline of `reports` in buckets of `bucket` seconds aligned to the epoch; `since` is the
    /// window's start when one was asked for.
    init(reports: [StoredReport], bucket: TimeInterval, since: Date?) {
        let seconds = bucket.rounded()
        func start(_ date: Date) -> Date {
            Date(timeIntervalSince1970: (date.timeIntervalSince1970 / seconds).rounded(.down) * seconds)
        }
        var perHost: [String: [Date: Int]] = [:]
        var perVersion: [[String]: Int] = [:]
        for report in reports {
            perHost[report.body.hostname, default: [:]][start(report.receivedAt), default: 0] += 1
            perVersion[[report.body.hostname, report.body.appVersion, report.body.appPlatform.rawValue], default: 0] += 1
        }
        hosts = perHost.map { host, buckets in
            HostSeries(host: host, total: buckets.values.reduce(0, +),
                       points: buckets.sorted { $0.key < $1.key }.map { Point(start: $0.key, count: $0.value) })
        }.sorted { ($0.total, $1.host) > ($1.total, $0.host) }
        byVersion = perVersion.map { key, count in VersionCount(host: key[0], appVersion: key[1], platform: key[2], count: count) }
            .sorted { ($0.host, $1.count, $0.appVersion, $0.platform) < ($1.host, $0.count, $1.appVersion, $1.platform) }
        bucketSeconds = Int(seconds)
        let first = reports.map(\.receivedAt).min().map(start)
        self.since = since ?? first
        self.until = reports.map(\.receivedAt).max().map { start($0).addingTimeInterval(seconds) }
    }
}
