import FoundationEssentials

/// Why some bytes are not an OCSP response TrustCheck can use. `code` is stable ("ocsp.parse.<kind>",
/// see `CertificateParseError`); `reason` is for people.
public struct OCSPParseError: Error, Sendable, Hashable, CustomStringConvertible, LocalizedError {
    /// Which step refused the bytes; its raw value is the last part of `code`.
    public enum Kind: String, Sendable, CaseIterable {
        /// The DER of the OCSPResponse, the BasicOCSPResponse or a SingleResponse is malformed.
        case malformedDER
        /// The responder answered with an error status (RFC 6960 §2.3) instead of a response.
        case unsuccessful
        /// The response bytes are of a type other than id-pkix-ocsp-basic.
        case unsupportedType
        /// A certificate in the response's certs field does not parse.
        case badCertificate
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

    /// The stable code, "ocsp.parse.<kind>".
    public var code: String { "ocsp.parse." + kind.rawValue }
    /// The same as `reason`.
    public var description: String { reason }
    /// The same as `reason`.
    public var errorDescription: String? { reason }
}
