import TrustCertificates
import TrustEvaluation

/// The JSON of RFC 5280 policy processing: the policy sets of a result (`policy_tree`) and the context
/// of a `PolicyConstraints` failure, made from the same values as their text.
enum PolicyTreeJSON {
    /// `{inputs, authorities_constrained_policy_set, user_constrained_policy_set, leaf_policies,
    /// explicit_policy_required, failure}`.
    static func outcome(_ outcome: PolicyTreeOutcome) -> JSONValue {
        .object([
            ("inputs", inputs(outcome.inputs)),
            ("authorities_constrained_policy_set", .strings(outcome.authoritiesConstrainedPolicySet)),
            ("user_constrained_policy_set", .strings(outcome.userConstrainedPolicySet)),
            ("leaf_policies", .array(outcome.leafPolicies.map { policy in
                .object([("oid", .string(policy.oid)), ("cps_uris", .strings(policy.cpsURIs)),
                         ("user_notices", .strings(policy.userNotices))])
            })),
            ("explicit_policy_required", .bool(outcome.explicitPolicyRequired)),
            ("failure", outcome.failure.map(failure) ?? .null),
        ])
    }

    /// `{user_initial_policy_set, initial_explicit_policy, initial_policy_mapping_inhibit, initial_any_policy_inhibit}`.
    static func inputs(_ inputs: CertificatePolicyInputs) -> JSONValue {
        .object([
            ("user_initial_policy_set", .strings(inputs.userInitialPolicySet.sorted())),
            ("initial_explicit_policy", .bool(inputs.initialExplicitPolicy)),
            ("initial_policy_mapping_inhibit", .bool(inputs.initialPolicyMappingInhibit)),
            ("initial_any_policy_inhibit", .bool(inputs.initialAnyPolicyInhibit)),
        ])
    }

    /// `{reason, certificate_index, valid_policies, required_policies, required_by, message}`; `required_by`
    /// is `{kind: initial_explicit_policy}` or `{kind: require_explicit_policy, certificate_index, skip_certs}`.
    static func failure(_ failure: PolicyTreeFailure) -> JSONValue { .object(failureMembers(failure)) }

    /// The members of `failure(_:)`, for a failure context that adds its kind.
    static func failureMembers(_ failure: PolicyTreeFailure) -> [(String, JSONValue)] {
        var requiredBy: JSONValue = .null
        if case .noValidPolicy(_, let requirement) = failure.reason {
            switch requirement {
            case .initialExplicitPolicy:
                requiredBy = .object([("kind", .string("initial_explicit_policy"))])
            case .requireExplicitPolicy(let index, _, let skipCerts):
                requiredBy = .object([("kind", .string("require_explicit_policy")), ("certificate_index", .int(index)),
                                      ("skip_certs", .int(skipCerts))])
            }
        }
        return [
            ("reason", .string(failure.code)), ("certificate_index", .int(failure.certificateIndex)),
            ("valid_policies", .strings(failure.validPolicies)), ("required_policies", .strings(failure.requiredPolicies)),
            ("required_by", requiredBy), ("message", .string(failure.description)),
        ]
    }
}
