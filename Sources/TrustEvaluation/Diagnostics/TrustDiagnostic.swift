import FoundationEssentials
import TrustCertificates

/// One step of an evaluation, as the path builder and the evaluator take it: what was looked for,
/// where, what was found, checked, rejected and decided. Handed to the `diagnostics` callback of
/// `TrustEvaluator.evaluate(leaf:intermediates:at:diagnostics:)` in order; `description` is the text
/// `trustcheck verify --explain` prints, `event` the stable name its JSON gives.
public enum TrustDiagnostic: Sendable, Hashable, CustomStringConvertible {
    /// Why a certificate named as the issuer was not used.
    public enum Rejection: String, Sendable, Hashable {
        /// Its key does not verify the signature.
        case signatureDoesNotVerify = "signature_does_not_verify"
        /// It is already on the path (same name and key): using it again would loop.
        case alreadyOnPath = "already_on_path"
    }

    /// How a complete candidate path ends.
    public enum PathEnd: Sendable, Hashable {
        /// At an anchor of this store.
        case anchor(CertificateSource)
        /// At a self-signed certificate that is not an anchor.
        case untrustedRoot
        /// At a certificate whose issuer was not found.
        case missingIssuer
        /// At the budget's path-length limit.
        case lengthLimit
    }

    /// Which limit of the `SearchBudget` was reached.
    public enum Budget: String, Sendable, Hashable {
        /// `maximumPaths`.
        case paths
        /// `maximumSignatureChecks`.
        case signatureChecks = "signature_checks"
    }

    /// The evaluation of `leaf` at `at` begins.
    case evaluationStarted(leaf: Certificate, at: Date)
    /// The leaf is itself one of the anchors, of `source`.
    case leafIsAnchor(Certificate, source: CertificateSource)
    /// The certificates named as `subject`'s issuer, and the store each was found in, in the order
    /// they will be tried.
    case issuerCandidatesFound(subject: Certificate, candidates: [ChainElement])
    /// `issuer`'s key was checked against `subject`'s signature (each pair is checked once).
    case signatureChecked(subject: Certificate, issuer: Certificate, verifies: Bool)
    /// `candidate` is not `subject`'s issuer on this path.
    case candidateRejected(candidate: Certificate, subject: Certificate, reason: Rejection)
    /// `issuer`, from `source`, extends the path above `subject`.
    case issuerAccepted(subject: Certificate, issuer: ChainElement)
    /// No certificate named `subject`'s issuer signed it, in any of the stores `searched`.
    case noIssuerFound(subject: Certificate, searched: [CertificateSource])
    /// A complete candidate path of `length` certificates, to be checked.
    case pathComplete(length: Int, end: PathEnd)
    /// The candidate path of `length` certificates passes every check.
    case pathAccepted(length: Int)
    /// The candidate path of `length` certificates fails these checks.
    case checkFailed(pathLength: Int, failures: [TrustFailure])
    /// A CRL considered for the revocation status of `subject`, at `index` of the candidate path just
    /// completed (RFC 5280 §6.3.3), and what became of it: used for which reasons, with which delta, or
    /// why not (scope, reasons already covered, freshness, signer and its validation, delta notes).
    case crlConsidered(subject: Certificate, index: Int, assessment: CRLAssessment)
    /// The revocation status reached for `subject` (at `status.index` of the candidate path just
    /// completed), after its CRLs (each a `crlConsidered` step before it) and stapled OCSP responses.
    case revocationStatus(subject: Certificate, status: CertificateRevocationStatus)
    /// The search stopped at `limit` of `budget`.
    case budgetSpent(Budget, limit: Int)
    /// A note on the presented certificates (also in the result's `notes`).
    case note(TrustNote)
    /// The decision: trusted when `error` is nil.
    case verdict(error: TrustError?)

    /// A stable name for the kind of step, for JSON.
    public var event: String {
        switch self {
        case .evaluationStarted: return "evaluation_started"
        case .leafIsAnchor: return "leaf_is_anchor"
        case .issuerCandidatesFound: return "issuer_candidates_found"
        case .signatureChecked: return "signature_checked"
        case .candidateRejected: return "candidate_rejected"
        case .issuerAccepted: return "issuer_accepted"
        case .noIssuerFound: return "no_issuer_found"
        case .pathComplete: return "path_complete"
        case .pathAccepted: return "path_accepted"
        case .checkFailed: return "check_failed"
        case .crlConsidered: return "crl_considered"
        case .revocationStatus: return "revocation_status"
        case .budgetSpent: return "budget_spent"
        case .note: return "note"
        case .verdict: return "verdict"
        }
    }

    /// The step in words, one line; steps of the path search are indented.
    public var description: String {
        switch self {
        case .evaluationStarted(let leaf, let at):
            return "evaluating \(Self.quoted(leaf)) at \(RFC3339.string(at))"
        case .leafIsAnchor(let leaf, let source):
            return "leaf \(Self.quoted(leaf)) is itself an anchor (\(Self.storeName(source)))"
        case .issuerCandidatesFound(let subject, let candidates):
            return "  issuers named \u{201C}\(subject.issuer.rfc4514)\u{201D} for \(Self.quoted(subject)): "
                + candidates.map { "\(Self.quoted($0.certificate)) (\(Self.storeName($0.source)))" }
                    .joined(separator: ", ")
        case .signatureChecked(let subject, let issuer, let verifies):
            return "  signature of \(Self.quoted(subject)) by \(Self.quoted(issuer)): "
                + (verifies ? "verifies" : "does not verify")
        case .candidateRejected(let candidate, let subject, let reason):
            switch reason {
            case .signatureDoesNotVerify:
                return "  \(Self.quoted(candidate)) has the right name but did not sign \(Self.quoted(subject))"
            case .alreadyOnPath:
                return "  \(Self.quoted(candidate)) is already on the path above \(Self.quoted(subject)), skipped"
            }
        case .issuerAccepted(let subject, let issuer):
            guard issuer.source != .presented else {
                return "  \(Self.quoted(subject)) \u{2190} \(Self.quoted(issuer.certificate))"
            }
            return "  \(Self.quoted(subject)) \u{2190} anchor \(Self.quoted(issuer.certificate)) "
                + "(\(Self.storeName(issuer.source)))"
        case .noIssuerFound(let subject, let searched):
            return "  no issuer \u{201C}\(subject.issuer.rfc4514)\u{201D} of \(Self.quoted(subject)) in "
                + searched.map(Self.storeName).joined(separator: ", ")
        case .pathComplete(let length, let end):
            let ending: String
            switch end {
            case .anchor(let source): ending = "ends at an anchor (\(Self.storeName(source)))"
            case .untrustedRoot: ending = "ends in a self-signed certificate that is not an anchor"
            case .missingIssuer: ending = "ends without an issuer"
            case .lengthLimit: ending = "is at the length limit"
            }
            return "candidate path of \(length) \(ending)"
        case .pathAccepted(let length):
            return "candidate path of \(length) passes every check"
        case .checkFailed(let length, let failures):
            return "candidate path of \(length) fails: " + failures.map(\.description).joined(separator: "; ")
        case .crlConsidered(let subject, let index, let assessment):
            return "  revocation of [\(index)] \(Self.quoted(subject)): \(assessment)"
                + (assessment.signerValidation.map { "; \($0)" } ?? "")
        case .revocationStatus(let subject, let status):
            return "  revocation status of [\(status.index)] \(Self.quoted(subject)): \(status.summary)"
                + (status.validUntil.map { ", current until \(RFC3339.string($0))" } ?? "")
        case .budgetSpent(let budget, let limit):
            switch budget {
            case .paths: return "path budget of \(limit) spent"
            case .signatureChecks: return "signature-check budget of \(limit) spent"
            }
        case .note(let note):
            return "note: \(note)"
        case .verdict(let error):
            return error.map { "not trusted: \($0)" } ?? "trusted"
        }
    }

    /// How diagnostics and notes name a certificate: its subject summary, in quotes.
    static func quoted(_ certificate: Certificate) -> String {
        "\u{201C}\(certificate.subjectSummary ?? certificate.subject.rfc4514)\u{201D}"
    }

    /// How diagnostics name a store.
    static func storeName(_ source: CertificateSource) -> String {
        switch source {
        case .presented: return "presented"
        case .anchor: return "custom anchors"
        case .system: return "system store"
        }
    }
}
