/// Apple's error subtypes; a lower raw value wins when choosing the primary error (SecTrustInternal.h).
public enum TrustErrorSubtype: Int, Sendable, Comparable, CaseIterable {
    case blocked = 0, revoked, keySize, weakHash, denied, compliance, pinning, trust, usage, name, expired, invalid

    /// Apple's priority order: a lower subtype outranks a higher one when choosing the primary error.
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

    /// Apple's simple message; `summary` is the subject summary of the certificate at fault.
    public func message(summary: String) -> String {
        let quoted = "\u{201C}\(summary)\u{201D}"
        switch self {
        case .blocked: return "\(quoted) certificate is blocked"
        case .revoked: return "\(quoted) certificate is revoked"
        case .keySize: return "\(quoted) certificate is using a broken key size"
        case .weakHash: return "\(quoted) certificate is using a broken signature algorithm"
        case .denied: return "User or administrator set \(quoted) certificate as distrusted"
        case .compliance: return "\(quoted) certificate is not standards compliant"
        case .pinning: return "\(summary) certificates do not meet pinning requirements"
        case .trust: return "\(quoted) certificate is not trusted"
        case .usage: return "\(quoted) certificate is not permitted for this usage"
        case .name: return "\(quoted) certificate name does not match input"
        case .expired: return "\(quoted) certificate is expired"
        case .invalid: return "Unknown trust error for \(quoted) certificate"
        }
    }
}
