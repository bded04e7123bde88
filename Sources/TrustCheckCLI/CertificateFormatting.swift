import FoundationEssentials
import TrustCertificates

/// Text pieces shared by the subcommands' output.
enum CertificateFormatting {
    /// Apple's subject summary; the RFC 4514 subject when Apple would return NULL.
    static func displayName(_ certificate: Certificate) -> String {
        if let summary = certificate.subjectSummary { return summary }
        return certificate.subject.isEmpty ? "(empty subject)" : certificate.subject.rfc4514
    }

    static func colonHex(_ bytes: [UInt8]) -> String { Hex.encode(bytes, separator: ":") }

    /// RFC 3339 in UTC to the second, e.g. 2024-03-01T12:00:00Z: the one rendering of a time in every output.
    static func timestamp(_ date: Date) -> String { RFC3339.string(date) }

    /// Key family for machines ("RSA", "EC", "Ed25519", ...) and the named curve for EC keys.
    static func keyType(_ algorithm: PublicKeyAlgorithm) -> (type: String, curve: String?) {
        switch algorithm {
        case .rsa: return ("RSA", nil)
        case .rsaPSS: return ("RSA-PSS", nil)
        case .ecdsa(let curve): return ("EC", curve)
        case .ed25519: return ("Ed25519", nil)
        case .ed448: return ("Ed448", nil)
        case .dsa: return ("DSA", nil)
        case .other: return ("unknown", nil)
        }
    }

    /// e.g. "RSA 2048 bits", "EC P-256 (256 bits)".
    static func keyText(_ key: PublicKeyInfo) -> String {
        switch key.algorithm {
        case .ecdsa: return "\(key.algorithm) (\(key.bits) bits)"
        default: return "\(key.algorithm) \(key.bits) bits"
        }
    }

    static let extensionNames: [String: String] = [
        ExtensionOID.subjectKeyIdentifier: "subjectKeyIdentifier",
        ExtensionOID.keyUsage: "keyUsage",
        ExtensionOID.subjectAltName: "subjectAltName",
        ExtensionOID.issuerAltName: "issuerAltName",
        ExtensionOID.basicConstraints: "basicConstraints",
        ExtensionOID.nameConstraints: "nameConstraints",
        ExtensionOID.crlDistributionPoints: "cRLDistributionPoints",
        ExtensionOID.certificatePolicies: "certificatePolicies",
        ExtensionOID.policyMappings: "policyMappings",
        ExtensionOID.authorityKeyIdentifier: "authorityKeyIdentifier",
        ExtensionOID.policyConstraints: "policyConstraints",
        ExtensionOID.extendedKeyUsage: "extendedKeyUsage",
        ExtensionOID.inhibitAnyPolicy: "inhibitAnyPolicy",
        ExtensionOID.authorityInfoAccess: "authorityInfoAccess",
        ExtensionOID.subjectInfoAccess: "subjectInfoAccess",
        "1.3.6.1.4.1.11129.2.4.2": "signedCertificateTimestampList",
    ]

    /// The extension's name, or its OID when TrustCheck has no name for it.
    static func extensionName(_ oid: String) -> String { extensionNames[oid] ?? oid }
}
