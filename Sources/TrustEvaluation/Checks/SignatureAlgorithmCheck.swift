import TrustCertificates

/// Signature hashes: MD2/MD4/MD5 on a certificate not signed by itself fails every policy
/// (WeakSignature, fatal); the SSL server policy also refuses SHA-1 there (SignatureHashAlgorithms).
/// Self-signed certificates are skipped: their signature protects nothing. Like Apple's two separate
/// checks, an MD5 signature fails both.
struct SignatureAlgorithmCheck: PathCheck {
    let refuseSHA1: Bool

    func evaluate(_ context: PathContext, into failures: inout [TrustFailure]) {
        for (index, certificate) in context.certificates.enumerated() where !certificate.isSelfIssued {
            let hash = certificate.signatureAlgorithm.hash
            if hash?.isBroken == true {
                failures.append(TrustFailure(index: index, check: .weakSignature,
                                             context: .signatureAlgorithm(certificate.signatureAlgorithm.name)))
            }
            if refuseSHA1 && hash?.isSHA1OrWeaker == true {
                failures.append(TrustFailure(index: index, check: .signatureHashAlgorithms,
                                             context: .signatureAlgorithm(certificate.signatureAlgorithm.name)))
            }
        }
    }

    /// Path scoring's notion of a weak hash: SHA-1 or worse below the anchor.
    static func isWeakForScoring(_ certificate: Certificate) -> Bool {
        certificate.signatureAlgorithm.hash?.isSHA1OrWeaker == true
    }
}
