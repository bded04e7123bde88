import TrustCertificates

/// How a kind of pinning hashes a certificate's key to compare it with its pins.
public enum PinHashing: Sendable, Hashable {
    /// SHA-256 of the DER SubjectPublicKeyInfo (HPKP, Alamofire's and Apple's pins).
    case spkiSHA256
    /// TrustKit's hash: SHA-256 of its ASN.1 header for the key type and the key's bits, which differs
    /// from the SPKI hash for some RSA keys (`TrustKitSPKIHash`).
    case trustKit

    /// The base64 pin of `certificate` as this hashing computes it; nil for a key it cannot hash.
    public func pin(of certificate: Certificate) -> String? {
        switch self {
        case .spkiSHA256: return PublicKeyPin(of: certificate)?.base64
        case .trustKit: return TrustKitSPKIHash(key: certificate.publicKey).digest.map { Base64.encode($0) }
        }
    }
}
