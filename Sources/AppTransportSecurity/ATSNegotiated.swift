/// What a TLS handshake agreed on, as ATS judges it.
public struct ATSNegotiated: Sendable, Hashable, Encodable {
    /// The protocol, as the TLS client names it (`TLS1.2`).
    public let protocolVersion: String
    /// The IANA cipher suite name (`TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256`).
    public let cipherSuite: String

    /// These parameters.
    public init(protocolVersion: String, cipherSuite: String) {
        self.protocolVersion = protocolVersion
        self.cipherSuite = cipherSuite
    }

    /// The version; nil for one ATS does not know (SSL 3).
    public var version: ATSTLSVersion? { ATSTLSVersion(protocolName: protocolVersion) }

    /// Forward secret as ATS counts it: TLS 1.3, or an ECDHE key exchange (ATS offers no DHE suite).
    public var isForwardSecret: Bool { version == .tls13 || cipherSuite.contains("ECDHE") }

    private enum CodingKeys: String, CodingKey {
        case protocolVersion = "protocol"
        case cipherSuite = "cipher_suite"
    }
}
