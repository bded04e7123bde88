import TrustCertificates

/// The hash TrustKit computes at run time for a certificate's key, which is what its pins are compared
/// with (pinning-libraries.md 1.5, TSKSPKIHashCache).
///
/// Apple's API gives TrustKit no SubjectPublicKeyInfo, so it takes the key's external representation
/// and puts a fixed ASN.1 header for the key kind in front. Only five kinds have a header; any other key
/// cannot be hashed, and TrustKit then fails with `errorCouldNotGenerateSpkiHash`. The RSA headers
/// hard-code the lengths of a 3-byte exponent (65537) with NULL parameters, so for other RSA keys the
/// rebuilt bytes, and so the hash, differ from the real SPKI pin: such a key can never match a pin taken
/// with `openssl … | sha256`. This is the one place the rule lives.
public enum TrustKitSPKIHash: Sendable, Hashable {
    /// The hash TrustKit computes. `equalsSPKIHash` is false when its rebuilt SPKI differs from the certificate's.
    case hash([UInt8], equalsSPKIHash: Bool)
    /// TrustKit cannot hash this key; `reason` says which kind it is.
    case unsupported(reason: String)

    /// The kinds TrustKit has a header for, in words.
    public static let supportedKinds = "RSA 2048/3072/4096 and EC P-256/P-384"

    /// TrustKit's hash of `key`. When the rebuilt SPKI is the certificate's own, the SPKI digest computed
    /// at parse time is reused rather than hashing again.
    public init(key: PublicKeyInfo) {
        guard let header = Self.header(for: key) else {
            self = .unsupported(reason: "TrustKit cannot pin \(Self.kind(of: key)) keys, only \(Self.supportedKinds)")
            return
        }
        let rebuilt = header + key.externalRepresentation
        if rebuilt == key.subjectPublicKeyInfo {
            self = .hash(key.spkiSHA256, equalsSPKIHash: true)
        } else {
            self = .hash(SHA256.hash(rebuilt), equalsSPKIHash: false)
        }
    }

    /// The hash, or nil when TrustKit cannot compute one.
    public var digest: [UInt8]? {
        if case .hash(let digest, _) = self { return digest }
        return nil
    }

    private static func kind(of key: PublicKeyInfo) -> String {
        switch key.algorithm {
        case .rsa, .rsaPSS, .dsa: return "\(key.algorithm) \(key.bits)-bit"
        default: return key.algorithm.description
        }
    }

    /// TSKSPKIHashCache's ASN.1 headers, verbatim.
    private static func header(for key: PublicKeyInfo) -> [UInt8]? {
        let hex: String
        switch (key.algorithm, key.bits) {
        case (.rsa, 2048): hex = "30820122300d06092a864886f70d01010105000382010f00"
        case (.rsa, 3072): hex = "308201a2300d06092a864886f70d01010105000382018f00"
        case (.rsa, 4096): hex = "30820222300d06092a864886f70d01010105000382020f00"
        case (.ecdsa(curve: "P-256"), _): hex = "3059301306072a8648ce3d020106082a8648ce3d030107034200"
        case (.ecdsa(curve: "P-384"), _): hex = "3076301006072a8648ce3d020106052b81040022036200"
        default: return nil
        }
        let digits = Array(hex.utf8)
        return stride(from: 0, to: digits.count, by: 2).map {
            UInt8(String(decoding: digits[$0..<$0 + 2], as: UTF8.self), radix: 16)!
        }
    }
}
