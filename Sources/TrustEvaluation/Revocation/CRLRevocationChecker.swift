import FoundationEssentials
import TrustCertificates

/// RFC 5280 §6.3.3 for one certificate of a path: its distribution points (or its issuer's implicit
/// one) in order, each with the complete CRLs that may serve it and their delta CRLs, until the status
/// is revoked or every reason is covered.
///
/// For each distribution point and candidate complete CRL:
/// - (a) thisUpdate ≤ time ≤ nextUpdate (`ValidityWindow`); a stale CRL is not usable;
/// - (b) the CRL issuer is the point's cRLIssuer (then the CRL must be indirect) or the certificate's
///   issuer; an issuingDistributionPoint's name must match the point's, its onlyContainsUserCerts /
///   onlyContainsCACerts must fit the certificate, onlyContainsAttributeCerts never applies;
/// - (d)-(e) the reasons it covers (point's reasons ∩ onlySomeReasons) must add one not yet covered;
/// - (f)-(g) its signer is a certificate with the CRL issuer's name whose key verifies the signature and
///   that is validated to the path's own anchor (`CRLSignerValidation`), with cRLSign when it has keyUsage;
///   a DSA signer key without parameters takes those of the certificate above it on its path;
/// - (c), (h) a delta CRL of the same issuer, scope and authority key, signed by the same key, current,
///   whose BaseCRLNumber ≤ the complete CRL's number < its own, is used with it: (i) its entry decides
///   first, removeFromCRL un-revoking (k); (j) else the complete CRL's entry (§5.3.3 matching: the entry's
///   certificate issuer, carried over in indirect CRLs);
/// - TrustCheck's and x509-limbo's additions (see `RevocationPolicy`): a CRLNumber (non-critical), no
///   unknown critical extension, no broken signature hash.
struct CRLRevocationChecker {
    let path: [Certificate]
    let isAnchored: Bool
    let time: Date
    let anchors: TrustAnchors
    let store: CRLStore
    let profile: TrustProfile
    let environment: RevocationEnvironment

    /// What the CRLs say about one certificate.
    struct Outcome {
        var revoked: RevokedCertificate?
        var reasons: ReasonFlags = []
        var assessments: [CRLAssessment] = []
        /// The nextUpdate of every CRL used (complete and delta), nil for one that has none.
        var expirations: [Date?] = []
        /// Why the CRLs establish nothing, when they do not.
        var problem: String?
        /// Where the CRLs disagree about the certificate (see `CertificateRevocationStatus.conflicts`).
        var conflicts: [String] = []
        /// Where each CRL's assessment is in `assessments`, by the CRL's SHA-256.
        private var positions: [[UInt8]: Int] = [:]

        /// Records what became of `crl` for one distribution point. A CRL judged for several points
        /// keeps one assessment, the most telling: used, else unusable, else not signed, else not applicable.
        mutating func record(_ assessment: CRLAssessment, for crl: CertificateRevocationList) {
            guard let position = positions[crl.sha256] else {
                positions[crl.sha256] = assessments.count
                assessments.append(assessment)
                return
            }
            if Self.rank(assessment.verdict) > Self.rank(assessments[position].verdict) { assessments[position] = assessment }
        }

        /// Whether `crl` was used already (for an earlier distribution point).
        func isUsed(_ crl: CertificateRevocationList) -> Bool { positions[crl.sha256].map { assessments[$0].isUsed } ?? false }

        private static func rank(_ verdict: CRLAssessment.Verdict) -> Int {
            switch verdict {
            case .notApplicable: return 0
            case .notSignedByIssuer: return 1
            case .unusable: return 2
            case .used: return 3
            }
        }

        var isDetermined: Bool { revoked != nil || reasons.isSuperset(of: .allReasons) }
        var usedAny: Bool { assessments.contains(where: \.isUsed) }
        /// Every CRL that applies may not be used, and there is at least one.
        var onlyUnusable: Bool { !usedAny && assessments.contains(where: \.isUnusable) }
    }

    func outcome(at index: Int) -> Outcome {
        let certificate = path[index]
        var outcome = Outcome()
        var points: [DistributionPoint] = []
        switch certificate.crlDistributionPoints {
        case .none: break
        case .valid(let explicit)?: points = explicit
        case .malformed(let why)?:
            outcome.problem = "its cRLDistributionPoints cannot be read (\(why))"
            return outcome
        }
        // §6.3.3, last paragraph: then the CRLs of the certificate's issuer that no point names.
        points.append(DistributionPoint(name: .fullName(certificate.issuerNames), reasons: nil, crlIssuer: nil))
        for point in points {
            if outcome.isDetermined { break }
            for crl in candidates(for: point, of: certificate) where !outcome.isUsed(crl) {
                if outcome.isDetermined { break }
                apply(crl, for: point, at: index, to: &outcome)
            }
        }
        for unreadable in store.unreadableCRLs(possiblyNaming: certificate) {
            let label = "CRL in \(unreadable.path)" + (unreadable.position.isEmpty ? "" : " (\(unreadable.position))")
            outcome.assessments.append(CRLAssessment(crl: label, signer: nil,
                                                     verdict: .unusable("it does not parse: \(unreadable.error.reason)")))
        }
        if !outcome.isDetermined, outcome.problem == nil {
            if outcome.assessments.isEmpty {
                outcome.problem = "no CRL of its issuer \(Self.quoted(certificate.issuer)) was given"
            } else if outcome.usedAny {
                outcome.problem = "the usable CRLs cover \(outcome.reasons), not every reason"
            } else if outcome.onlyUnusable {
                outcome.problem = "no usable CRL"
            } else {
                outcome.problem = "no CRL given applies to it"
            }
        }
        return outcome
    }

    /// How the reports name a CRL: "CRL of <issuer> (number 2) issued <thisUpdate>", "delta CRL of ...".
    static func label(_ crl: CertificateRevocationList) -> String {
        (crl.isDelta ? "delta CRL of " : "CRL of ") + crl.issuer.rfc4514 + (crl.number.map { " (number \($0))" } ?? "")
            + " issued " + RFC3339.string(crl.thisUpdate)
    }

    /// A name as the messages quote it.
    static func quoted(_ name: DistinguishedName) -> String { "\u{201C}\(name.rfc4514)\u{201D}" }

    /// Complete CRLs named by the point's cRLIssuer, else by the certificate's issuer; newest first.
    private func candidates(for point: DistributionPoint, of certificate: Certificate) -> [CertificateRevocationList] {
        let issuers: [DistinguishedName] = point.crlIssuer.map { names in
            names.compactMap { if case .directoryName(let name) = $0 { return name } else { return nil } }
        } ?? [certificate.issuer]
        return issuers.flatMap { store.crls(issuedBy: $0) }.filter { !$0.isDelta }.sorted { $0.thisUpdate > $1.thisUpdate }
    }

    private func apply(_ crl: CertificateRevocationList, for point: DistributionPoint, at index: Int,
                       to outcome: inout Outcome)
    {
        let certificate = path[index]
        let name = Self.label(crl)
        func record(_ verdict: CRLAssessment.Verdict, signer: Certificate? = nil) {
            outcome.record(CRLAssessment(crl: name, signer: signer, verdict: verdict), for: crl)
        }
        if let defect = crl.signatureValue.defect {
            return record(.unusable("its signature value is malformed (\(defect))"))
        }
        // (b) issuer and scope.
        let scope: IssuingDistributionPoint?
        switch crl.issuingDistributionPoint {
        case .none: scope = nil
        case .valid(let value)?: scope = value
        case .malformed(let why)?: return record(.unusable("its issuingDistributionPoint cannot be read (\(why))"))
        }
        if let why = scopeMismatch(crl, scope: scope, point: point, certificate: certificate) {
            return record(.notApplicable(why))
        }
        // (d)-(e) reasons.
        let interim = (point.reasons ?? .allReasons).intersection(scope?.onlySomeReasons ?? .allReasons)
            .intersection(.allReasons)
        guard !interim.subtracting(outcome.reasons).isEmpty else {
            return record(.notApplicable("it covers \(interim), all already covered"))
        }
        // (f)-(g) signer.
        let signer: Certificate
        let signerKey: PublicKeyInfo
        let validation: CRLAssessment.SignerValidation
        switch CRLSignerValidation(checker: self, index: index).signer(of: crl) {
        case .validated(let found, let key, let how): (signer, signerKey, validation) = (found, key, how)
        case .notSigned(let why): return record(.notSignedByIssuer(why))
        case .cycle(let found): return record(.notApplicable("signed by \(TrustDiagnostic.quoted(found)), whose own status it cannot vouch for"), signer: found)
        case .invalid(let why, let found): return record(.unusable(why), signer: found)
        }
        // (a) and the CRL's own rules.
        if let why = unusable(crl, complete: true).first {
            return outcome.record(CRLAssessment(crl: name, signer: signer, verdict: .unusable(why),
                                                signerValidation: validation), for: crl)
        }
        // (c), (h) delta.
        var notes: [String] = []
        let delta = self.delta(for: crl, scope: scope, signerKey: signerKey, notes: &notes)
        if delta == nil, certificate.freshestCRL != nil || crl.freshestCRL != nil {
            notes.append("freshestCRL announces delta CRLs; no usable one was given, so the complete CRL alone decides")
        }
        // (i)-(k) entries: the delta's decide when it lists the certificate, else the complete CRL's. Any
        // entry revoking it wins over removeFromCRL, and over another CRL of the same number that does not
        // list it (`disagreement`).
        var entry: RevokedCertificate?
        let deciding = delta.flatMap { $0.entries(for: certificate).isEmpty ? nil : $0 } ?? crl
        entry = deciding.entry(for: certificate)
        if entry?.reason == .removeFromCRL { entry = nil }
        let listed = deciding.entries(for: certificate)
        if Set(listed).count > 1 {
            outcome.conflicts.append("\(Self.label(deciding)) lists the certificate \(listed.count) times with different "
                                     + "entries: " + listed.map(Self.describe).joined(separator: ", "))
        }
        for checked in [crl] + (delta.map { [$0] } ?? []) {
            for twin in disagreement(with: checked, signerKey: signerKey) {
                outcome.conflicts.append("\(Self.label(checked)) and another CRL of its issuer with the same CRLNumber "
                                         + "list different entries")
                guard entry == nil, let found = twin.entry(for: certificate), found.reason != .removeFromCRL else { continue }
                entry = found
            }
        }
        outcome.reasons.formUnion(interim)
        outcome.expirations += [crl.nextUpdate] + (delta.map { [$0.nextUpdate] } ?? [])
        if let entry { outcome.revoked = entry }
        outcome.record(CRLAssessment(
            crl: name, signer: signer, verdict: .used(reasons: interim),
            delta: delta.map(Self.label), notes: notes, signerValidation: validation),
            for: crl)
    }

    /// The other CRLs, signed by the same key, that claim to be `crl` — same issuer, CRLNumber, kind
    /// (complete or delta) and scope, which §5.2.3 forbids two different CRLs to share — but whose
    /// entries differ. Each revokes what it lists: one issuer's two answers under one number cannot
    /// be told apart, so the check fails closed. (Not signed by that key, such a CRL is someone else's
    /// and proves nothing.)
    private func disagreement(with crl: CertificateRevocationList, signerKey: PublicKeyInfo) -> [CertificateRevocationList] {
        guard let number = crl.number else { return [] }
        let twins = store.crls(issuedBy: crl.issuer).filter {
            $0 != crl && $0.isDelta == crl.isDelta && $0.number == number
                && $0.issuingDistributionPoint?.value == crl.issuingDistributionPoint?.value
        }
        guard !twins.isEmpty else { return [] }
        let entries = Set(crl.revokedCertificates)
        return twins.filter { environment.work.verifies($0, byKey: signerKey) == true && Set($0.revokedCertificates) != entries }
    }

    /// An entry as a conflict names it: "revoked 2026-01-01T00:00:00Z (keyCompromise)".
    private static func describe(_ entry: RevokedCertificate) -> String {
        "revoked \(RFC3339.string(entry.revocationDate))" + (entry.reason.map { " (\($0))" } ?? "")
    }

    /// §6.3.3 (b): why the CRL is not the one for this point and certificate; nil when it is.
    private func scopeMismatch(_ crl: CertificateRevocationList, scope: IssuingDistributionPoint?,
                               point: DistributionPoint, certificate: Certificate) -> String?
    {
        if point.crlIssuer != nil, scope?.indirectCRL != true {
            return "the distribution point names it as CRL issuer, but it is not an indirect CRL"
        }
        if point.crlIssuer == nil, crl.issuer.normalized != certificate.issuer.normalized {
            return "its issuer is not the certificate's issuer"
        }
        guard let scope else { return nil }
        if let idpName = scope.name {
            guard let idpNames = idpName.names(relativeTo: crl.issuer) else { return "its distribution point name cannot be formed" }
            let pointNames: [GeneralName]
            if let name = point.name {
                pointNames = name.names(relativeTo: crl.issuer) ?? []
            } else {
                pointNames = point.crlIssuer ?? []
            }
            if !GeneralName.anyMatch(idpNames, pointNames) {
                return "it is for the distribution point \(idpName), not \(point.name?.description ?? "the CRL issuer's")"
            }
        }
        if scope.onlyContainsUserCerts, certificate.isCA { return "it covers only end-entity certificates" }
        if scope.onlyContainsCACerts, !certificate.isCA { return "it covers only CA certificates" }
        if scope.onlyContainsAttributeCerts { return "it covers only attribute certificates" }
        return nil
    }

    /// Why a CRL that verifies may not be used, first reason first; empty when it may.
    func unusable(_ crl: CertificateRevocationList, complete: Bool) -> [String] {
        var problems: [String] = []
        let window = ValidityWindow(crl)
        switch window.position(of: time) {
        case .valid: break
        case .notYetValid: problems.append("not valid before \(RFC3339.string(window.start))")
        case .expired: problems.append("expired: nextUpdate \(RFC3339.string(window.end ?? window.start)) has passed")
        }
        if environment.policy.requiresCRLNumber || !complete {
            if crl.crlNumber == nil {
                problems.append("it has no CRLNumber")
            } else if crl.crlNumberIsCritical {
                problems.append("its CRLNumber is critical")
            }
        }
        if !crl.unknownCriticalExtensions.isEmpty {
            problems.append("it has an unknown critical extension " + crl.unknownCriticalExtensions.joined(separator: ", "))
        }
        if let hash = crl.signatureAlgorithm.hash, hash.isBroken { problems.append("it is signed with \(hash.name)") }
        return problems
    }

    /// The newest delta CRL that may be used with `crl` (§5.2.4, §6.3.3 (c), (h)); why the others may
    /// not goes to `notes`.
    private func delta(for crl: CertificateRevocationList, scope: IssuingDistributionPoint?, signerKey: PublicKeyInfo,
                       notes: inout [String]) -> CertificateRevocationList?
    {
        let deltas = store.crls(issuedBy: crl.issuer).filter(\.isDelta).sorted { ($0.number ?? CRLNumber(content: [])) > ($1.number ?? CRLNumber(content: [])) }
        for delta in deltas {
            let name = Self.label(delta)
            guard case .valid(let base)? = delta.deltaCRLIndicator else {
                notes.append("\(name): its deltaCRLIndicator cannot be read")
                continue
            }
            let deltaScope = delta.issuingDistributionPoint?.value
            guard delta.issuingDistributionPoint == nil ? scope == nil : deltaScope == scope else {
                notes.append("\(name): its issuingDistributionPoint scope is not the complete CRL's")
                continue
            }
            guard delta.authorityKeyIdentifier == crl.authorityKeyIdentifier else {
                notes.append("\(name): its authorityKeyIdentifier is not the complete CRL's")
                continue
            }
            guard let number = crl.number, base <= number, let own = delta.number, number < own else {
                notes.append("\(name): base CRL number \(base) does not fit the complete CRL's \(crl.number?.description ?? "missing") number")
                continue
            }
            guard environment.work.verifies(delta, byKey: signerKey) == true else {
                notes.append("\(name): not signed by the complete CRL's signer")
                continue
            }
            if let why = unusable(delta, complete: false).first {
                notes.append("\(name): \(why)")
                continue
            }
            return delta
        }
        return nil
    }
}
