/// What `trustcheck connect --record` saw besides the chain, kept in a vector's `recorded_connection`:
/// where it connected, what the handshake negotiated, and how the connection was decided. Informational
/// (nothing here is replayed: the chain, time, anchors, staple and pinning are the vector's own fields).
public struct RecordedConnection: Decodable, Sendable, Hashable {
    /// The negotiated parameters: `{"protocol", "cipher_suite", "group", "alpn", "description"}`.
    public struct Negotiated: Decodable, Sendable, Hashable {
        /// e.g. "TLS1.3".
        public var protocolVersion: String
        /// The IANA cipher suite name, e.g. "TLS_AES_256_GCM_SHA384".
        public var cipherSuite: String
        /// The key exchange group, e.g. "SECP256R1"; nil when none was negotiated.
        public var group: String?
        /// The ALPN protocol the server selected; nil without ALPN.
        public var alpn: String?
        /// GnuTLS's one-line summary of the session.
        public var description: String?

        enum CodingKeys: String, CodingKey {
            case protocolVersion = "protocol"
            case cipherSuite = "cipher_suite"
            case group, alpn, description
        }
    }

    /// The host as given to `connect`.
    public var host: String
    /// The port connected to (ephemeral in tests, so a re-recording differs here).
    public var port: Int
    /// The name sent as SNI and validated (`--servername`, else the host).
    public var serverName: String
    /// Nil when the handshake was refused before it completed (nothing was negotiated).
    public var negotiated: Negotiated?
    /// Whether the handshake was allowed to continue.
    public var trusted: Bool
    /// Why the server was refused; nil when trusted.
    public var reason: String?

    enum CodingKeys: String, CodingKey {
        case host, port
        case serverName = "server_name"
        case negotiated, trusted, reason
    }
}
