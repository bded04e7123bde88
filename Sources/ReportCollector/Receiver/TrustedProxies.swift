/// The reverse proxies and load balancers in front of the collector (`--trusted-proxy`), and the client
/// address a request stands for: the connection's peer, or — only when that peer is one of these proxies —
/// the nearest untrusted address of its `X-Forwarded-For`.
///
/// The header is read right to left because each proxy appends the address it received the request from:
/// the rightmost entries were written by proxies this collector trusts, and the first entry not itself a
/// trusted proxy is the client the last of them saw. Anything left of it was written by the client or by
/// proxies nobody vouches for, so it is never used (nginx's `real_ip_recursive`, and the same rule as RFC
/// 7239 section 7.4's advice). Without trusted proxies the header is ignored: any client can send one.
public struct TrustedProxies: Sendable, Hashable {
    public let ranges: [IPAddressRange]

    public init(_ ranges: [IPAddressRange] = []) { self.ranges = ranges }

    /// Whether numeric address `text` is a trusted proxy.
    public func contains(_ text: String) -> Bool {
        guard let bytes = IPAddressRange.bytes(of: text) else { return false }
        return ranges.contains { $0.contains(bytes) }
    }

    /// The client address for a request from `peer` carrying `forwardedFor` (the `X-Forwarded-For` value,
    /// repeated headers joined by commas). A header that is not a list of addresses falls back to `peer`:
    /// a proxy that writes it wrongly is better counted as itself than believed. When every entry is a
    /// trusted proxy, the leftmost is the client (a proxy's own request).
    public func clientAddress(peer: String, forwardedFor: String?) -> String {
        guard !ranges.isEmpty, let forwardedFor, contains(peer) else { return peer }
        var addresses: [[UInt8]] = []
        for entry in forwardedFor.split(separator: ",", omittingEmptySubsequences: false) {
            guard let bytes = Self.address(entry) else { return peer }
            addresses.append(bytes)
        }
        guard let leftmost = addresses.first else { return peer }
        let client = addresses.last { address in !ranges.contains { $0.contains(address) } } ?? leftmost
        return IPAddressRange.text(of: client)
    }

    /// One `X-Forwarded-For` entry's address: `192.0.2.1`, `2001:db8::1`, and the forms with a port some
    /// proxies write (`192.0.2.1:1234`, `[2001:db8::1]:1234`, `[2001:db8::1]`); nil for anything else.
    static func address(_ entry: Substring) -> [UInt8]? {
        let text = entry.trimmingWhitespace
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]") else { return nil }
            let rest = text[text.index(after: close)...]
            guard rest.isEmpty || (rest.hasPrefix(":") && rest.dropFirst().isPort) else { return nil }
            let inner = String(text[text.index(after: text.startIndex)..<close])
            return inner.contains(":") ? IPAddressRange.bytes(of: inner) : nil
        }
        if let bytes = IPAddressRange.bytes(of: String(text)) { return bytes }
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[1].isPort, parts[0].contains(".") else { return nil }
        return IPAddressRange.bytes(of: String(parts[0]))
    }
}

private extension Substring {
    var trimmingWhitespace: Substring {
        let isText: (Character) -> Bool = { $0 != " " && $0 != "\t" }
        guard let first = firstIndex(where: isText), let last = lastIndex(where: isText) else { return "" }
        return self[first...last]
    }

    var isPort: Bool { !isEmpty && count <= 5 && allSatisfy { $0.isASCII && $0.isNumber } && (Int(self) ?? .max) <= 65_535 }
}
