/// One Extension as encoded (RFC 5280 §4.1.2.9), before any decoding.
public struct CertificateExtension: Sendable, Hashable {
    /// The extnID in dotted form.
    public let oid: String
    /// The critical flag (DEFAULT FALSE).
    public let critical: Bool
    /// The extnValue OCTET STRING's content: the extension's DER value.
    public let value: [UInt8]
}
