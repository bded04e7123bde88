/// The kind of key a certificate carries, as far as trust decisions care.
public enum PublicKeyAlgorithm: Sendable, Hashable, CustomStringConvertible {
    case rsa
    case rsaPSS
    case ecdsa(curve: String)
    case ed25519
    case ed448
    case dsa
    case other(oid: String)

    /// The algorithm's name, e.g. "RSA", "EC P-256", "Ed25519".
    public var description: String {
        switch self {
        case .rsa: return "RSA"
        case .rsaPSS: return "RSA-PSS"
        case .ecdsa(let curve): return "EC \(curve)"
        case .ed25519: return "Ed25519"
        case .ed448: return "Ed448"
        case .dsa: return "DSA"
        case .other(let oid): return "unknown (\(oid))"
        }
    }

    /// Whether TrustCheck verifies signatures made with this kind of key (through GnuTLS).
    var isVerifiable: Bool {
        switch self {
        case .rsa, .rsaPSS, .ecdsa, .ed25519, .ed448: return true
        case .dsa, .other: return false
        }
    }

    static let curveNames: [String: String] = [
        "1.2.840.10045.3.1.7": "P-256", "1.3.132.0.34": "P-384", "1.3.132.0.35": "P-521",
        "1.3.132.0.33": "P-224", "1.2.840.10045.3.1.1": "P-192", "1.3.132.0.10": "secp256k1",
    ]
}
