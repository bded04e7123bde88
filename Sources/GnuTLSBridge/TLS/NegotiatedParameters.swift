/// What a completed handshake agreed on, as GnuTLS names it.
public struct NegotiatedParameters: Sendable, Equatable {
    /// e.g. "TLS1.3" or "TLS1.2" (gnutls_protocol_get_name).
    public let protocolVersion: String
    /// The IANA cipher suite name, e.g. "TLS_AES_256_GCM_SHA384" (gnutls_ciphersuite_get).
    public let cipherSuite: String
    /// The key exchange group, e.g. "SECP256R1" or "X25519"; nil when none was negotiated (gnutls_group_get).
    public let group: String?
    /// The ALPN protocol the server selected; nil without ALPN.
    public let alpn: String?
    /// GnuTLS's one-line summary, e.g. "(TLS1.3)-(ECDHE-SECP256R1)-(ECDSA-SECP256R1-SHA256)-(AES-256-GCM)".
    public let description: String

    public init(protocolVersion: String, cipherSuite: String, group: String?, alpn: String?, description: String) {
        self.protocolVersion = protocolVersion
        self.cipherSuite = cipherSuite
        self.group = group
        self.alpn = alpn
        self.description = description
    }
}
