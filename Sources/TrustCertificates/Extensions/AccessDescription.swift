/// One AccessDescription of an authorityInfoAccess extension (RFC 5280 §4.2.2.1): how and where to
/// reach information about the issuer, e.g. id-ad-caIssuers and a URI.
public struct AccessDescription: Sendable, Hashable {
    /// The accessMethod OID in dotted form, e.g. "1.3.6.1.5.5.7.48.2" (caIssuers); nil when its
    /// content octets are not a valid OID encoding.
    public let accessMethod: String?
    /// The accessLocation; nil when it is a GeneralName form TrustCheck does not decode. Only the
    /// structure decides whether the extension is well formed, so neither nil makes it malformed.
    public let accessLocation: GeneralName?

    /// Decodes an AuthorityInfoAccessSyntax extension value: a non-empty SEQUENCE OF AccessDescription
    /// { accessMethod OBJECT IDENTIFIER, accessLocation GeneralName (a context-tagged choice) }.
    static func descriptions(der value: ArraySlice<UInt8>) throws -> [AccessDescription] {
        var reader = DERReader(value)
        let sequence = try reader.read(tag: DERTag.sequence, "an AuthorityInfoAccessSyntax SEQUENCE")
        guard reader.isAtEnd else { throw DERError.unexpected("a single AuthorityInfoAccessSyntax SEQUENCE") }
        let descriptions = try sequence.children()
        guard !descriptions.isEmpty else { throw DERError.unexpected("a non-empty AuthorityInfoAccessSyntax") }
        return try descriptions.map { description in
            guard description.tag == DERTag.sequence else { throw DERError.unexpected("an AccessDescription SEQUENCE") }
            let parts = try description.children()
            guard parts.count == 2, parts[0].tag == DERTag.oid, parts[1].tag & 0x80 != 0 else {
                throw DERError.unexpected("an AccessDescription of an OID and a GeneralName")
            }
            return AccessDescription(
                accessMethod: OIDDecoder.dotted(parts[0].content), accessLocation: try? GeneralName(der: parts[1]))
        }
    }
}
