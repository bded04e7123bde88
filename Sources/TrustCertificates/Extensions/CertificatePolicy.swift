/// One PolicyInformation of certificatePolicies (RFC 5280 §4.2.1.4).
public struct CertificatePolicy: Sendable, Hashable {
    /// The policy OID in dotted form.
    public let oid: String
    /// The CPS pointer qualifiers' URIs.
    public let cpsURIs: [String]
    /// The user notice qualifiers' texts.
    public let userNotices: [String]
}
