/// TrustKit's `TSKTrustDecision`, with its integer values.
public enum TrustKitDecision: Int, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// `TSKTrustDecisionShouldAllowConnection`.
    case shouldAllowConnection = 0
    /// `TSKTrustDecisionShouldBlockConnection`.
    case shouldBlockConnection = 1
    /// `TSKTrustDecisionDomainIsNotPinned`: no policy applies, so the caller's default handling decides.
    case domainIsNotPinned = 2

    /// TrustKit's constant name, e.g. `TSKTrustDecisionShouldBlockConnection`.
    public var trustKitName: String {
        switch self {
        case .shouldAllowConnection: return "TSKTrustDecisionShouldAllowConnection"
        case .shouldBlockConnection: return "TSKTrustDecisionShouldBlockConnection"
        case .domainIsNotPinned: return "TSKTrustDecisionDomainIsNotPinned"
        }
    }

    /// The same as `trustKitName`.
    public var description: String { trustKitName }
}
