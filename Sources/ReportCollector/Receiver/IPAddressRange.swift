import Glibc

/// An IPv4 or IPv6 network in CIDR notation (`10.0.0.0/8`, `2001:db8::/32`; a bare address is the network
/// of that one address), for matching the collector's peers. An IPv4-mapped IPv6 address (`::ffff:10.0.0.1`)
/// is its IPv4 address, as the HTTP server reports peers.
public struct IPAddressRange: Sendable, Hashable, CustomStringConvertible {
    /// The network's address bytes (4 or 16), the bits past the prefix cleared.
    public let network: [UInt8]
    /// The prefix length in bits: 0–32 for IPv4, 0–128 for IPv6.
    public let prefixLength: Int

    /// Parses `ADDRESS/PREFIX` or `ADDRESS`.
    public init(parsing text: String) throws(IPAddressRangeError) {
        let parts = text.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        guard let address = Self.bytes(of: String(parts[0])) else {
            throw IPAddressRangeError(text, "'\(parts[0])' is not an IPv4 or IPv6 address")
        }
        let bits = address.count * 8
        var length = bits
        if parts.count == 2 {
            guard let prefix = Int(parts[1]), (0...bits).contains(prefix), parts[1].allSatisfy(\.isASCII) else {
                throw IPAddressRangeError(text, "the prefix length must be a number from 0 to \(bits)")
            }
            length = prefix
        }
        prefixLength = length
        network = Self.masked(address, length)
    }

    /// Whether the numeric address `text` is in the network; false for anything that is not an address.
    public func contains(_ text: String) -> Bool {
        guard let address = Self.bytes(of: text) else { return false }
        return contains(address)
    }

    func contains(_ address: [UInt8]) -> Bool {
        address.count == network.count && Self.masked(address, prefixLength) == network
    }

    public var description: String { "\(Self.text(of: network))/\(prefixLength)" }

    /// The address bytes of numeric `text`: 4 for IPv4 (and IPv4-mapped IPv6), 16 for IPv6; nil otherwise.
    static func bytes(of text: String) -> [UInt8]? {
        guard !text.isEmpty, text.utf8.count <= Int(INET6_ADDRSTRLEN) else { return nil }
        var v4 = in_addr()
        if inet_pton(AF_INET, text, &v4) == 1 { return withUnsafeBytes(of: &v4) { Array($0) } }
        var v6 = in6_addr()
        guard inet_pton(AF_INET6, text, &v6) == 1 else { return nil }
        let bytes = withUnsafeBytes(of: &v6) { Array($0) }
        // ::ffff:a.b.c.d (RFC 4291 section 2.5.5.2) is the IPv4 address a.b.c.d.
        if bytes[0..<10].allSatisfy({ $0 == 0 }) && bytes[10] == 0xFF && bytes[11] == 0xFF { return Array(bytes[12...]) }
        return bytes
    }

    /// The canonical text of 4 or 16 address bytes (inet_ntop's: lower case, zeros compressed).
    static func text(of bytes: [UInt8]) -> String {
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
        var copy = bytes
        let family = bytes.count == 4 ? AF_INET : AF_INET6
        guard inet_ntop(family, &copy, &buffer, socklen_t(buffer.count)) != nil else { return "unknown" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static func masked(_ address: [UInt8], _ length: Int) -> [UInt8] {
        address.enumerated().map { index, byte in
            let kept = min(8, max(0, length - index * 8))
            return kept == 8 ? byte : byte & UInt8(truncatingIfNeeded: 0xFF << (8 - kept))
        }
    }
}
