/// A CRLNumber or BaseCRLNumber (RFC 5280 §5.2.3, §5.2.4): a non-negative INTEGER of up to 20
/// octets, compared by value so a delta CRL can be matched with its base.
public struct CRLNumber: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The value's octets, big-endian, without leading zeros (empty for zero).
    public let magnitude: [UInt8]
    /// Whether the INTEGER was negative, which §5.2.3 does not allow.
    public let isNegative: Bool

    /// The number whose DER INTEGER content octets are `content`.
    public init(content: [UInt8]) {
        isNegative = (content.first ?? 0) & 0x80 != 0
        magnitude = Array(content.drop { $0 == 0 })
    }

    /// Decodes an extension value holding one DER INTEGER (cRLNumber, deltaCRLIndicator).
    public init(extensionValue der: [UInt8]) throws { try self.init(extensionValue: der[...]) }

    /// The same, from the octets where they lie in a CRL's DER.
    init(extensionValue der: ArraySlice<UInt8>) throws {
        var reader = DERReader(der)
        let integer = try reader.read(tag: DERTag.integer, "an INTEGER")
        guard reader.isAtEnd, !integer.content.isEmpty else { throw DERError.unexpected("a single INTEGER") }
        self.init(content: Array(integer.content))
    }

    /// Orders by value (negative numbers first; none is valid).
    public static func < (lhs: CRLNumber, rhs: CRLNumber) -> Bool {
        if lhs.isNegative != rhs.isNegative { return lhs.isNegative }
        if lhs.magnitude.count != rhs.magnitude.count { return lhs.magnitude.count < rhs.magnitude.count }
        return lhs.magnitude.lexicographicallyPrecedes(rhs.magnitude)
    }

    /// Decimal when the number fits 64 bits, else hex.
    public var description: String {
        if isNegative { return "negative" }
        guard magnitude.count <= 8 else { return "0x" + Hex.encode(magnitude) }
        return String(magnitude.reduce(UInt64(0)) { $0 << 8 | UInt64($1) })
    }
}
