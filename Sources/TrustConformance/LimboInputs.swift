import TrustCertificates
import TrustEvaluation

/// Conversions of x509-limbo's textual inputs into TrustCheck's values.
enum LimboInputs {
    static func peerName(_ spec: LimboTestcase.PeerNameSpec) -> PeerName? {
        switch spec.kind {
        case .dns: return .dns(spec.value)
        case .rfc822: return .email(spec.value)
        // x509-limbo writes addresses as Python's ipaddress module does: strict text.
        case .ip: return IPAddress(spec.value).map { PeerName.ip($0.bytes) }
        }
    }

    /// x509-limbo's KeyUsage names (RFC 5280 spellings) that differ from TrustCheck's.
    static let keyUsageAliases: [String: String] = ["contentCommitment": "nonRepudiation"]
}
