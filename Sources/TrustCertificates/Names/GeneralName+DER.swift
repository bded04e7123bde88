/// DER decoding of GeneralNames (RFC 5280 §4.2.1.6) and NameConstraints (§4.2.1.10).
///
/// TrustCheck decodes these itself rather than through GnuTLS: GnuTLS hands a directoryName back
/// only as text (so the DER a name-constraint comparison needs is lost), and it rejects a whole
/// NameConstraints extension that mentions an otherName, although RFC 5280 only asks a verifier to
/// reject certificates that carry a name of a form it cannot check.
extension GeneralName {
    init(der node: DERNode) throws {
        let text = String(decoding: node.content, as: UTF8.self)
        switch node.tag {
        case 0xA0:
            var fields = DERReader(node.content)
            _ = try fields.read(tag: DERTag.oid, "an OtherName type-id")
            _ = try fields.read(tag: 0xA0, "an OtherName value")
            guard fields.isAtEnd else { throw DERError.unexpected("an OtherName of two fields") }
            self = .otherName(Array(node.content))
        case 0x81: self = .rfc822Name(text)
        case 0x82: self = .dnsName(text)
        case 0xA3: self = .x400Address(Array(node.content))
        case 0xA4:
            var inner = DERReader(node.content)
            let name = try inner.read(tag: DERTag.sequence, "a directoryName Name")
            guard inner.isAtEnd else { throw DERError.unexpected("a single directoryName Name") }
            self = .directoryName(try DistinguishedName(der: name.encoded))
        case 0xA5: self = .ediPartyName(Array(node.content))
        case 0x86: self = .uri(text)
        case 0x87:
            guard [4, 8, 16, 32].contains(node.content.count) else {
                throw DERError.unexpected("an iPAddress of 4, 8, 16 or 32 bytes, not \(node.content.count)")
            }
            self = .ipAddress(Array(node.content))
        case 0x88:
            guard let oid = OIDDecoder.dotted(node.content) else { throw DERError.unexpected("a registeredID OID") }
            self = .registeredID(oid)
        default:
            throw DERError.unexpected("a GeneralName (tag 0x\(String(node.tag, radix: 16)))")
        }
    }

    /// Decodes a GeneralNames SEQUENCE, such as a subjectAltName extension value.
    static func names(der: ArraySlice<UInt8>) throws -> [GeneralName] {
        var reader = DERReader(der)
        let sequence = try reader.read(tag: DERTag.sequence, "a GeneralNames SEQUENCE")
        guard reader.isAtEnd else { throw DERError.unexpected("a single GeneralNames SEQUENCE") }
        return try sequence.children().map { try GeneralName(der: $0) }
    }
}

extension NameConstraints {
    /// Decodes a NameConstraints extension value. An empty NameConstraints or an empty list of
    /// subtrees is rejected, as RFC 5280 requires at least one subtree in each list that is present.
    /// The minimum and maximum of each subtree are not interpreted (RFC 5280 fixes them at 0 and absent).
    init(der: ArraySlice<UInt8>, critical: Bool) throws {
        var reader = DERReader(der)
        let sequence = try reader.read(tag: DERTag.sequence, "a NameConstraints SEQUENCE")
        guard reader.isAtEnd else { throw DERError.unexpected("a single NameConstraints SEQUENCE") }
        var fields = DERReader(sequence.content)
        let permitted = try fields.readIfPresent(tag: 0xA0)
        let excluded = try fields.readIfPresent(tag: 0xA1)
        guard fields.isAtEnd, permitted != nil || excluded != nil else {
            throw DERError.unexpected("a NameConstraints with permitted or excluded subtrees")
        }
        func subtrees(_ node: DERNode?) throws -> [GeneralName] {
            guard let node else { return [] }
            let subtrees = try node.children()
            guard !subtrees.isEmpty else { throw DERError.unexpected("a non-empty GeneralSubtrees") }
            return try subtrees.map { subtree in
                guard subtree.tag == DERTag.sequence else { throw DERError.unexpected("a GeneralSubtree") }
                var parts = DERReader(subtree.content)
                let base = try GeneralName(der: try parts.read())
                _ = try parts.readIfPresent(tag: 0x80)
                _ = try parts.readIfPresent(tag: 0x81)
                guard parts.isAtEnd else { throw DERError.unexpected("a GeneralSubtree of base, minimum, maximum") }
                return base
            }
        }
        self.init(permitted: try subtrees(permitted), excluded: try subtrees(excluded), critical: critical)
    }
}
