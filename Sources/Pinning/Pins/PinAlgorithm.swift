import TrustCertificates

/// What a pin is the SHA-256 of. The two are named apart because they never match each other: the same
/// key has a different digest under each.
public enum PinAlgorithm: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// SHA-256 of the DER SubjectPublicKeyInfo exactly as in the certificate: the HPKP `pin-sha256`
    /// (RFC 7469), OkHttp's `sha256/` pin and TrustKit's `TSKPublicKeyHashes` entries.
    case spkiSHA256 = "spki-sha256"
    /// SHA-256 of the key's external representation, the bytes Apple's `SecKeyCopyExternalRepresentation`
    /// returns (PKCS#1 RSAPublicKey for RSA, `04‖X‖Y` for EC): what app code that hashes a SecKey compares.
    case externalRepresentationSHA256 = "external-representation-sha256"

    public var description: String { rawValue }

    /// The certificate's digest under this algorithm, as computed once when the certificate was parsed;
    /// empty for a key Apple cannot represent externally, which therefore matches no pin.
    func digest(of certificate: Certificate) -> [UInt8] {
        switch self {
        case .spkiSHA256: return certificate.publicKey.spkiSHA256
        case .externalRepresentationSHA256: return certificate.publicKey.externalRepresentationSHA256
        }
    }
}
