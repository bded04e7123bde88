/// The fields of an authorityKeyIdentifier extension (RFC 5280 §4.2.1.1), decoded by TrustCheck.
///
/// GnuTLS reads the keyIdentifier (`Certificate.authorityKeyIdentifier`, which issuer lookup uses) but
/// does not say which other fields are present, and the Baseline Requirements (§7.1.2.11.1) allow a
/// keyIdentifier only.
public struct AuthorityKeyIdentifier: Sendable, Hashable {
    /// The [0] keyIdentifier's octets; nil when absent.
    public let keyIdentifier: [UInt8]?
    /// The [1] authorityCertIssuer names; nil when absent.
    public let authorityCertIssuer: [GeneralName]?
    /// The [2] authorityCertSerialNumber's INTEGER content octets; nil when absent.
    public let authorityCertSerialNumber: [UInt8]?

    /// Whether the extension holds a keyIdentifier and nothing else, as the web PKI requires.
    public var holdsOnlyKeyIdentifier: Bool {
        keyIdentifier != nil && authorityCertIssuer == nil && authorityCertSerialNumber == nil
    }

    /// Decodes an extension value: SEQUENCE { [0] keyIdentifier OPTIONAL, [1] authorityCertIssuer
    /// OPTIONAL, [2] authorityCertSerialNumber OPTIONAL }, each at most once and in that order.
    init(der value: ArraySlice<UInt8>) throws {
        var reader = DERReader(value)
        let sequence = try reader.read(tag: DERTag.sequence, "an AuthorityKeyIdentifier SEQUENCE")
        guard reader.isAtEnd else { throw DERError.unexpected("a single AuthorityKeyIdentifier SEQUENCE") }
        var fields = DERReader(sequence.content)
        keyIdentifier = try fields.readIfPresent(tag: 0x80).map { Array($0.content) }
        authorityCertIssuer = try fields.readIfPresent(tag: 0xA1).map { try $0.children().map(GeneralName.init(der:)) }
        authorityCertSerialNumber = try fields.readIfPresent(tag: 0x82).map { Array($0.content) }
        guard fields.isAtEnd else {
            throw DERError.unexpected("an AuthorityKeyIdentifier of keyIdentifier, authorityCertIssuer, authorityCertSerialNumber")
        }
    }
}
