import TrustCertificates

/// What became of one CRL considered for one certificate's revocation status (RFC 5280 §6.3.3).
public struct CRLAssessment: Sendable, Hashable, CustomStringConvertible {
    /// How the CRL was judged.
    public enum Verdict: Sendable, Hashable {
        /// Used: its entries (and a delta's) decided the status for `reasons`.
        case used(reasons: ReasonFlags)
        /// It does not apply to the certificate: another distribution point, scope or CRL issuer, or
        /// its reasons are already covered. Not a problem.
        case notApplicable(String)
        /// It applies but may not be used (stale, signer not valid, unknown critical extension, ...).
        case unusable(String)
        /// No certificate with its issuer's name and a validated key signed it: some other CA's CRL
        /// under the same name, ignored.
        case notSignedByIssuer(String)
    }

    /// How the CRL's signer was found valid (RFC 5280 §6.3.3 (f)).
    public enum SignerValidation: Sendable, Hashable, CustomStringConvertible {
        /// It is on the certificate's path, above the certificate: the path's own validation covers it.
        case onPath
        /// Off the path: a nested evaluation found it a valid path to the path's anchor, its own
        /// revocation status included.
        case validatedToAnchor(Certificate)

        /// "its signer is on the path", "its signer was validated to the anchor “Root”".
        public var description: String {
            switch self {
            case .onPath: return "its signer is on the path"
            case .validatedToAnchor(let anchor):
                return "its signer was validated to the anchor \(TrustDiagnostic.quoted(anchor)), revocation included"
            }
        }
    }

    /// "CRL of <issuer> issued <time>" (with "delta" for a delta CRL), or the unreadable CRL's file.
    public let crl: String
    /// The certificate whose key verified the CRL's signature and was validated; nil when none.
    public let signer: Certificate?
    /// How it was judged.
    public let verdict: Verdict
    /// The delta CRL used with it, when one was.
    public let delta: String?
    /// What else is worth saying (a delta CRL announced but not given, a delta not used and why).
    public let notes: [String]
    /// How `signer` was found valid; nil when there is no signer or it was not (see `verdict`).
    public let signerValidation: SignerValidation?

    /// An assessment of these values.
    public init(crl: String, signer: Certificate?, verdict: Verdict, delta: String? = nil, notes: [String] = [],
                signerValidation: SignerValidation? = nil)
    {
        self.crl = crl
        self.signer = signer
        self.verdict = verdict
        self.delta = delta
        self.notes = notes
        self.signerValidation = signerValidation
    }

    /// Whether the CRL was used.
    public var isUsed: Bool { if case .used = verdict { return true } else { return false } }
    /// Whether the CRL applies to the certificate but may not be used.
    public var isUnusable: Bool { if case .unusable = verdict { return true } else { return false } }

    /// "<crl>: used for all reasons (with delta …)" or "<crl>: <why not>".
    public var description: String {
        let text: String
        switch verdict {
        case .used(let reasons):
            text = "used for \(reasons)" + (delta.map { " with the delta \($0)" } ?? "")
                + (signer.map { ", signed by \(TrustDiagnostic.quoted($0))" } ?? "")
        case .notApplicable(let why): text = "does not apply: " + why
        case .unusable(let why): text = "not usable: " + why
        case .notSignedByIssuer(let why): text = "ignored: " + why
        }
        return crl + ": " + text + notes.map { "; " + $0 }.joined()
    }
}
