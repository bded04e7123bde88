/// What made an explicit policy required (explicit_policy reached 0, RFC 5280 §6.1).
public enum ExplicitPolicyRequirement: Sendable, Hashable, CustomStringConvertible {
    /// The caller's initial-explicit-policy input.
    case initialExplicitPolicy
    /// requireExplicitPolicy `skipCerts` in the policyConstraints of the certificate at `certificateIndex`
    /// (named `certificate`).
    case requireExplicitPolicy(certificateIndex: Int, certificate: String, skipCerts: Int)

    /// Who requires it, in words.
    public var description: String {
        switch self {
        case .initialExplicitPolicy:
            return "the initial-explicit-policy input requires an explicit policy"
        case .requireExplicitPolicy(_, let certificate, let skipCerts):
            return "requireExplicitPolicy \(skipCerts) in \u{201C}\(certificate)\u{201D} requires an explicit policy"
        }
    }
}
