/// A GeneralName from a subjectAltName or a name constraint.
public enum GeneralName: Sendable, Hashable, CustomStringConvertible {
    case dnsName(String)
    case rfc822Name(String)
    case uri(String)
    /// 4 or 16 bytes in a SAN; address followed by mask (8 or 32 bytes) in a name constraint.
    case ipAddress([UInt8])
    case directoryName(DistinguishedName)
    /// The content octets of the OtherName: its type-id OID TLV followed by the explicit [0] value.
    case otherName([UInt8])
    case registeredID(String)
    /// The content octets of an x400Address (ORAddress), which TrustCheck does not interpret.
    case x400Address([UInt8])
    /// The content octets of an ediPartyName, which TrustCheck does not interpret.
    case ediPartyName([UInt8])

    public var description: String {
        switch self {
        case .dnsName(let name): return "DNS:\(name)"
        case .rfc822Name(let name): return "email:\(name)"
        case .uri(let uri): return "URI:\(uri)"
        case .ipAddress(let bytes): return "IP:\(IPAddressText.format(bytes))"
        case .directoryName(let name): return "DirName:\(name.rfc4514)"
        case .otherName: return "othername"
        case .registeredID(let oid): return "RID:\(oid)"
        case .x400Address: return "X400Name"
        case .ediPartyName: return "EdiPartyName"
        }
    }
}

/// Text forms of IP addresses and address/mask pairs.
public enum IPAddressText {
    public static func format(_ bytes: [UInt8]) -> String {
        switch bytes.count {
        case 4: return bytes.map(String.init).joined(separator: ".")
        case 16: return ipv6(bytes)
        case 8: return format(Array(bytes[0..<4])) + "/" + String(prefixLength(Array(bytes[4...])))
        case 32: return format(Array(bytes[0..<16])) + "/" + String(prefixLength(Array(bytes[16...])))
        default: return bytes.map { String($0, radix: 16) }.joined(separator: ":")
        }
    }

    private static func prefixLength(_ mask: [UInt8]) -> Int { mask.reduce(0) { $0 + $1.nonzeroBitCount } }

    private static func ipv6(_ bytes: [UInt8]) -> String {
        let groups = stride(from: 0, to: 16, by: 2).map { Int(bytes[$0]) << 8 | Int(bytes[$0 + 1]) }
        // RFC 5952: compress the longest run (at least two) of zero groups.
        var best = (start: -1, length: 0)
        var index = 0
        while index < 8 {
            if groups[index] == 0 {
                var end = index
                while end < 8 && groups[end] == 0 { end += 1 }
                if end - index > best.length && end - index >= 2 { best = (index, end - index) }
                index = end
            } else {
                index += 1
            }
        }
        let hex = groups.map { String($0, radix: 16) }
        guard best.start >= 0 else { return hex.joined(separator: ":") }
        let head = hex[0..<best.start].joined(separator: ":")
        let tail = hex[(best.start + best.length)...].joined(separator: ":")
        return head + "::" + tail
    }
}
