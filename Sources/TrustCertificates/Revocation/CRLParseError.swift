import Foundation

/// Why some bytes are not a certificate revocation list TrustCheck can use. `code` is stable
/// ("crl.parse.<kind>", see `CertificateParseError`); `reason` is for people.
public struct CRLParseError: Error, Sendable, Hashable, CustomStringConvertible, LocalizedError {
    public enum Kind: String, Sendable, CaseIterable {
        /// The DER of the CertificateList or of the TBS fields TrustCheck reads is malformed.
        case malformedDER
        /// GnuTLS refused to import the CRL.
        case rejectedByGnuTLS
        /// The issuer Name is malformed.
        case malformedIssuer
        /// A revokedCertificates entry is malformed (the reason names it by position).
        case badEntry
    }

    public let kind: Kind
    public let reason: String

    public init(_ kind: Kind, _ reason: String) {
        self.kind = kind
        self.reason = reason
    }

    public var code: String { "crl.parse." + kind.rawValue }
    public var description: String { reason }
    public var errorDescription: String? { reason }
}
