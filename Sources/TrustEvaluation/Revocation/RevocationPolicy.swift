/// What an evaluation does with revocation status: which certificates must have an answer, and
/// which of the rules where RFC 5280 §6.3 and x509-limbo (or other checkers) disagree it follows.
///
/// Revocation is checked for every certificate below the top of the path, from the CRLs and stapled
/// OCSP responses given (nothing is fetched). A certificate's status is revoked, not revoked (all
/// reasons covered), or undetermined (RFC 5280 §6.3.3: no CRL applies, none may be used, or the
/// usable ones do not cover every reason); the policy decides what undetermined costs.
public struct RevocationPolicy: Sendable, Hashable {
    /// What an undetermined status costs.
    public enum Mode: String, Sendable, Hashable, CaseIterable, Codable {
        /// Apple's default: an undetermined status is reported, not a failure — except, with
        /// `unusableCRLsFail`, when every CRL given for the certificate is unusable.
        case soft
        /// Every certificate below the top must be answered, by CRLs covering every reason or by a used
        /// stapled OCSP response; otherwise RevocationResponseRequired (-67635), as Apple's
        /// `kSecRevocationRequirePositiveResponse`.
        case require
    }

    /// What an undetermined status costs.
    public var mode: Mode
    /// Under `soft`: a certificate whose CRLs were given but may none be used (expired, signer not
    /// valid, no CRLNumber, unknown critical extension, unreadable) fails RevocationResponseRequired.
    /// On by default, as x509-limbo's `crl::` cases and OpenSSL expect; RFC 5280 §6.3 only returns
    /// UNDETERMINED there, and Apple soft-fails it — turn this off for that answer.
    public var unusableCRLsFail: Bool
    /// A complete CRL without a CRLNumber, or with a critical one, is unusable. On by default, as
    /// x509-limbo's `crl::crlnumber-missing` and `crl::crlnumber-critical` expect (RFC 5280 §5.2.3 makes
    /// it mandatory for conforming CAs, but §6.3.3 does not check it); turn it off to accept CRLs of CAs
    /// that never numbered them.
    public var requiresCRLNumber: Bool

    /// A policy with this mode; the other rules default to x509-limbo's answers.
    public init(mode: Mode = .soft, unusableCRLsFail: Bool = true, requiresCRLNumber: Bool = true) {
        self.mode = mode
        self.unusableCRLsFail = unusableCRLsFail
        self.requiresCRLNumber = requiresCRLNumber
    }

    /// Soft-fail (the default): see `Mode.soft`.
    public static let soft = RevocationPolicy()
    /// Every certificate below the top must have an answer: see `Mode.require`.
    public static let require = RevocationPolicy(mode: .require)
}
