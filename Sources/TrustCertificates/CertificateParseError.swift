import Foundation

/// Why some bytes are not a certificate TrustCheck can use.
///
/// Like every error of TrustCertificates, it has a stable `code` for programs — "<error type's
/// area>.<kind>", here "certificate.parse.malformedDER" and so on, which will not change meaning —
/// and a message for people (`reason`, which is also `localizedDescription`).
public struct CertificateParseError: Error, Sendable, Hashable, CustomStringConvertible, LocalizedError {
    public enum Kind: String, Sendable, CaseIterable {
        /// The DER of the Certificate, of the TBS fields TrustCheck slices, or of the validity is malformed.
        case malformedDER
        /// GnuTLS refused to import the certificate.
        case rejectedByGnuTLS
        /// A name or the SubjectPublicKeyInfo is malformed.
        case malformedNameOrKey
    }

    public let kind: Kind
    public let reason: String

    public init(_ kind: Kind, _ reason: String) {
        self.kind = kind
        self.reason = reason
    }

    public var code: String { "certificate.parse." + kind.rawValue }
    public var description: String { reason }
    public var errorDescription: String? { reason }
}
