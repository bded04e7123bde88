internal import GnuTLSBridge

/// SHA-256 (FIPS 180-4), computed by the cryptography library: certificate fingerprints, SPKI pins.
public enum SHA256 {
    /// The 32-byte digest of `bytes`.
    public static func hash(_ bytes: [UInt8]) -> [UInt8] { Digest.sha256(bytes) }
    /// The digest of octets inside a larger buffer.
    public static func hash(_ bytes: ArraySlice<UInt8>) -> [UInt8] { Digest.sha256(bytes) }
}
