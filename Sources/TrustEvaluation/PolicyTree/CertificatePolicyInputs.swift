import TrustCertificates

/// The four policy inputs of RFC 5280 path validation (§6.1.1 c, e, f, g), which the rfc5280 profile's
/// policy tree starts from (§6.1.2). The defaults are RFC 5280's "any policy, nothing required,
/// nothing inhibited", which is also what Apple's tree always runs with.
public struct CertificatePolicyInputs: Sendable, Hashable {
    /// user-initial-policy-set: the policies (in the trust anchor's domain) the relying party accepts;
    /// `[anyPolicy]` accepts any. The path fails for it only while an explicit policy is required
    /// (§6.1.5 g: with explicit_policy above zero an empty intersection still succeeds); either way the
    /// result reports the intersection as the user-constrained policy set.
    public var userInitialPolicySet: Set<String>
    /// initial-explicit-policy: the path must be valid for at least one policy of the user-initial-policy-set.
    public var initialExplicitPolicy: Bool
    /// initial-policy-mapping-inhibit: policy mapping is not allowed anywhere in the path.
    public var initialPolicyMappingInhibit: Bool
    /// initial-any-policy-inhibit: anyPolicy in a certificate matches nothing (except in self-issued
    /// intermediates, §6.1.3 d 2).
    public var initialAnyPolicyInhibit: Bool

    /// The inputs given; by default RFC 5280's (any policy, nothing required or inhibited).
    public init(userInitialPolicySet: Set<String> = [CertificatePolicy.anyPolicy], initialExplicitPolicy: Bool = false,
                initialPolicyMappingInhibit: Bool = false, initialAnyPolicyInhibit: Bool = false)
    {
        self.userInitialPolicySet = userInitialPolicySet
        self.initialExplicitPolicy = initialExplicitPolicy
        self.initialPolicyMappingInhibit = initialPolicyMappingInhibit
        self.initialAnyPolicyInhibit = initialAnyPolicyInhibit
    }

    /// The inputs when the caller sets none: any policy acceptable, nothing required or inhibited at
    /// the start. Built once: every policy without inputs of its own, and the apple profile's tree,
    /// starts from these, and building the policy set each time cost a hashed allocation per evaluation.
    public static let defaults = CertificatePolicyInputs()

    /// Whether the user-initial-policy-set accepts any policy.
    public var acceptsAnyPolicy: Bool { userInitialPolicySet.contains(CertificatePolicy.anyPolicy) }
}
