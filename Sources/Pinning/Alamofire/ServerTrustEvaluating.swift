import FoundationEssentials

/// Alamofire's `ServerTrustEvaluating` over TrustCheck's engine: decide whether the certificates a server
/// presented may be trusted for `host` at `date`, or throw why not.
///
/// Alamofire's protocol has this requirement only where Security exists (`#if canImport(Security)`); on
/// Linux it has none, which is what this brings back. Throw `.customEvaluationFailed(error:)` from an
/// evaluator of your own for a reason that is not one of Alamofire's.
public protocol ServerTrustEvaluating: Sendable {
    /// Throws when `trust` must not be used for `host`; returns normally when it may.
    func evaluate(_ trust: ServerTrust, forHost host: String, at date: Date) throws(ServerTrustError)
}
