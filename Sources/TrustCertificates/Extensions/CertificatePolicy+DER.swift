extension CertificatePolicy {
    /// certificatePolicies ::= SEQUENCE SIZE (1..MAX) OF PolicyInformation, with PolicyInformation ::=
    /// SEQUENCE { policyIdentifier OID, policyQualifiers SEQUENCE SIZE (1..MAX) OF PolicyQualifierInfo
    /// OPTIONAL } (RFC 5280 §4.2.1.4). CPS pointers (id-qt-cps, an IA5String) and user notices (id-qt-unotice,
    /// their explicitText) are kept; other qualifiers are skipped, as GnuTLS reported them as unknown.
    static func policies(der value: ArraySlice<UInt8>) throws -> [CertificatePolicy] {
        var reader = DERReader(value)
        let sequence = try reader.read(tag: DERTag.sequence, "a certificatePolicies SEQUENCE")
        guard reader.isAtEnd, !sequence.content.isEmpty else { throw DERError.unexpected("a non-empty certificatePolicies SEQUENCE") }
        return try sequence.children().map(policy)
    }

    private static func policy(_ node: DERNode) throws -> CertificatePolicy {
        guard node.tag == DERTag.sequence else { throw DERError.unexpected("a PolicyInformation SEQUENCE") }
        var fields = DERReader(node.content)
        let identifier = try fields.read(tag: DERTag.oid, "a policyIdentifier")
        guard let oid = OIDDecoder.dotted(identifier.content) else { throw DERError.unexpected("a policyIdentifier") }
        var cpsURIs: [String] = [], userNotices: [String] = []
        if let qualifiers = try fields.readIfPresent(tag: DERTag.sequence) {
            for qualifier in try qualifiers.children() {
                guard qualifier.tag == DERTag.sequence else { throw DERError.unexpected("a PolicyQualifierInfo SEQUENCE") }
                var parts = DERReader(qualifier.content)
                let qualifierID = OIDDecoder.dotted(try parts.read(tag: DERTag.oid, "a policyQualifierId").content)
                let content = try parts.read()
                guard parts.isAtEnd else { throw DERError.unexpected("a PolicyQualifierInfo of two fields") }
                switch qualifierID {
                case "1.3.6.1.5.5.7.2.1":
                    guard content.tag == DERTag.ia5String else { throw DERError.unexpected("a CPS URI IA5String") }
                    cpsURIs.append(String(decoding: content.content, as: UTF8.self))
                case "1.3.6.1.5.5.7.2.2":
                    userNotices.append(try explicitText(content))
                default:
                    continue
                }
            }
        }
        guard fields.isAtEnd else { throw DERError.unexpected("a PolicyInformation of two fields") }
        return CertificatePolicy(oid: oid, cpsURIs: cpsURIs, userNotices: userNotices)
    }

    /// UserNotice ::= SEQUENCE { noticeRef NoticeReference OPTIONAL, explicitText DisplayText OPTIONAL }:
    /// the explicitText as text ("" without one).
    private static func explicitText(_ node: DERNode) throws -> String {
        guard node.tag == DERTag.sequence else { throw DERError.unexpected("a UserNotice SEQUENCE") }
        var fields = DERReader(node.content)
        _ = try fields.readIfPresent(tag: DERTag.sequence)  // noticeRef
        guard !fields.isAtEnd else { return "" }
        let text = try fields.read()
        guard fields.isAtEnd else { throw DERError.unexpected("a UserNotice of noticeRef and explicitText") }
        // DisplayText: IA5String, VisibleString, BMPString or UTF8String.
        guard [DERTag.ia5String, 0x1A, DERTag.bmpString, DERTag.utf8String].contains(text.tag),
              let decoded = DirectoryString.decode(tag: text.tag, text.content)
        else { throw DERError.unexpected("a DisplayText") }
        return decoded
    }
}
