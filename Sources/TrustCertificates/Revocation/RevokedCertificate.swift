import Foundation

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

    /// An entry with these values.
    public init(serialNumber: [UInt8], revocationDate: Date, reason: CRLReason?, extensions: [CertificateExtension]) {
        self.serialNumber = serialNumber
        self.revocationDate = revocationDate
        self.reason = reason
        self.extensions = extensions
    }
}
