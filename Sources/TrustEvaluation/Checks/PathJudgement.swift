/// What the checks found on one candidate path: its failures, and the policy tree's outcome (the first
/// policy's that runs one), which the result reports whether or not the path is accepted.
struct PathJudgement {
    var failures: [TrustFailure] = []
    var policyTree: PolicyTreeOutcome?
}
