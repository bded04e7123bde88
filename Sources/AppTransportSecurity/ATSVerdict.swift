import TrustCertificates
import TrustEvaluation

/// Whether a load under a policy succeeds, and if not, the error the app sees, the reason in the user's
/// terms, and the key whose requirement the server failed.
public struct ATSVerdict: Sendable, Hashable, Encodable {
    /// The load succeeds.
    public let allowed: Bool
    /// The NSURLError the app would see; nil when allowed.
    public let error: ATSURLError?
    /// Why, in words.
    public let reason: String
    /// The requirement the server failed (`minimum_tls_version`, `forward_secrecy_required`,
    /// `cipher_suites`, `minimum_key_sizes_required`, `sha2_signatures_required`, `server_trust_required`,
    /// `pins`, `cleartext_allowed`, `connection`); nil when allowed.
    public let failedRequirement: String?
    /// The key that decided the failed requirement; nil when allowed or no key did.
    public let decidedBy: String?

    private enum CodingKeys: String, CodingKey {
        case allowed, error, reason
        case failedRequirement = "failed_requirement"
        case decidedBy = "decided_by"
    }

    /// A verdict with these parts.
    public init(allowed: Bool, error: ATSURLError?, reason: String, failedRequirement: String?, decidedBy: String?) {
        self.allowed = allowed
        self.error = error
        self.reason = reason
        self.failedRequirement = failedRequirement
        self.decidedBy = decidedBy
    }

    /// An allowed load.
    public static func allowed(_ reason: String) -> ATSVerdict {
        ATSVerdict(allowed: true, error: nil, reason: reason, failedRequirement: nil, decidedBy: nil)
    }

    /// The verdict for a cleartext (http, ws) load, made before any connection.
    public static func cleartext(_ policy: ATSPolicy) -> ATSVerdict {
        policy.cleartextAllowed.value
            ? .allowed("cleartext is allowed: \(policy.cleartextAllowed.reason)")
            : ATSVerdict(allowed: false, error: .requiresSecureConnection,
                         reason: "\(policy.scheme):// is cleartext and ATS requires TLS for \(policy.host): \(policy.cleartextAllowed.reason)",
                         failedRequirement: "cleartext_allowed", decidedBy: policy.cleartextAllowed.decidedBy)
    }

    /// The verdict when the handshake that offered only what `policy` allows failed. `server` is what a
    /// second handshake offering everything agreed on (nil when that failed too), which says why.
    public static func handshakeRefused(_ policy: ATSPolicy, server: ATSNegotiated?, failure: String) -> ATSVerdict {
        if let server, let version = server.version, version < policy.minimumTLSVersion.value {
            return ATSVerdict(
                allowed: false, error: .secureConnectionFailed(-9836, "errSSLPeerProtocolVersion"),
                reason: "the server speaks \(version.plistValue) at best, and ATS requires \(policy.minimumTLSVersion.value.plistValue) or later for \(policy.host) (\(policy.minimumTLSVersion.reason))",
                failedRequirement: "minimum_tls_version", decidedBy: policy.minimumTLSVersion.decidedBy)
        }
        if let server, policy.forwardSecrecyRequired.value, !server.isForwardSecret {
            return ATSVerdict(
                allowed: false, error: .secureConnectionFailed(-9824, "errSSLPeerHandshakeFail"),
                reason: "the server offers no forward-secret suite (it chose \(server.cipherSuite), RSA key exchange), and ATS requires ECDHE for \(policy.host) (\(policy.forwardSecrecyRequired.reason))",
                failedRequirement: "forward_secrecy_required", decidedBy: policy.forwardSecrecyRequired.decidedBy)
        }
        if let server, policy.atsApplies.value {
            return ATSVerdict(
                allowed: false, error: .secureConnectionFailed(-9824, "errSSLPeerHandshakeFail"),
                reason: "the server accepts none of the suites ATS offers for \(policy.host) (offered every suite, it chose \(server.protocolVersion) \(server.cipherSuite), which is not in ATS's list): \(failure)",
                failedRequirement: "cipher_suites", decidedBy: policy.forwardSecrecyRequired.decidedBy)
        }
        if let server {
            return ATSVerdict(
                allowed: false, error: .secureConnectionFailed(-9824, "errSSLPeerHandshakeFail"),
                reason: "the TLS handshake failed although the server agreed to \(server.protocolVersion) \(server.cipherSuite) when offered everything: \(failure)",
                failedRequirement: "connection", decidedBy: nil)
        }
        return ATSVerdict(allowed: false, error: .secureConnectionFailed(-9824, "errSSLPeerHandshakeFail"),
                          reason: "the TLS handshake failed: \(failure)", failedRequirement: "connection", decidedBy: nil)
    }

    /// The verdict on a completed handshake: the negotiated parameters, the engine's evaluation of the
    /// presented chain under Apple's SSL policy for the host, and whether the NSPinnedDomains pins failed.
    ///
    /// ATS's certificate minimums come first (-1200, errSSLATSMinimumKeySizeViolation or
    /// errSSLATS…HashAlgorithmViolation), then the rest of server trust (-1202), then the pins (-1202,
    /// errSSLATSCertificateTrustViolation). A minimum the policy lifts is not held against the server.
    public static func judge(_ policy: ATSPolicy, negotiated: ATSNegotiated, evaluation: TrustEvaluationResult,
                             pinsFailed: Bool) -> ATSVerdict
    {
        if let version = negotiated.version, version < policy.minimumTLSVersion.value {
            return ATSVerdict(allowed: false, error: .secureConnectionFailed(-9881, "errSSLATSMinimumVersionViolation"),
                              reason: "the connection used \(version.plistValue); ATS requires \(policy.minimumTLSVersion.value.plistValue) or later",
                              failedRequirement: "minimum_tls_version", decidedBy: policy.minimumTLSVersion.decidedBy)
        }
        if policy.forwardSecrecyRequired.value, !negotiated.isForwardSecret {
            return ATSVerdict(allowed: false, error: .secureConnectionFailed(-9882, "errSSLATSCiphersuiteViolation"),
                              reason: "the connection used \(negotiated.cipherSuite), which is not forward secret",
                              failedRequirement: "forward_secrecy_required", decidedBy: policy.forwardSecrecyRequired.decidedBy)
        }
        let chain = evaluation.certificates
        var failures = evaluation.failures
        if let keySize = failures.first(where: { $0.check == .keySize }) {
            if policy.minimumKeySizesRequired.value {
                return ATSVerdict(
                    allowed: false, error: .secureConnectionFailed(-9883, "errSSLATSMinimumKeySizeViolation"),
                    reason: "\(Self.role(keySize.index, chain)) has a \(Self.key(keySize.index, chain)) key; ATS requires RSA keys of 2048 bits or more and EC keys of 256 bits or more",
                    failedRequirement: "minimum_key_sizes_required", decidedBy: policy.minimumKeySizesRequired.decidedBy)
            }
            failures.removeAll { $0.check == .keySize }
        }
        if let hash = failures.first(where: { $0.check == .signatureHashAlgorithms }) {
            if policy.sha2SignaturesRequired.value {
                let status = hash.index == 0 ? (-9884, "errSSLATSLeafCertificateHashAlgorithmViolation")
                    : (-9885, "errSSLATSCertificateHashAlgorithmViolation")
                return ATSVerdict(
                    allowed: false, error: .secureConnectionFailed(status.0, status.1),
                    reason: "\(Self.role(hash.index, chain)) is signed with \(Self.hash(hash.index, chain)); ATS requires SHA-2 (SHA-256 or stronger)",
                    failedRequirement: "sha2_signatures_required", decidedBy: policy.sha2SignaturesRequired.decidedBy)
            }
            failures.removeAll { $0.check == .signatureHashAlgorithms }
        }
        if let primary = TrustError.primaryFailure(among: failures) {
            let status: (Int, String) = switch primary.check {
            case .sslHostname: (-9843, "errSSLHostNameMismatch")
            case .temporalValidity: (-9814, "errSSLCertExpired")
            case .anchorTrusted, .missingIntermediate: (-9813, "errSSLNoRootCert")
            default: (-9807, "errSSLXCertChainInvalid")
            }
            let message = evaluation.error.map { "\($0.message) (\($0.code))" } ?? primary.description
            return ATSVerdict(allowed: false, error: .serverCertificateUntrusted(host: policy.host, status.0, status.1),
                              reason: "server trust failed under Apple's SSL policy for \(policy.host): \(primary.check.rawValue) on \(Self.role(primary.index, chain)): \(message)",
                              failedRequirement: "server_trust_required", decidedBy: policy.serverTrustRequired.decidedBy)
        }
        if pinsFailed {
            return ATSVerdict(allowed: false, error: .serverCertificateUntrusted(host: policy.host, -9886, "errSSLATSCertificateTrustViolation"),
                              reason: "the chain matches none of the NSPinnedDomains pins for \(policy.host)",
                              failedRequirement: "pins", decidedBy: policy.pins.decidedBy)
        }
        return .allowed("\(negotiated.protocolVersion) \(negotiated.cipherSuite); the chain is trusted and meets every requirement of the policy")
    }

    private static func role(_ index: Int, _ chain: [Certificate]) -> String {
        index == 0 ? "the leaf" : index == chain.count - 1 ? "the root (certificate \(index))" : "intermediate \(index)"
    }

    private static func key(_ index: Int, _ chain: [Certificate]) -> String {
        guard index < chain.count else { return "small" }
        return "\(chain[index].publicKey.bits)-bit \(chain[index].publicKey.algorithm)"
    }

    private static func hash(_ index: Int, _ chain: [Certificate]) -> String {
        guard index < chain.count else { return "a weak hash" }
        return chain[index].signatureAlgorithm.hash?.name ?? chain[index].signatureAlgorithm.name
    }
}
