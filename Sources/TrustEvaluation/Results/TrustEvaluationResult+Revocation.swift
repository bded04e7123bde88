import FoundationEssentials

extension TrustEvaluationResult {
    /// Whether the revocation status of every certificate of `chain` below its top was established —
    /// revoked or not, by CRLs or a stapled OCSP response — on a chain of more than one certificate (the
    /// top is the anchor, whose revocation is never checked). Apple's
    /// `SecCertificatePathVCRevocationCheckedAllCerts`, which sets `kSecTrustRevocationChecked`.
    public var isRevocationCheckedForEveryCertificate: Bool {
        let below = chain.count - 1
        guard below > 0 else { return false }
        return (0..<below).allSatisfy { index in revocation.first { $0.index == index }?.isChecked == true }
    }

    /// When the first of the revocation answers the chain's statuses rest on stops being current (the
    /// earliest `CertificateRevocationStatus.validUntil`): nil unless every certificate below the top was
    /// checked and each answer used has a nextUpdate. Apple's `kSecTrustRevocationValidUntilDate`
    /// (`SecCertificatePathVCGetEarliestNextUpdate`).
    public var revocationValidUntil: Date? {
        guard isRevocationCheckedForEveryCertificate else { return nil }
        let below = revocation.filter { $0.index < chain.count - 1 }
        let dates = below.map(\.validUntil)
        return dates.contains(nil) ? nil : dates.compactMap { $0 }.min()
    }
}
