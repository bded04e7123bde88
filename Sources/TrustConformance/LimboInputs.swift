#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import TrustCertificates
import TrustEvaluation

/// Conversions of x509-limbo's textual inputs into TrustCheck's values.
enum LimboInputs {
    /// An IPv4 (4 bytes) or IPv6 (16 bytes) address in text form.
    static func ipAddress(_ text: String) -> [UInt8]? {
        if text.contains(":") {
            var address = in6_addr()
            guard inet_pton(AF_INET6, text, &address) == 1 else { return nil }
            return withUnsafeBytes(of: &address) { Array($0) }
        }
        var address = in_addr()
        guard inet_pton(AF_INET, text, &address) == 1 else { return nil }
        return withUnsafeBytes(of: &address) { Array($0) }
    }

    static func peerName(_ spec: LimboTestcase.PeerNameSpec) -> PeerName? {
        switch spec.kind {
        case .dns: return .dns(spec.value)
        case .rfc822: return .email(spec.value)
        case .ip: return ipAddress(spec.value).map(PeerName.ip)
        }
    }

    /// x509-limbo's KeyUsage names (RFC 5280 spellings) that differ from TrustCheck's.
    static let keyUsageAliases: [String: String] = ["contentCommitment": "nonRepudiation"]
}
