import FoundationEssentials

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// When a ``ReportSpool`` tries an entry again after a failed delivery: exponential back-off with jitter and
/// a cap, and how many refusals (a 4xx other than 408/429) an entry survives.
///
/// After the *n*th failed attempt the next one waits `d = min(maximumDelay, initialDelay × 2ⁿ⁻¹)`, of which
/// a random half is taken off ("equal jitter": between d/2 and d), so processes that failed together against
/// the same endpoint do not retry together. TrustKit leaves retries to a discretionary background session;
/// the defaults (1 minute doubling up to 6 hours) retry quickly after a blip and a few times a day during a
/// long outage.
public struct ReportRetryPolicy: Sendable, Hashable {
    /// The wait after the first failure, before jitter.
    public var initialDelay: TimeInterval
    /// The longest wait, before jitter.
    public var maximumDelay: TimeInterval
    /// How many refusals an entry gets before it is dropped (and counted in
    /// ``ReportSpoolCounters/droppedAsRejected``). More than one, because an endpoint being redeployed or a
    /// captive portal may answer 404 or 403 for a while; a refusal is still retried with back-off.
    public var maximumRejections: Int

    /// A policy; delays below zero become zero and at least one refusal is allowed.
    public init(initialDelay: TimeInterval = 60, maximumDelay: TimeInterval = 6 * 3600, maximumRejections: Int = 3) {
        self.initialDelay = max(0, initialDelay)
        self.maximumDelay = max(self.initialDelay, maximumDelay)
        self.maximumRejections = max(1, maximumRejections)
    }

    /// The wait after `attempts` failed attempts (1 or more), for a `jitter` in 0…1 (clamped).
    public func delay(afterAttempts attempts: Int, jitter: Double) -> TimeInterval {
        let exponent = Double(min(max(attempts, 1) - 1, 62))
        let ceiling = min(maximumDelay, initialDelay * pow(2, exponent))
        return ceiling / 2 + ceiling / 2 * min(1, max(0, jitter))
    }
}
