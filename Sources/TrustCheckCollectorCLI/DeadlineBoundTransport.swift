import Foundation
import PinningReports
import PinningReportsURLSession

/// `ReportSender` with every attempt bounded by what is left of a flush's time: each send gets a sender
/// whose idle and total timeouts are the sender's defaults or the time left, whichever is shorter. With
/// `ReportSpool.deliverPending(using:now:until:deferring:)` starting no attempt after the deadline, a flush
/// ends close to its deadline however many endpoints hang, rather than one full timeout past it.
struct DeadlineBoundTransport: ReportTransport {
    /// When the flush must be over.
    let deadline: ContinuousClock.Instant

    /// The shortest timeout an attempt gets: one started just before the deadline still has a chance to
    /// reach a local endpoint.
    static let minimumTimeout: TimeInterval = 0.25

    func send(_ body: Data, to destination: URL) async -> ReportSendOutcome {
        let (seconds, attoseconds) = (deadline - ContinuousClock.now).components
        let left = max(Self.minimumTimeout, Double(seconds) + Double(attoseconds) / 1e18)
        let sender = ReportSender(requestTimeout: min(ReportSender.defaultRequestTimeout, left),
                                  resourceTimeout: min(ReportSender.defaultResourceTimeout, left))
        return await sender.send(body, to: destination)
    }
}
