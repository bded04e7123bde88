import TrustCertificates

extension PathBuilder {
    /// The keys `certificate` may sign with when its DSA key inherits its parameters (RFC 5280
    /// §6.1.4 (f)): its key completed with the Dss-Parms of each of its own issuers that has them and
    /// signed it, among the anchors, presented intermediates and system roots. The path's actual
    /// parameters are confirmed once the path is complete (`DSAParameterInheritanceCheck`); an issuer
    /// that inherits its parameters too gives none here, so such a path is not found (fail closed).
    /// Returns the keys and the signature checks spent finding them.
    func inheritedDSAKeys(of certificate: Certificate) -> (keys: [PublicKeyInfo], signatureChecks: Int) {
        let issuers = anchors.anchorIssuers(of: certificate).map(\.0) + intermediates.issuers(of: certificate)
            + anchors.untrustedSystemIssuers(of: certificate)
        var checks = 0
        let keys = issuers.compactMap { issuer -> PublicKeyInfo? in
            guard let key = certificate.publicKey.inheritingDSAParameters(from: issuer.publicKey) else { return nil }
            checks += 1
            return certificate.isSigned(by: issuer) ? key : nil
        }
        return (keys, checks)
    }
}
