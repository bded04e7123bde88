/// TrustKit's `TSKTrustEvaluationResult`, with its integer values (NS_ENUM, implicit numbering; the
/// same on every platform). The value goes into reports as `validation-result`.
public enum TrustKitEvaluationResult: Int, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// `TSKTrustEvaluationSuccess`: the chain is valid and carries a pin.
    case success = 0
    /// `TSKTrustEvaluationFailedNoMatchingPin`: the chain is valid but carries none of the pins.
    case failedNoMatchingPin = 1
    /// `TSKTrustEvaluationFailedInvalidCertificateChain`: default SSL validation (chain, dates, hostname…) failed.
    case failedInvalidCertificateChain = 2
    /// `TSKTrustEvaluationErrorInvalidParameters`: there was no trust to evaluate, or it could not be evaluated.
    case errorInvalidParameters = 3
    /// `TSKTrustEvaluationFailedUserDefinedTrustAnchor`: no pin, but the chain uses a user-added trust anchor (macOS).
    case failedUserDefinedTrustAnchor = 4
    /// `TSKTrustEvaluationErrorCouldNotGenerateSpkiHash`: a key on the chain that TrustKit cannot hash was
    /// reached before any pin matched.
    case errorCouldNotGenerateSpkiHash = 5

    /// TrustKit's constant name, e.g. `TSKTrustEvaluationFailedNoMatchingPin`.
    public var trustKitName: String {
        switch self {
        case .success: return "TSKTrustEvaluationSuccess"
        case .failedNoMatchingPin: return "TSKTrustEvaluationFailedNoMatchingPin"
        case .failedInvalidCertificateChain: return "TSKTrustEvaluationFailedInvalidCertificateChain"
        case .errorInvalidParameters: return "TSKTrustEvaluationErrorInvalidParameters"
        case .failedUserDefinedTrustAnchor: return "TSKTrustEvaluationFailedUserDefinedTrustAnchor"
        case .errorCouldNotGenerateSpkiHash: return "TSKTrustEvaluationErrorCouldNotGenerateSpkiHash"
        }
    }

    /// The same as `trustKitName`.
    public var description: String { trustKitName }
}
