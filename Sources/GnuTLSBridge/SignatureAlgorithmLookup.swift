import CGnuTLS

/// GnuTLS's signature algorithm for a signatureAlgorithm OID, for structures TrustCheck reads with its
/// own DER reader (OCSP responses) rather than through a GnuTLS object that reports the algorithm.
public enum SignatureAlgorithmLookup {
    /// The gnutls_sign_algorithm_t GnuTLS has for the dotted `oid`; 0 when it knows none. RSA-PSS,
    /// whose hash lies in the parameters, is not found by OID alone and so gives 0.
    public static func id(forOID oid: String) -> Int32 {
        Int32(bitPattern: gnutls_oid_to_sign(oid).rawValue)
    }

    /// GnuTLS's RSA-PSS signature algorithm for the digest named by `hashOID` (the hashAlgorithm of
    /// RSASSA-PSS-params), as gnutls_x509_crt_get_signature_algorithm reports it; 0 for a digest GnuTLS
    /// does not know.
    public static func rsaPSS(hashOID: String) -> Int32 {
        let digest = gnutls_oid_to_digest(hashOID)
        guard digest.rawValue != 0 else { return 0 }
        return Int32(bitPattern: gnutls_pk_to_sign(GNUTLS_PK_RSA_PSS, digest).rawValue)
    }
}
