import CGnuTLS

/// What GnuTLS knows about a certificate signature algorithm (a `gnutls_sign_algorithm_t`).
public struct SignatureAlgorithmInfo: Sendable, Hashable {
    /// GnuTLS's gnutls_sign_algorithm_t; 0 when unknown.
    public let id: Int32
    /// GnuTLS's name, e.g. "RSA-SHA256", "ECDSA-SHA384", "EdDSA-Ed25519"; "unknown" for 0.
    public let name: String
    /// The digest name, e.g. "SHA256"; "" for algorithms without a separate hash (EdDSA) or unknown ones.
    public let hashName: String
    /// The public-key algorithm name, e.g. "RSA", "ECDSA", "EdDSA (Ed25519)", "RSA-PSS".
    public let publicKeyAlgorithmName: String
    /// GnuTLS's own verdict with GNUTLS_SIGN_FLAG_SECURE_FOR_CERTS (false for SHA-1 and MD5).
    public let isSecureForCertificates: Bool

    /// Looks the algorithm `id` up in GnuTLS's tables; an unknown or non-positive id gives "unknown".
    public init(id: Int32) {
        self.id = id
        let sign = gnutls_sign_algorithm_t(rawValue: UInt32(max(id, 0)))
        name = id > 0 ? gnutls_sign_get_name(sign).map { String(cString: $0) } ?? "unknown" : "unknown"
        let pk = gnutls_sign_get_pk_algorithm(sign)
        // GnuTLS reports SHA512/SHAKE256 for EdDSA, the hash inside the signature scheme; the
        // certificate names no digest (cryptography's signature_hash_algorithm is None too).
        let isEdDSA = pk == GNUTLS_PK_EDDSA_ED25519 || pk == GNUTLS_PK_EDDSA_ED448
        let hash = gnutls_sign_get_hash_algorithm(sign)
        hashName = hash.rawValue == 0 || isEdDSA ? "" : gnutls_digest_get_name(hash).map { String(cString: $0) } ?? ""
        publicKeyAlgorithmName = pk.rawValue == 0 ? "" : gnutls_pk_get_name(pk).map { String(cString: $0) } ?? ""
        isSecureForCertificates = id > 0 && gnutls_sign_is_secure2(sign, UInt32(GNUTLS_SIGN_FLAG_SECURE_FOR_CERTS)) != 0
    }
}
