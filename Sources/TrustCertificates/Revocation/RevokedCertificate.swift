import FoundationEssentials

/// One entry of a CRL's revokedCertificates (RFC 5280 §5.1.2.6).
public struct RevokedCertificate: Sendable, Hashable {
    /// The DER INTEGER content octets of the serial number, comparable with `Certificate.serialNumber`.
    public let serialNumber: [UInt8]
    /// When the certificate was revoked.
    public let revocationDate: Date
    /// nil when the entry has no reasonCode extension (RFC 5280 prefers that to `unspecified`).
    public let reason: CRLReason?
    /// The crlEntryExtensions, in entry order.
    public let extensions: [CertificateExtension]
    /// The issuer of the certificate this entry revokes (RFC 5280 §5.3.3): the entry's own
    /// certificateIssuer extension, else that of the entry before it, else the CRL's issuer. Only an
    /// indirect CRL may name another issuer.
    public let certificateIssuer: [GeneralName]

    /// An entry with these values; `certificateIssuer` as it applies to the entry (see there).
    public init(serialNumber: [UInt8], revocationDate: Date, reason: CRLReason?, extensions: [CertificateExtension],
                certificateIssuer: [GeneralName])
    {
        self.serialNumber = serialNumber
        self.revocationDate = revocationDate
        self.reason = reason
        self.extensions = extensions
        self.certificateIssuer = certificateIssuer
    }

    /// Whether the entry has a certificateIssuer extension of its own.
    public var namesCertificateIssuer: Bool { extensions.contains { $0.oid == CRLExtensionOID.certificateIssuer } }
}
