/// Whether a reported chain chains to the collector's configured anchors, decided by the engine
/// (TrustEvaluation, basic X.509 policy, at the report's `date-time`).
public enum AnchorCheck: Sendable, Hashable {
    /// It does.
    case chains
    /// It does not; `reason` is the engine's primary error message (for an unparsable chain, the parse error).
    case doesNotChain(reason: String)
    /// No anchors were configured, so nothing was checked.
    case notChecked

    /// The stable text stored in databases and JSON: `chains`, `does_not_chain`, `not_checked`.
    public var code: String {
        switch self {
        case .chains: return "chains"
        case .doesNotChain: return "does_not_chain"
        case .notChecked: return "not_checked"
        }
    }

    /// The reason of `.doesNotChain`, else nil.
    public var reason: String? {
        if case .doesNotChain(let reason) = self { return reason }
        return nil
    }

    /// The value for a stored `code` and `reason`; nil for an unknown code.
    public init?(code: String, reason: String?) {
        switch code {
        case "chains": self = .chains
        case "does_not_chain": self = .doesNotChain(reason: reason ?? "")
        case "not_checked": self = .notChecked
        default: return nil
        }
    }
}
