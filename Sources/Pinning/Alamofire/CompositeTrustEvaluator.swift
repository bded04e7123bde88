import FoundationEssentials

/// Alamofire's `CompositeTrustEvaluator`: each evaluator in order, each on the caller's trust; the first
/// to throw ends the evaluation with its error.
public struct CompositeTrustEvaluator: ServerTrustEvaluating {
    /// The evaluators, run in this order.
    public let evaluators: [any ServerTrustEvaluating]

    /// Runs `evaluators` in order.
    public init(evaluators: [any ServerTrustEvaluating]) { self.evaluators = evaluators }

    public func evaluate(_ trust: ServerTrust, forHost host: String, at date: Date) throws(ServerTrustError) {
        for evaluator in evaluators { try evaluator.evaluate(trust, forHost: host, at: date) }
    }
}
