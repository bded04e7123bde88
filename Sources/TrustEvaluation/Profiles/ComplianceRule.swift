/// The rules that fail a certificate with the `WebPKICompliance` check: the CA/Browser Forum Baseline
/// Requirements and RFC 5280 encoding rules that have no Apple check of their own. The check name stays
/// Apple's key (so results compare with Apple's and the recorded vectors); the rule says which one
/// failed. Raw values are stable names, shown as `rule` in text and JSON.
public enum ComplianceRule: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// RFC 5280 §4.1.2.1 wants version 3 when extensions are present; CABF 7.1.1 always.
    case notVersion3 = "NotVersion3"
    /// RFC 5280 §4.1.2.2: the serial number is a positive integer.
    case negativeSerialNumber = "NegativeSerialNumber"
    /// RFC 5280 §4.1.2.2: the serial number is a positive integer, so not zero.
    case serialNumberZero = "SerialNumberZero"
    /// RFC 5280 §4.1.2.2: at most 20 octets.
    case serialNumberTooLong = "SerialNumberTooLong"
    /// RFC 5280 §4.1.2.4: the issuer field is a non-empty name.
    case emptyIssuer = "EmptyIssuer"
    /// RFC 5280 §4.2.1.1, §4.2.1.2, §4.2.2.1: authorityKeyIdentifier, subjectKeyIdentifier and
    /// authorityInfoAccess are never critical.
    case criticalIdentifierExtension = "CriticalIdentifierExtension"
    /// RFC 5280 §4.2.1.2: a CA certificate carries a subjectKeyIdentifier.
    case missingSKI = "MissingSKI"
    /// RFC 5280 §4.2.1.1: every certificate but a self-issued one carries an authorityKeyIdentifier.
    case missingAKI = "MissingAKI"
    /// CABF 7.1.2: the authorityKeyIdentifier holds a keyIdentifier and nothing else (webpki profile).
    case akiNotKeyIdentifierOnly = "AKINotKeyIdentifierOnly"
    /// RFC 5280 §4.2.1.6 and CABF 7.1.4.2: a dNSName is a preferred-syntax host name (a wildcard only
    /// as the whole leftmost label).
    case malformedDNSName = "MalformedDNSName"
    /// CABF 7.1.2.7: a subscriber certificate has a subjectAltName (webpki profile).
    case missingSubjectAltName = "MissingSubjectAltName"
    /// RFC 5280 §4.2.1.6: the subjectAltName is critical only when the subject is empty (webpki profile).
    case criticalSubjectAltName = "CriticalSubjectAltName"
    /// CABF 7.1.4.3: a subscriber commonName repeats a SAN entry exactly; one that names a SAN in
    /// another spelling (case, Unicode, IP notation) is refused (webpki profile).
    case commonNameMisspellsSubjectAltName = "CommonNameMisspellsSubjectAltName"
    /// CABF 6.1.6: an RSA public exponent between 2^16+1 and 2^256-1 (webpki profile).
    case rsaExponentOutOfRange = "RSAExponentOutOfRange"

    /// RFC 5280 §4.1.1.2: the signatureAlgorithm is the TBSCertificate's signature field (how strictly
    /// each profile compares them: `EncodingDefectCheck`).
    case signatureAlgorithmMismatch = "SignatureAlgorithmMismatch"
    /// RFC 5280 §4.1.2.1: the version is v1, v2 or v3.
    case unknownVersion = "UnknownVersion"
    /// RFC 5280 §4.1.2.5.1-2: validity times are UTCTime YYMMDDHHMMSSZ or GeneralizedTime YYYYMMDDHHMMSSZ.
    case validityTimeEncoding = "ValidityTimeEncoding"

    /// The stable name.
    public var description: String { rawValue }

    /// What the rule asks, in one sentence, for `trustcheck help checks` and docs/command-line.md.
    public var summary: String {
        switch self {
        case .notVersion3: return "the certificate is X.509 version 3"
        case .negativeSerialNumber: return "the serial number is not negative"
        case .serialNumberZero: return "the serial number is not zero (trust anchors are exempt)"
        case .serialNumberTooLong: return "the serial number has at most 20 octets"
        case .emptyIssuer: return "the issuer name is not empty"
        case .criticalIdentifierExtension:
            return "authorityKeyIdentifier, subjectKeyIdentifier and authorityInfoAccess are not critical"
        case .missingSKI: return "a CA certificate has a subjectKeyIdentifier"
        case .missingAKI: return "a certificate that is not self-issued has an authorityKeyIdentifier"
        case .akiNotKeyIdentifierOnly: return "the authorityKeyIdentifier holds only a keyIdentifier (webpki)"
        case .malformedDNSName: return "every dNSName is a well-formed host name or wildcard"
        case .missingSubjectAltName: return "the leaf has a subjectAltName (webpki)"
        case .criticalSubjectAltName: return "the subjectAltName is critical only when the subject is empty (webpki)"
        case .commonNameMisspellsSubjectAltName:
            return "the leaf's commonName does not name a subjectAltName in another spelling (webpki)"
        case .rsaExponentOutOfRange: return "an RSA public exponent lies between 2^16+1 and 2^256-1 (webpki)"
        case .signatureAlgorithmMismatch:
            return "the signatureAlgorithm names the TBSCertificate's algorithm (rfc5280: parameters absent or NULL alike; webpki: the same bytes)"
        case .unknownVersion: return "the certificate is X.509 version 1, 2 or 3"
        case .validityTimeEncoding:
            return "validity times are UTCTime YYMMDDHHMMSSZ or GeneralizedTime YYYYMMDDHHMMSSZ (rfc5280, webpki)"
        }
    }
}
