/// One Extension as encoded (RFC 5280 §4.1.2.9), before any decoding.
public struct CertificateExtension: Sendable, Hashable {
    /// The extnID in dotted form.
    public let oid: String
    /// The critical flag (DEFAULT FALSE).
    public let critical: Bool
    /// The extnValue OCTET STRING's content: the extension's DER value.
    public var value: [UInt8] { Array(valueBytes) }
    /// The same octets where they lie in the certificate's (or CRL's) DER, which every decoder reads: no
    /// copy per extension at parse (five allocations of a usual certificate's ~30).
    let valueBytes: ArraySlice<UInt8>
}
