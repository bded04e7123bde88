/// Reads a Name's DER RDN by RDN, checking the structure `DistinguishedName` promises as it goes: a
/// SEQUENCE of non-empty SETs of AttributeTypeAndValue, each a well-formed type OID and one value.
/// Nothing is copied: attributes are slices of the Name's DER.
struct RDNReader {
    /// One AttributeTypeAndValue as encoded.
    struct EncodedAttribute {
        /// The type OID's content octets.
        let type: ArraySlice<UInt8>
        /// The value's tag (PrintableString, UTF8String, ...).
        let valueTag: UInt8
        /// The value's content octets.
        let value: ArraySlice<UInt8>
    }

    /// The attributes of one RDN, in encoded order.
    struct Attributes {
        fileprivate var pairs: DERReader

        /// Whether every attribute of the RDN has been read.
        var isAtEnd: Bool { pairs.isAtEnd }

        /// The next attribute, or nil after the last.
        mutating func next() throws -> EncodedAttribute? {
            guard !pairs.isAtEnd else { return nil }
            let pair = try pairs.read()
            guard pair.tag == DERTag.sequence else { throw DERError.unexpected("an AttributeTypeAndValue") }
            var fields = DERReader(pair.content)
            let type = try fields.read(tag: DERTag.oid, "an attribute type OID")
            let value = try fields.read()
            guard fields.isAtEnd, OIDDecoder.isWellFormed(type.content) else {
                throw DERError.unexpected("an AttributeTypeAndValue")
            }
            return EncodedAttribute(type: type.content, valueTag: value.tag, value: value.content)
        }
    }

    private var sets: DERReader

    /// A reader of the Name `der` (exactly one Name SEQUENCE).
    init(nameDER der: ArraySlice<UInt8>) throws {
        var reader = DERReader(der)
        let sequence = try reader.read(tag: DERTag.sequence, "a Name SEQUENCE")
        guard reader.isAtEnd else { throw DERError.unexpected("a single Name") }
        sets = DERReader(sequence.content)
    }

    /// The next RDN (never empty), or nil after the last.
    mutating func next() throws -> Attributes? {
        guard !sets.isAtEnd else { return nil }
        let set = try sets.read()
        guard set.tag == DERTag.set else { throw DERError.unexpected("an RDN SET") }
        guard !set.content.isEmpty else { throw DERError.unexpected("a non-empty RDN") }
        return Attributes(pairs: DERReader(set.content))
    }
}
