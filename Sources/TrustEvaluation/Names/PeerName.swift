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
        // Strict address text is hex digits, "." and ":" only (RFC 3986 IPv4address, RFC 4291 §2.2): a host
        // name (nearly every input) has some other byte, told on the contiguous bytes before `IPAddress`
        // scans the string's UTF-8 view (~1 K instructions for a usual host name, on every policy built).
        var utf8 = text
        self = utf8.withUTF8 { bytes -> PeerName in
            let bracketed = bytes.count >= 2 && bytes[0] == UInt8(ascii: "[") && bytes[bytes.count - 1] == UInt8(ascii: "]")
            let literal = bracketed ? UnsafeBufferPointer(rebasing: bytes[1..<(bytes.count - 1)]) : bytes
            guard literal.allSatisfy(Self.mayBeInAddressText),
                  let address = IPAddress(bracketed ? String(decoding: literal, as: UTF8.self) : text),
                  !bracketed || address.bytes.count == 16
            else { return .dns(text) }
            return .ip(address.bytes)
        }
    }

    private static func mayBeInAddressText(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"), UInt8(ascii: "A")...UInt8(ascii: "F"),
             UInt8(ascii: "."), UInt8(ascii: ":"):
            return true
        default:
            return false
        }
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
