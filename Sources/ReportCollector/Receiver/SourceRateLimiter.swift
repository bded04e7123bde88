import Foundation

/// Rate limiting per key: a token bucket per key, refilled at `reportsPerSecond` up to `burst`. The
/// collector keeps two: one keyed by the client address (before the body is read) and one keyed by the
/// report's `app-vendor-id`, the device (after it is decoded). The table of keys is bounded
/// (`maximumSources`); when full, keys whose bucket has refilled completely (they are idle) are forgotten
/// first, then the oldest.
///
/// `@unchecked Sendable`: `buckets` is only touched with `lock` held.
public final class SourceRateLimiter: @unchecked Sendable {
    /// Default sustained rate per client address: 500 reports/s. One address is often many devices — a
    /// carrier-grade NAT, an office, a load balancer that does not pass the client on — and TrustKit never
    /// retries a refused report, so this is set far above what such a crowd sends: a failure that hits
    /// every device behind one address reaches it as one report per device, spread over the minutes in
    /// which their apps next connect. 500/s is still under half of what one core stores (about 1,250
    /// reports/s, docs/reports.md), so one address cannot take the whole collector.
    public static let defaultReportsPerSecond = 500.0
    /// Default burst per address: 5,000, ten seconds' worth: five thousand devices behind one address
    /// reporting the same outage at the same moment are all stored.
    public static let defaultBurst = 5_000.0
    /// Default sustained rate per device (`app-vendor-id`): one report per 10 s. TrustKit sends a given
    /// failure (pinned host, chain, result) at most once per 24 h per app launch, and TrustKit-Android once
    /// per 24 h, so a real install sends a handful a day; this still allows 8,640.
    public static let defaultDeviceReportsPerSecond = 0.1
    /// Default burst per device: 20, an app with twenty pinned hosts all failing at once behind an
    /// intercepting proxy, with room for the resends a restart makes.
    public static let defaultDeviceBurst = 20.0
    /// Keys remembered: 100,000 × ~100 bytes ≈ 10 MB at most.
    public static let maximumSources = 100_000

    public let reportsPerSecond: Double
    public let burst: Double
    private let clock: @Sendable () -> Date
    private let lock = NSLock()
    private var buckets: [String: (tokens: Double, updated: Date)] = [:]

    public init(reportsPerSecond: Double = defaultReportsPerSecond, burst: Double = defaultBurst,
                clock: @escaping @Sendable () -> Date = { Date() })
    {
        self.reportsPerSecond = reportsPerSecond
        self.burst = max(1, burst)
        self.clock = clock
    }

    /// Takes one token for `source` (an address or a device id): true if the request may go on.
    public func allow(_ source: String) -> Bool {
        let now = clock()
        lock.lock()
        defer { lock.unlock() }
        var bucket = buckets[source] ?? (tokens: burst, updated: now)
        bucket.tokens = min(burst, bucket.tokens + max(0, now.timeIntervalSince(bucket.updated)) * reportsPerSecond)
        bucket.updated = now
        guard bucket.tokens >= 1 else {
            buckets[source] = bucket
            return false
        }
        bucket.tokens -= 1
        if buckets[source] == nil && buckets.count >= Self.maximumSources { evict(now) }
        buckets[source] = bucket
        return true
    }

    /// The burst, for messages: `20`.
    var burstText: String { Self.number(burst) }

    /// The rate, for messages: `500 reports/s`, or `1 report per 10 s` below one a second.
    var rateText: String {
        reportsPerSecond >= 1 ? "\(Self.number(reportsPerSecond)) reports/s" : "1 report per \(Self.number(1 / reportsPerSecond)) s"
    }

    private static func number(_ value: Double) -> String {
        value.rounded() == value ? String(Int(value)) : String(format: "%.2f", value)
    }

    private func evict(_ now: Date) {
        let refill = burst / reportsPerSecond
        buckets = buckets.filter { now.timeIntervalSince($0.value.updated) < refill }
        if buckets.count >= Self.maximumSources, let oldest = buckets.min(by: { $0.value.updated < $1.value.updated }) {
            buckets[oldest.key] = nil
        }
    }
}
