import FoundationEssentials
import TrustCertificates
import TrustEvaluation

/// What Alamofire's `.trustEvaluationFailed(error:)` carries: the error `SecTrustEvaluateWithError` returned,
/// here the evaluation's primary error with Apple's OSStatus and messages, and the evaluation itself.
public struct ServerTrustEvaluationFailure: Error, LocalizedError, Sendable, CustomStringConvertible {
    /// Apple's OSStatus (the CFError's code), e.g. -67843 errSecNotTrusted.
    public let code: Int32
    /// The simple message (the CFError's description), e.g. `“example.com” certificate is not trusted`.
    public let message: String
    /// The underlying error's message: every failure, certificate by certificate.
    public let detailedMessage: String
    /// The failed evaluation, with its built chain and failed checks.
    public let evaluation: TrustEvaluationResult

    /// The primary error of an untrusted evaluation.
    init(_ evaluation: TrustEvaluationResult) {
        code = evaluation.error?.code ?? OSStatusCode.errSecNotTrusted
        message = evaluation.error?.message ?? "the chain is not trusted"
        detailedMessage = evaluation.error?.detailedMessage ?? message
        self.evaluation = evaluation
    }

    /// `<message> (<code>)`.
    public var description: String { "\(message) (\(code))" }
    /// The simple message.
    public var errorDescription: String? { message }
    /// Every failure, certificate by certificate.
    public var failureReason: String? { detailedMessage }
}
