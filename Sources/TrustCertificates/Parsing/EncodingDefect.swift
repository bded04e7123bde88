/// A way a certificate breaks an encoding rule of RFC 5280 that the parser tolerates, because Apple's
/// `SecCertificateCreateWithData` or GnuTLS loads such certificates: loading is not validation. The
/// certificate loads (`show` and `pin` work on it) and the profiles that enforce the rule fail it with
/// the reason (TrustEvaluation's `EncodingDefectCheck` says which profile enforces which).
public enum EncodingDefect: Sendable, Hashable, CustomStringConvertible {
    /// The outer signatureAlgorithm and the TBSCertificate's signature field differ (RFC 5280 §4.1.1.2:
    /// they MUST be the same). `sameOID`: both name one algorithm; `equivalentParameters`: an RSA PKCS #1
    /// v1.5 algorithm whose parameters differ only as absent against NULL, which RFC 4055 §5 makes the
    /// same ("implementations MUST accept the parameters being absent as well as present") and which
    /// Alamofire's, AFNetworking's and many older CAs' certificates carry.
    case signatureAlgorithmMismatch(outer: String, inner: String, sameOID: Bool, equivalentParameters: Bool)
    /// An explicit version above v3 (RFC 5280 §4.1.2.1 knows v1–v3). GnuTLS loads it; Apple refuses it
    /// at creation. Its fields are read as a v3 certificate's.
    case unknownVersion(Int)
    /// A validity time outside RFC 5280 §4.1.2.5's profile (UTCTime YYMMDDHHMMSSZ, GeneralizedTime
    /// YYYYMMDDHHMMSSZ) that X.680 and Apple read: without seconds, or with a ±hhmm offset.
    case validityTimeEncoding(String)

    /// The stable name of the rule the defect breaks, as `ComplianceRule` spells it.
    public var ruleName: String {
        switch self {
        case .signatureAlgorithmMismatch: return "SignatureAlgorithmMismatch"
        case .unknownVersion: return "UnknownVersion"
        case .validityTimeEncoding: return "ValidityTimeEncoding"
        }
    }

    public var description: String {
        switch self {
        case .signatureAlgorithmMismatch(let outer, let inner, let sameOID, let equivalent):
            if equivalent { return "signatureAlgorithm \(outer) and the TBSCertificate's \(inner) differ in parameters only (absent against NULL)" }
            if sameOID { return "signatureAlgorithm \(outer) and the TBSCertificate's \(inner) have different parameters" }
            return "signatureAlgorithm \(outer) differs from the TBSCertificate's signature \(inner)"
        case .unknownVersion(let version):
            return "version \(version): X.509 defines versions 1 to 3"
        case .validityTimeEncoding(let what):
            return "validity time \(what)"
        }
    }
}
