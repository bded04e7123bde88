internal import GnuTLSBridge

/// The algorithm a certificate or CRL is signed with: the signatureAlgorithm field's OID and what
/// GnuTLS, which checks the signature, makes of it.
///
/// The hash is typed so that every strength rule is one property of `HashAlgorithm`; the name is
/// GnuTLS's ("RSA-SHA256", "ECDSA-SHA384", "EdDSA-Ed25519"), which `trustcheck show` prints.
public struct SignatureAlgorithm: Sendable, Hashable, CustomStringConvertible {
    /// GnuTLS's name, e.g. "RSA-SHA256", "RSA-PSS-SHA384", "EdDSA-Ed25519"; "unknown" when GnuTLS
    /// does not know the algorithm (such a signature verifies under no key).
    public let name: String
    /// The signatureAlgorithm OID in dotted form, e.g. "1.2.840.113549.1.1.11".
    public let oid: String
    /// The digest the signed bytes are hashed with; nil for EdDSA, whose signature scheme hashes
    /// internally and names no digest (as pyca/cryptography's `signature_hash_algorithm` is None), and
    /// for algorithms GnuTLS does not know.
    public let hash: HashAlgorithm?
    /// The kind of key that makes this signature.
    public let keyType: SignatureKeyType
    /// GnuTLS's own verdict with GNUTLS_SIGN_FLAG_SECURE_FOR_CERTS (false for SHA-1 and MD5). Reported,
    /// never enforced: TrustCheck's policies decide with `hash`'s rules.
    public let isSecureForCertificates: Bool
    /// GnuTLS's gnutls_sign_algorithm_t, which the signature check needs; 0 when unknown.
    let gnutlsID: Int32

    /// What GnuTLS makes of its algorithm number `gnutlsID`, read from a signatureAlgorithm with `oid`.
    init(gnutlsID: Int32, oid: String) {
        let info = SignatureAlgorithmInfo(id: gnutlsID)
        self.gnutlsID = gnutlsID
        self.oid = oid
        name = info.name
        hash = info.hashName.isEmpty ? nil : HashAlgorithm(name: info.hashName)
        keyType = SignatureKeyType(gnutlsName: info.publicKeyAlgorithmName)
        isSecureForCertificates = info.isSecureForCertificates
    }

    /// What GnuTLS makes of a signatureAlgorithm with `oid` alone, for structures read without GnuTLS
    /// (OCSP responses).
    init(oid: String) {
        self.init(gnutlsID: SignatureAlgorithmLookup.id(forOID: oid), oid: oid)
    }

    /// `init(oid:)`, from a table made once per process for the OIDs nearly every certificate carries:
    /// GnuTLS's lookup by OID text and its three names cost a first sight more than the rest of the
    /// TBSCertificate's header (3.1 K of ~48 K instructions a certificate, callgrind).
    static func named(byOID oid: String) -> SignatureAlgorithm {
        usual.first { $0.oid == oid } ?? SignatureAlgorithm(oid: oid)
    }

    /// RSA PKCS#1 v1.5 with SHA-256/384/512 and SHA-1, ECDSA with SHA-256/384/512, Ed25519 and Ed448
    /// (RFC 4055, RFC 5758, RFC 8410); the rest go to GnuTLS each time. A short array: nine entries
    /// compared as text cost less than hashing the OID, and need no runtime protocol lookup.
    private static let usual: [SignatureAlgorithm] = [
        "1.2.840.113549.1.1.11", "1.2.840.113549.1.1.12", "1.2.840.113549.1.1.13", "1.2.840.113549.1.1.5",
        "1.2.840.10045.4.3.2", "1.2.840.10045.4.3.3", "1.2.840.10045.4.3.4", "1.3.101.112", "1.3.101.113",
    ].map(SignatureAlgorithm.init(oid:))

    /// Whether GnuTLS knows the algorithm, and so can check a signature made with it.
    public var isKnown: Bool { gnutlsID > 0 }

    /// The same as `name`.
    public var description: String { name }
}
