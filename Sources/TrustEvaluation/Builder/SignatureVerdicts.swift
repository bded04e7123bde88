import TrustCertificates

/// The signature verdicts one path search has reached, by the DER digests of the signed certificate and
/// of its issuer. A search usually checks two or three signatures, so the first `linearLimit` verdicts
/// are kept in an array and compared one by one (the digests of the same certificate object share
/// their storage, so a hit costs no byte comparison); a dictionary, with its allocations and 64-byte
/// keys to hash, was most of what a warm evaluation spent on this. Beyond the limit (bundles of many
/// same-name candidates) the verdicts move to a dictionary, so that lookups stay constant-time.
struct SignatureVerdicts {
    /// Up to this many verdicts are searched one by one: `CertificateStore`'s limit for the same trade-off.
    private static let linearLimit = 8

    private var few: [(pair: SignaturePair, valid: Bool)] = []
    private var many: [SignaturePair: Bool]?

    /// The verdict on `subject`'s signature by `issuer`, when this search has one.
    func verdict(_ subject: Certificate, issuedBy issuer: Certificate) -> Bool? {
        let pair = SignaturePair(subject, issuer)
        if let many { return many[pair] }
        return few.first { $0.pair == pair }?.valid
    }

    /// Records the verdict on `subject`'s signature by `issuer` (asked only when there is none yet).
    mutating func record(_ valid: Bool, _ subject: Certificate, issuedBy issuer: Certificate) {
        let pair = SignaturePair(subject, issuer)
        if many != nil {
            many![pair] = valid
        } else if few.count < Self.linearLimit {
            // Room for all of them at once: growing one by one reallocated on the second verdict.
            if few.isEmpty { few.reserveCapacity(Self.linearLimit) }
            few.append((pair, valid))
        } else {
            var index = Dictionary(few.map { ($0.pair, $0.valid) }, uniquingKeysWith: { first, _ in first })
            index[pair] = valid
            many = index
            few = []
        }
    }
}
