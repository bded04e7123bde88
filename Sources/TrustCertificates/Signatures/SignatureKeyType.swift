/// The kind of key a signature algorithm signs with, as GnuTLS classifies it.
public enum SignatureKeyType: Sendable, Hashable, CustomStringConvertible {
    /// RSA PKCS #1 v1.5 (RFC 8017 §8.2).
    case rsa
    /// RSASSA-PSS (RFC 4055).
    case rsaPSS
    case dsa
    case ecdsa
    case ed25519
    case ed448
    /// A key type GnuTLS knows and TrustCheck has no case for (the GOST family), by GnuTLS's name.
    case other(String)
    /// The algorithm is unknown to GnuTLS, so is its key type.
    case unknown

    /// The key type GnuTLS calls `gnutlsName` (gnutls_pk_get_name, e.g. "EC/ECDSA"); empty is `.unknown`.
    init(gnutlsName: String) {
        switch gnutlsName {
        case "": self = .unknown
        case "RSA": self = .rsa
        case "RSA-PSS": self = .rsaPSS
        case "DSA": self = .dsa
        case "EC/ECDSA": self = .ecdsa
        case "EdDSA (Ed25519)": self = .ed25519
        case "EdDSA (Ed448)": self = .ed448
        default: self = .other(gnutlsName)
        }
    }

    /// "RSA", "RSA-PSS", "DSA", "ECDSA", "Ed25519", "Ed448", GnuTLS's name for `.other`, or "unknown".
    public var description: String {
        switch self {
        case .rsa: return "RSA"
        case .rsaPSS: return "RSA-PSS"
        case .dsa: return "DSA"
        case .ecdsa: return "ECDSA"
        case .ed25519: return "Ed25519"
        case .ed448: return "Ed448"
        case .other(let name): return name
        case .unknown: return "unknown"
        }
    }
}
