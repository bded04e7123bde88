/// One DistributionPoint of a cRLDistributionPoints or freshestCRL extension (RFC 5280 §4.2.1.13,
/// §4.2.1.15): where the certificate's CRL is, which reasons it covers, and who issues it when that is
/// not the certificate's issuer (an indirect CRL).
public struct DistributionPoint: Sendable, Hashable, CustomStringConvertible {
    /// distributionPoint; nil when absent (then `crlIssuer` names the CRL).
    public let name: DistributionPointName?
    /// reasons; nil when absent, which means every reason.
    public let reasons: ReasonFlags?
    /// cRLIssuer; nil when absent, which means the certificate's issuer issues the CRL.
    public let crlIssuer: [GeneralName]?

    /// A distribution point of these fields.
    public init(name: DistributionPointName?, reasons: ReasonFlags?, crlIssuer: [GeneralName]?) {
        self.name = name
        self.reasons = reasons
        self.crlIssuer = crlIssuer
    }

    /// Decodes a CRLDistributionPoints value (also freshestCRL's syntax): a non-empty SEQUENCE OF
    /// DistributionPoint, each with a name or a cRLIssuer (§4.2.1.13: "MUST NOT consist of only the
    /// reasons field").
    public static func points(der: [UInt8]) throws -> [DistributionPoint] { try points(der: der[...]) }

    /// The same, from the octets where they lie in a certificate's or CRL's DER.
    static func points(der: ArraySlice<UInt8>) throws -> [DistributionPoint] {
        var reader = DERReader(der)
        let sequence = try reader.read(tag: DERTag.sequence, "a CRLDistributionPoints SEQUENCE")
        guard reader.isAtEnd else { throw DERError.unexpected("a single CRLDistributionPoints SEQUENCE") }
        let points = try sequence.children().map(point)
        guard !points.isEmpty else { throw DERError.unexpected("at least one DistributionPoint") }
        return points
    }

    private static func point(_ node: DERNode) throws -> DistributionPoint {
        guard node.tag == DERTag.sequence else { throw DERError.unexpected("a DistributionPoint SEQUENCE") }
        var fields = DERReader(node.content)
        let name = try fields.readIfPresent(tag: 0xA0).map { wrapper -> DistributionPointName in
            var inner = DERReader(wrapper.content)
            let choice = try DistributionPointName(der: try inner.read())
            guard inner.isAtEnd else { throw DERError.unexpected("a single DistributionPointName") }
            return choice
        }
        let reasons = try fields.readIfPresent(tag: 0x81).map {
            try ReasonFlags(bitString: DERNode(tag: DERTag.bitString, encoded: $0.encoded, content: $0.content))
        }
        let issuer = try fields.readIfPresent(tag: 0xA2).map { try $0.children().map { try GeneralName(der: $0) } }
        guard fields.isAtEnd else { throw DERError.unexpected("a DistributionPoint of name, reasons and cRLIssuer") }
        guard name != nil || issuer != nil else {
            throw DERError.unexpected("a DistributionPoint with a distributionPoint or a cRLIssuer")
        }
        if let issuer, issuer.isEmpty { throw DERError.unexpected("a non-empty cRLIssuer") }
        return DistributionPoint(name: name, reasons: reasons, crlIssuer: issuer)
    }

    /// "<names> (reasons: ...; CRL issuer: ...)".
    public var description: String {
        var parts: [String] = []
        if let reasons { parts.append("reasons: \(reasons)") }
        if let crlIssuer { parts.append("CRL issuer: " + crlIssuer.map(\.description).joined(separator: ", ")) }
        let names = name?.description ?? "no name"
        return parts.isEmpty ? names : names + " (" + parts.joined(separator: "; ") + ")"
    }
}
