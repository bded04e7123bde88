/// A DistributionPointName (RFC 5280 §4.2.1.13): where a CRL is, as full names or as one RDN
/// relative to the CRL issuer's name.
public enum DistributionPointName: Sendable, Hashable, CustomStringConvertible {
    /// fullName: the names, often URIs or a directoryName.
    case fullName([GeneralName])
    /// nameRelativeToCRLIssuer: the DER content of a RelativeDistinguishedName SET, to append to the
    /// CRL issuer's name.
    case nameRelativeToCRLIssuer([UInt8])

    /// Decodes the CHOICE inside a distributionPoint [0] field.
    init(der node: DERNode) throws {
        switch node.tag {
        case 0xA0:
            let names = try node.children().map { try GeneralName(der: $0) }
            guard !names.isEmpty else { throw DERError.unexpected("a non-empty fullName") }
            self = .fullName(names)
        case 0xA1:
            guard !node.content.isEmpty else { throw DERError.unexpected("a non-empty nameRelativeToCRLIssuer") }
            self = .nameRelativeToCRLIssuer(Array(node.content))
        default:
            throw DERError.unexpected("a DistributionPointName (fullName or nameRelativeToCRLIssuer)")
        }
    }

    /// The names this stands for: a relative name becomes a directoryName under `issuer` (§5.2.5: the
    /// RDN is appended to the issuer's name). Nil when that name cannot be formed.
    public func names(relativeTo issuer: DistinguishedName) -> [GeneralName]? {
        switch self {
        case .fullName(let names): return names
        case .nameRelativeToCRLIssuer(let rdn):
            var reader = DERReader(issuer.derBytes)
            guard let sequence = try? reader.read(tag: DERTag.sequence, "a Name") else { return nil }
            let set = [DERTag.set] + DEREncoder.length(rdn.count) + rdn
            let content = Array(sequence.content) + set
            let der = [DERTag.sequence] + DEREncoder.length(content.count) + content
            return (try? DistinguishedName(der: der[...])).map { [.directoryName($0)] }
        }
    }

    /// The names, or "relative name" for one that needs its CRL issuer.
    public var description: String {
        switch self {
        case .fullName(let names): return names.map(\.description).joined(separator: ", ")
        case .nameRelativeToCRLIssuer: return "a name relative to the CRL issuer"
        }
    }
}

extension GeneralName {
    /// §6.3.3 (b)(2)(i)'s "one of the names matches": directory names compare as RFC 5280 §7.1
    /// names, every other form byte for byte (URIs are not normalised: a CA writes the same URI in
    /// its certificates and its CRLs).
    public static func anyMatch(_ lhs: [GeneralName], _ rhs: [GeneralName]) -> Bool {
        lhs.contains { left in
            rhs.contains { right in
                if case .directoryName(let a) = left, case .directoryName(let b) = right { return a.normalized == b.normalized }
                return left == right
            }
        }
    }
}
