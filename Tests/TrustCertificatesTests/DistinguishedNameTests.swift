import Testing
@testable import TrustCertificates

/// The Name model: the comparison key is made at parse from the DER alone (RFC 5280 §7.1 matching:
/// case, whitespace and string type ignored; an RDN's attributes in any order), the attributes and the
/// text only when asked for. Names are written by hand here so that each rule has its own bytes.
@Suite struct DistinguishedNameTests {
    static let commonName: [UInt8] = [0x55, 0x04, 0x03]
    static let organization: [UInt8] = [0x55, 0x04, 0x0A]

    static func tlv(_ tag: UInt8, _ content: [UInt8]) -> [UInt8] { [tag] + DEREncoder.length(content.count) + content }
    static func attribute(_ oid: [UInt8], _ tag: UInt8, _ value: [UInt8]) -> [UInt8] {
        tlv(DERTag.sequence, tlv(DERTag.oid, oid) + tlv(tag, value))
    }
    static func text(_ oid: [UInt8], _ value: String, tag: UInt8 = DERTag.utf8String) -> [UInt8] {
        attribute(oid, tag, Array(value.utf8))
    }
    /// A Name of RDNs, each the given attributes (already encoded).
    static func name(_ rdns: [[UInt8]]...) -> [UInt8] {
        tlv(DERTag.sequence, rdns.flatMap { tlv(DERTag.set, Array($0.joined())) })
    }
    static func key(_ der: [UInt8]) throws -> [UInt8] { try DistinguishedName(der: der[...]).normalized }

    @Test func caseWhitespaceAndStringTypeAreIgnored() throws {
        let printable = Self.name([Self.text(Self.organization, "  Example   Corp ", tag: DERTag.printableString)])
        let utf8 = Self.name([Self.text(Self.organization, "example corp")])
        let teletex = Self.name([Self.text(Self.organization, "EXAMPLE\tCORP", tag: DERTag.teletexString)])
        let bmp = Self.name([Self.attribute(Self.organization, DERTag.bmpString,
                                            "Example Corp".utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] })])
        #expect(try Self.key(printable) == Self.key(utf8))
        #expect(try Self.key(teletex) == Self.key(utf8))
        #expect(try Self.key(bmp) == Self.key(utf8))
        #expect(try DistinguishedName(der: printable[...]) != DistinguishedName(der: utf8[...]), "equality is DER equality")
        #expect(try Self.key(Self.name([Self.text(Self.organization, "Example Corp2")])) != Self.key(utf8))
    }

    @Test func nonASCIITextIsCaseFoldedLikeASCII() throws {
        let upper = Self.name([Self.text(Self.commonName, "ÉCOLE  Süd")])
        let lower = Self.name([Self.text(Self.commonName, "école süd")])
        // TeletexString's octets read as Latin-1: 0xC9 is É.
        let latin1 = Self.name([Self.attribute(Self.commonName, DERTag.teletexString, [0xC9] + Array("cole S".utf8) + [0xFC, 0x64])])
        #expect(try Self.key(upper) == Self.key(lower))
        #expect(try Self.key(latin1) == Self.key(lower))
    }

    @Test func anRDNsAttributesMatchInAnyOrderButRDNBoundariesCount() throws {
        let cn = Self.text(Self.commonName, "a"), o = Self.text(Self.organization, "b")
        #expect(try Self.key(Self.name([cn, o])) == Self.key(Self.name([o, cn])))
        #expect(try Self.key(Self.name([cn, o])) != Self.key(Self.name([cn], [o])))
        #expect(try Self.key(Self.name([cn], [o])) != Self.key(Self.name([o], [cn])), "RDN order is significant")
    }

    @Test func typeValueAndTextOrNotAreKeptApart() throws {
        // An OID whose last octet is "=" against the shorter OID with "=" starting the value.
        let longType = Self.name([Self.text(Self.commonName + [0x3D], "x")])
        let longValue = Self.name([Self.text(Self.commonName, "=x")])
        #expect(try Self.key(longType) != Self.key(longValue))
        // A value that is not a string keeps its tag and octets: never equal to a string of the same octets.
        let octets = Self.name([Self.attribute(Self.commonName, DERTag.octetString, Array("x".utf8))])
        let string = Self.name([Self.text(Self.commonName, "x")])
        #expect(try Self.key(octets) != Self.key(string))
        // Invalid UTF-8 is not text either: compared as encoded, not refused.
        let invalid = Self.name([Self.attribute(Self.commonName, DERTag.utf8String, [0xFF, 0x41])])
        let sameBytes = Self.name([Self.attribute(Self.commonName, DERTag.utf8String, [0xFF, 0x41])])
        let upperBytes = Self.name([Self.attribute(Self.commonName, DERTag.utf8String, [0xFF, 0x61])])
        #expect(try Self.key(invalid) == Self.key(sameBytes))
        #expect(try Self.key(invalid) != Self.key(upperBytes), "no case folding of what is not text")
        #expect(try DistinguishedName(der: invalid[...]).attributes.map(\.text) == [nil])
    }

    @Test func attributesAndTextAreDecodedWhenAskedFor() throws {
        let der = Self.name([Self.text(Self.commonName, "a+b"), Self.text(Self.organization, "Org", tag: DERTag.printableString)],
                            [Self.attribute([0x2A, 0x03], DERTag.octetString, [0x01, 0x02])])
        let name = try DistinguishedName(der: der[...])
        #expect(!name.isEmpty)
        #expect(name.rdns.map(\.count) == [2, 1])
        #expect(name.attributes.map(\.oid) == ["2.5.4.3", "2.5.4.10", "1.2.3"])
        #expect(name.attributes.map(\.text) == ["a+b", "Org", nil])
        #expect(name.attributes.map(\.valueTag) == [DERTag.utf8String, DERTag.printableString, DERTag.octetString])
        #expect(name.attributes.map(\.rawValue) == [Array("a+b".utf8), Array("Org".utf8), [0x01, 0x02]])
        #expect(name.commonNames == ["a+b"])
        #expect(name.rfc4514 == "1.2.3=#04020102,CN=a\\+b+O=Org")
        #expect(try DistinguishedName(der: der, rfc4514: "given").rfc4514 == "given")
        let empty = try DistinguishedName(der: [0x30, 0x00])
        #expect(empty.isEmpty && empty.rdns.isEmpty && empty.rfc4514.isEmpty)
    }

    @Test func malformedNamesAreRefused() {
        let cn = Self.text(Self.commonName, "a")
        let malformed: [(String, [UInt8])] = [
            ("empty RDN", Self.tlv(DERTag.sequence, Self.tlv(DERTag.set, []))),
            ("RDN not a SET", Self.tlv(DERTag.sequence, Self.tlv(DERTag.sequence, cn))),
            ("attribute not a SEQUENCE", Self.tlv(DERTag.sequence, Self.tlv(DERTag.set, Self.tlv(DERTag.set, [])))),
            ("type OID ending mid-subidentifier", Self.name([Self.text([0x55, 0x84], "a")])),
            ("type OID empty", Self.name([Self.text([], "a")])),
            ("subidentifier over 64 bits", Self.name([Self.text([0x81] + Array(repeating: 0xFF, count: 9) + [0x7F], "a")])),
            ("no value", Self.name([Self.tlv(DERTag.sequence, Self.tlv(DERTag.oid, Self.commonName))])),
            ("two values", Self.name([Self.tlv(DERTag.sequence, Self.tlv(DERTag.oid, Self.commonName)
                                              + Self.tlv(DERTag.utf8String, [0x61]) + Self.tlv(DERTag.utf8String, [0x62]))])),
            ("trailing bytes", Self.name([cn]) + [0x00]),
            ("truncated", Array(Self.name([cn]).dropLast())),
        ]
        for (what, der) in malformed {
            #expect(throws: DERError.self, "\(what)") { try DistinguishedName(der: der[...]) }
        }
    }

    @Test func partsMadeOnceAreSharedAcrossThreads() async throws {
        let name = try DistinguishedName(der: Self.name([Self.text(Self.commonName, "shared")])[...])
        let texts = await withTaskGroup(of: [String].self) { group in
            for _ in 0..<8 { group.addTask { name.commonNames + [name.rfc4514] } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(texts.allSatisfy { $0 == ["shared", "CN=shared"] })
    }
}
