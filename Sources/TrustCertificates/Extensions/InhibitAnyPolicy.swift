/// inhibitAnyPolicy (RFC 5280 §4.2.1.14): after how many more certificates anyPolicy no longer
/// matches every policy.
public struct InhibitAnyPolicy: Sendable, Hashable {
    /// The SkipCerts value.
    public let skipCerts: Int

    /// inhibitAnyPolicy with `skipCerts`.
    public init(skipCerts: Int) { self.skipCerts = skipCerts }

    /// Decodes an extension value: InhibitAnyPolicy ::= SkipCerts (an INTEGER 0..MAX).
    init(der value: ArraySlice<UInt8>) throws {
        var reader = DERReader(value)
        skipCerts = try SkipCerts.value(try reader.read(tag: DERTag.integer, "an InhibitAnyPolicy INTEGER"))
        guard reader.isAtEnd else { throw DERError.unexpected("a single InhibitAnyPolicy INTEGER") }
    }
}
