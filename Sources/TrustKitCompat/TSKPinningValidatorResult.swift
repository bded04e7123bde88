import Foundation

/// The details of one pinning validation of a server (`TSKPinningValidatorResult`).
///
/// `@unchecked Sendable`: every property is a constant, and `certificateChain` holds only Strings.
public final class TSKPinningValidatorResult: NSObject, @unchecked Sendable {
    /// The hostname validation was performed for.
    public let serverHostname: String
    /// The result of checking the server's evaluated chain against the pins of the `notedHostname`.
    public let evaluationResult: TSKTrustEvaluationResult
    /// The decision returned for the connection (a mismatch may be allowed when pinning is not enforced).
    public let finalTrustDecision: TSKTrustDecision
    /// How long the validation took, in seconds.
    public let validationDuration: TimeInterval
    /// The evaluated certificate chain, leaf first, as PEM strings (`-----BEGIN CERTIFICATE-----\n`, base64 in
    /// 64-character lines separated by CRLF, `\n-----END CERTIFICATE-----`), as TrustKit formats it.
    public let certificateChain: [Any]

    init(serverHostname: String, evaluationResult: TSKTrustEvaluationResult, finalTrustDecision: TSKTrustDecision,
         validationDuration: TimeInterval, certificateChain: [String])
    {
        self.serverHostname = serverHostname
        self.evaluationResult = evaluationResult
        self.finalTrustDecision = finalTrustDecision
        self.validationDuration = validationDuration
        self.certificateChain = certificateChain
        super.init()
    }
}
