import CGnuTLS

/// GnuTLS's signature algorithm for a signatureAlgorithm OID, for structures TrustCheck reads with its
/// own DER reader (OCSP responses) rather than through a GnuTLS object that reports the algorithm.
public enum SignatureAlgorithmLookup {
    /// The gnutls_sign_algorithm_t GnuTLS has for the dotted `oid`; 0 when it knows none. RSA-PSS,
    /// whose hash lies in the parameters, is not found by OID alone and so gives 0.
    public static func id(forOID oid: String) -> Int32 {
        Int32(bitPattern: gnutls_oid_to_sign(oid).rawValue)
    }
}
