import TrustCertificates

/// Which rule book an evaluation follows.
public enum TrustProfile: String, Sendable, CaseIterable, Codable {
    /// Apple's SecPolicyCreateSSL / SecPolicyCreateBasicX509, as apple-sectrust.md describes them (the default).
    case apple
    /// The CA/Browser Forum web PKI, as x509-limbo expects it.
    case webpki
    /// Plain RFC 5280 path validation.
    case rfc5280
}

extension TrustProfile {
    /// The critical extensions of `certificate` this profile does not know; any of them makes the certificate
    /// unusable (CriticalExtensions, -67603). The apple profile knows what Apple's parser knows
    /// (`ExtensionOID.isKnownToApple`); webpki and rfc5280 know what TrustCheck enforces or may safely ignore
    /// (`ExtensionOID.understood`), and rfc5280, which runs the policy tree, the policy extensions too
    /// (`ExtensionOID.policyProcessing`).
    func unknownCriticalExtensions(of certificate: Certificate) -> [String] {
        switch self {
        // Apple knows every extension TrustCheck understands (`knownToApple` contains `understood`), so only
        // the critical ones TrustCheck does not understand, usually none, are looked up in Apple's sets.
        case .apple: return certificate.unknownCriticalExtensions.filter { !ExtensionOID.isKnownToApple($0) }
        case .webpki: return certificate.unknownCriticalExtensions
        case .rfc5280: return certificate.unknownCriticalExtensions.filter { !ExtensionOID.policyProcessing.contains($0) }
        }
    }
}
