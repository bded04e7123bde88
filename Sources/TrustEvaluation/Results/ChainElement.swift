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

/// One certificate of an evaluated path and the store it came from.
public struct ChainElement: Sendable, Hashable {
    /// The certificate.
    public let certificate: Certificate
    /// Where it came from: presented by the peer, a custom anchor or the system store.
    public let source: CertificateSource
}
