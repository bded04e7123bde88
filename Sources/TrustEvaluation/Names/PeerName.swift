import TrustCertificates

/// The identity a certificate is checked against: the server a client dialled, or a client's mailbox.
public enum PeerName: Sendable, Hashable, CustomStringConvertible {
    /// A DNS host name, in A-label (ASCII) form; IDNA conversion is the caller's job.
    case dns(String)
    /// An IPv4 (4 bytes) or IPv6 (16 bytes) address.
    case ip([UInt8])
    /// An RFC 822 mailbox (`local@domain`).
    case email(String)

    /// Reads a host as a URL or socket API hands it over: a strict IPv4 dotted quad or an IPv6
    /// literal (bracketed or not) becomes `.ip`, anything else `.dns`. Text such as `192.168.001.1`
    /// or `0xC0A80101` is not an address here and stays a (non-matching) DNS name, as CA/B Forum
    /// rules want; Apple's looser reading of addresses lives in `HostnameMatcher`'s `.apple` rules.
    public init(parsing text: String) {
        var literal = Substring(text)
        if literal.hasPrefix("["), literal.hasSuffix("]") {
            literal = literal.dropFirst().dropLast()
            if let address = IPAddress(String(literal)), address.bytes.count == 16 {
                self = .ip(address.bytes)
                return
            }
        } else if let address = IPAddress(text) {
            self = .ip(address.bytes)
            return
        }
        self = .dns(text)
    }

    /// The name as text: the DNS name, the address in its usual notation, the mailbox.
    public var description: String {
        switch self {
        case .dns(let name): return name
        case .ip(let bytes): return IPAddress.text(bytes)
        case .email(let address): return address
        }
    }
}
