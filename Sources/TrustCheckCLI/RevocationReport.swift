import TrustCertificates
import TrustEvaluation

/// How `verify` shows each certificate's revocation status: whether it was checked, by what (CRLs,
/// stapled OCSP), and if not, why; with every CRL considered and what became of it.
enum RevocationReport {
    /// The lines under a certificate of the text tree (escaped by the caller).
    static func lines(_ status: CertificateRevocationStatus) -> [String] {
        var head = "revocation: "
        let by = status.sources.map { $0 == .crl ? "CRL" : "stapled OCSP" }.joined(separator: " and ")
        switch status.status {
        case .revoked(let date, let reason):
            head += "revoked \(CertificateFormatting.timestamp(date)), " + (reason.map { "reason \($0)" } ?? "no reason given")
                + (by.isEmpty ? "" : " (by \(by))")
        case .notRevoked: head += "checked, not revoked (by \(by))"
        case .undetermined: head += "not established: " + (status.why ?? "")
        case .notChecked: head += "not checked: " + (status.why ?? "")
        }
        return [head] + status.conflicts.map { "  conflicting answers: " + $0 } + status.crls.map { "  " + $0.description }
    }

    /// `revocation {mode, unusable_crls_fail, requires_crl_number, self_covered_crl_signers_vouch, certificates [...]}`
    /// of `--json`.
    static func json(_ result: TrustEvaluationResult, policy: RevocationPolicy) -> JSONValue {
        .object([
            ("mode", .string(policy.mode.rawValue)),
            ("unusable_crls_fail", .bool(policy.unusableCRLsFail)),
            ("requires_crl_number", .bool(policy.requiresCRLNumber)),
            ("self_covered_crl_signers_vouch", .bool(policy.selfCoveredCRLSignersVouch)),
            ("certificates", .array(result.revocation.map(certificate))),
        ])
    }

    /// One certificate's status: `{index, status, checked, sources, …, conflicting, conflicts [...], crls [...]}`.
    static func certificate(_ status: CertificateRevocationStatus) -> JSONValue {
        var revocationTime: String?
        var reason: String?
        if case .revoked(let date, let why) = status.status {
            revocationTime = CertificateFormatting.timestamp(date)
            reason = why?.description
        }
        return .object([
            ("index", .int(status.index)),
            ("status", .string(status.statusName)),
            ("checked", .bool(status.isChecked)),
            ("sources", .strings(status.sources.map(\.rawValue))),
            ("revocation_time", .string(revocationTime)),
            ("revocation_reason", .string(reason)),
            ("valid_until", .string(status.validUntil.map(CertificateFormatting.timestamp))),
            ("reasons_covered", .string(status.reasonsCovered.description)),
            ("why", .string(status.why)),
            ("conflicting", .bool(status.isConflicting)),
            ("conflicts", .strings(status.conflicts)),
            ("crls", .array(status.crls.map(crl))),
        ])
    }

    /// A CRL verdict's JSON name: used, not-applicable, unusable or not-signed-by-issuer.
    static func verdictName(_ verdict: CRLAssessment.Verdict) -> String {
        switch verdict {
        case .used: return "used"
        case .notApplicable: return "not-applicable"
        case .unusable: return "unusable"
        case .notSignedByIssuer: return "not-signed-by-issuer"
        }
    }

    /// One CRL's assessment: `{crl, verdict, detail, signer, signer_validation, delta, notes}`.
    static func crl(_ assessment: CRLAssessment) -> JSONValue {
        let detail: String?
        switch assessment.verdict {
        case .used(let reasons): detail = reasons.description
        case .notApplicable(let why), .unusable(let why), .notSignedByIssuer(let why): detail = why
        }
        return .object([
            ("crl", .string(assessment.crl)),
            ("verdict", .string(verdictName(assessment.verdict))),
            ("detail", .string(detail)),
            ("signer", .string(assessment.signer.map { $0.subjectSummary ?? $0.subject.rfc4514 })),
            ("signer_validation", .string(assessment.signerValidation?.description)),
            ("delta", .string(assessment.delta)),
            ("notes", .strings(assessment.notes)),
        ])
    }
}
