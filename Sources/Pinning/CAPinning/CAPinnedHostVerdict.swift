import TrustEvaluation

/// What `CAPinnedHost.evaluate` decided, with the evaluation and the pin check behind it.
public struct CAPinnedHostVerdict: Sendable {
    /// The host validated for.
    public let host: String
    /// The evaluation against the partner's anchors only, with the SSL policy for `host`.
    public let evaluation: TrustEvaluationResult
    /// The pin check on the evaluated chain; nil when no pins were given.
    public let pinCheck: PinCheckResult?

    /// Trusted under the partner's anchors and, when pins were given, pinned.
    public var isTrusted: Bool { evaluation.isTrusted && (pinCheck?.isPinned ?? true) }

    /// Why not, when not trusted: the evaluation's primary error, or the pin mismatch.
    public var failure: PinningFailure? {
        if let failure = pinCheck?.failure { return failure }
        return evaluation.isTrusted ? nil : PinningFailure(untrusted: evaluation)
    }
}
