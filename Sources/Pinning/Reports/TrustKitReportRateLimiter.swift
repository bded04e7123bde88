import FoundationEssentials
import Synchronization

/// TrustKit's `TSKReportsRateLimiter`: the same report (`TrustKitReportIdentity`) goes out at most once
/// per window. The window is fixed, not per report: it starts when the limiter is created, and once more
/// than 24 hours have passed since its start, the next question clears every remembered report and starts
/// a new one. Nothing is persisted, so a new limiter (an app restart) sends again.
///
/// `@unchecked Sendable`: the two mutable fields are only read or written with `lock` held.
public final class TrustKitReportRateLimiter: @unchecked Sendable {
    /// TrustKit's `INTERVAL_BETWEEN_REPORTS_CACHE_RESET`: 3600 × 24 seconds.
    public static let window: TimeInterval = 3600 * 24

    private let clock: @Sendable () -> Date
    private let lock = Mutex(())
    private var sent: Set<TrustKitReportIdentity> = []
    private var windowStart: Date

    /// A limiter reading time from `clock` (injectable, so tests need not wait a day).
    public init(clock: @escaping @Sendable () -> Date = { Date() }) {
        self.clock = clock
        windowStart = clock()
    }

    /// `shouldRateLimitReport:`: true when an identical report was already let through in this window,
    /// so this one must be dropped; false (and the report is remembered) otherwise.
    public func shouldRateLimit(_ report: TrustKitPinFailureReport) -> Bool {
        let now = clock()
        return lock.withLock { _ in
            if now.timeIntervalSince(windowStart) > Self.window {
                sent.removeAll()
                windowStart = now
            }
            return !sent.insert(report.identity).inserted
        }
    }
}
