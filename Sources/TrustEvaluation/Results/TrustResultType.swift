/// Apple's SecTrustResultType, with the same raw values.
public enum TrustResultType: UInt32, Sendable, CaseIterable, CustomStringConvertible {
    case invalid = 0
    case proceed = 1
    case confirm = 2
    case deny = 3
    case unspecified = 4
    case recoverableTrustFailure = 5
    case fatalTrustFailure = 6
    case otherError = 7

    /// The Swift spelling of Apple's case name, e.g. "recoverableTrustFailure".
    public var name: String {
        switch self {
        case .invalid: return "invalid"
        case .proceed: return "proceed"
        case .confirm: return "confirm"
        case .deny: return "deny"
        case .unspecified: return "unspecified"
        case .recoverableTrustFailure: return "recoverableTrustFailure"
        case .fatalTrustFailure: return "fatalTrustFailure"
        case .otherError: return "otherError"
        }
    }

    /// The case whose `name` is `name`; nil for any other text.
    public init?(name: String) {
        guard let match = Self.allCases.first(where: { $0.name == name }) else { return nil }
        self = match
    }

    /// The case name, as `name`.
    public var description: String { name }

    /// SecTrustEvaluateWithError's rule: only Proceed and Unspecified mean trusted.
    public var isTrusted: Bool { self == .proceed || self == .unspecified }
}
