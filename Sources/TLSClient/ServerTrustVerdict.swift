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
    /// The pin check, when pins were configured and the engine ran.
    public let pinCheck: PinCheckResult?
    /// Why the server was refused; nil when trusted.
    public let reason: String?
}
