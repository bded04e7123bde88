import FoundationEssentials

/// Why some bytes are not a certificate TrustCheck can use.
///
/// Like every error of TrustCertificates, it has a stable `code` for programs — "<error type's
/// area>.<kind>", here "certificate.parse.malformedDER" and so on, which will not change meaning —
/// and a message for people (`reason`, which is also `localizedDescription`).
public struct CertificateParseError: Error, Sendable, Hashable, CustomStringConvertible, LocalizedError {
    /// Which step refused the bytes; its raw value is the last part of `code`.
    public enum Kind: String, Sendable, CaseIterable {
        /// The DER of the Certificate, of the TBS fields TrustCheck slices, or of the validity is malformed.
        case malformedDER
        /// GnuTLS refused to import the certificate.
        case rejectedByGnuTLS
        /// A name or the SubjectPublicKeyInfo is malformed.
        case malformedNameOrKey
        /// The certificate loads, but Apple's `SecCertificateCreateWithData` refuses it
        /// (`AppleCertificateEncodingRules`), so an API that stands for it gives no certificate.
        case refusedByApple
    }

    /// Which step refused the bytes.
    public let kind: Kind
    /// What exactly is wrong, for people.
    public let reason: String

    /// An error of `kind` with `reason`.
    public init(_ kind: Kind, _ reason: String) {
        self.kind = kind
        self.reason = reason
    }

    /// The stable code, "certificate.parse.<kind>".
    public var code: String { "certificate.parse." + kind.rawValue }
    /// The same as `reason`.
    public var description: String { reason }
    /// The same as `reason`.
    public var errorDescription: String? { reason }
}
