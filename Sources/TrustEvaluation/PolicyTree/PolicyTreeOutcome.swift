import TrustCertificates

/// What RFC 5280 policy processing (§6.1.2-6.1.5) gives for a path: the policy sets and, when the
/// path fails, why.
public struct PolicyTreeOutcome: Sendable, Hashable {
    /// The inputs the tree ran with.
    public let inputs: CertificatePolicyInputs
    /// The policies the certification authorities of the path allow it to be used for, in the trust
    /// anchor's domain (the valid_policy_node_set of §6.1.5 g ii before the intersection), sorted;
    /// `[anyPolicy]` when anyPolicy runs unbroken to the leaf; empty when the valid_policy_tree is NULL.
    public let authoritiesConstrainedPolicySet: [String]
    /// `authoritiesConstrainedPolicySet` intersected with the user-initial-policy-set (§6.1.5 g iii).
    public let userConstrainedPolicySet: [String]
    /// The leaf-level nodes of the final tree as the leaf states them: valid_policy with its qualifiers.
    public let leafPolicies: [CertificatePolicy]
    /// Whether explicit_policy ended at 0: the path had to be valid for a policy of the user-initial-policy-set.
    public let explicitPolicyRequired: Bool
    /// nil when policy processing succeeded.
    public let failure: PolicyTreeFailure?

    /// Whether policy processing succeeded.
    public var succeeded: Bool { failure == nil }
}
