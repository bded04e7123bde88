/// One policy of an evaluation with the checks it runs, made once per evaluation and shared by the
/// contexts of every candidate path (a `TrustPolicy` is a value of many fields; copying it into each
/// context cost a retain of each).
final class JudgedPolicy: Sendable {
    let policy: TrustPolicy
    let checks: [any PathCheck]

    init(_ policy: TrustPolicy, checks: [any PathCheck]) {
        self.policy = policy
        self.checks = checks
    }
}
