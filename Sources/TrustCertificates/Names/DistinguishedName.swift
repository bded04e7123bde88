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
    public var der: [UInt8] { Array(derBytes) }
    /// The same octets where they lie in the certificate's (or CRL's, or extension's) DER: no copy per
    /// name at parse. Such a name keeps that whole DER alive, which its certificate does anyway.
    let derBytes: ArraySlice<UInt8>
    /// GnuTLS's RFC 4514 text of the name, rendered on first use (TrustCheck's own rendering if GnuTLS
    /// cannot read the Name, or for names GnuTLS has no getter for).
    public var rfc4514: String {
        parts.text {
            switch parts.textSource {
            case .gnutls: return DistinguishedNameText.rfc4514(der: der) ?? Self.rfc4514(rdns)
            case .attributes: return Self.rfc4514(rdns)
            }
        }
    }
    /// Relative distinguished names in DER order; each is a set of one or more attributes. Decoded on
    /// first use (the DER was checked at creation, so this cannot fail).
    public var rdns: [[Attribute]] { parts.rdns { Self.decodeRDNs(derBytes) } }
    private let parts: DeferredNameParts
    /// RFC 5280 §7.1 comparison key: string values case-folded with whitespace collapsed, string types
    /// ignored. Two names with the same key are the same name for path building.
    public let normalized: [UInt8]
    /// Whether the Name has no RDNs.
    public let isEmpty: Bool

    /// The same as `rfc4514`.
    public var description: String { rfc4514 }
    /// Every attribute, RDN by RDN, in encoded order.
    public var attributes: [Attribute] { rdns.flatMap { $0 } }

    /// DER byte equality (name matching uses the normalised form instead).
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.derBytes == rhs.derBytes }
    /// Hashes the DER, consistent with equality.
    public func hash(into hasher: inout Hasher) { ByteKey.hash(derBytes, into: &hasher) }

    /// Values of one attribute type, in DER order.
    public func values(of oid: String) -> [String] { attributes.filter { $0.oid == oid }.compactMap(\.text) }

    /// The commonName values in encoded order.
    public var commonNames: [String] { values(of: AttributeOID.commonName) }

    /// A Name from its DER and GnuTLS's text of it; throws when the DER is not a Name.
    public init(der: [UInt8], rfc4514: String) throws {
        try self.init(der: der[...], parts: DeferredNameParts(text: rfc4514))
    }

    /// A certificate's Name: its text is GnuTLS's, rendered when first asked for.
    init(certificateName der: ArraySlice<UInt8>) throws {
        try self.init(der: der, parts: DeferredNameParts(textSource: .gnutls))
    }

    /// A Name GnuTLS supplies no text for (a directoryName inside a GeneralName, a CRL's or OCSP
    /// responder's name): TrustCheck renders the RFC 4514 text itself, when first asked for.
    init(der: ArraySlice<UInt8>) throws {
        try self.init(der: der, parts: DeferredNameParts(textSource: .attributes))
    }

    /// Checks the structure and makes the comparison key in one pass over the DER, without taking the
    /// attributes apart (see `DeferredNameParts`).
    private init(der: ArraySlice<UInt8>, parts: DeferredNameParts) throws {
        derBytes = der
        self.parts = parts
        var reader = try RDNReader(nameDER: der)
        var key: [UInt8] = []
        key.reserveCapacity(der.count)
        var isEmpty = true
        while var rdn = try reader.next() {
            isEmpty = false
            let first = try rdn.next()!
            if rdn.isAtEnd {
                // The usual RDN: its one part written in place, the length filled in after.
                let start = key.count
                key.append(contentsOf: [0, 0])
                Self.appendPart(first, to: &key)
                let length = key.count - start - 2
                key[start] = UInt8(truncatingIfNeeded: length >> 8)
                key[start + 1] = UInt8(truncatingIfNeeded: length)
            } else {
                // Attributes within an RDN are a SET: order them so that encoding order does not matter.
                var parts: [[UInt8]] = []
                var next: RDNReader.EncodedAttribute? = first
                while let attribute = next {
                    var part: [UInt8] = []
                    Self.appendPart(attribute, to: &part)
                    parts.append(part)
                    next = try rdn.next()
                }
                for part in parts.sorted(by: { $0.lexicographicallyPrecedes($1) }) {
                    key.append(UInt8(truncatingIfNeeded: part.count >> 8))
                    key.append(UInt8(truncatingIfNeeded: part.count))
                    key.append(contentsOf: part)
                }
            }
            key.append(0xFF)
        }
        normalized = key
        self.isEmpty = isEmpty
    }

    /// One attribute's part of the key: the type OID's length and octets, then 0 and the normalised
    /// text, or 1, the tag and the raw value of a value that is not a string.
    private static func appendPart(_ attribute: RDNReader.EncodedAttribute, to bytes: inout [UInt8]) {
        // The OID's length keeps type and value apart (an OID's octets may be any byte).
        bytes.append(UInt8(truncatingIfNeeded: attribute.type.count >> 8))
        bytes.append(UInt8(truncatingIfNeeded: attribute.type.count))
        bytes.append(contentsOf: attribute.type)
        let start = bytes.count
        bytes.append(0)
        if !DirectoryString.appendNormalized(tag: attribute.valueTag, attribute.value, to: &bytes) {
            bytes[start] = 1
            bytes.append(attribute.valueTag)
            bytes.append(contentsOf: attribute.value)
        }
    }

    /// The attributes of `der`, which `init` has already read without error (so the reads below
    /// cannot throw; were they to, the RDNs read so far are the answer rather than a crash).
    private static func decodeRDNs(_ der: ArraySlice<UInt8>) -> [[Attribute]] {
        var rdns: [[Attribute]] = []
        try? {
            var reader = try RDNReader(nameDER: der)
            while var rdn = try reader.next() {
                var attributes: [Attribute] = []
                while let encoded = try rdn.next() {
                    attributes.append(Attribute(oid: OIDDecoder.dotted(encoded.type) ?? "", valueTag: encoded.valueTag,
                                                rawValue: Array(encoded.value),
                                                text: DirectoryString.decode(tag: encoded.valueTag, encoded.value)))
                }
                rdns.append(attributes)
            }
        }()
        return rdns
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
