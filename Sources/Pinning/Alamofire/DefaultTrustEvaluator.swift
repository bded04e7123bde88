import FoundationEssentials

/// Alamofire's `DefaultTrustEvaluator`: the SSL policy for the host (unless `validateHost` is false), then
/// the SSL policy without a host, against the trust's anchors.
public struct DefaultTrustEvaluator: ServerTrustEvaluating {
    /// Whether the leaf must be valid for the host.
    public let validateHost: Bool

    /// An evaluator that checks the host unless told not to.
    public init(validateHost: Bool = true) { self.validateHost = validateHost }

    public func evaluate(_ trust: ServerTrust, forHost host: String, at date: Date) throws(ServerTrustError) {
        var trust = trust
        if validateHost { try trust.performValidation(forHost: host, at: date) }
        try trust.performDefaultValidation(forHost: host, at: date)
    }
}
