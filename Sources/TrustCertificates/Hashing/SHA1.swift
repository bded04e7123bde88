internal import GnuTLSBridge

/// SHA-1 (FIPS 180-4), computed by the cryptography library. Only for identifiers Apple defines with it
/// (SecCertificate's SHA-1 fingerprint, a SecKey's kSecAttrApplicationLabel), never for trust.
public enum SHA1 {
    /// The 20-byte digest of `bytes`.
    public static func hash(_ bytes: [UInt8]) -> [UInt8] { Digest.sha1(bytes) }
}
