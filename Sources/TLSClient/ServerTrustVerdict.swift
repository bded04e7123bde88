import Pinning
import TrustCertificates
import TrustEvaluation

/// How trust in the server was decided during the handshake.
public struct ServerTrustVerdict: Sendable {
    /// Whether the handshake was allowed to continue.
    public let isTrusted: Bool
    /// The challenge handler's answer, when one was configured.
    public let disposition: ChallengeDisposition?
    /// The engine's evaluation, when it ran (no handler, or `.performDefaultHandling`).
    public let evaluation: TrustEvaluationResult?
    /// What the pinning decided, when a pinning policy was configured and the engine ran.
    public let pinning: PinningOutcome?
    /// What became of the outcome's pin-failure report, when it had one and a reporter was configured.
    public let pinFailureReport: PinFailureReportStatus?
    /// Why the server was refused, in one line: the engine's `TrustEvaluationResult.reason`, the pinning's
    /// `PinningOutcome.blockReason`, or what stopped the evaluation before it ran; nil when trusted.
    public let reason: String?

    init(isTrusted: Bool, disposition: ChallengeDisposition?, evaluation: TrustEvaluationResult?,
         pinning: PinningOutcome? = nil, pinFailureReport: PinFailureReportStatus? = nil, reason: String?)
    {
        self.isTrusted = isTrusted
        self.disposition = disposition
        self.evaluation = evaluation
        self.pinning = pinning
        self.pinFailureReport = pinFailureReport
        self.reason = reason
    }
}
