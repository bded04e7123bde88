import TrustCertificates
import TrustEvaluation

/// What `PinnedDomains.check` decided for one host: the engine's evaluation with Apple's SSL-policy pin
/// checks added, and the error Apple's `SecTrustEvaluateWithError` would return.
public struct PinnedDomainsVerdict: Sendable {
    /// Apple's check key for a leaf whose key is not a pinned leaf identity (raised on index 0).
    public static let leafCheckKey = "LeafSPKISHA256"
    /// Apple's check key for a chain with no pinned CA identity above the leaf (raised on every CA index).
    public static let caCheckKey = "CAspkiSHA256"

    /// The host, as given.
    public let host: String
    /// The identities pinned for the host; nil when it is not pinned (then only the evaluation decides).
    public let identities: PinnedIdentities?
    /// The engine's evaluation with the SSL policy for the host.
    public let evaluation: TrustEvaluationResult
    /// The pin checks that failed, as (chain index, Apple's check key), leaf first.
    public let pinFailures: [(index: Int, check: String)]
    /// Apple's error: the pin mismatch (-9886 and the pinning sentence) unless the evaluation's own primary
    /// error outranks it by Apple's subtype priority; nil when trusted and pinned.
    public let failure: PinningFailure?

    /// Trusted by the engine and every pinned identity kind matched.
    public var isTrusted: Bool { failure == nil }
}
