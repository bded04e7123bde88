import FoundationEssentials
import TrustCertificates

/// Depth-first, backtracking search for paths from the leaf to an anchor, in Apple's order: for each
/// partial path, anchors are tried before presented intermediates, and issuers that would fail the
/// parent checks (expired, not a CA) are tried last. Every complete path is handed to `visit`, which
/// says whether the search may stop.
struct PathBuilder {
    let anchors: TrustAnchors
    let intermediates: CertificateStore
    let budget: SearchBudget
    let time: Date
    /// Verdicts shared across evaluations; a hit costs no signature check.
    let sharedSignatures: SignatureCache?
    let diagnostics: TrustDiagnostics?

    private(set) var signatureChecks = 0
    private(set) var pathsVisited = 0
    private(set) var budgetExhausted = false
    private var verdicts = SignatureVerdicts()

    init(anchors: TrustAnchors, intermediates: CertificateStore, budget: SearchBudget, time: Date,
         sharedSignatures: SignatureCache? = nil, diagnostics: TrustDiagnostics?)
    {
        self.sharedSignatures = sharedSignatures
        self.anchors = anchors
        self.intermediates = intermediates
        self.budget = budget
        self.time = time
        self.diagnostics = diagnostics
    }

    enum Decision { case stop, keepSearching }

    mutating func search(from leaf: Certificate, visit: (CandidatePath) -> Decision) {
        let leafElement = ChainElement(certificate: leaf, source: anchors.source(of: leaf) ?? .presented)
        if leafElement.source != .presented {
            narrate(.leafIsAnchor(leaf, source: leafElement.source))
            let path = CandidatePath(anchoredAt: [leafElement])
            if visitCounted(path, visit) == .stop { return }
        }
        _ = extend([leafElement], visit: visit)
    }

    /// Returns .stop when the search is over (accepted path or budget spent).
    private mutating func extend(_ elements: [ChainElement], visit: (CandidatePath) -> Decision) -> Decision {
        let top = elements[elements.count - 1].certificate
        guard elements.count < budget.maximumPathLength else {
            narrate(.pathComplete(length: elements.count, end: .lengthLimit))
            return visitCounted(CandidatePath(elements: elements, isAnchored: false, endsSelfSigned: false,
                                              endsAtLengthLimit: true), visit)
        }
        var extended = false
        let candidates = orderedIssuers(of: top, below: elements)
        if !candidates.isEmpty {
            narrate(.issuerCandidatesFound(subject: top, candidates: candidates.map {
                ChainElement(certificate: $0.0, source: $0.1)
            }))
        }
        for (candidate, source) in candidates {
            guard signatureChecks < budget.maximumSignatureChecks || knownVerdict(top, issuedBy: candidate) != nil
            else {
                budgetExhausted = true
                narrate(.budgetSpent(.signatureChecks, limit: budget.maximumSignatureChecks))
                return .stop
            }
            guard verifies(top, issuedBy: candidate) else {
                narrate(.candidateRejected(candidate: candidate, subject: top, reason: .signatureDoesNotVerify))
                continue
            }
            extended = true
            let issuer = ChainElement(certificate: candidate, source: source)
            // One allocation for the longer path (`elements + [issuer]` made a second, for the literal).
            var path = elements
            path.append(issuer)
            narrate(.issuerAccepted(subject: top, issuer: issuer))
            if source != .presented {
                narrate(.pathComplete(length: path.count, end: .anchor(source)))
                let candidatePath = CandidatePath(anchoredAt: path)
                if visitCounted(candidatePath, visit) == .stop { return .stop }
            } else if isSelfSigned(candidate) {
                narrate(.pathComplete(length: path.count, end: .untrustedRoot))
                if visitCounted(CandidatePath(elements: path, isAnchored: false, endsSelfSigned: true), visit) == .stop {
                    return .stop
                }
            } else {
                if extend(path, visit: visit) == .stop { return .stop }
            }
        }
        if !extended {
            // Nothing above this certificate: a partial path, reported as a missing intermediate,
            // or as an untrusted root when it ends in a self-signed certificate.
            let selfSigned = isSelfSigned(top)
            if !selfSigned { narrate(.noIssuerFound(subject: top, searched: anchors.issuerStores)) }
            narrate(.pathComplete(length: elements.count, end: selfSigned ? .untrustedRoot : .missingIssuer))
            return visitCounted(CandidatePath(elements: elements, isAnchored: false, endsSelfSigned: selfSigned), visit)
        }
        return .keepSearching
    }

    private mutating func visitCounted(_ path: CandidatePath, _ visit: (CandidatePath) -> Decision) -> Decision {
        pathsVisited += 1
        if visit(path) == .stop { return .stop }
        if pathsVisited >= budget.maximumPaths {
            budgetExhausted = true
            narrate(.budgetSpent(.paths, limit: budget.maximumPaths))
            return .stop
        }
        return .keepSearching
    }

    /// Anchors first, then presented intermediates, then (with anchors-only on) system roots as
    /// untrusted parents. Within each group, issuers that pass the parent checks come first.
    /// Certificates already on the path (by key and name) are skipped, which breaks loops.
    private func orderedIssuers(of certificate: Certificate, below elements: [ChainElement])
        -> [(Certificate, CertificateSource)]
    {
        // Paths are short: comparing with each certificate on the path beats building a set of
        // name-and-key keys for every extension.
        func isOnPath(_ candidate: Certificate) -> Bool {
            elements.contains {
                $0.certificate.publicKey.spkiSHA256 == candidate.publicKey.spkiSHA256
                    && $0.certificate.subject.normalized == candidate.subject.normalized
            }
        }
        let anchorCandidates = anchors.anchorIssuers(of: certificate)
        // Concatenated only when there are system parents (with anchors-only on and a system store).
        let systemParents = anchors.untrustedSystemIssuers(of: certificate)
        let presentedParents = intermediates.issuers(of: certificate)
        let parentCandidates = systemParents.isEmpty ? presentedParents : presentedParents + systemParents
        // A single candidate cannot repeat another: no set to build (the usual case).
        let mayRepeat = anchorCandidates.count + parentCandidates.count > 1
        var seen = Set<ByteKey>()
        func fresh(_ candidate: Certificate) -> Bool {
            guard !isOnPath(candidate) else {
                narrate(.candidateRejected(candidate: candidate, subject: certificate, reason: .alreadyOnPath))
                return false
            }
            return !mayRepeat || seen.insert(ByteKey(candidate.sha256)).inserted
        }
        // One candidate, the usual case: nothing to filter into new arrays or to order.
        if !mayRepeat {
            if let only = anchorCandidates.first { return fresh(only.0) ? anchorCandidates : [] }
            if let only = parentCandidates.first { return fresh(only) ? [(only, .presented)] : [] }
            return []
        }
        let anchorIssuers = anchorCandidates.filter { fresh($0.0) }
        let parents = parentCandidates.filter(fresh).map { ($0, CertificateSource.presented) }
        return preferLikelyIssuers(anchorIssuers, of: certificate) + preferLikelyIssuers(parents, of: certificate)
    }

    /// Issuers that pass the parent checks first; within each part, those whose subjectKeyIdentifier is
    /// the certificate's authorityKeyIdentifier, then those that do not say, then those that name another
    /// key. Only the order changes — every candidate is still tried — so a bundle of same-name CAs costs
    /// one signature check when key identifiers are present, not one per decoy.
    private func preferLikelyIssuers(_ candidates: [(Certificate, CertificateSource)], of certificate: Certificate)
        -> [(Certificate, CertificateSource)]
    {
        func keyIdentifierRank(_ issuer: Certificate) -> Int {
            guard let wanted = certificate.authorityKeyIdentifier, let offered = issuer.subjectKeyIdentifier else { return 1 }
            return wanted == offered ? 0 : 2
        }
        func ordered(_ part: [(Certificate, CertificateSource)]) -> [(Certificate, CertificateSource)] {
            guard part.count > 1 else { return part }
            return (0...2).flatMap { rank in part.filter { keyIdentifierRank($0.0) == rank } }
        }
        guard candidates.count > 1 else { return candidates }
        var passing: [(Certificate, CertificateSource)] = [], failing: [(Certificate, CertificateSource)] = []
        for candidate in candidates {
            if passesParentChecks(candidate.0) { passing.append(candidate) } else { failing.append(candidate) }
        }
        return ordered(passing) + ordered(failing)
    }

    /// Apple's quick checks on a new top certificate; failing ones are deferred, not discarded.
    private func passesParentChecks(_ certificate: Certificate) -> Bool {
        let valid = ValidityWindow(certificate).contains(time)
        let ca = certificate.version < 3 || certificate.basicConstraints?.isCA == true
        let signs = certificate.keyUsage.map { $0.contains(.keyCertSign) } ?? true
        return valid && ca && signs && !KeyStrengthCheck.isBroken(certificate.publicKey)
    }

    /// A verdict this search or the shared cache already has; nil when only a check can tell.
    private func knownVerdict(_ certificate: Certificate, issuedBy issuer: Certificate) -> Bool? {
        if let known = verdicts.verdict(certificate, issuedBy: issuer) { return known }
        return DSAParameterInheritanceCheck.inheritsParameters(issuer) ? nil : sharedSignatures?.cachedVerdict(certificate, by: issuer)
    }

    private mutating func verifies(_ certificate: Certificate, issuedBy issuer: Certificate) -> Bool {
        if let known = verdicts.verdict(certificate, issuedBy: issuer) { return known }
        let valid: Bool
        if DSAParameterInheritanceCheck.inheritsParameters(issuer) {
            // Never shared: the verdict depends on the parameters the path above the issuer supplies, which
            // the shared cache's key (the issuer's SPKI as written) does not capture.
            signatureChecks += 1
            let inherited = inheritedDSAKeys(of: issuer)
            signatureChecks += inherited.signatureChecks
            valid = inherited.keys.contains { certificate.isSigned(byKey: $0) }
        } else if let shared = sharedSignatures?.cachedVerdict(certificate, by: issuer) {
            valid = shared  // an earlier evaluation's real check of the same bytes: not counted against the budget
        } else {
            signatureChecks += 1
            valid = sharedSignatures?.checkAndRecord(certificate, by: issuer) ?? certificate.isSigned(by: issuer)
        }
        verdicts.record(valid, certificate, issuedBy: issuer)
        narrate(.signatureChecked(subject: certificate, issuer: issuer, verifies: valid))
        return valid
    }

    private mutating func isSelfSigned(_ certificate: Certificate) -> Bool {
        certificate.isSelfIssued && verifies(certificate, issuedBy: certificate)
    }

    private func narrate(_ step: @autoclosure () -> TrustDiagnostic) {
        diagnostics?(step())
    }
}
