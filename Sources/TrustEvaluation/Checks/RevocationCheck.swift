import FoundationEssentials
import TrustCertificates

/// Revocation of every certificate below the top of the path, from the CRLs the caller supplied
/// (RFC 5280 §6.3, `CRLRevocationChecker`) and the stapled OCSP responses (`OCSPResponseReport`);
/// nothing is fetched. The top certificate is the anchor, whose revocation is not checked, or has no
/// issuer in the path to vouch for its CRLs.
///
/// - Revoked by a used CRL ⇒ Revocation (fatal, -67820) with the entry's date and reason. The listing
///   alone revokes: the revocation date and reason only inform, as in OpenSSL and webpki. (A used
///   stapled response saying revoked is `OCSPCheck`'s.)
/// - Answers that disagree (a CRL listing a serial twice, same-numbered CRLs, single responses or
///   responses, CRLs and OCSP) are fail-closed: any revoked answer wins, whatever the order of the
///   answers, and the disagreement is the status's `conflicts`.
/// - Not established — no CRL applies, none may be used, the usable ones do not cover every reason —
///   and no used stapled response answers: under `RevocationPolicy.Mode.require`,
///   RevocationResponseRequired (-67635) naming what is missing; under `soft`, the same only when CRLs
///   apply but every one is unusable and `unusableCRLsFail` (x509-limbo's and OpenSSL's answer; an
///   expired CRL is OpenSSL's CRL_HAS_EXPIRED); otherwise only reported, as Apple soft-fails.
struct RevocationCheck: PathCheck {
    func evaluate(_ context: PathContext, into failures: inout [TrustFailure]) {
        _ = Self.statuses(context, failures: &failures)
    }

    /// The status of every certificate of the context's path, leaf first, as the result reports them.
    static func statuses(_ context: PathContext) -> [CertificateRevocationStatus] {
        var failures: [TrustFailure] = []
        return statuses(context, failures: &failures)
    }

    /// The status of every certificate of the context's path, leaf first; the failures they cost under the
    /// context's revocation policy are appended to `failures`, in the same order. (One array of statuses, not
    /// one of status-and-failure pairs that the result would copy the statuses out of.)
    static func statuses(_ context: PathContext, failures: inout [TrustFailure]) -> [CertificateRevocationStatus] {
        let certificates = context.certificates
        let environment = context.revocation
        // Without CRLs no checker is built and without stapled responses none is assessed: that is every
        // evaluation that has neither, whose statuses are all "not checked".
        let checker = context.crls.isEmpty ? nil : CRLRevocationChecker(
            path: certificates, isAnchored: context.path.isAnchored, time: context.time, anchors: context.anchors,
            store: context.crls, profile: context.policy.profile, environment: environment)
        let ocsp = context.ocspResponses.isEmpty ? []
            : context.ocspResponses.map { OCSPResponseReport.assess($0, path: certificates, at: context.time) }.filter(\.isUsed)
        // Neither CRLs nor a used stapled response (the usual evaluation): nothing answers for any certificate,
        // which is told without the optional outcomes, whose large payloads are copied at every test in `judge`.
        let mayBeAnswered = !context.crls.isEmpty || !ocsp.isEmpty
        var results: [CertificateRevocationStatus] = []
        results.reserveCapacity(certificates.count)
        for index in certificates.indices {
            guard index < context.lastIndex else {
                let why = context.path.isAnchored ? "it is the trust anchor, whose revocation is not checked"
                    : "it is the top of the path, with no issuer to vouch for its revocation status"
                results.append(CertificateRevocationStatus(
                    index: index, status: .notChecked, sources: [], reasonsCovered: [], why: why, crls: []))
                continue
            }
            guard mayBeAnswered else {
                results.append(unestablished(index: index, why: noAnswer, sources: [], reasons: [], assessments: [],
                                             validUntil: nil, onlyUnusable: false, policy: environment.policy,
                                             failures: &failures))
                continue
            }
            let outcome = checker?.outcome(at: index)
            // Every used response about it: a revoked one decides, whatever the order they came in.
            let answers = ocsp.isEmpty ? [] : ocsp.filter { $0.certificateIndex == index }
            let answer = answers.first { if case .revoked? = $0.status { return true } else { return false } } ?? answers.first
            var conflicts = (outcome?.conflicts ?? []) + answers.compactMap(\.conflict)
            if Set(answers.compactMap(\.status?.name)).count > 1 {
                conflicts.append("the stapled OCSP responses disagree: " + answers.compactMap { $0.status?.description }.joined(separator: "; "))
            }
            let crlRevokes = outcome?.revoked != nil
            if let status = answer?.status, outcome?.isDetermined == true, crlRevokes != (status.name == "revoked") {
                conflicts.append("the CRLs say \(crlRevokes ? "revoked" : "not revoked"), the stapled OCSP response says \(status)")
            }
            var said = Set<String>()
            conflicts = conflicts.filter { said.insert($0).inserted }
            results.append(judge(index: index, crl: outcome, ocsp: answer, conflicts: conflicts, policy: environment.policy,
                                 failures: &failures))
        }
        return results
    }

    /// One certificate's status; the failure it costs, if any, is appended to `failures`.
    private static func judge(index: Int, crl outcome: CRLRevocationChecker.Outcome?, ocsp: OCSPResponseReport?,
                              conflicts: [String], policy: RevocationPolicy,
                              failures: inout [TrustFailure]) -> CertificateRevocationStatus
    {
        var sources: [CertificateRevocationStatus.Source] = []
        if outcome?.usedAny == true { sources.append(.crl) }
        if ocsp != nil { sources.append(.stapledOCSP) }
        let assessments = outcome?.assessments ?? []
        let reasons = outcome?.reasons ?? []
        // The answers used are current until the first of them expires; one without nextUpdate leaves it open.
        var expirations = outcome?.expirations ?? []
        if let ocsp { expirations.append(ocsp.singleResponse?.nextUpdate) }
        let validUntil = expirations.contains(nil) ? nil : expirations.compactMap { $0 }.min()
        func status(_ value: CertificateRevocationStatus.Status, why: String? = nil) -> CertificateRevocationStatus {
            CertificateRevocationStatus(index: index, status: value, sources: sources, reasonsCovered: reasons, why: why,
                                        crls: assessments, validUntil: validUntil, conflicts: conflicts)
        }
        if let entry = outcome?.revoked {
            failures.append(TrustFailure(index: index, check: .revocation,
                                         context: .revoked(date: entry.revocationDate, reason: entry.reason)))
            return status(.revoked(date: entry.revocationDate, reason: entry.reason))
        }
        if let ocsp, case .revoked(let date, let reason)? = ocsp.status { return status(.revoked(date: date, reason: reason)) }
        if outcome?.isDetermined == true || ocsp != nil { return status(.notRevoked) }
        return unestablished(index: index, why: outcome?.problem ?? noAnswer, sources: sources, reasons: reasons,
                             assessments: assessments, validUntil: validUntil, onlyUnusable: outcome?.onlyUnusable == true,
                             policy: policy, conflicts: conflicts, failures: &failures)
    }

    private static let noAnswer = "no CRL was given and no usable stapled OCSP response names it"

    /// The status of a certificate nothing established, `why`: not checked when no CRL was considered,
    /// undetermined otherwise; it costs a failure, appended to `failures`, when the policy requires an
    /// answer, or when only unusable CRLs apply and the policy fails them.
    private static func unestablished(index: Int, why: String, sources: [CertificateRevocationStatus.Source],
                                      reasons: ReasonFlags, assessments: [CRLAssessment], validUntil: Date?,
                                      onlyUnusable: Bool, policy: RevocationPolicy, conflicts: [String] = [],
                                      failures: inout [TrustFailure]) -> CertificateRevocationStatus
    {
        let value: CertificateRevocationStatus.Status = assessments.isEmpty ? .notChecked : .undetermined
        if policy.mode == .require || (onlyUnusable && policy.unusableCRLsFail) {
            let detail = why + (assessments.isEmpty ? "" : "; " + assessments.map(\.description).joined(separator: "; "))
            failures.append(TrustFailure(index: index, check: .revocationResponseRequired, detail: detail))
        }
        return CertificateRevocationStatus(index: index, status: value, sources: sources, reasonsCovered: reasons, why: why,
                                           crls: assessments, validUntil: validUntil, conflicts: conflicts)
    }
}
