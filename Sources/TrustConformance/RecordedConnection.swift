/// What `trustcheck connect --record` saw besides the chain, kept in a vector's `recorded_connection`:
/// where it connected, what the handshake negotiated, and how the connection was decided. Informational
/// (nothing here is replayed: the chain, time, anchors, staple and pinning are the vector's own fields).
public struct RecordedConnection: Decodable, Sendable, Hashable {
    /// The negotiated parameters: `{"protocol", "cipher_suite", "group", "alpn", "description"}`.
    public struct Negotiated: Decodable, Sendable, Hashable {
        public var protocolVersion: String
        public var cipherSuite: String
        public var group: String?
        public var alpn: String?
        public var description: String?

        enum CodingKeys: String, CodingKey {
            case protocolVersion = "protocol"
            case cipherSuite = "cipher_suite"
            case group, alpn, description
        }
    }

    /// The host as given to `connect`.
    public var host: String
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
