/// Whether a reported chain chains to the collector's anchors (`--anchors`, else the system roots), decided by
/// the engine (TrustEvaluation, basic X.509 policy, at the report's `date-time`).
public enum AnchorCheck: Sendable, Hashable {
    /// It does.
    case chains
    /// It does not; `reason` is the engine's primary error message (for an unparsable chain, the parse error).
    case doesNotChain(reason: String)
    /// It does not at the device's `date-time`, but does at the time the report arrived: the device's clock
    /// is wrong, which explains the failure (a certificate "expired" or "not yet valid" on that device
    /// alone). `reason` says by how much the clocks differ and what failed at the device's time.
    case clockSkew(reason: String)
    /// No anchors were configured, so nothing was checked.
    case notChecked

    /// The stable text stored in databases and JSON: `chains`, `does_not_chain`, `clock_skew`, `not_checked`.
    public var code: String {
        switch self {
        case .chains: return "chains"
        case .doesNotChain: return "does_not_chain"
        case .clockSkew: return "clock_skew"
        case .notChecked: return "not_checked"
        }
    }

    /// Whether the chain was seen to chain to the anchors (at the device's time, or at the collector's when
    /// the device's clock was wrong): a chain the collector verified, not only a report's word.
    public var isVerified: Bool {
        switch self {
        case .chains, .clockSkew: return true
        case .doesNotChain, .notChecked: return false
        }
    }

    /// The reason of `.doesNotChain` and `.clockSkew`, else nil.
    public var reason: String? {
        switch self {
        case .doesNotChain(let reason), .clockSkew(let reason): return reason
        case .chains, .notChecked: return nil
        }
    }

    /// The value for a stored `code` and `reason`; nil for an unknown code.
    public init?(code: String, reason: String?) {
        switch code {
        case "chains": self = .chains
        case "does_not_chain": self = .doesNotChain(reason: reason ?? "")
        case "clock_skew": self = .clockSkew(reason: reason ?? "")
        case "not_checked": self = .notChecked
        default: return nil
        }
    }
}
