import TrustCertificates
import GnuTLSBridge

/// Signature hashes: MD2/MD4/MD5 on a certificate not signed by itself fails every policy
/// (WeakSignature, fatal); the SSL server policy also refuses SHA-1 there (SignatureHashAlgorithms).
/// Self-signed certificates are skipped: their signature protects nothing. Like Apple's two separate
/// checks, an MD5 signature fails both.
struct SignatureAlgorithmCheck: PathCheck {
    let refuseSHA1: Bool

    func evaluate(_ context: PathContext, into failures: inout [TrustFailure]) {
        for (index, certificate) in context.certificates.enumerated() where !certificate.isSelfIssued {
            let hash = certificate.signatureAlgorithm.hashName.uppercased()
            if Self.brokenHashes.contains(hash) {
                failures.append(TrustFailure(index: index, check: .weakSignature,
                                             context: .signatureAlgorithm(certificate.signatureAlgorithm.name)))
            }
            if refuseSHA1 && (hash == "SHA1" || Self.brokenHashes.contains(hash)) {
                failures.append(TrustFailure(index: index, check: .signatureHashAlgorithms,
                                             context: .signatureAlgorithm(certificate.signatureAlgorithm.name)))
            }
        }
    }

    static let brokenHashes: Set<String> = ["MD2", "MD4", "MD5"]

    /// Path scoring's notion of a weak hash: SHA-1 or worse below the anchor.
    static func isWeakForScoring(_ certificate: Certificate) -> Bool {
        let hash = certificate.signatureAlgorithm.hashName.uppercased()
        return hash == "SHA1" || brokenHashes.contains(hash)
    }
}
