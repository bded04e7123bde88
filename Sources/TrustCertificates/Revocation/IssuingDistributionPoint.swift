/// A CRL's issuingDistributionPoint (RFC 5280 §5.2.5): which distribution point the CRL is for and
/// what it covers — only end-entity or only CA certificates, only some reasons, or also other CAs'
/// certificates (an indirect CRL).
public struct IssuingDistributionPoint: Sendable, Hashable, CustomStringConvertible {
    /// distributionPoint; nil when absent.
    public let name: DistributionPointName?
    /// onlyContainsUserCerts: the CRL covers no CA certificate.
    public let onlyContainsUserCerts: Bool
    /// onlyContainsCACerts: the CRL covers only CA certificates.
    public let onlyContainsCACerts: Bool
    /// onlySomeReasons; nil when absent, which means every reason.
    public let onlySomeReasons: ReasonFlags?
    /// indirectCRL: entries may be for certificates of other issuers (certificateIssuer entry extensions).
    public let indirectCRL: Bool
    /// onlyContainsAttributeCerts: the CRL covers attribute certificates only, so no public-key certificate.
    public let onlyContainsAttributeCerts: Bool

    /// Decodes the extension value. BOOLEANs given as their DEFAULT FALSE are accepted (a DER
    /// violation that changes no meaning); more than one of the three "only contains" flags is not
    /// (§5.2.5: at most one may be set).
    public init(der: [UInt8]) throws { try self.init(der: der[...]) }

    /// The same, from the octets where they lie in a CRL's DER.
    init(der: ArraySlice<UInt8>) throws {
        var reader = DERReader(der)
        let sequence = try reader.read(tag: DERTag.sequence, "an IssuingDistributionPoint SEQUENCE")
        guard reader.isAtEnd else { throw DERError.unexpected("a single IssuingDistributionPoint SEQUENCE") }
        var fields = DERReader(sequence.content)
        name = try fields.readIfPresent(tag: 0xA0).map { wrapper in
            var inner = DERReader(wrapper.content)
            let choice = try DistributionPointName(der: try inner.read())
            guard inner.isAtEnd else { throw DERError.unexpected("a single DistributionPointName") }
            return choice
        }
        func flag(_ tag: UInt8) throws -> Bool {
            guard let node = try fields.readIfPresent(tag: tag) else { return false }
            guard node.content.count == 1 else { throw DERError.unexpected("a one-byte BOOLEAN") }
            return node.content.first! != 0
        }
        onlyContainsUserCerts = try flag(0x81)
        onlyContainsCACerts = try flag(0x82)
        onlySomeReasons = try fields.readIfPresent(tag: 0x83).map {
            try ReasonFlags(bitString: DERNode(tag: DERTag.bitString, encoded: $0.encoded, content: $0.content))
        }
        indirectCRL = try flag(0x84)
        onlyContainsAttributeCerts = try flag(0x85)
        guard fields.isAtEnd else { throw DERError.unexpected("an IssuingDistributionPoint of RFC 5280's six fields") }
        guard [onlyContainsUserCerts, onlyContainsCACerts, onlyContainsAttributeCerts].filter({ $0 }).count <= 1 else {
            throw DERError.unexpected("an IssuingDistributionPoint with at most one onlyContains… flag set")
        }
    }

    /// The scope in words, e.g. "only CA certificates, reasons keyCompromise, indirect".
    public var description: String {
        var parts: [String] = []
        if let name { parts.append("distribution point \(name)") }
        if onlyContainsUserCerts { parts.append("only end-entity certificates") }
        if onlyContainsCACerts { parts.append("only CA certificates") }
        if onlyContainsAttributeCerts { parts.append("only attribute certificates") }
        if let onlySomeReasons { parts.append("only reasons \(onlySomeReasons)") }
        if indirectCRL { parts.append("indirect") }
        return parts.isEmpty ? "no restriction" : parts.joined(separator: ", ")
    }
}
