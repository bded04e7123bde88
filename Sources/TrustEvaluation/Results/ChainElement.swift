import TrustCertificates

/// Where a certificate of the evaluated path came from.
public enum CertificateSource: String, Sendable, Codable {
    /// Sent by the peer (the leaf or one of the intermediates).
    case presented
    /// One of the caller's anchors.
    case anchor
    /// The system trust store.
    case system
}

public struct ChainElement: Sendable, Hashable {
    public let certificate: Certificate
    public let source: CertificateSource
}
