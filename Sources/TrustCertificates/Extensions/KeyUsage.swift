/// keyUsage (RFC 5280 §4.2.1.3): what the subject key may be used for.
public struct KeyUsage: OptionSet, Sendable, Hashable, CustomStringConvertible {
    /// The bits, in GnuTLS's GNUTLS_KEY_* layout.
    public let rawValue: UInt32
    /// Usages from GnuTLS's GNUTLS_KEY_* bits.
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    // GnuTLS's GNUTLS_KEY_* bit values.
    /// digitalSignature (bit 0).
    public static let digitalSignature = KeyUsage(rawValue: 128)
    /// nonRepudiation, now contentCommitment (bit 1).
    public static let nonRepudiation = KeyUsage(rawValue: 64)
    /// keyEncipherment (bit 2).
    public static let keyEncipherment = KeyUsage(rawValue: 32)
    /// dataEncipherment (bit 3).
    public static let dataEncipherment = KeyUsage(rawValue: 16)
    /// keyAgreement (bit 4).
    public static let keyAgreement = KeyUsage(rawValue: 8)
    /// keyCertSign (bit 5): the key may sign certificates.
    public static let keyCertSign = KeyUsage(rawValue: 4)
    /// cRLSign (bit 6): the key may sign CRLs.
    public static let cRLSign = KeyUsage(rawValue: 2)
    /// encipherOnly (bit 7).
    public static let encipherOnly = KeyUsage(rawValue: 1)
    /// decipherOnly (bit 8).
    public static let decipherOnly = KeyUsage(rawValue: 32768)

    static let names: [(KeyUsage, String)] = [
        (.digitalSignature, "digitalSignature"), (.nonRepudiation, "nonRepudiation"),
        (.keyEncipherment, "keyEncipherment"), (.dataEncipherment, "dataEncipherment"),
        (.keyAgreement, "keyAgreement"), (.keyCertSign, "keyCertSign"), (.cRLSign, "cRLSign"),
        (.encipherOnly, "encipherOnly"), (.decipherOnly, "decipherOnly"),
    ]

    /// RFC 5280's names of the usages present, in bit order.
    public var names: [String] { Self.names.filter { contains($0.0) }.map(\.1) }
    /// The names, comma separated.
    public var description: String { names.joined(separator: ", ") }

    /// The usage RFC 5280 calls `name` (TrustCheck spells bit 1 nonRepudiation); nil for other names.
    public init?(name: String) {
        guard let match = Self.names.first(where: { $0.1 == name }) else { return nil }
        self = match.0
    }
}
