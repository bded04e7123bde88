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

    /// OpenSSL-style text, e.g. "DNS:example.com", "IP:192.0.2.1".
    public var description: String {
        switch self {
        case .dnsName(let name): return "DNS:\(name)"
        case .rfc822Name(let name): return "email:\(name)"
        case .uri(let uri): return "URI:\(uri)"
        case .ipAddress(let bytes): return "IP:\(IPAddress.text(bytes))"
        case .directoryName(let name): return "DirName:\(name.rfc4514)"
        case .otherName: return "othername"
        case .registeredID(let oid): return "RID:\(oid)"
        case .x400Address: return "X400Name"
        case .ediPartyName: return "EdiPartyName"
        }
    }
}
