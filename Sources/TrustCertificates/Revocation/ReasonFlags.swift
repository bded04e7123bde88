/// ReasonFlags (RFC 5280 §4.2.1.13): the revocation reasons a distribution point or an
/// issuingDistributionPoint's onlySomeReasons covers, and §6.3's reasons_mask.
///
/// Bit n of the BIT STRING (0 being the first, most significant bit) is `1 << n` here; bit 0 is
/// RFC 5280's `unused`, so `allReasons` is bits 1 to 8.
public struct ReasonFlags: OptionSet, Sendable, Hashable, CustomStringConvertible {
    /// Bit n of the BIT STRING as `1 << n`.
    public let rawValue: UInt16
    /// Flags from their bits.
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    /// keyCompromise (1).
    public static let keyCompromise = ReasonFlags(rawValue: 1 << 1)
    /// cACompromise (2).
    public static let cACompromise = ReasonFlags(rawValue: 1 << 2)
    /// affiliationChanged (3).
    public static let affiliationChanged = ReasonFlags(rawValue: 1 << 3)
    /// superseded (4).
    public static let superseded = ReasonFlags(rawValue: 1 << 4)
    /// cessationOfOperation (5).
    public static let cessationOfOperation = ReasonFlags(rawValue: 1 << 5)
    /// certificateHold (6).
    public static let certificateHold = ReasonFlags(rawValue: 1 << 6)
    /// privilegeWithdrawn (7).
    public static let privilegeWithdrawn = ReasonFlags(rawValue: 1 << 7)
    /// aACompromise (8).
    public static let aACompromise = ReasonFlags(rawValue: 1 << 8)

    /// §6.3's all-reasons: every reason a CRL can be scoped to (the `unused` bit 0 excluded).
    public static let allReasons: ReasonFlags = [
        .keyCompromise, .cACompromise, .affiliationChanged, .superseded, .cessationOfOperation, .certificateHold,
        .privilegeWithdrawn, .aACompromise,
    ]

    private static let names: [(ReasonFlags, String)] = [
        (.keyCompromise, "keyCompromise"), (.cACompromise, "cACompromise"), (.affiliationChanged, "affiliationChanged"),
        (.superseded, "superseded"), (.cessationOfOperation, "cessationOfOperation"),
        (.certificateHold, "certificateHold"), (.privilegeWithdrawn, "privilegeWithdrawn"),
        (.aACompromise, "aACompromise"),
    ]

    /// The flags of a ReasonFlags BIT STRING's content (first octet: the unused-bit count). Bits
    /// beyond aACompromise are kept; they name no reason and so never widen `allReasons`.
    init(bitString node: DERNode) throws {
        guard let unused = node.content.first, unused <= 7, unused == 0 || node.content.count > 1 else {
            throw DERError.unexpected("a ReasonFlags BIT STRING")
        }
        let bytes = Array(node.content.dropFirst())
        var raw: UInt16 = 0
        for bit in 0..<min(16, bytes.count * 8 - Int(unused)) where bytes[bit / 8] & (0x80 >> UInt8(bit % 8)) != 0 {
            raw |= 1 << UInt16(bit)
        }
        self.init(rawValue: raw)
    }

    /// The reason a CRL entry's reasonCode names; nil for unspecified and removeFromCRL, which no
    /// distribution point can be scoped to.
    public init?(_ reason: CRLReason) {
        switch reason {
        case .keyCompromise: self = .keyCompromise
        case .cACompromise: self = .cACompromise
        case .affiliationChanged: self = .affiliationChanged
        case .superseded: self = .superseded
        case .cessationOfOperation: self = .cessationOfOperation
        case .certificateHold: self = .certificateHold
        case .privilegeWithdrawn: self = .privilegeWithdrawn
        case .aACompromise: self = .aACompromise
        case .unspecified, .removeFromCRL: return nil
        }
    }

    /// RFC 5280's names of the reasons set, comma-separated ("all reasons" for `allReasons`, "no reason" for none).
    public var description: String {
        if isSuperset(of: .allReasons) { return "all reasons" }
        let set = Self.names.filter { contains($0.0) }.map(\.1)
        return set.isEmpty ? "no reason" : set.joined(separator: ", ")
    }
}
