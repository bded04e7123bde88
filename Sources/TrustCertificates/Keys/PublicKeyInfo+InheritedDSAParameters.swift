/// DSA parameter inheritance (RFC 3279 §2.3.2, RFC 5280 §6.1.4 (f)): a DSA subjectPublicKeyInfo may
/// leave out its Dss-Parms, which are then its issuer's. Such a key is unusable alone (GnuTLS cannot
/// import it: `canVerifySignatures` is false, `bits` 0); completed with its issuer's parameters it is
/// an ordinary DSA key.
extension PublicKeyInfo {
    /// A DSA key whose AlgorithmIdentifier has no parameters (absent or NULL).
    public var inheritsDSAParameters: Bool {
        algorithm == .dsa && (try? Self.dsaParts(of: subjectPublicKeyInfo))?.parameters == nil
    }

    /// This key with `issuer`'s Dss-Parms; nil unless this key inherits them and `issuer` is a DSA key
    /// that has them. The result is imported afresh, so GnuTLS checks the completed key.
    public func inheritingDSAParameters(from issuer: PublicKeyInfo) -> PublicKeyInfo? {
        guard algorithm == .dsa, issuer.algorithm == .dsa,
              let own = try? Self.dsaParts(of: subjectPublicKeyInfo), own.parameters == nil,
              let given = try? Self.dsaParts(of: issuer.subjectPublicKeyInfo), let parameters = given.parameters
        else { return nil }
        let algorithmIdentifier = Self.tlv(DERTag.sequence, own.oid + parameters)
        let spki = Self.tlv(DERTag.sequence, algorithmIdentifier + own.key)
        return try? PublicKeyInfo(spki: spki[...])  // GnuTLS sizes the completed key (p's bits)
    }

    /// The encoded OID, the encoded Dss-Parms (nil when absent or NULL) and the encoded subjectPublicKey.
    private static func dsaParts(of spki: [UInt8]) throws -> (oid: [UInt8], parameters: [UInt8]?, key: [UInt8]) {
        var reader = DERReader(spki)
        var fields = DERReader(try reader.read(tag: DERTag.sequence, "a SubjectPublicKeyInfo").content)
        var algorithm = DERReader(try fields.read(tag: DERTag.sequence, "an AlgorithmIdentifier").content)
        let oid = try algorithm.read(tag: DERTag.oid, "a key algorithm OID")
        let parameters = algorithm.isAtEnd ? nil : try algorithm.read()
        let key = try fields.read(tag: DERTag.bitString, "a subjectPublicKey BIT STRING")
        let dssParms = parameters.flatMap { $0.tag == DERTag.sequence ? Array($0.encoded) : nil }
        return (Array(oid.encoded), dssParms, Array(key.encoded))
    }

    /// A DER TLV with a definite minimal length.
    private static func tlv(_ tag: UInt8, _ content: [UInt8]) -> [UInt8] {
        var length: [UInt8] = []
        if content.count < 0x80 {
            length = [UInt8(content.count)]
        } else {
            var count = content.count
            while count > 0 {
                length.insert(UInt8(count & 0xFF), at: 0)
                count >>= 8
            }
            length.insert(0x80 | UInt8(length.count), at: 0)
        }
        return [tag] + length + content
    }
}
