import CMicroHTTPD
import Glibc

/// A numeric address and port to listen on: `127.0.0.1:8080`, `[::1]:8080`, `0.0.0.0:443`, or a port alone
/// (`8080`), which is loopback's; port 0 asks the kernel for a free one.
public struct ListenAddress: Sendable, Hashable, CustomStringConvertible {
    /// The host of a port given alone: loopback, so that reaching beyond this machine is always asked for by
    /// name (`0.0.0.0:PORT`, `[::]:PORT`, or one interface's address).
    public static let defaultHost = "127.0.0.1"

    /// The numeric host, without brackets.
    public let host: String
    public let port: UInt16
    /// The host is IPv6.
    public let isIPv6: Bool

    /// Parses `ADDR:PORT` or `PORT` (on `defaultHost`); `localhost` means 127.0.0.1.
    public init(parsing text: String) throws(HTTPServerError) {
        let hostPart: Substring, portPart: Substring
        if !text.isEmpty && text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) {
            hostPart = Substring(Self.defaultHost)
            portPart = Substring(text)
        } else if text.hasPrefix(":") {
            // Some servers read `:PORT` as every interface, others as loopback: make the choice explicit.
            throw HTTPServerError(.invalidAddress, subject: text,
                                  detail: "give the port alone for loopback (\(text.dropFirst())) or an address for others (0.0.0.0\(text))")
        } else if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]"), text[text.index(after: close)...].hasPrefix(":") else {
                throw HTTPServerError(.invalidAddress, subject: text, detail: "write an IPv6 address as [ADDR]:PORT")
            }
            hostPart = text[text.index(after: text.startIndex)..<close]
            portPart = text[text.index(close, offsetBy: 2)...]
        } else {
            guard let colon = text.lastIndex(of: ":") else {
                throw HTTPServerError(.invalidAddress, subject: text, detail: "give ADDR:PORT, e.g. 127.0.0.1:8080")
            }
            hostPart = text[..<colon]
            portPart = text[text.index(after: colon)...]
        }
        guard let port = UInt16(portPart) else {
            throw HTTPServerError(.invalidAddress, subject: text, detail: "'\(portPart)' is not a port (0-65535)")
        }
        let host = hostPart == "localhost" ? "127.0.0.1" : String(hostPart)
        var v4 = in_addr(), v6 = in6_addr()
        if inet_pton(AF_INET, host, &v4) == 1 {
            isIPv6 = false
        } else if inet_pton(AF_INET6, host, &v6) == 1 {
            isIPv6 = true
        } else {
            throw HTTPServerError(.invalidAddress, subject: text, detail: "'\(host)' is not a numeric IPv4 or IPv6 address")
        }
        self.host = host
        self.port = port
    }

    public var description: String { isIPv6 ? "[\(host)]:\(port)" : "\(host):\(port)" }

    /// The address is this machine's loopback (127.0.0.0/8, ::1, or ::ffff:127.0.0.0/104): no other machine
    /// can connect.
    public var isLoopback: Bool {
        if isIPv6 {
            var address = in6_addr()
            guard inet_pton(AF_INET6, host, &address) == 1 else { return false }
            let bytes = withUnsafeBytes(of: &address) { Array($0) }
            if bytes == [UInt8](repeating: 0, count: 15) + [1] { return true }
            return bytes.prefix(12) == [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xFF, 0xFF] && bytes[12] == 127
        }
        var address = in_addr()
        guard inet_pton(AF_INET, host, &address) == 1 else { return false }
        return withUnsafeBytes(of: &address) { $0[0] } == 127
    }

    /// Calls `body` with this address as a `sockaddr` (valid only during the call).
    func withSocketAddress<T>(_ body: (UnsafePointer<sockaddr>) -> T) -> T {
        if isIPv6 {
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_port = port.bigEndian
            _ = inet_pton(AF_INET6, host, &address.sin6_addr)
            return withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1, body) }
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        _ = inet_pton(AF_INET, host, &address.sin_addr)
        return withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1, body) }
    }

    /// The numeric text of a peer's `sockaddr` (IPv4-mapped IPv6 addresses as IPv4).
    static func numericHost(_ address: UnsafePointer<sockaddr>?) -> String {
        guard let address else { return "unknown" }
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
        switch Int32(address.pointee.sa_family) {
        case AF_INET:
            var copy = address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee.sin_addr }
            guard inet_ntop(AF_INET, &copy, &buffer, socklen_t(buffer.count)) != nil else { return "unknown" }
        case AF_INET6:
            var copy = address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { $0.pointee.sin6_addr }
            guard inet_ntop(AF_INET6, &copy, &buffer, socklen_t(buffer.count)) != nil else { return "unknown" }
        default:
            return "unknown"
        }
        let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return text.hasPrefix("::ffff:") && text.contains(".") ? String(text.dropFirst(7)) : text
    }
}
