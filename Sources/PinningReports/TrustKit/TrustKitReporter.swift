import FoundationEssentials
import Pinning
import Synchronization

/// TrustKit's reporting path (`TSKPinningValidator`'s callback and `TSKBackgroundReporter`) over a durable
/// spool: for a pin failure TrustKit reports on, drop the report if the rate limiter has seen it in the last
/// window, spool it for every effective report URI of its policy, and deliver what is due.
///
/// Kept out of the `Pinning` module so that a pinning check links no spool, and free of networking itself:
/// what sends is the ``ReportTransport`` it is given (`PinningReportsURLSession.ReportSender` for HTTP).
///
/// As a `PinFailureReporting`, it is what a TLS client or a command hands the reports of pinning outcomes
/// to: ``submit(_:to:)`` returns once the report is on disk, and with ``deliversInBackground`` the report
/// then leaves on its own, in one delivery run at a time; ``flush(timeout:)`` waits for that before a
/// process exits.
public final class TrustKitReporter: PinFailureReporting {
    /// The app fields every report carries.
    public let app: TrustKitAppInfo
    /// Where reports wait for delivery.
    public let spool: ReportSpool
    /// What delivers them; nil for a reporter that only spools, whose reports another process delivers
    /// (`trustcheck reports-flush`, which the `trustcheck` command runs after its verdict).
    public let transport: (any ReportTransport)?
    /// TrustKit's 24-hour duplicate filter, remembered for this reporter's lifetime.
    public let rateLimiter: TrustKitReportRateLimiter
    /// Whether ``submit(_:to:)`` starts a delivery run over the spool (without waiting for it), as TrustKit's
    /// background reporter uploads as soon as it has a report. Off, reports wait for ``flush(timeout:)``,
    /// ``report(_:at:)`` or another process delivering the same spool.
    public let deliversInBackground: Bool

    /// The delivery run in progress, if any, and whether it must run once more before it ends because
    /// something was spooled or a flush was asked for after it listed the spool.
    private struct DeliveryState {
        var run: Task<ReportDeliverySummary, Never>?
        var runAgain = false
    }

    private let delivery = Mutex(DeliveryState())

    /// A reporter; `rateLimiter` is fresh (TrustKit's is per process) unless one is shared.
    public init(app: TrustKitAppInfo, spool: ReportSpool, transport: any ReportTransport, deliversInBackground: Bool = true,
                rateLimiter: TrustKitReportRateLimiter = TrustKitReportRateLimiter())
    {
        self.app = app
        self.spool = spool
        self.transport = transport
        self.deliversInBackground = deliversInBackground
        self.rateLimiter = rateLimiter
    }

    /// A reporter that only spools: ``submit(_:to:)`` keeps reports on disk for another process to deliver,
    /// and ``flush(timeout:)`` delivers nothing.
    public init(app: TrustKitAppInfo, spool: ReportSpool, rateLimiter: TrustKitReportRateLimiter = TrustKitReportRateLimiter()) {
        self.app = app
        self.spool = spool
        transport = nil
        deliversInBackground = false
        self.rateLimiter = rateLimiter
    }

    // MARK: Taking reports

    /// Keeps `report` for each of `destinations`, in TrustKit's order of checks: none → `.noReportURI`; a
    /// duplicate in the rate limiter's window → `.rateLimited`; otherwise spooled durably, once for each
    /// destination ``ReportDestination/isDeliverable(_:)`` accepts (the others are `skipped`), and
    /// `.queued`. A spool that cannot take it gives `.unsaved` with the reason. With
    /// ``deliversInBackground``, a queued report starts a delivery run that this call does not wait for.
    public func submit(_ report: TrustKitPinFailureReport, to destinations: [URL]) -> PinFailureReportStatus {
        let disposition: TrustKitReportDisposition
        do {
            disposition = try keep(report, for: destinations)
        } catch {
            return .unsaved(problem: error.description)
        }
        switch disposition {
        case .spooled(let entries, let skipped):
            if deliversInBackground && transport != nil && !entries.isEmpty { startDelivery() }
            return .queued(destinations: entries.map(\.destination), skipped: skipped)
        case .rateLimited:
            return .rateLimited
        case .noReportURI, .notAFailure:
            // `keep` is given a report, so it never answers notAFailure.
            return .noReportURI
        }
    }

    /// Spools the report for `validation`, made at `date`, without sending it (whatever
    /// ``deliversInBackground`` says): ``submit(_:to:)``'s rule for the report TrustKit would send and its
    /// policy's effective report URIs. The report is on disk for every deliverable URI when this returns
    /// `.spooled`.
    public func record(_ validation: TrustKitValidation, at date: Date) throws(ReportSpoolError) -> TrustKitReportDisposition {
        guard let report = TrustKitPinFailureReport(validation: validation, app: app, at: date),
              let policy = validation.match?.policy else { return .notAFailure }
        return try keep(report, for: policy.effectiveReportURIs)
    }

    /// ``record(_:at:)``, then one delivery run over the whole spool (this report and any still waiting),
    /// at `date`.
    public func report(_ validation: TrustKitValidation, at date: Date)
        async throws(ReportSpoolError) -> (TrustKitReportDisposition, ReportDeliverySummary?)
    {
        let disposition = try record(validation, at: date)
        guard case .spooled(let entries, _) = disposition, !entries.isEmpty, let transport else { return (disposition, nil) }
        return (disposition, await spool.deliverPending(using: transport, now: date))
    }

    /// The one rule of ``submit(_:to:)`` and ``record(_:at:)``. The report's own time is the entries'
    /// creation time, so a report is due at once and the spool evicts in the order failures happened.
    private func keep(_ report: TrustKitPinFailureReport, for destinations: [URL]) throws(ReportSpoolError) -> TrustKitReportDisposition {
        guard !destinations.isEmpty else { return .noReportURI }
        if rateLimiter.shouldRateLimit(report) { return .rateLimited }
        let deliverable = destinations.filter(ReportDestination.isDeliverable)
        let skipped = destinations.filter { !ReportDestination.isDeliverable($0) }.map(\.absoluteString)
        guard !deliverable.isEmpty else { return .spooled([], skipped: skipped) }
        return .spooled(try spool.enqueue(report.jsonData(), destinations: deliverable, now: report.dateTime), skipped: skipped)
    }

    // MARK: Delivering

    /// Waits for the delivery run in progress, if any, and one more after it (or starts one), so that every
    /// report spooled before this call has had its attempt; at most `timeout` seconds when given. Returns
    /// what those runs did together (deliveries, failures, drops summed; what is not due or busy as the last
    /// run found it), or nil when the timeout passed or the calling task was cancelled first: the run then
    /// goes on by itself, and whatever it does not deliver stays in the spool for the next run, of this
    /// process or another. A reporter without a transport delivers nothing and returns nil at once.
    public func flush(timeout: TimeInterval? = nil) async -> ReportDeliverySummary? {
        guard transport != nil else { return nil }
        let run = startDelivery()
        guard let timeout else { return await run.value }
        return await BoundedWait.value(of: run, within: timeout)
    }

    /// The delivery run in progress, told to run once more; or a new one. One at a time, so that a burst of
    /// failures costs one pass over the spool rather than one per report, and a hanging endpoint one
    /// timeout.
    @discardableResult
    private func startDelivery() -> Task<ReportDeliverySummary, Never> {
        delivery.withLock { state in
            if let run = state.run {
                state.runAgain = true
                return run
            }
            let run = Task { await self.deliverUntilCaughtUp() }
            state.run = run
            return run
        }
    }

    /// Delivery runs over the spool until no run was asked for while the last one went on.
    private func deliverUntilCaughtUp() async -> ReportDeliverySummary {
        guard let transport else { return ReportDeliverySummary() }
        var summary = await spool.deliverPending(using: transport)
        while delivery.withLock({ state in
            guard state.runAgain else {
                state.run = nil
                return false
            }
            state.runAgain = false
            return true
        }) {
            summary.append(await spool.deliverPending(using: transport))
        }
        return summary
    }
}
