/// One PolicyInformation of certificatePolicies (RFC 5280 §4.2.1.4).
public struct CertificatePolicy: Sendable, Hashable {
    /// anyPolicy (2.5.29.32.0, §4.2.1.4): the issuer does not limit the policies the certificate is for.
    public static let anyPolicy = "2.5.29.32.0"

    /// The policy OID in dotted form.
    public let oid: String
    /// The CPS pointer qualifiers' URIs.
    public let cpsURIs: [String]
    /// The user notice qualifiers' texts.
    public let userNotices: [String]

    /// A policy with these qualifiers.
    public init(oid: String, cpsURIs: [String] = [], userNotices: [String] = []) {
        self.oid = oid
        self.cpsURIs = cpsURIs
        self.userNotices = userNotices
    }

    /// Whether this is anyPolicy.
    public var isAnyPolicy: Bool { oid == Self.anyPolicy }
}
