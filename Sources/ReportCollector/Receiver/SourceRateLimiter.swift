import Foundation

/// Per-source rate limiting: a token bucket per sender address, refilled at `reportsPerSecond` up to
/// `burst`. The table of sources is bounded (`maximumSources`); when full, sources whose bucket has
/// refilled completely (they are idle) are forgotten first, then the oldest.
///
/// `@unchecked Sendable`: `buckets` is only touched with `lock` held.
public final class SourceRateLimiter: @unchecked Sendable {
    /// Default sustained rate per address: 20 reports/s. One TrustKit install sends a given failure at most
    /// once per 24 h (its rate limiter), so 20/s from one address is a NAT of thousands of failing devices —
    /// or a flood.
    public static let defaultReportsPerSecond = 20.0
    /// Default burst: 200, ten seconds' worth, for an office coming online behind one NAT at once.
    public static let defaultBurst = 200.0
    /// Sources remembered: 100,000 × ~100 bytes ≈ 10 MB at most.
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

    /// Takes one token for `source`: true if the request may go on.
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

    private func evict(_ now: Date) {
        let refill = burst / reportsPerSecond
        buckets = buckets.filter { now.timeIntervalSince($0.value.updated) < refill }
        if buckets.count >= Self.maximumSources, let oldest = buckets.min(by: { $0.value.updated < $1.value.updated }) {
            buckets[oldest.key] = nil
        }
    }
}
