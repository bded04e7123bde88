import TrustCertificates

/// The pin TrustKit computes at run time for a certificate's key (pinning-libraries.md 1.5).
///
/// TrustKit cannot read the SubjectPublicKeyInfo on iOS; it takes SecKey's external
/// representation and prepends a fixed header chosen by key type and size. Only five kinds are
/// supported, and the RSA headers assume a 3-byte exponent (65537), so for other keys the hash
/// TrustKit compares against `kTSKPublicKeyHashes` is not the SPKI pin.
enum TrustKitPin {
    enum Outcome: Equatable {
        /// The hash TrustKit computes; `equalsSPKIPin` is false when its rebuilt SPKI differs from the real one.
        case hash([UInt8], equalsSPKIPin: Bool)
        /// TrustKit fails with ErrorCouldNotGenerateSpkiHash, so no pin can match this key.
        case unsupported(String)
    }

    static let supportedKinds = "RSA 2048/3072/4096 and EC P-256/P-384"

    static func outcome(for key: PublicKeyInfo) -> Outcome {
        guard let header = header(for: key) else {
            return .unsupported("TrustKit cannot pin \(kind(of: key)) keys, only \(supportedKinds)")
        }
        let rebuilt = header + key.externalRepresentation
        return .hash(SHA256.hash(rebuilt), equalsSPKIPin: rebuilt == key.subjectPublicKeyInfo)
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
