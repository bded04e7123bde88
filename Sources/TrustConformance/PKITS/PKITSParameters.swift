import TrustCertificates
import TrustEvaluation

/// A PKITS case's `params`: the RFC 5280 §6.1.1 (c), (e), (f), (g) inputs (pyhanko's PKIXValidationParams).
public struct PKITSParameters: Decodable, Sendable, Hashable {
    /// nil: {anyPolicy}.
    public var userInitialPolicySet: [String]?
    public var initialExplicitPolicy: Bool?
    public var initialPolicyMappingInhibit: Bool?
    public var initialAnyPolicyInhibit: Bool?

    enum CodingKeys: String, CodingKey {
        case userInitialPolicySet = "user_initial_policy_set", initialExplicitPolicy = "initial_explicit_policy"
        case initialPolicyMappingInhibit = "initial_policy_mapping_inhibit"
        case initialAnyPolicyInhibit = "initial_any_policy_inhibit"
    }

    /// The inputs of the rfc5280 policy's tree (`TrustPolicy.certificatePolicies`).
    public var inputs: CertificatePolicyInputs {
        // pyhanko spells anyPolicy "any_policy".
        let policies = userInitialPolicySet.map { Set($0.map { $0 == "any_policy" ? CertificatePolicy.anyPolicy : $0 }) }
        return CertificatePolicyInputs(
            userInitialPolicySet: policies ?? [CertificatePolicy.anyPolicy],
            initialExplicitPolicy: initialExplicitPolicy ?? false,
            initialPolicyMappingInhibit: initialPolicyMappingInhibit ?? false,
            initialAnyPolicyInhibit: initialAnyPolicyInhibit ?? false)
    }
}
