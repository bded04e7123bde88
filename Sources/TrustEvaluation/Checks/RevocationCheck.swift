import Foundation
import TrustCertificates

/// Revocation from the CRLs the caller supplied (RFC 5280 §6.3 for complete CRLs; nothing is fetched).
///
/// A certificate's CRLs are those that name its issuer and whose signature verifies under the issuer's
/// key — the next certificate of the path. Any other CRL, a same-named impostor included, belongs to
/// some other CA and is ignored. One of its CRLs may be used only when (RFC 5280 §5.2, §5.3, §6.3.3):
/// - thisUpdate ≤ time ≤ nextUpdate at whole seconds (`ValidityWindow`); a CRL without nextUpdate does not go stale;
/// - the issuer's keyUsage, when present, has cRLSign (§6.3.3 f);
/// - it has a CRLNumber and that extension is not critical (§5.2.3);
/// - it has no critical extension TrustCheck does not process, in itself or an entry: a delta CRL, an
///   issuingDistributionPoint scope or an indirect entry would make "not listed" mean nothing;
/// - its signature hash is not broken (MD2, MD4, MD5), so a forged "nothing revoked" cannot pass.
///
/// A CRL naming the issuer whose signature value is malformed (`SignatureValue.defect`), and a
/// supplied CRL that does not parse (`UnreadableCRL`) naming the issuer or no readable issuer at all,
/// prove nothing about who made them: either may be the issuer's, so each counts as one of its CRLs
/// that may not be used — never as one that revokes or clears.
///
/// Then, for each certificate below the anchor: a usable CRL listing its serial ⇒ Revocation (fatal),
/// with the entry's date and reason; else any usable CRL ⇒ not revoked, however many stale or
/// unreadable ones lie beside it; else, when all its issuer's CRLs are unusable ⇒
/// RevocationResponseRequired, naming each and why: the caller asked for this issuer's revocation
/// status and there is none, so the path fails closed, as x509-limbo's `crl::` cases and OpenSSL's CRL
/// checking do (an expired CRL is OpenSSL's CRL_HAS_EXPIRED); else (no CRL of that issuer) nothing, as
/// Apple soft-fails missing revocation data. The listing alone revokes: the revocation date and reason
/// only inform, as in OpenSSL and webpki.
struct RevocationCheck: PathCheck {
    func evaluate(_ context: PathContext, into failures: inout [TrustFailure]) {
        let certificates = context.certificates
        // The top certificate is the anchor, or has no issuer in the path to vouch for its CRLs.
        guard certificates.count > 1 else { return }
        let time = context.time
        for index in 0..<context.lastIndex {
            let certificate = certificates[index]
            let issuer = certificates[index + 1]
            let named = context.crls.crls(naming: certificate)
            let own = named.filter { $0.isSigned(by: issuer) }
            let malformed = named.filter { $0.signatureValue.defect != nil }
            let unreadable = context.crls.unreadableCRLs(possiblyNaming: certificate)
            guard !own.isEmpty || !malformed.isEmpty || !unreadable.isEmpty else { continue }
            let judged = own.map { (crl: $0, problems: Self.problems(of: $0, issuer: issuer, at: time)) }
            let usable = judged.filter(\.problems.isEmpty).map(\.crl)
            if let entry = usable.lazy.compactMap({ $0.entry(forSerialNumber: certificate.serialNumber) }).first {
                failures.append(TrustFailure(index: index, check: .revocation,
                                             context: .revoked(date: entry.revocationDate, reason: entry.reason)))
            } else if usable.isEmpty {
                let why = judged.map { "CRL issued \($0.crl.thisUpdate): " + $0.problems.joined(separator: ", ") }
                    + malformed.map { "CRL issued \($0.thisUpdate): \($0.signatureValue.defect ?? "")" }
                    + unreadable.map { "unreadable CRL \($0)" }
                failures.append(TrustFailure(index: index, check: .revocationResponseRequired,
                                             detail: "no usable CRL; " + why.joined(separator: "; ")))
            }
        }
    }

    /// Why a CRL its issuer really signed may not be used; empty when it may.
    private static func problems(of crl: CertificateRevocationList, issuer: Certificate, at time: Date) -> [String] {
        var problems: [String] = []
        let window = ValidityWindow(crl)
        switch window.position(of: time) {
        case .valid: break
        case .notYetValid: problems.append("not valid before \(window.start)")
        case .expired: problems.append("expired at \(window.end ?? window.start)")
        }
        if let usage = issuer.keyUsage, !usage.contains(.cRLSign) { problems.append("issuer's keyUsage lacks cRLSign") }
        if crl.crlNumber == nil {
            problems.append("no CRLNumber")
        } else if crl.crlNumberIsCritical {
            problems.append("critical CRLNumber")
        }
        if !crl.unknownCriticalExtensions.isEmpty {
            problems.append("unknown critical extension " + crl.unknownCriticalExtensions.joined(separator: ", "))
        }
        if let hash = crl.signatureAlgorithm.hash, hash.isBroken { problems.append("signed with \(hash.name)") }
        return problems
    }
}
