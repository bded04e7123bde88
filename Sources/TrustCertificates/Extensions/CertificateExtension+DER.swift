extension CertificateExtension {
    /// The entries of an Extensions SEQUENCE (RFC 5280 §4.1, §5.1): each Extension ::= SEQUENCE {
    /// extnID OID, critical BOOLEAN DEFAULT FALSE, extnValue OCTET STRING }. Certificates, CRLs and CRL
    /// entries all read their extensions here.
    static func list(_ sequence: DERNode) throws -> [CertificateExtension] {
        var entries = DERReader(sequence.content)
        var extensions: [CertificateExtension] = []
        // Room for a usual certificate's extensions (a CA's 4–6, a leaf's 8–10) without regrowing.
        extensions.reserveCapacity(10)
        while !entries.isAtEnd {
            let node = try entries.read()
            guard node.tag == DERTag.sequence else { throw DERError.unexpected("an Extension SEQUENCE") }
            var fields = DERReader(node.content)
            let oidNode = try fields.read(tag: DERTag.oid, "an extnID")
            guard let oid = OIDDecoder.dotted(oidNode.content) else { throw DERError.unexpected("a valid extnID") }
            var critical = false
            if let flag = try fields.readIfPresent(tag: DERTag.boolean) {
                guard flag.content.count == 1 else { throw DERError.unexpected("a one-byte BOOLEAN") }
                critical = flag.content.first! != 0
            }
            let value = try fields.read(tag: DERTag.octetString, "an extnValue OCTET STRING")
            guard fields.isAtEnd else { throw DERError.unexpected("an Extension of three fields") }
            extensions.append(CertificateExtension(oid: oid, critical: critical, valueBytes: value.content))
        }
        return extensions
    }
}

extension [CertificateExtension] {
    /// The first extension with `oid`: the one every decoded property reads when an extension is
    /// duplicated (duplicates themselves are a finding of their own, `Certificate.duplicateExtensions`).
    func first(oid: String) -> CertificateExtension? { first { $0.oid == oid } }

    /// The first extension with `oid`, its value decoded by `decode` (a failure kept as `.malformed` for
    /// the rule that reads it); nil when there is none.
    func decoded<T>(_ oid: String, _ decode: (ArraySlice<UInt8>) throws -> T) -> DecodedExtension<T>? {
        first(oid: oid).map { found in DecodedExtension { try decode(found.valueBytes) } }
    }
}
