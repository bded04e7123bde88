import Foundation
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
    let diagnostics: TrustDiagnostics?

    private(set) var signatureChecks = 0
    private(set) var pathsVisited = 0
    private(set) var budgetExhausted = false
    private var signatureCache: [SignaturePair: Bool] = [:]

    init(anchors: TrustAnchors, intermediates: CertificateStore, budget: SearchBudget, time: Date,
         diagnostics: TrustDiagnostics?)
    {
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
            let path = CandidatePath(elements: [leafElement], isAnchored: true, endsSelfSigned: isSelfSigned(leaf))
            if visitCounted(path, visit) == .stop { return }
        }
        _ = extend([leafElement], visit: visit)
    }

    /// Returns .stop when the search is over (accepted path or budget spent).
    private mutating func extend(_ elements: [ChainElement], visit: (CandidatePath) -> Decision) -> Decision {
        let top = elements[elements.count - 1].certificate
        guard elements.count < budget.maximumPathLength else {
            narrate(.pathComplete(length: elements.count, end: .lengthLimit))
            return visitCounted(CandidatePath(elements: elements, isAnchored: false, endsSelfSigned: false), visit)
        }
        var extended = false
        let candidates = orderedIssuers(of: top, below: elements)
        if !candidates.isEmpty {
            narrate(.issuerCandidatesFound(subject: top, candidates: candidates.map {
                ChainElement(certificate: $0.0, source: $0.1)
            }))
        }
        for (candidate, source) in candidates {
            guard signatureChecks < budget.maximumSignatureChecks || signatureCache[SignaturePair(top, candidate)] != nil
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
            let path = elements + [issuer]
            narrate(.issuerAccepted(subject: top, issuer: issuer))
            if source != .presented {
                narrate(.pathComplete(length: path.count, end: .anchor(source)))
                let candidatePath = CandidatePath(elements: path, isAnchored: true, endsSelfSigned: isSelfSigned(candidate))
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
        let onPath = Set(elements.map { $0.certificate.subject.normalized + $0.certificate.spkiSHA256 })
        var seen = Set<[UInt8]>()
        func fresh(_ candidate: Certificate) -> Bool {
            guard !onPath.contains(candidate.subject.normalized + candidate.spkiSHA256) else {
                narrate(.candidateRejected(candidate: candidate, subject: certificate, reason: .alreadyOnPath))
                return false
            }
            return seen.insert(candidate.sha256).inserted
        }
        let anchorIssuers = anchors.anchorIssuers(of: certificate).filter { fresh($0.0) }
        let parents = (intermediates.issuers(of: certificate) + anchors.untrustedSystemIssuers(of: certificate))
            .filter(fresh).map { ($0, CertificateSource.presented) }
        return preferPassingParentChecks(anchorIssuers) + preferPassingParentChecks(parents)
    }

    private func preferPassingParentChecks(_ candidates: [(Certificate, CertificateSource)])
        -> [(Certificate, CertificateSource)]
    {
        let passing = candidates.filter { passesParentChecks($0.0) }
        let failing = candidates.filter { !passesParentChecks($0.0) }
        return passing + failing
    }

    /// Apple's quick checks on a new top certificate; failing ones are deferred, not discarded.
    private func passesParentChecks(_ certificate: Certificate) -> Bool {
        let valid = ValidityWindow(certificate).contains(time)
        let ca = certificate.version < 3 || certificate.basicConstraints?.isCA == true
        let signs = certificate.keyUsage.map { $0.contains(.keyCertSign) } ?? true
        return valid && ca && signs && !KeyStrengthCheck.isBroken(certificate.publicKey)
    }

    private mutating func verifies(_ certificate: Certificate, issuedBy issuer: Certificate) -> Bool {
        let pair = SignaturePair(certificate, issuer)
        if let known = signatureCache[pair] { return known }
        signatureChecks += 1
        let valid: Bool
        if issuer.publicKey.inheritsDSAParameters {
            let inherited = inheritedDSAKeys(of: issuer)
            signatureChecks += inherited.signatureChecks
            valid = inherited.keys.contains { certificate.isSigned(byKey: $0) }
        } else {
            valid = certificate.isSigned(by: issuer)
        }
        signatureCache[pair] = valid
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

private struct SignaturePair: Hashable {
    let subject: [UInt8]
    let issuer: [UInt8]

    init(_ subject: Certificate, _ issuer: Certificate) {
        self.subject = subject.sha256
        self.issuer = issuer.sha256
    }
}
