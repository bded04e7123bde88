import FoundationEssentials
import Pinning

/// TrustKit's reporting path (`TSKPinningValidator`'s callback and `TSKBackgroundReporter`) over a durable
/// spool: for a validation TrustKit reports on, build the ``Pinning/TrustKitPinFailureReport``, drop it if
/// the rate limiter has seen it in the last window, spool it for every effective report URI of its policy,
/// and deliver what is due.
///
/// Kept out of the `Pinning` module so that a pinning check links no networking: only an app that
/// configures reporting imports this module.
public final class TrustKitReporter: Sendable {
    /// The app fields every report carries.
    public let app: TrustKitAppInfo
    /// Where reports wait for delivery.
    public let spool: ReportSpool
    /// What delivers them.
    public let transport: any ReportTransport
    /// TrustKit's 24-hour duplicate filter, remembered for this reporter's lifetime.
    public let rateLimiter: TrustKitReportRateLimiter

    /// A reporter; `rateLimiter` is fresh (TrustKit's is per process) unless one is shared.
    public init(app: TrustKitAppInfo, spool: ReportSpool, transport: any ReportTransport,
                rateLimiter: TrustKitReportRateLimiter = TrustKitReportRateLimiter())
    {
        self.app = app
        self.spool = spool
        self.transport = transport
        self.rateLimiter = rateLimiter
    }

    /// Spools the report for `validation`, made at `date`, without sending it. The report is on disk for
    /// every URI when this returns `.spooled`.
    public func record(_ validation: TrustKitValidation, at date: Date) throws(ReportSpoolError) -> TrustKitReportDisposition {
        guard let report = TrustKitPinFailureReport(validation: validation, app: app, at: date),
              let policy = validation.match?.policy else { return .notAFailure }
        let uris = policy.effectiveReportURIs
        guard !uris.isEmpty else { return .noReportURI }
        if rateLimiter.shouldRateLimit(report) { return .rateLimited }
        let deliverable = uris.filter(ReportDestination.isDeliverable)
        let skipped = uris.filter { !ReportDestination.isDeliverable($0) }.map(\.absoluteString)
        guard !deliverable.isEmpty else { return .spooled([], skipped: skipped) }
        return .spooled(try spool.enqueue(report.jsonData(), destinations: deliverable, now: date), skipped: skipped)
    }

    /// ``record(_:at:)``, then one delivery run over the whole spool (this report and any still waiting).
    public func report(_ validation: TrustKitValidation, at date: Date)
        async throws(ReportSpoolError) -> (TrustKitReportDisposition, ReportDeliverySummary?)
    {
        let disposition = try record(validation, at: date)
        guard case .spooled(let entries, _) = disposition, !entries.isEmpty else { return (disposition, nil) }
        return (disposition, await spool.deliverPending(using: transport, now: date))
    }
}
