internal import GnuTLSBridge

/// An X.501 Name: its exact DER, its RFC 4514 text, its attributes in DER order, and a normalised
/// form used to match issuers to subjects.
public struct DistinguishedName: Sendable, Hashable, CustomStringConvertible {
    /// One AttributeTypeAndValue of a relative distinguished name.
    public struct Attribute: Sendable, Hashable {
        /// The attribute type OID in dotted form.
        public let oid: String
        /// The ASN.1 string tag the value was encoded with (PrintableString, UTF8String, ...).
        public let valueTag: UInt8
        /// The value's content octets, as encoded (its tag is `valueTag`).
        public let rawValue: [UInt8]
        /// The value decoded as text (UTF-8, BMP, Universal or Latin-1 strings); nil for non-string values.
        public let text: String?
    }

    /// The Name's DER, as in the certificate.
    public let der: [UInt8]
    /// GnuTLS's RFC 4514 text of the name, rendered on first use (TrustCheck's own rendering if GnuTLS
    /// cannot read the Name).
    public var rfc4514: String { text.value { DistinguishedNameText.rfc4514(der: der) ?? Self.rfc4514(rdns) } }
    private let text: ComputedOnce<String>
    /// Relative distinguished names in DER order; each is a set of one or more attributes.
    public let rdns: [[Attribute]]
    /// RFC 5280 §7.1 comparison key: string values case-folded with whitespace collapsed, string types
    /// ignored. Two names with the same key are the same name for path building.
    public let normalized: [UInt8]

    /// The same as `rfc4514`.
    public var description: String { rfc4514 }
    /// Whether the Name has no RDNs.
    public var isEmpty: Bool { rdns.isEmpty }
    /// Every attribute, RDN by RDN, in encoded order.
    public var attributes: [Attribute] { rdns.flatMap { $0 } }

    /// DER byte equality (name matching uses the normalised form instead).
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.der == rhs.der }
    /// Hashes the DER, consistent with equality.
    public func hash(into hasher: inout Hasher) { ByteKey.hash(der, into: &hasher) }

    /// Values of one attribute type, in DER order.
    public func values(of oid: String) -> [String] { attributes.filter { $0.oid == oid }.compactMap(\.text) }

    /// The commonName values in encoded order.
    public var commonNames: [String] { values(of: AttributeOID.commonName) }

    /// A Name from its DER and GnuTLS's text of it; throws when the DER is not a Name.
    public init(der: [UInt8], rfc4514: String) throws {
        try self.init(der: der, text: ComputedOnce(rfc4514))
    }

    /// A certificate's Name: its text is GnuTLS's, rendered when first asked for.
    init(certificateName der: [UInt8]) throws {
        try self.init(der: der, text: ComputedOnce())
    }

    private init(der: [UInt8], text: ComputedOnce<String>) throws {
        self.der = der
        self.text = text
        var reader = DERReader(der)
        let sequence = try reader.read(tag: DERTag.sequence, "a Name SEQUENCE")
        guard reader.isAtEnd else { throw DERError.unexpected("a single Name") }
        let sets = try sequence.children()
        var rdns: [[Attribute]] = []
        rdns.reserveCapacity(sets.count)
        for set in sets {
            guard set.tag == DERTag.set else { throw DERError.unexpected("an RDN SET") }
            var rdn: [Attribute] = []
            for pair in try set.children() {
                guard pair.tag == DERTag.sequence else { throw DERError.unexpected("an AttributeTypeAndValue") }
                var fields = DERReader(pair.content)
                let type = try fields.read(tag: DERTag.oid, "an attribute type OID")
                let value = try fields.read()
                guard fields.isAtEnd, let oid = OIDDecoder.dotted(type.content) else {
                    throw DERError.unexpected("an AttributeTypeAndValue")
                }
                rdn.append(Attribute(oid: oid, valueTag: value.tag, rawValue: Array(value.content),
                                     text: DirectoryString.decode(tag: value.tag, value.content)))
            }
            guard !rdn.isEmpty else { throw DERError.unexpected("a non-empty RDN") }
            rdns.append(rdn)
        }
        self.rdns = rdns
        self.normalized = Self.normalize(rdns)
    }

    private static func normalize(_ rdns: [[Attribute]]) -> [UInt8] {
        var key: [UInt8] = []
        key.reserveCapacity(rdns.count * 24)
        for rdn in rdns {
            if rdn.count == 1 {
                // The usual RDN: its one part written in place, the length filled in after.
                let start = key.count
                key.append(contentsOf: [0, 0])
                appendPart(rdn[0], to: &key)
                let length = key.count - start - 2
                key[start] = UInt8(truncatingIfNeeded: length >> 8)
                key[start + 1] = UInt8(truncatingIfNeeded: length)
            } else {
                // Attributes within an RDN are a SET: order them so that encoding order does not matter.
                let parts = rdn.map { attribute -> [UInt8] in
                    var part: [UInt8] = []
                    appendPart(attribute, to: &part)
                    return part
                }.sorted { $0.lexicographicallyPrecedes($1) }
                for part in parts {
                    key.append(UInt8(truncatingIfNeeded: part.count >> 8))
                    key.append(UInt8(truncatingIfNeeded: part.count))
                    key.append(contentsOf: part)
                }
            }
            key.append(0xFF)
        }
        return key
    }

    /// One attribute's part of the key: type OID, "=", then the normalised text, or the tag and raw
    /// value of a value that is not a string.
    private static func appendPart(_ attribute: Attribute, to bytes: inout [UInt8]) {
        bytes.append(contentsOf: attribute.oid.utf8)
        bytes.append(0x3D)
        if let text = attribute.text {
            DirectoryString.appendNormalized(text, to: &bytes)
        } else {
            bytes.append(attribute.valueTag)
            bytes.append(contentsOf: attribute.rawValue)
        }
    }
}

/// Attribute type OIDs TrustCheck reads by name.
public enum AttributeOID {
    /// id-at-commonName.
    public static let commonName = "2.5.4.3"
    /// id-at-organizationalUnitName.
    public static let organizationalUnit = "2.5.4.11"
    /// id-at-organizationName.
    public static let organization = "2.5.4.10"
    /// id-at-description.
    public static let description = "2.5.4.13"
    /// PKCS #9 emailAddress (legacy; RFC 5280 §4.1.2.6 prefers a SAN rfc822Name).
    public static let emailAddress = "1.2.840.113549.1.9.1"
}
