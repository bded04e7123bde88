import TrustEvaluation

/// A pinning stage the caller supplies instead of `TLSClientConfiguration.pins`, for pinning that is more
/// than a pin set (a TrustKit configuration, an Info.plist's NSPinnedDomains): it runs in the handshake's
/// verify callback after the engine trusts the chain, on the evaluation (the evaluated chain, leaf to
/// anchor), and its answer decides whether the handshake continues.
public typealias PinningStage = @Sendable (TrustEvaluationResult) -> PinningStageAnswer

/// What a `PinningStage` decided.
public enum PinningStageAnswer: Sendable, Equatable {
    /// Continue the handshake (pinned, not pinned, or a mismatch that is only reported).
    case allow
    /// Refuse the server, with the reason the connection's verdict carries.
    case block(reason: String)
}
