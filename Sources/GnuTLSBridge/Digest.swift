import CGnuTLS

/// Hashes computed by GnuTLS.
public enum Digest {
    /// The 32-byte SHA-256 digest of `bytes`.
    public static func sha256(_ bytes: [UInt8]) -> [UInt8] { hash(bytes[...], algorithm: GNUTLS_DIG_SHA256, length: 32) }
    /// The same for octets inside a larger buffer (a key inside its certificate's DER).
    public static func sha256(_ bytes: ArraySlice<UInt8>) -> [UInt8] { hash(bytes, algorithm: GNUTLS_DIG_SHA256, length: 32) }
    /// The 20-byte SHA-1 digest of `bytes`.
    public static func sha1(_ bytes: [UInt8]) -> [UInt8] { hash(bytes[...], algorithm: GNUTLS_DIG_SHA1, length: 20) }

    private static func hash(_ bytes: ArraySlice<UInt8>, algorithm: gnutls_digest_algorithm_t, length: Int) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: length)
        let rc = bytes.withUnsafeBytes { input in
            out.withUnsafeMutableBytes { output in
                gnutls_hash_fast(algorithm, input.baseAddress, input.count, output.baseAddress)
            }
        }
        // gnutls_hash_fast only fails for an unknown algorithm or allocation failure; both are programming errors here.
        precondition(rc == 0, "gnutls_hash_fast failed: \(rc)")
        return out
    }
}
