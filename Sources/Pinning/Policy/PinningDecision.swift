/// What pinning decided for a connection.
public enum PinningDecision: String, Sendable, Hashable, CaseIterable {
    /// Go ahead: a pin matched, or a mismatch that is only reported.
    case allow
    /// Refuse the server.
    case block
    /// No pinning applies to the host (no entry, an excluded subdomain, expired pins): the default
    /// evaluation alone decides.
    case notPinned = "not-pinned"

    /// The one rule of what a pin verification's result means, shared by every kind of pinning
    /// (TrustKit's `TSKPinningValidator`, pin sets, NSPinnedDomains, the Alamofire and AFNetworking
    /// evaluators): success allows; a valid chain that carries no pin blocks only when pinning is
    /// enforced (TSKEnforcePinning, not `--report-only`); a chain through a user-defined anchor with no pin
    /// is allowed when pinning is told to ignore those anchors (macOS); everything else — an invalid chain,
    /// a key that cannot be hashed, a missing trust — blocks, report-only or not.
    public init(result: TrustKitEvaluationResult, enforcing: Bool, ignoringUserDefinedTrustAnchors: Bool = false) {
        switch result {
        case .success: self = .allow
        case .failedNoMatchingPin: self = enforcing ? .block : .allow
        case .failedUserDefinedTrustAnchor: self = ignoringUserDefinedTrustAnchors ? .allow : .block
        case .failedInvalidCertificateChain, .errorInvalidParameters, .errorCouldNotGenerateSpkiHash: self = .block
        }
    }
}
