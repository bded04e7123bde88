import TrustCertificates

/// Structure checks for extensions GnuTLS decodes leniently or not at all.
enum ExtensionSyntax {
    /// The context tags present in an AuthorityKeyIdentifier ([0] keyIdentifier = 0x80, [1] issuer = 0xA1,
    /// [2] serial = 0x82); nil when it is not a well-formed SEQUENCE.
    static func authorityKeyIdentifierFields(_ value: [UInt8]) -> [UInt8]? {
        var reader = DERReader(value)
        guard let sequence = try? reader.read(tag: DERTag.sequence, "AuthorityKeyIdentifier"), reader.isAtEnd,
              let fields = try? sequence.children()
        else { return nil }
        return fields.map(\.tag)
    }

    /// AuthorityInfoAccessSyntax: a non-empty SEQUENCE OF AccessDescription { OID, GeneralName }.
    static func isValidAccessDescriptions(_ value: [UInt8]) -> Bool {
        var reader = DERReader(value)
        guard let sequence = try? reader.read(tag: DERTag.sequence, "AuthorityInfoAccessSyntax"), reader.isAtEnd,
              let descriptions = try? sequence.children(), !descriptions.isEmpty
        else { return false }
        return descriptions.allSatisfy { description in
            guard description.tag == DERTag.sequence, let parts = try? description.children(), parts.count == 2 else {
                return false
            }
            return parts[0].tag == DERTag.oid && parts[1].tag & 0x80 != 0
        }
    }
}
