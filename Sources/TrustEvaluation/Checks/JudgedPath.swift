/// A candidate path the evaluation keeps while it searches, with what its checks found: the accepted
/// path, or the best-scoring failing one. A named type, not a tuple: an optional tuple is copied and
/// destroyed through the runtime's generic value witnesses, which cost a warm evaluation more than
/// some of its checks.
struct JudgedPath {
    let path: CandidatePath
    let judgement: PathJudgement
    /// Always there for a failing path. The first accepted path is scored only if another one is accepted
    /// after it (scoring may ask for the anchor's self-signature, which nothing else needs).
    let score: PathScore?
}
