import TrustCertificates

/// The certificate revocation lists an evaluation may consult, indexed by normalised issuer name so a
/// certificate's candidate CRLs are found by its issuer name whatever the number of CRLs. The CRLs
/// that were supplied but do not parse are kept beside them (see `UnreadableCRL`).
public struct CRLStore: Sendable {
    /// The CRLs that were read.
    public let crls: [CertificateRevocationList]
    /// The CRLs that could not be read; each counts as an unusable CRL of the issuer it may name.
    public let unreadable: [UnreadableCRL]
    /// Keyed by `ByteKey`, not `[UInt8]`: a dictionary of `[UInt8]` keys costs the Swift runtime two
    /// conformance scans of the whole binary (Array and UInt8 to Hashable) the first time one is made or
    /// dropped — in every `trustcheck verify`, CRLs or not.
    private let byIssuer: [ByteKey: [CertificateRevocationList]]

    /// A store of `crls`, and of the `unreadable` ones beside them.
    public init(_ crls: [CertificateRevocationList], unreadable: [UnreadableCRL] = []) {
        var unique: [CertificateRevocationList] = []
        var fingerprints = Set<ByteKey>()
        var byIssuer: [ByteKey: [CertificateRevocationList]] = [:]
        for crl in crls where fingerprints.insert(ByteKey(crl.sha256)).inserted {
            unique.append(crl)
            byIssuer[ByteKey(crl.issuer.normalized), default: []].append(crl)
        }
        self.crls = unique
        self.unreadable = unreadable
        self.byIssuer = byIssuer
    }

    /// Every CRL of the files, the unreadable ones included.
    public init(_ files: [CRLFile]) {
        self.init(files.flatMap(\.crls), unreadable: files.flatMap(\.unreadable))
    }

    /// No CRLs: no revocation checking.
    public static let empty = CRLStore([])

    /// No CRL was supplied at all; an unreadable one counts, since revocation was asked for.
    public var isEmpty: Bool { crls.isEmpty && unreadable.isEmpty }

    /// CRLs whose issuer name is the issuer name of `certificate` (RFC 5280 §7.1 comparison). Who
    /// really signed them is for the caller to check.
    public func crls(naming certificate: Certificate) -> [CertificateRevocationList] {
        byIssuer[ByteKey(certificate.issuer.normalized)] ?? []
    }

    /// CRLs, complete and delta, whose issuer name is `issuer` (RFC 5280 §7.1 comparison).
    public func crls(issuedBy issuer: DistinguishedName) -> [CertificateRevocationList] {
        byIssuer[ByteKey(issuer.normalized)] ?? []
    }

    /// Unreadable CRLs that may be `certificate`'s issuer's: those naming that issuer, and those whose
    /// issuer could not be read at all.
    public func unreadableCRLs(possiblyNaming certificate: Certificate) -> [UnreadableCRL] {
        unreadable.filter { $0.issuer.map { $0.normalized == certificate.issuer.normalized } ?? true }
    }
}
