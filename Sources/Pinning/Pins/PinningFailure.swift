import FoundationEssentials
import TrustCertificates
import TrustEvaluation

/// Why a pinned connection must not go ahead: a value with a stable code and a message.
public struct PinningFailure: Error, LocalizedError, Sendable, Hashable, CustomStringConvertible {
    /// Apple's `errSSLATSCertificateTrustViolation`, what SecTrust reports when the chain misses the pins
    /// of an `NSPinnedDomains` entry (apple-sectrust.md, the Pinning checks).
    public static let pinMismatchStatus: Int32 = -9886

    /// The OSStatus: `pinMismatchStatus` for a pin mismatch, the evaluation's own code for an untrusted chain.
    public let code: Int32
    /// Apple's message: `"leaf","CA" certificates do not meet pinning requirements` for a mismatch,
    /// the evaluation's primary error message for an untrusted chain.
    public let message: String
    /// The verdict the failure explains.
    public let verdict: PinVerdict

    init(code: Int32, message: String, verdict: PinVerdict) {
        self.code = code
        self.message = message
        self.verdict = verdict
    }

    /// Apple's pin mismatch on `chain`: `pinMismatchStatus` and the Pinning sentence, which names the whole
    /// chain, each summary quoted, joined by commas.
    init(pinMismatchOn chain: [ChainElement]) {
        let names = chain.map { "\"\($0.certificate.subjectSummary ?? $0.certificate.subject.rfc4514)\"" }
        self.init(code: Self.pinMismatchStatus, message: TrustErrorSubtype.pinning.message(summary: names.joined(separator: ",")),
                  verdict: .noMatchingPin)
    }

    /// An untrusted evaluation's primary error, as the reason pins were not even looked at.
    init(untrusted evaluation: TrustEvaluationResult) {
        self.init(code: evaluation.error?.code ?? OSStatusCode.errSecNotTrusted,
                  message: evaluation.error?.message ?? "the chain is not trusted", verdict: .chainNotTrusted)
    }

    /// `<message> (<code>)`.
    public var description: String { "\(message) (\(code))" }
    /// The message.
    public var errorDescription: String? { message }
}
