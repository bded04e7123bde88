import Foundation
import Pinning

/// `GET /api/timeline`: distinct failure reports per host per time bucket (by the collector's receive time),
/// and per host, app version and platform, for the hosts with the most reports.
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
    /// Hosts with reports in the window; `hosts` has the most reported of them.
    public let hostsTotal: Int
    public let hosts: [HostSeries]
    public let byVersion: [VersionCount]

    enum CodingKeys: String, CodingKey { case since, until, bucketSeconds = "bucket_seconds", hostsTotal = "hosts_total", hosts, byVersion = "by_version" }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(since, forKey: .since)
        try container.encode(until, forKey: .until)
        try container.encode(bucketSeconds, forKey: .bucketSeconds)
        try container.encode(hostsTotal, forKey: .hostsTotal)
        try container.encode(hosts, forKey: .hosts)
        try container.encode(byVersion, forKey: .byVersion)
    }

    /// A timeline of `hosts` (the most reported of `hostsTotal`) and their versions, in buckets of
    /// `bucketSeconds` aligned to the epoch from `since` to `until`.
    init(since: Date?, until: Date?, bucketSeconds: Int, hostsTotal: Int, hosts: [HostSeries], byVersion: [VersionCount]) {
        self.since = since
        self.until = until
        self.bucketSeconds = bucketSeconds
        self.hostsTotal = hostsTotal
        self.hosts = hosts
        self.byVersion = byVersion
    }
}
