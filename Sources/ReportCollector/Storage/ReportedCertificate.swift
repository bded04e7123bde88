import Foundation

/// One certificate of a report's `validated-certificate-chain`, as the engine parsed it.
public struct ReportedCertificate: Sendable, Hashable {
    /// 0 for the leaf.
    public var position: Int
    /// The subject, RFC 4514 text.
    public var subject: String
    /// The issuer, RFC 4514 text.
    public var issuer: String
    /// The SPKI SHA-256 pin, base64 (the `pin-sha256` value, without `sha256/`).
    public var spkiPin: String
    /// SHA-256 of the DER, lower-case hex.
    public var sha256: String
    /// notBefore.
    public var notBefore: Date
    /// notAfter.
    public var notAfter: Date

    public init(position: Int, subject: String, issuer: String, spkiPin: String, sha256: String,
                notBefore: Date, notAfter: Date)
    {
        self.position = position
        self.subject = subject
        self.issuer = issuer
        self.spkiPin = spkiPin
        self.sha256 = sha256
        self.notBefore = notBefore
        self.notAfter = notAfter
    }
}
