import FoundationEssentials

/// Why some bytes are not a certificate revocation list TrustCheck can use. `code` is stable
/// ("crl.parse.<kind>", see `CertificateParseError`); `reason` is for people.
public struct CRLParseError: Error, Sendable, Hashable, CustomStringConvertible, LocalizedError {
    /// Which step refused the bytes; its raw value is the last part of `code`.
    public enum Kind: String, Sendable, CaseIterable {
        /// The DER of the CertificateList or of the TBS fields TrustCheck reads is malformed.
        case malformedDER
        /// GnuTLS refused to import the CRL.
        case rejectedByGnuTLS
        /// The issuer Name is malformed.
        case malformedIssuer
        /// A revokedCertificates entry is malformed (the reason names it by position).
        case badEntry
        /// The DER is larger than `CRLLimits.maximumBytes` (the reason names the limit).
        case tooLarge
        /// It has more revokedCertificates entries than `CRLLimits.maximumEntries` (the reason names the limit).
        case tooManyEntries
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

    /// The stable code, "crl.parse.<kind>".
    public var code: String { "crl.parse." + kind.rawValue }
    /// The same as `reason`.
    public var description: String { reason }
    /// The same as `reason`.
    public var errorDescription: String? { reason }
}
