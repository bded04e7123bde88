import FoundationEssentials
import TrustCertificates

/// Receives each step of the path search and of the decision, in order.
public typealias TrustDiagnostics = @Sendable (TrustDiagnostic) -> Void

/// Decides whether a leaf certificate is trusted, the way Apple's SecTrust does:
///
/// 1. Build candidate paths from the leaf to an anchor, backtracking over every issuer with the
///    right name whose signature verifies (anchors first; issuers failing quick checks last).
/// 2. Run every policy's checks on each candidate; the first path with no failure is accepted
///    (a later one is preferred only if it avoids SHA-1 that the first has below its anchor).
/// 3. If none is accepted, report the best-scoring path (Apple's scoring) with its failures, and
///    the primary error chosen by Apple's subtype priority.
///
/// With CRLs, every candidate path is also checked for revocation (RFC 5280 §6.3), whatever the policies
/// (Apple forces revocation results too): see `RevocationCheck` and `RevocationPolicy`. Without CRLs,
/// under the default soft-fail policy, nothing fails, as Apple soft-fails when it has no revocation data;
/// TrustCheck never fetches any. The result reports each certificate's revocation status either way. Stapled OCSP responses are consulted
/// likewise, whatever the policies: see `OCSPCheck`; the result reports what became of each.
///
/// With the defaults, `TrustEvaluator()` trusts the system store (`TrustAnchors()`) under
/// `SecPolicyCreateBasicX509` with the default work budget and the system Public Suffix List.
///
/// An evaluator is an immutable value; evaluate from as many threads as you like.
public struct TrustEvaluator: Sendable {
    /// The certificates trusted as path ends (and the system store as a source of parents).
    public var anchors: TrustAnchors
    /// The policies every accepted path must pass, all of them; empty means basic X.509.
    public var policies: [TrustPolicy]
    /// The limits on the path search.
    public var budget: SearchBudget
    /// Consulted only for a wildcard in the leaf's names; the default, the system list, is read then.
    public var publicSuffixes: PublicSuffixList
    /// The certificate revocation lists to check the paths against; empty: no revocation checking.
    public var crls: CRLStore
    /// Stapled OCSP responses, consulted for every certificate of each path below its top (see `OCSPCheck`).
    public var ocspResponses: [OCSPResponse]
    /// What an unestablished revocation status costs (soft-fail by default).
    public var revocation: RevocationPolicy
    /// Signature checks shared with other evaluators (and earlier evaluations); nil: each evaluation
    /// checks every signature it needs itself. A cached verdict is always a real check's (see
    /// `SignatureCache`), so the verdicts are the same either way.
    public var signatureCache: SignatureCache?

    /// An evaluator with these anchors, policies, budget, suffix list, CRLs, stapled OCSP responses,
    /// revocation policy and shared signature cache.
    public init(anchors: TrustAnchors = TrustAnchors(), policies: [TrustPolicy] = [.basicX509()], budget: SearchBudget = .default,
                publicSuffixes: PublicSuffixList = .system, crls: [CertificateRevocationList] = [],
                ocspResponses: [OCSPResponse] = [], revocation: RevocationPolicy = .soft,
                signatureCache: SignatureCache? = nil)
    {
        self.init(anchors: anchors, policies: policies, budget: budget, publicSuffixes: publicSuffixes,
                  crls: CRLStore(crls), ocspResponses: ocspResponses, revocation: revocation,
                  signatureCache: signatureCache)
    }

    /// An evaluator with a CRL store (which may hold CRLs that did not parse, see `UnreadableCRL`).
    public init(anchors: TrustAnchors = TrustAnchors(), policies: [TrustPolicy] = [.basicX509()], budget: SearchBudget = .default,
                publicSuffixes: PublicSuffixList = .system, crls: CRLStore, ocspResponses: [OCSPResponse] = [],
                revocation: RevocationPolicy = .soft, signatureCache: SignatureCache? = nil)
    {
        self.revocation = revocation
        self.ocspResponses = ocspResponses
        self.signatureCache = signatureCache
        self.anchors = anchors
        self.policies = policies
        self.budget = budget
        self.publicSuffixes = publicSuffixes
        self.crls = crls
    }

    /// Evaluates trust in `leaf` at `time`, with `intermediates` as untrusted certificates presented
    /// beside it (in any order; unused ones are listed in the result's `notes`). `diagnostics`, when
    /// given, receives every step of the search and of the decision, in order, on the calling thread.
    /// The verdict never depends on `diagnostics`.
    public func evaluate(leaf: Certificate, intermediates: [Certificate] = [], at time: Date,
                         diagnostics: TrustDiagnostics? = nil) -> TrustEvaluationResult
    {
        // One allocation: `[leaf] + intermediates` made the literal's array and then the sum.
        var presented: [Certificate] = []
        presented.reserveCapacity(1 + intermediates.count)
        presented.append(leaf)
        presented.append(contentsOf: intermediates)
        let environment = RevocationEnvironment(policy: revocation, presented: presented, budget: budget,
                                                work: RevocationWork(budget: budget), depth: 0)
        return evaluate(presented: presented, at: time, diagnostics: diagnostics, revocation: environment)
    }

    /// The evaluation, inside `environment`: the caller's, or a CRL signer's nested in it (`CRLSignerValidation`).
    /// `presented` is the leaf, then the intermediates (one array, which the caller has built already).
    func evaluate(presented: [Certificate], at time: Date, diagnostics: TrustDiagnostics?,
                  revocation environment: RevocationEnvironment) -> TrustEvaluationResult
    {
        let leaf = presented[0]
        // Policies are ANDed: each contributes its checks, judged against that policy's options.
        let effectivePolicies = policies.isEmpty ? [.basicX509()] : policies
        let checks = effectivePolicies.map { JudgedPolicy($0, checks: $0.checks) }
        // Revocation belongs to no policy; it runs once, after every policy's checks, in the first one's context.
        var revocationChecks: [any PathCheck] = []
        if !crls.isEmpty || revocation.mode == .require { revocationChecks.append(RevocationCheck()) }
        if !ocspResponses.isEmpty { revocationChecks.append(OCSPCheck()) }
        var builder = PathBuilder(anchors: anchors, intermediates: CertificateStore(presented.dropFirst()), budget: budget,
                                  time: time, sharedSignatures: signatureCache, diagnostics: diagnostics)
        let inputs = EvaluationInputs(time: time, anchors: anchors, publicSuffixes: publicSuffixes, crls: crls,
                                      ocspResponses: ocspResponses, revocation: environment)
        var accepted: JudgedPath?
        var best: JudgedPath?

        func revocationStatuses(for path: CandidatePath) -> [CertificateRevocationStatus] {
            RevocationCheck.statuses(PathContext(path: path, judgedPolicy: checks[0], inputs: inputs))
        }
        // With something to check revocation with (or a requirement), the explanation narrates each
        // candidate path's revocation processing: the statuses are recomputed from the work the check
        // shares (signatures and signer verdicts are cached), so narrating changes no verdict.
        let narratesRevocation = !crls.isEmpty || !ocspResponses.isEmpty || revocation.mode == .require
        func narrateRevocation(of path: CandidatePath, to diagnostics: TrustDiagnostics) {
            let certificates = path.certificates
            for status in revocationStatuses(for: path) where certificates.indices.contains(status.index) {
                let subject = certificates[status.index]
                for assessment in status.crls {
                    diagnostics(.crlConsidered(subject: subject, index: status.index, assessment: assessment))
                }
                diagnostics(.revocationStatus(subject: subject, status: status))
            }
        }

        diagnostics?(.evaluationStarted(leaf: leaf, at: time))
        builder.search(from: leaf) { path in
            let judgement = Self.run(checks, then: revocationChecks, on: path, inputs: inputs)
            let failures = judgement.failures
            if let diagnostics, narratesRevocation { narrateRevocation(of: path, to: diagnostics) }
            if failures.isEmpty {
                diagnostics?(.pathAccepted(length: path.elements.count))
                if let previous = accepted {
                    let score = PathScore(path: path, accepted: true, time: time)
                    let previousScore = previous.score ?? PathScore(path: previous.path, accepted: true, time: time)
                    accepted = score > previousScore ? JudgedPath(path: path, judgement: judgement, score: score)
                        : JudgedPath(path: previous.path, judgement: previous.judgement, score: previousScore)
                } else {
                    accepted = JudgedPath(path: path, judgement: judgement, score: nil)
                }
                // Keep looking only for a path that avoids SHA-1 the leaf itself does not use.
                let weakBelowAnchor = path.certificates.dropLast().contains(where: SignatureAlgorithmCheck.isWeakForScoring)
                return weakBelowAnchor && !SignatureAlgorithmCheck.isWeakForScoring(leaf) ? .keepSearching : .stop
            }
            diagnostics?(.checkFailed(pathLength: path.elements.count, failures: failures))
            let score = PathScore(path: path, accepted: false, time: time)
            if best?.score.map({ score > $0 }) ?? true { best = JudgedPath(path: path, judgement: judgement, score: score) }
            return .keepSearching
        }

        func ocspReports(for path: CandidatePath) -> [OCSPResponseReport] {
            ocspResponses.map { OCSPResponseReport.assess($0, path: path.certificates, at: time) }
        }
        func notes(for path: CandidatePath, revocation: [CertificateRevocationStatus]) -> [TrustNote] {
            let notes = TrustNote.notes(presented: presented, path: path.certificates, revocation: revocation)
            for note in notes { diagnostics?(.note(note)) }
            return notes
        }
        if let accepted {
            let revocation = revocationStatuses(for: accepted.path)
            let notes = notes(for: accepted.path, revocation: revocation)
            diagnostics?(.verdict(error: nil))
            return TrustEvaluationResult(
                isTrusted: true, resultType: .unspecified, chain: accepted.path.elements, failures: [], error: nil,
                verificationTime: time, isAnchored: true, pathsConsidered: builder.pathsVisited,
                signatureChecks: builder.signatureChecks, notes: notes, ocspResponses: ocspReports(for: accepted.path),
                revocation: revocation, policyTree: accepted.judgement.policyTree)
        }
        // Only a budget spent before the first complete path leaves nothing to report but the leaf.
        let path = best?.path ?? CandidatePath(elements: [ChainElement(certificate: leaf, source: .presented)],
                                               isAnchored: false, endsSelfSigned: false)
        let judgement = best?.judgement ?? Self.run(checks, then: revocationChecks, on: path, inputs: inputs)
        var failures = judgement.failures
        if builder.budgetExhausted {
            failures.append(TrustFailure(index: 0, check: .searchBudgetExhausted, context: .searchBudget(
                paths: builder.pathsVisited, signatureChecks: builder.signatureChecks)))
        }
        let summaries = path.certificates.map { $0.subjectSummary ?? "" }
        let error = TrustError(failures: failures, summaries: summaries)
        let resultType: TrustResultType = failures.contains { $0.check.isFatal } ? .fatalTrustFailure : .recoverableTrustFailure
        let revocation = revocationStatuses(for: path)
        let notes = notes(for: path, revocation: revocation)
        diagnostics?(.verdict(error: error))
        return TrustEvaluationResult(
            isTrusted: false, resultType: resultType, chain: path.elements, failures: failures, error: error,
            verificationTime: time, isAnchored: path.isAnchored, pathsConsidered: builder.pathsVisited,
            signatureChecks: builder.signatureChecks, notes: notes, ocspResponses: ocspReports(for: path),
            revocation: revocation, policyTree: judgement.policyTree)
    }

    /// Every policy's checks on `path`, with one context per policy, then `revocationChecks` in the first
    /// policy's; the failures without repeats.
    private static func run(_ checks: [JudgedPolicy], then revocationChecks: [any PathCheck], on path: CandidatePath,
                            inputs: EvaluationInputs) -> PathJudgement
    {
        var judgement = PathJudgement()
        for policy in checks {
            let context = PathContext(path: path, judgedPolicy: policy, inputs: inputs)
            for check in policy.checks { check.judge(context, into: &judgement) }
        }
        if !revocationChecks.isEmpty {
            let context = PathContext(path: path, judgedPolicy: checks[0], inputs: inputs)
            for check in revocationChecks { check.judge(context, into: &judgement) }
        }
        guard judgement.failures.count > 1 else { return judgement }
        var seen = Set<String>()
        judgement.failures = judgement.failures.filter { seen.insert("\($0.index)/\($0.check.rawValue)").inserted }
        return judgement
    }
}
