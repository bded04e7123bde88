import TrustCertificates

/// How ATS sees a host: a name or an address, and whether it is "direct" (local) — an unqualified name, a
/// `.local` name, or a loopback, link-local or private address — which ATS leaves alone unless
/// `NSAllowsLocalNetworking` is NO.
public enum ATSHostKind: String, Sendable, Hashable, Codable {
    /// A qualified DNS name (`www.example.com`).
    case domainName = "domain-name"
    /// A name without a dot (`intranet`).
    case unqualifiedName = "unqualified-name"
    /// A multicast DNS name (`printer.local`).
    case localName = "local-name"
    /// A loopback, link-local or private (RFC 1918, unique-local) address.
    case localAddress = "local-address"
    /// Any other IP address.
    case publicAddress = "public-address"

    /// Whether ATS treats the host as local.
    public var isLocal: Bool { self != .domainName && self != .publicAddress }
}

/// Host names and addresses as ATS compares them.
enum ATSHost {
    /// The address `text` writes (IPv4 dotted quad or IPv6, with or without brackets); nil for a name.
    static func address(_ text: String) -> [UInt8]? {
        var literal = Substring(text)
        if literal.hasPrefix("["), literal.hasSuffix("]") { literal = literal.dropFirst().dropLast() }
        return IPAddress(String(literal))?.bytes
    }

    /// The kind of `host`.
    static func kind(_ host: String) -> ATSHostKind {
        if let bytes = address(host) { return isLocal(bytes) ? .localAddress : .publicAddress }
        let name = host.hasSuffix(".") ? String(host.dropLast()) : host
        if !name.contains(".") { return .unqualifiedName }
        if name.lowercased().hasSuffix(".local") { return .localName }
        return .domainName
    }

    /// Loopback, link-local and private ranges.
    static func isLocal(_ bytes: [UInt8]) -> Bool {
        let ranges = ["127.0.0.0/8", "10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "169.254.0.0/16",
                      "::1/128", "fe80::/10", "fc00::/7"]
        return ranges.contains { cidrPrefix($0, contains: bytes) != nil }
    }

    /// The prefix length of the CIDR range `key` (`10.0.0.0/8`) when it contains `address`; nil when it
    /// does not, or `key` is not a valid range (Apple logs a fault and skips those).
    static func cidrPrefix(_ key: String, contains address: [UInt8]) -> Int? {
        let parts = key.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let network = Self.address(String(parts[0])), let prefix = Int(parts[1]),
              network.count == address.count, prefix >= 0, prefix <= network.count * 8
        else { return nil }
        for bit in 0..<prefix {
            let mask = UInt8(0x80) >> UInt8(bit % 8)
            if network[bit / 8] & mask != address[bit / 8] & mask { return nil }
        }
        return prefix
    }
}
