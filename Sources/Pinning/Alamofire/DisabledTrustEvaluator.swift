import FoundationEssentials

/// Alamofire's `DisabledTrustEvaluator`: accepts every trust, whatever it holds. For tests and development
/// servers only: nothing at all is validated.
public struct DisabledTrustEvaluator: ServerTrustEvaluating {
    /// The evaluator.
    public init() {}

    public func evaluate(_ trust: ServerTrust, forHost host: String, at date: Date) throws(ServerTrustError) {}
}
