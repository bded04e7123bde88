import TrustCertificates

// Temporary: replaced by the real name logic (hostname matching, name constraints) when it lands.
public enum PeerName: Sendable, Hashable {
    case dns(String), ip([UInt8]), email(String)
    public init(parsing text: String) { self = .dns(text) }
}

public enum HostnameRules: Sendable { case apple, webpki }

public struct PublicSuffixList: Sendable {
    public static let shared = PublicSuffixList()
}

public enum HostnameMatcher {
    public static func matches(_ certificate: Certificate, peer: PeerName, rules: HostnameRules,
                               publicSuffixes: PublicSuffixList) -> Bool {
        if case .dns(let host) = peer { return certificate.dnsNames.contains(host.lowercased()) }
        return false
    }
}

public struct NameConstraintViolation: Sendable, Hashable, CustomStringConvertible {
    public let description: String
}

public enum NameConstraintsChecker {
    public static func violations(of constraints: NameConstraints, by certificate: Certificate, isLeaf: Bool,
                                  rules: HostnameRules) -> [NameConstraintViolation] { [] }
}
