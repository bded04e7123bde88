import TrustCertificates

/// The certificate revocation lists an evaluation may consult, indexed by normalised issuer name so a
/// certificate's candidate CRLs are found by its issuer name whatever the number of CRLs.
public struct CRLStore: Sendable {
    public let crls: [CertificateRevocationList]
    private let byIssuer: [[UInt8]: [CertificateRevocationList]]

    public init(_ crls: [CertificateRevocationList]) {
        var unique: [CertificateRevocationList] = []
        var fingerprints = Set<[UInt8]>()
        var byIssuer: [[UInt8]: [CertificateRevocationList]] = [:]
        for crl in crls where fingerprints.insert(crl.sha256).inserted {
            unique.append(crl)
            byIssuer[crl.issuer.normalized, default: []].append(crl)
        }
        self.crls = unique
        self.byIssuer = byIssuer
    }

    public static let empty = CRLStore([])

    public var isEmpty: Bool { crls.isEmpty }

    /// CRLs whose issuer name is the issuer name of `certificate` (RFC 5280 §7.1 comparison). Who
    /// really signed them is for the caller to check.
    public func crls(naming certificate: Certificate) -> [CertificateRevocationList] {
        byIssuer[certificate.issuer.normalized] ?? []
    }
}
