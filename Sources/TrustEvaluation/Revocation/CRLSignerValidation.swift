import TrustCertificates

/// RFC 5280 §6.3.3 (f)-(g): who signed a CRL, and whether that certificate may sign it.
///
/// The signer is a certificate named as the CRL's issuer whose key verifies the CRL's signature, found
/// on the path above the certificate, among the presented certificates or among the anchors. One on the
/// path above the certificate (its issuer, or a CA higher up that issues an indirect CRL) is validated
/// by the path itself. Any other — a separate CRL-signing certificate of the CA, the CA's certificate
/// for its new key after a key rollover (a self-issued certificate), another CA — is validated by a
/// nested evaluation: a path to the same anchor under the basic X.509 policy of the same profile, with
/// its own revocation status checked by the same CRLs and revocation policy. Nesting stops at
/// `SearchBudget.maximumCRLSignerDepth` and each signer is validated once per evaluation. A signer whose
/// own validation is under way — its status comes from the CRL it signed, as in PKITS 4.14.30 — vouches
/// under the rfc5280 profile (§6.3.3 (f) asks for a valid path, which the validation under way
/// decides, this CRL revoking it included), unless `RevocationPolicy.selfCoveredCRLSignersVouch` is
/// off; under Apple's profiles it does not vouch. Whatever the signer, a keyUsage without cRLSign refuses it.
/// A signer whose DSA key leaves out its parameters signs with those of the certificate above it on its
/// path (RFC 5280 §6.1.4 (f)), as certificates on the path do (`signingKeys(of:)`).
struct CRLSignerValidation {
    let checker: CRLRevocationChecker
    /// The position of the certificate whose status is checked.
    let index: Int

    enum Result {
        /// The signer, the key it signed with (its own, or completed with the DSA parameters it inherits)
        /// and how it was validated.
        case validated(Certificate, PublicKeyInfo, CRLAssessment.SignerValidation)
        /// No certificate with the issuer's name and a key that verifies.
        case notSigned(String)
        /// Signed by a certificate whose validation is under way further up.
        case cycle(Certificate)
        /// Signed, but by no certificate that may sign it.
        case invalid(String, Certificate?)
    }

    func signer(of crl: CertificateRevocationList) -> Result {
        let path = checker.path
        let above = Array(path[(index + 1)...])
        var seen = Set<[UInt8]>()
        let anchors = checker.anchors
        let anchorCertificates = (anchors.custom?.certificates(named: crl.issuer) ?? [])
            + (anchors.usesSystemAnchors ? anchors.system.certificates(named: crl.issuer) : [])
        let named = (above + checker.environment.presented).filter { $0.subject.normalized == crl.issuer.normalized }
            + anchorCertificates
        let candidates = named.filter { seen.insert($0.sha256).inserted }
        let spent = "the search budget of \(checker.environment.work.maximumSignatureChecks) signature checks is spent"
        var signers: [(certificate: Certificate, key: PublicKeyInfo)] = []
        for candidate in candidates {
            guard let keys = signingKeys(of: candidate) else { return .invalid(spent, nil) }
            for key in keys {
                guard let verifies = checker.environment.work.verifies(crl, byKey: key) else { return .invalid(spent, nil) }
                if verifies {
                    signers.append((candidate, key))
                    break
                }
            }
        }
        guard !signers.isEmpty else {
            return .notSigned("no certificate named \(CRLRevocationChecker.quoted(crl.issuer)) among the path, the "
                + "presented certificates and the anchors has the key that signed it")
        }
        var problems: [String] = []
        var lastSigner: Certificate?
        for (signer, key) in signers {
            lastSigner = signer
            if let usage = signer.keyUsage, !usage.contains(.cRLSign) {
                problems.append("its signer \(TrustDiagnostic.quoted(signer))'s keyUsage lacks cRLSign")
                continue
            }
            // On the path above the certificate: validated by this very evaluation.
            if above.contains(where: { $0.subject.normalized == signer.subject.normalized && $0.spkiSHA256 == signer.spkiSHA256 }) {
                return .validated(signer, key, .onPath)
            }
            switch validate(signer) {
            case .valid: return .validated(signer, key, .validatedToAnchor(checker.path[checker.path.count - 1]))
            case .inProgress:
                guard checker.profile == .rfc5280, checker.environment.policy.selfCoveredCRLSignersVouch else {
                    return .cycle(signer)
                }
                return .validated(signer, key, .validationUnderWay(checker.path[checker.path.count - 1]))
            case .invalid(let why): problems.append(why)
            }
        }
        return .invalid(problems.joined(separator: "; "), lastSigner)
    }

    /// The keys `candidate` may have signed a CRL with; nil when the search budget of signature checks
    /// is spent. Its own key, unless it is a DSA key without parameters (RFC 5280 §6.1.4 (f), RFC 3279
    /// §2.3.2), which takes those of the certificate above it on its path: on the certificate's path,
    /// the nearest one above it that has them (`DSAParameterInheritanceCheck.workingKey`); off it, each
    /// certificate named as its issuer — on the path, presented or an anchor — that has them and signed
    /// it with the completed key. The nested validation of an off-path signer then builds and checks
    /// that path itself.
    private func signingKeys(of candidate: Certificate) -> [PublicKeyInfo]? {
        let path = checker.path
        if let position = path.indices.dropFirst(index + 1).first(where: { path[$0].sha256 == candidate.sha256 }) {
            return [DSAParameterInheritanceCheck.workingKey(at: position, in: path)]
        }
        guard DSAParameterInheritanceCheck.inheritsParameters(candidate) else { return [candidate.publicKey] }
        let anchors = checker.anchors
        let issuerKeys = path.indices.filter { path[$0].subject.normalized == candidate.issuer.normalized }
            .map { DSAParameterInheritanceCheck.workingKey(at: $0, in: path) }
            + (checker.environment.presented + (anchors.custom?.certificates(named: candidate.issuer) ?? [])
                + (anchors.usesSystemAnchors ? anchors.system.certificates(named: candidate.issuer) : []))
                .filter { $0.subject.normalized == candidate.issuer.normalized && $0.sha256 != candidate.sha256 }
                .map(\.publicKey)
        var keys: [PublicKeyInfo] = []
        var seen = Set<[UInt8]>()
        for issuerKey in issuerKeys where seen.insert(issuerKey.spkiSHA256).inserted {
            guard let completed = candidate.publicKey.inheritingDSAParameters(from: issuerKey) else { continue }
            guard let signed = checker.environment.work.verifies(candidate, byKey: issuerKey) else { return nil }
            if signed { keys.append(completed) }
        }
        return keys
    }

    /// A path from `signer` to the path's own anchor, revocation included, in a nested evaluation.
    private func validate(_ signer: Certificate) -> RevocationWork.SignerVerdict {
        let environment = checker.environment
        let name = TrustDiagnostic.quoted(signer)
        guard checker.isAnchored, let anchor = checker.path.last else {
            return .invalid("its signer \(name) cannot be validated: the certificate's path has no trust anchor")
        }
        guard environment.depth < environment.budget.maximumCRLSignerDepth else {
            return .invalid("its signer \(name) would be validated \(environment.depth + 1) levels deep, more than the "
                + "search budget's \(environment.budget.maximumCRLSignerDepth)")
        }
        return environment.work.verdict(on: signer, under: anchor, depth: environment.depth) {
            let evaluator = TrustEvaluator(anchors: .only(CertificateStore([anchor])),
                                           policies: [.basicX509(profile: checker.profile)], budget: environment.budget,
                                           crls: checker.store, revocation: environment.policy)
            let nested = RevocationEnvironment(policy: environment.policy, presented: environment.presented,
                                               budget: environment.budget, work: environment.work,
                                               depth: environment.depth + 1)
            let result = evaluator.evaluate(presented: [signer] + environment.presented, at: checker.time,
                                            diagnostics: nil, revocation: nested)
            guard result.isTrusted else {
                return .invalid("its signer \(name) has no valid path to the anchor \(TrustDiagnostic.quoted(anchor)): "
                    + (result.failures.map(\.description).joined(separator: "; ")))
            }
            return .valid
        }
    }
}
