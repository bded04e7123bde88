/// The RFC 5280 policy tree as a path check: a path for which policy processing fails gets
/// `PolicyConstraints` (errSecInvalidPolicyIdentifiers, -67835), Apple's key for it. Under the rfc5280
/// profile the failure sits on the certificate where processing failed; Apple records it on the leaf
/// whatever the certificate (`SecPVCSetResultForced(pvc, kSecPolicyCheckPolicyConstraints, 0, ...)`), and
/// the apple profile does the same. Either way the context says which certificate and which policies.
struct PolicyTreeCheck: PathCheck {
    let inputs: CertificatePolicyInputs
    /// Apple's placement: every policy tree failure on the leaf.
    let reportsOnLeaf: Bool

    func outcome(_ context: PathContext) -> PolicyTreeOutcome {
        PolicyTreeProcessor(inputs: inputs).process(path: context.certificates, anchored: context.path.isAnchored)
    }

    func evaluate(_ context: PathContext, into failures: inout [TrustFailure]) {
        record(outcome(context), into: &failures)
    }

    /// Runs the tree once: its failure joins the path's, its outcome is what the result reports.
    func judge(_ context: PathContext, into judgement: inout PathJudgement) {
        let outcome = outcome(context)
        record(outcome, into: &judgement.failures)
        // A pattern, not `== nil`: comparing with nil pairs the optionals in a tuple that generic code destroys.
        if case .none = judgement.policyTree { judgement.policyTree = outcome }
    }

    private func record(_ outcome: PolicyTreeOutcome, into failures: inout [TrustFailure]) {
        guard let failure = outcome.failure else { return }
        failures.append(TrustFailure(index: reportsOnLeaf ? 0 : failure.certificateIndex, check: .policyConstraints,
                                     context: .policyTree(failure)))
    }
}
