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
/// - Not established — no CRL applies, none may be used, the usable ones do not cover every reason —
///   and no used stapled response answers: under `RevocationPolicy.Mode.require`,
///   RevocationResponseRequired (-67635) naming what is missing; under `soft`, the same only when CRLs
///   apply but every one is unusable and `unusableCRLsFail` (x509-limbo's and OpenSSL's answer; an
///   expired CRL is OpenSSL's CRL_HAS_EXPIRED); otherwise only reported, as Apple soft-fails.
struct RevocationCheck: PathCheck {
    func evaluate(_ context: PathContext, into failures: inout [TrustFailure]) {
        failures += Self.statuses(context).compactMap(\.failure)
    }

    /// Each certificate's status, with the failure it costs under the context's revocation policy.
    struct Judged {
        let status: CertificateRevocationStatus
        let failure: TrustFailure?
    }

    /// The status of every certificate of the context's path, leaf first.
    static func statuses(_ context: PathContext) -> [Judged] {
        let certificates = context.certificates
        let environment = context.revocation
        // Without CRLs no checker is built and without stapled responses none is assessed: that is every
        // evaluation that has neither, whose statuses are all "not checked".
        let checker = context.crls.isEmpty ? nil : CRLRevocationChecker(
            path: certificates, isAnchored: context.path.isAnchored, time: context.time, anchors: context.anchors,
            store: context.crls, profile: context.policy.profile, environment: environment)
        let ocsp = context.ocspResponses.isEmpty ? []
            : context.ocspResponses.map { OCSPResponseReport.assess($0, path: certificates, at: context.time) }.filter(\.isUsed)
        var results: [Judged] = []
        results.reserveCapacity(certificates.count)
        for index in certificates.indices {
            guard index < context.lastIndex else {
                let why = context.path.isAnchored ? "it is the trust anchor, whose revocation is not checked"
                    : "it is the top of the path, with no issuer to vouch for its revocation status"
                results.append(Judged(status: CertificateRevocationStatus(
                    index: index, status: .notChecked, sources: [], reasonsCovered: [], why: why, crls: []), failure: nil))
                continue
            }
            let outcome = checker?.outcome(at: index)
            let answer = ocsp.isEmpty ? nil : ocsp.first { $0.certificateIndex == index }
            results.append(judge(index: index, crl: outcome, ocsp: answer, policy: environment.policy))
        }
        return results
    }

    private static func judge(index: Int, crl outcome: CRLRevocationChecker.Outcome?, ocsp: OCSPResponseReport?,
                              policy: RevocationPolicy) -> Judged
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
                                        crls: assessments, validUntil: validUntil)
        }
        if let entry = outcome?.revoked {
            return Judged(status: status(.revoked(date: entry.revocationDate, reason: entry.reason)),
                          failure: TrustFailure(index: index, check: .revocation,
                                                context: .revoked(date: entry.revocationDate, reason: entry.reason)))
        }
        if let ocsp, case .revoked(let date, let reason)? = ocsp.status {
            return Judged(status: status(.revoked(date: date, reason: reason)), failure: nil)
        }
        if outcome?.isDetermined == true || ocsp != nil { return Judged(status: status(.notRevoked), failure: nil) }
        let why = outcome?.problem ?? "no CRL was given and no usable stapled OCSP response names it"
        let unusable = outcome?.onlyUnusable == true
        let value: CertificateRevocationStatus.Status = assessments.isEmpty ? .notChecked : .undetermined
        let fails = policy.mode == .require || (unusable && policy.unusableCRLsFail)
        guard fails else { return Judged(status: status(value, why: why), failure: nil) }
        let detail = why + (assessments.isEmpty ? "" : "; " + assessments.map(\.description).joined(separator: "; "))
        return Judged(status: status(value, why: why),
                      failure: TrustFailure(index: index, check: .revocationResponseRequired, detail: detail))
    }
}
