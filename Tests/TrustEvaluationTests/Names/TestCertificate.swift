import TrustCertificates

/// Builds certificates in memory for name tests, so that every case states the exact names it
/// needs (including malformed ones no CA tool would write) and no fixture file is involved.
/// Signatures are dummies: TrustCheck's parser does not verify them, and name logic never looks.
struct TestCertificate {
    struct Attribute: Sendable {
        var oid: String
        var value: String
        var tag: UInt8 = 0x0C  // UTF8String

        static func cn(_ value: String) -> Attribute { Attribute(oid: "2.5.4.3", value: value) }
        static func o(_ value: String) -> Attribute { Attribute(oid: "2.5.4.10", value: value) }
        static func email(_ value: String) -> Attribute { Attribute(oid: "1.2.840.113549.1.9.1", value: value, tag: 0x16) }
    }

    /// RDNs in DER order, each a set of attributes.
    typealias Name = [[Attribute]]

    enum GeneralNameSpec: Sendable {
        case dns(String)
        case email(String)
        case uri(String)
        case ip([UInt8])
        case directory(Name)
        case otherName
        case registeredID(String)
        case x400
    }

    struct Constraints: Sendable {
        var permitted: [GeneralNameSpec] = []
        var excluded: [GeneralNameSpec] = []
        var critical = true
    }

    var subject: Name = []
    var issuer: Name = [[.cn("Names Test CA")]]
    var san: [GeneralNameSpec]?
    var sanCritical = false
    var nameConstraints: Constraints?
    /// Further extensions, after the subjectAltName and nameConstraints, as given.
    var otherExtensions: [(oid: String, critical: Bool, value: [UInt8])] = []

    func build() throws -> Certificate {
        var extensions: [[UInt8]] = []
        if let san {
            extensions.append(Self.extensionTLV("2.5.29.17", critical: sanCritical, value: DER.sequence(san.map(Self.generalName))))
        }
        if let nameConstraints {
            func subtrees(_ tag: UInt8, _ names: [GeneralNameSpec]) -> [UInt8] {
                names.isEmpty ? [] : DER.tlv(tag, names.flatMap { DER.sequence([Self.generalName($0)]) })
            }
            let value = DER.tlv(0x30, subtrees(0xA0, nameConstraints.permitted) + subtrees(0xA1, nameConstraints.excluded))
            extensions.append(Self.extensionTLV("2.5.29.30", critical: nameConstraints.critical, value: value))
        }
        for other in otherExtensions {
            extensions.append(Self.extensionTLV(other.oid, critical: other.critical, value: other.value))
        }
        let ecdsaWithSHA256 = DER.sequence([DER.oid("1.2.840.10045.4.3.2")])
        var tbs = [
            DER.tlv(0xA0, DER.tlv(0x02, [2])),
            DER.tlv(0x02, [1]),
            ecdsaWithSHA256,
            Self.name(issuer),
            DER.sequence([DER.tlv(0x17, Array("250101000000Z".utf8)), DER.tlv(0x17, Array("350101000000Z".utf8))]),
            Self.name(subject),
            Self.subjectPublicKeyInfo,
        ]
        if !extensions.isEmpty { tbs.append(DER.tlv(0xA3, DER.sequence(extensions))) }
        let dummySignature: [UInt8] = [0x00, 0x30, 0x06, 0x02, 0x01, 0x01, 0x02, 0x01, 0x01]
        return try Certificate(der: DER.sequence([DER.sequence(tbs), ecdsaWithSHA256, DER.tlv(0x03, dummySignature)]))
    }

    static func name(_ rdns: Name) -> [UInt8] {
        DER.sequence(rdns.map { rdn in
            DER.tlv(0x31, rdn.flatMap { DER.sequence([DER.oid($0.oid), DER.tlv($0.tag, Array($0.value.utf8))]) })
        })
    }

    static func generalName(_ spec: GeneralNameSpec) -> [UInt8] {
        switch spec {
        case .dns(let text): return DER.tlv(0x82, Array(text.utf8))
        case .email(let text): return DER.tlv(0x81, Array(text.utf8))
        case .uri(let text): return DER.tlv(0x86, Array(text.utf8))
        case .ip(let bytes): return DER.tlv(0x87, bytes)
        case .directory(let rdns): return DER.tlv(0xA4, name(rdns))
        case .otherName:
            // The private OtherName type of rfc5280::nc::nc-forbids-othername.
            return DER.tlv(0xA0, DER.oid("1.3.6.1.4.1.55738.666.3") + DER.tlv(0xA0, DER.tlv(0x0C, Array("x".utf8))))
        case .registeredID(let oid): return DER.tlv(0x88, Array(DER.oid(oid).dropFirst(2)))
        case .x400: return DER.tlv(0xA3, DER.sequence([]))
        }
    }

    private static func extensionTLV(_ oid: String, critical: Bool, value: [UInt8]) -> [UInt8] {
        DER.sequence([DER.oid(oid)] + (critical ? [DER.tlv(0x01, [0xFF])] : []) + [DER.tlv(0x04, value)])
    }

    /// An arbitrary P-256 public key: parsing needs a well-formed key, names do not care which.
    private static let subjectPublicKeyInfo: [UInt8] = hex(
        "3059301306072a8648ce3d020106082a8648ce3d03010703420004557b67fe015642002ca6137dd165a244b5334cda95378451"
            + "235a022c79e952e47dcf6eb37d9abbf35ad199f61e4c91565b8213bf64e8a1babf65d636d39f530b")

    private static func hex(_ text: String) -> [UInt8] {
        let digits = Array(text.utf8)
        return stride(from: 0, to: digits.count, by: 2).map { UInt8(String(decoding: digits[$0..<$0 + 2], as: UTF8.self), radix: 16)! }
    }
}

/// Just enough DER encoding to write certificates.
enum DER {
    static func tlv(_ tag: UInt8, _ content: [UInt8]) -> [UInt8] { [tag] + length(content.count) + content }

    static func sequence(_ items: [[UInt8]]) -> [UInt8] { tlv(0x30, items.flatMap { $0 }) }

    static func length(_ count: Int) -> [UInt8] {
        guard count >= 0x80 else { return [UInt8(count)] }
        var bytes: [UInt8] = []
        var rest = count
        while rest > 0 {
            bytes.insert(UInt8(rest & 0xFF), at: 0)
            rest >>= 8
        }
        return [0x80 | UInt8(bytes.count)] + bytes
    }

    static func oid(_ dotted: String) -> [UInt8] {
        let arcs = dotted.split(separator: ".").map { UInt64($0)! }
        var content: [UInt8] = []
        for arc in [arcs[0] * 40 + arcs[1]] + arcs.dropFirst(2) {
            var chunk: [UInt8] = [UInt8(arc & 0x7F)]
            var rest = arc >> 7
            while rest > 0 {
                chunk.insert(UInt8(rest & 0x7F) | 0x80, at: 0)
                rest >>= 7
            }
            content += chunk
        }
        return tlv(0x06, content)
    }
}
