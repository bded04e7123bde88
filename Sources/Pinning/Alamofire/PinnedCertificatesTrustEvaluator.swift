import FoundationEssentials
import TrustCertificates
import TrustEvaluation

/// Alamofire's `PinnedCertificatesTrustEvaluator`, step by step (pinning-libraries.md 2.3):
///
/// 1. no certificates → `.noCertificatesFound`;
/// 2. `acceptSelfSignedCertificates`: the pinned certificates become the *only* anchors (the system store
///    is off, so a publicly trusted chain that does not reach a pinned certificate fails);
/// 3. `performDefaultValidation`: the SSL policy without a host;
/// 4. `validateHost`: the SSL policy for the host, which checks the chain as well;
/// 5. one pinned certificate (by DER) must be on the built chain, leaf to anchor: the chain the last
///    evaluation built, built even when steps 3 and 4 are off and the chain is untrusted. A pinned
///    certificate the server sent beside the path does not count.
public struct PinnedCertificatesTrustEvaluator: ServerTrustEvaluating {
    /// The pinned certificates.
    public let certificates: [Certificate]
    /// Whether the pinned certificates are the only anchors.
    public let acceptSelfSignedCertificates: Bool
    /// Whether the chain is validated (SSL policy, no host).
    public let performDefaultValidation: Bool
    /// Whether the chain is validated for the host.
    public let validateHost: Bool

    /// Alamofire's defaults, except that the certificates are given (Alamofire reads the main bundle's;
    /// `CertificateDirectory` loads a directory the same way).
    public init(certificates: [Certificate], acceptSelfSignedCertificates: Bool = false,
                performDefaultValidation: Bool = true, validateHost: Bool = true)
    {
        self.certificates = certificates
        self.acceptSelfSignedCertificates = acceptSelfSignedCertificates
        self.performDefaultValidation = performDefaultValidation
        self.validateHost = validateHost
    }

    public func evaluate(_ trust: ServerTrust, forHost host: String, at date: Date) throws(ServerTrustError) {
        guard !certificates.isEmpty else { throw .noCertificatesFound }
        var trust = trust
        if acceptSelfSignedCertificates { trust.setAnchorCertificates(certificates) }
        if performDefaultValidation { try trust.performDefaultValidation(forHost: host, at: date) }
        if validateHost { try trust.performValidation(forHost: host, at: date) }
        let evaluation = trust.evaluation(at: date)
        // Certificate equality is DER equality, as Alamofire compares `SecCertificateCopyData`.
        guard Set(evaluation.certificates).isDisjoint(with: certificates) else { return }
        throw .certificatePinningFailed(host: host, trust: evaluation, pinnedCertificates: certificates,
                                        serverCertificates: evaluation.certificates)
    }
}
