import TrustEvaluation

/// Alamofire's `AFError.ServerTrustFailureReason.Output`: what a failed evaluation returned, for the
/// failure reasons Alamofire raises on OSes before iOS 12 (see `ServerTrustError`).
public struct ServerTrustOutput: Sendable {
    /// The host evaluated for.
    public let host: String
    /// The evaluation (Alamofire's `trust`).
    public let trust: TrustEvaluationResult
    /// The OSStatus: the evaluation's primary error code, 0 when trusted.
    public let status: Int32
    /// The result type (Alamofire's `result`).
    public let result: TrustResultType

    /// The output of `trust` for `host`.
    public init(host: String, trust: TrustEvaluationResult) {
        self.host = host
        self.trust = trust
        status = trust.error?.code ?? OSStatusCode.errSecSuccess
        result = trust.resultType
    }
}
