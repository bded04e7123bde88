/// Which rule book an evaluation follows.
public enum TrustProfile: String, Sendable, CaseIterable, Codable {
    /// Apple's SecPolicyCreateSSL / SecPolicyCreateBasicX509, as apple-sectrust.md describes them (the default).
    case apple
    /// The CA/Browser Forum web PKI, as x509-limbo expects it.
    case webpki
    /// Plain RFC 5280 path validation.
    case rfc5280
}
