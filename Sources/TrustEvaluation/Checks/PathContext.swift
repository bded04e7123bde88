import FoundationEssentials
import TrustCertificates

/// One candidate path and everything a check needs to judge it.
struct PathContext {
    let path: CandidatePath
    /// The policy the checks judge against, by reference for the same reason as `inputs`.
    let judgedPolicy: JudgedPolicy
    var policy: TrustPolicy { judgedPolicy.policy }
    /// What every path of the evaluation is judged with, shared by reference (a context is made for each
    /// path and policy; copying each input into it cost most of a warm evaluation's reference counting).
    let inputs: EvaluationInputs

    var time: Date { inputs.time }
    var anchors: TrustAnchors { inputs.anchors }
    var publicSuffixes: PublicSuffixList { inputs.publicSuffixes }
    var crls: CRLStore { inputs.crls }
    var ocspResponses: [OCSPResponse] { inputs.ocspResponses }
    /// The revocation policy and what CRL signer validation needs (see `RevocationCheck`).
    var revocation: RevocationEnvironment { inputs.revocation }

    var certificates: [Certificate] { path.certificates }
    var leaf: Certificate { path.certificates[0] }
    var lastIndex: Int { path.certificates.count - 1 }
    /// Index of the trusted anchor, when the path has one (always the last certificate).
    var anchorIndex: Int? { path.isAnchored ? lastIndex : nil }

    /// Apple's "system-trust" rules depend on the root's bytes, not on how it was anchored (§3.2).
    var rootIsInSystemStore: Bool { anchors.system.contains(certificates[lastIndex]) }

    var hostnameRules: HostnameRules { policy.profile == .apple ? .apple : .webpki }
}

/// A check run on every candidate path; it appends the failures it finds.
protocol PathCheck: Sendable {
    func evaluate(_ context: PathContext, into failures: inout [TrustFailure])
    /// The check as part of a path's judgement: its failures, and what else it found that the result
    /// reports (only the policy tree has such an outcome), so that nothing is computed twice.
    func judge(_ context: PathContext, into judgement: inout PathJudgement)
}

extension PathCheck {
    func judge(_ context: PathContext, into judgement: inout PathJudgement) { evaluate(context, into: &judgement.failures) }
}
