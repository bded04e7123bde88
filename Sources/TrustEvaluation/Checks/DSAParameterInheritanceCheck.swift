import TrustCertificates

/// DSA parameter inheritance on a complete path (RFC 5280 §6.1.4 (f), RFC 3279 §2.3.2): a DSA key
/// without Dss-Parms takes those of the nearest certificate above it on the path that has them (the
/// working_public_key_parameters). The path builder accepted the edge below such a key with the
/// parameters of some issuer that signed it; this check confirms the signature with the parameters of
/// the path's own issuer, and fails a key that has none to inherit.
struct DSAParameterInheritanceCheck: PathCheck {
    func evaluate(_ context: PathContext, into failures: inout [TrustFailure]) {
        let certificates = context.certificates
        for index in certificates.indices where Self.inheritsParameters(certificates[index]) {
            guard let key = Self.completedKey(at: index, in: certificates) else {
                failures.append(TrustFailure(index: index, check: .weakKeySize, detail:
                    "DSA key without parameters, and no certificate above it on this path has DSA parameters to inherit"))
                continue
            }
            if index > 0, !certificates[index - 1].isSigned(byKey: key) {
                failures.append(TrustFailure(index: index - 1, check: .missingIntermediate, detail:
                    "not signed by “\(certificates[index].description)” with the DSA parameters it inherits on this path"))
            }
        }
    }

    /// Whether the certificate's key is a DSA key without parameters. Only a DSA key inherits: its algorithm
    /// is read in place first, where asking the key itself copies the whole `PublicKeyInfo`.
    static func inheritsParameters(_ certificate: Certificate) -> Bool {
        // A pattern, not `==`: the derived equality of algorithms compares the payloads of the other cases.
        guard case .dsa = certificate.publicKey.algorithm else { return false }
        return certificate.publicKey.inheritsDSAParameters
    }

    /// The key of `certificates[index]` as path validation uses it: completed with the parameters of the
    /// nearest DSA certificate above it that has them when it inherits them, else its own.
    static func workingKey(at index: Int, in certificates: [Certificate]) -> PublicKeyInfo {
        let key = certificates[index].publicKey
        guard key.inheritsDSAParameters else { return key }
        return completedKey(at: index, in: certificates) ?? key
    }

    private static func completedKey(at index: Int, in certificates: [Certificate]) -> PublicKeyInfo? {
        let key = certificates[index].publicKey
        var above = index + 1
        while above < certificates.count, inheritsParameters(certificates[above]) { above += 1 }
        guard above < certificates.count else { return nil }
        return key.inheritingDSAParameters(from: certificates[above].publicKey)
    }
}
