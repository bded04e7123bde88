/// A CRL entry's reasonCode (RFC 5280 §5.3.1), with its ASN.1 values; 7 is not used.
public enum CRLReason: Int, Sendable, Hashable, CustomStringConvertible {
    case unspecified = 0
    case keyCompromise = 1
    case cACompromise = 2
    case affiliationChanged = 3
    case superseded = 4
    case cessationOfOperation = 5
    case certificateHold = 6
    case removeFromCRL = 8
    case privilegeWithdrawn = 9
    case aACompromise = 10

    /// RFC 5280's name, e.g. "keyCompromise".
    public var description: String {
        switch self {
        case .unspecified: return "unspecified"
        case .keyCompromise: return "keyCompromise"
        case .cACompromise: return "cACompromise"
        case .affiliationChanged: return "affiliationChanged"
        case .superseded: return "superseded"
        case .cessationOfOperation: return "cessationOfOperation"
        case .certificateHold: return "certificateHold"
        case .removeFromCRL: return "removeFromCRL"
        case .privilegeWithdrawn: return "privilegeWithdrawn"
        case .aACompromise: return "aACompromise"
        }
    }
}
