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

/// Syntax of DNS names as certificates present them (RFC 5280 §4.2.1.6 "preferred name syntax",
/// with a whole-label wildcard allowed in the left-most position).
enum DNSNameSyntax {
    static func isValidPresentedName(_ name: String) -> Bool {
        guard !name.isEmpty, name.utf8.count <= 253, name.allSatisfy(\.isASCII) else { return false }
        var labels = name.split(separator: ".", omittingEmptySubsequences: false)
        if labels.first == "*" && labels.count > 1 { labels.removeFirst() }
        return labels.allSatisfy(isValidLabel) && !labels.last!.allSatisfy(\.isNumber)
    }

    static func isValidLabel(_ label: Substring) -> Bool {
        guard (1...63).contains(label.utf8.count), label.first != "-", label.last != "-" else { return false }
        return label.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x2D
        }
    }
}
