import FoundationEssentials
import TrustCertificates

/// What an evaluation decided, and why.
public struct TrustEvaluationResult: Sendable {
    /// Whether a path passed every check of every policy.
    public let isTrusted: Bool
    /// Apple's SecTrustResultType for the evaluation: unspecified when trusted.
    public let resultType: TrustResultType
    /// The chosen path when trusted; the best failing path otherwise. Leaf first.
    public let chain: [ChainElement]
    /// Every failed check on that path.
    public let failures: [TrustFailure]
    /// nil when trusted.
    public let error: TrustError?
    /// The time the path was evaluated at.
    public let verificationTime: Date
    /// Whether the chain ends at one of the anchors in use.
    public let isAnchored: Bool
    /// How much of the search budget was spent.
    public let pathsConsidered: Int
    /// Signature verifications the search performed.
    public let signatureChecks: Int
    /// What is worth telling about the presented certificates without changing the verdict: a
    /// probable wrong order, certificates the path does not use.
    public let notes: [TrustNote]
    /// What became of each stapled OCSP response, judged on `chain`, in the order given: used (good
    /// or revoked) or ignored with the reason.
    public let ocspResponses: [OCSPResponseReport]
    /// The revocation status of each certificate of `chain`, leaf first: revoked, not revoked,
    /// undetermined or not checked, by what (CRLs, stapled OCSP) and, when not established, why.
    public let revocation: [CertificateRevocationStatus]
    /// RFC 5280 policy processing on `chain` (its policy sets, or why it failed), from the first policy
    /// whose profile runs the policy tree (apple, rfc5280); nil when none does (webpki).
    public internal(set) var policyTree: PolicyTreeOutcome?

    /// The certificates of `chain`, leaf first.
    public var certificates: [Certificate] { chain.map(\.certificate) }
}
