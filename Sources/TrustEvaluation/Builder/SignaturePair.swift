import TrustCertificates

/// A signed certificate and the issuer whose key is asked to verify it, by their DER digests.
struct SignaturePair: Hashable {
    let subject: [UInt8]
    let issuer: [UInt8]

    init(_ subject: Certificate, _ issuer: Certificate) {
        self.subject = subject.sha256
        self.issuer = issuer.sha256
    }

    func hash(into hasher: inout Hasher) {
        ByteKey.hash(subject, into: &hasher)
        ByteKey.hash(issuer, into: &hasher)
    }
}
