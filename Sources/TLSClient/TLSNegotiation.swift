import GnuTLSBridge

/// What a handshake negotiated, as TrustCheck's own value (GnuTLS's types stay behind the bridge).
public struct TLSNegotiation: Sendable, Equatable {
    /// e.g. "TLS1.3" or "TLS1.2".
    public let protocolVersion: String
    /// The IANA cipher suite name, e.g. "TLS_AES_256_GCM_SHA384".
    public let cipherSuite: String
    /// The key exchange group, e.g. "SECP256R1" or "X25519"; nil when none was negotiated.
    public let group: String?
    /// The ALPN protocol the server selected; nil without ALPN.
    public let alpn: String?
    /// GnuTLS's one-line summary, e.g. "(TLS1.3)-(ECDHE-SECP256R1)-(ECDSA-SECP256R1-SHA256)-(AES-256-GCM)".
    public let description: String

    init(_ parameters: NegotiatedParameters) {
        protocolVersion = parameters.protocolVersion
        cipherSuite = parameters.cipherSuite
        group = parameters.group
        alpn = parameters.alpn
        description = parameters.description
    }
}
