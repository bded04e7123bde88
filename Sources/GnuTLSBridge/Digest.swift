import CGnuTLS

/// Hashes computed by GnuTLS.
public enum Digest {
    /// The 32-byte SHA-256 digest of `bytes`.
    public static func sha256(_ bytes: [UInt8]) -> [UInt8] { hash(bytes[...], .sha256) }
    /// The same for octets inside a larger buffer (a key inside its certificate's DER).
    public static func sha256(_ bytes: ArraySlice<UInt8>) -> [UInt8] { hash(bytes, .sha256) }
    /// The 20-byte SHA-1 digest of `bytes`.
    public static func sha1(_ bytes: [UInt8]) -> [UInt8] { hash(bytes[...], .sha1) }

    /// The `algorithm` digest of `count` bytes at `bytes` (nothing read when `count` is 0).
    public static func hash(_ algorithm: DigestAlgorithm, of bytes: UnsafeRawPointer?, count: Int) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: algorithm.length)
        let rc = out.withUnsafeMutableBytes { output in
            gnutls_hash_fast(algorithm.gnutls, count > 0 ? bytes : nil, count, output.baseAddress)
        }
        // gnutls_hash_fast only fails for an unknown algorithm or allocation failure; both are programming errors here.
        precondition(rc == 0, "gnutls_hash_fast failed: \(rc)")
        return out
    }

    private static func hash(_ bytes: ArraySlice<UInt8>, _ algorithm: DigestAlgorithm) -> [UInt8] {
        bytes.withUnsafeBytes { hash(algorithm, of: $0.baseAddress, count: $0.count) }
    }
}
