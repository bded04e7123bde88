import FoundationEssentials
import TrustEvaluation

/// Why `AFSecurityPolicy.evaluateServerTrust` says NO: AFNetworking only returns NO (the request then fails
/// with NSURLErrorServerCertificateUntrusted, -1202); this names the step that refused.
public enum AFSecurityPolicyRefusal: Error, LocalizedError, Sendable, CustomStringConvertible {
    /// `allowInvalidCertificates` and `validatesDomainName` for a domain without pinning (no mode or no
    /// pinned certificates): AFNetworking logs the message and refuses.
    case domainValidationRequiresPinning
    /// The default evaluation against the trust's anchors failed.
    case invalidServerTrust(TrustEvaluationResult)
    /// Certificate mode: the evaluation with the pinned certificates as the only anchors failed.
    case notAnchoredAtPinnedCertificate(TrustEvaluationResult)
    /// Certificate mode: the chain evaluated with the pinned anchors holds no pinned certificate.
    case noPinnedCertificateInChain(TrustEvaluationResult)
    /// Public-key mode: no key of the chain is a pinned key (`pinnedKeyCount` of them were usable).
    case noPinnedPublicKeyInChain(TrustEvaluationResult, pinnedKeyCount: Int)
    /// Certificate mode: a pinned entry is not a DER certificate, so it cannot be an anchor. AFNetworking
    /// would add nil to an array and crash; TrustCheck refuses instead.
    case pinnedCertificateNotParseable(index: Int, reason: String)

    /// AFNetworking's log line for `domainValidationRequiresPinning`.
    public static let pinningRequiredMessage = "In order to validate a domain name for self signed certificates, you MUST use pinning."

    /// A stable identifier: the case's name.
    public var code: String {
        switch self {
        case .domainValidationRequiresPinning: return "domainValidationRequiresPinning"
        case .invalidServerTrust: return "invalidServerTrust"
        case .notAnchoredAtPinnedCertificate: return "notAnchoredAtPinnedCertificate"
        case .noPinnedCertificateInChain: return "noPinnedCertificateInChain"
        case .noPinnedPublicKeyInChain: return "noPinnedPublicKeyInChain"
        case .pinnedCertificateNotParseable: return "pinnedCertificateNotParseable"
        }
    }

    /// The evaluation behind the refusal, when one was made.
    public var evaluation: TrustEvaluationResult? {
        switch self {
        case .invalidServerTrust(let evaluation), .notAnchoredAtPinnedCertificate(let evaluation),
             .noPinnedCertificateInChain(let evaluation), .noPinnedPublicKeyInChain(let evaluation, _):
            return evaluation
        case .domainValidationRequiresPinning, .pinnedCertificateNotParseable: return nil
        }
    }

    /// What was refused, with the evaluation's error where there is one.
    public var errorDescription: String? {
        let because = evaluation?.error.map { ": \($0.message) (\($0.code))" } ?? ""
        switch self {
        case .domainValidationRequiresPinning: return Self.pinningRequiredMessage
        case .invalidServerTrust: return "the server trust is not valid" + because
        case .notAnchoredAtPinnedCertificate: return "the chain does not end at a pinned certificate" + because
        case .noPinnedCertificateInChain: return "no pinned certificate is on the evaluated chain"
        case .noPinnedPublicKeyInChain(_, let count): return "none of the \(count) pinned public keys is on the chain"
        case .pinnedCertificateNotParseable(let index, let reason): return "pinned certificate \(index) is not a DER certificate: \(reason)"
        }
    }

    /// `<code>: <message>`.
    public var description: String { "\(code): \(errorDescription ?? "")" }
}
