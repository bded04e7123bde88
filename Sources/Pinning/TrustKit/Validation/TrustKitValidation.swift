import TrustCertificates
import TrustEvaluation

/// Everything `TrustKitPinningValidator` decided for one connection: what TrustKit's
/// `-evaluateTrust:forHostname:` returns, and what its validation callback receives.
public struct TrustKitValidation: Sendable {
    /// The server's hostname, as given.
    public let hostname: String
    /// The policy that applied and the configured domain it was found under; nil when none did.
    public let match: TrustKitPolicyMatch?
    /// Why the hostname is treated as not pinned; nil when it is pinned.
    public let notPinnedReason: TrustKitNotPinnedReason?
    /// The pin verification's result; nil when the hostname is not pinned (TrustKit then validates nothing).
    public let evaluationResult: TrustKitEvaluationResult?
    /// Allow, block, or not pinned.
    public let decision: TrustKitDecision
    /// The pin that decided success, on the evaluated chain (TrustKit stops at the first, scanning from the anchor).
    public let matchedPin: PinMatch?
    /// The default SSL evaluation the pins were checked after; nil when none was run.
    public let evaluation: TrustEvaluationResult?
    /// For `errorCouldNotGenerateSpkiHash`: which certificate (chain index) TrustKit could not hash, and why.
    public let unhashableKey: (chainIndex: Int, reason: String)?

    /// The evaluated chain, leaf first, as the report's `validated-certificate-chain` carries it.
    public var certificateChain: [Certificate] { evaluation?.certificates ?? [] }

    /// The configured domain that matched (TrustKit's `notedHostname`).
    public var notedHostname: String? { match?.notedHostname }

    /// Whether a pin mismatch blocks (TSKEnforcePinning); nil when not pinned.
    public var isEnforced: Bool? { notPinnedReason == nil ? match?.policy.enforcePinning : nil }

    /// Whether TrustKit's callback sends a pin-failure report: for a pinned hostname whose result is not
    /// success, and not a user-defined trust anchor that pinning is told to ignore (macOS). Report-only
    /// policies report too. Nothing is sent for hostnames that are not pinned, excluded or expired, nor
    /// when the policy has no report URI (that is the delivery's concern, not this flag's).
    public var shouldSendReport: Bool {
        guard let evaluationResult, match != nil, notPinnedReason == nil else { return false }
        if evaluationResult == .success { return false }
        return !(evaluationResult == .failedUserDefinedTrustAnchor && ignoresUserDefinedTrustAnchors)
    }

    let ignoresUserDefinedTrustAnchors: Bool
}
