import TrustCertificates

/// Why the RFC 5280 policy tree rejects a path (§6.1.3 f, §6.1.4 a, §6.1.5 g), with the policies that
/// were there and those that were asked for.
public struct PolicyTreeFailure: Sendable, Hashable, CustomStringConvertible {
    /// How the valid_policy_tree lost its last policy.
    public enum Emptying: Sendable, Hashable {
        /// The certificate at `certificateIndex` asserts none of the policies the path above it allows
        /// (`asserted`; `anyPolicyInhibited`: it asserts anyPolicy, which inhibit_anyPolicy makes match nothing).
        case noneAsserted(certificateIndex: Int, certificate: String, asserted: [String], allowed: [String],
                          anyPolicyInhibited: Bool)
        /// The certificate at `certificateIndex` has no certificatePolicies extension (§6.1.3 e).
        case noCertificatePolicies(certificateIndex: Int, certificate: String, allowed: [String])
        /// The certificate at `certificateIndex` maps `mapped` while policy mapping is inhibited, which
        /// deletes them (§6.1.4 b 2).
        case mappingInhibited(certificateIndex: Int, certificate: String, mapped: [String])
        /// The path is valid for `valid` (in the trust anchor's domain), none of the acceptable policies
        /// (`acceptable`, the user-initial-policy-set, §6.1.5 g).
        case outsideUserInitialPolicySet(valid: [String], acceptable: [String])
    }

    /// What went wrong.
    public enum Reason: Sendable, Hashable {
        /// No policy is left and an explicit policy is required.
        case noValidPolicy(Emptying, requiredBy: ExplicitPolicyRequirement)
        /// policyMappings maps anyPolicy to or from a policy (§6.1.4 a).
        case anyPolicyMapped(issuerDomainPolicy: String, subjectDomainPolicy: String)
        /// A policy extension cannot be decoded, so the tree cannot be run.
        case malformedExtension(oid: String, problem: String)
        /// The tree would pass `limit` nodes (see `PolicyTreeProcessor.defaultNodeLimit`).
        case tooManyNodes(limit: Int)
    }

    /// The certificate where processing failed (0 = leaf): where the tree was found empty while an
    /// explicit policy was required, or whose extension is at fault.
    public let certificateIndex: Int
    public let reason: Reason

    /// A stable name of the reason, for programs: `no_valid_policy`, `any_policy_mapped`,
    /// `malformed_extension`, `too_many_nodes`.
    public var code: String {
        switch reason {
        case .noValidPolicy: return "no_valid_policy"
        case .anyPolicyMapped: return "any_policy_mapped"
        case .malformedExtension: return "malformed_extension"
        case .tooManyNodes: return "too_many_nodes"
        }
    }

    /// The policies the path was valid for where it failed ("valid for a, b").
    public var validPolicies: [String] {
        guard case .noValidPolicy(let emptying, _) = reason else { return [] }
        switch emptying {
        case .noneAsserted(_, _, _, let allowed, _), .noCertificatePolicies(_, _, let allowed): return allowed
        case .mappingInhibited(_, _, let mapped): return mapped
        case .outsideUserInitialPolicySet(let valid, _): return valid
        }
    }

    /// The policies that were asked for and are not among `validPolicies` ("not c"): what the
    /// certificate asserted, or the user-initial-policy-set.
    public var requiredPolicies: [String] {
        guard case .noValidPolicy(let emptying, _) = reason else { return [] }
        switch emptying {
        case .noneAsserted(_, _, let asserted, _, _): return asserted
        case .noCertificatePolicies, .mappingInhibited: return []
        case .outsideUserInitialPolicySet(_, let acceptable): return acceptable
        }
    }

    /// The failure in the user's terms: which policies were there, which were required, and why it matters.
    public var description: String {
        switch reason {
        case .noValidPolicy(let emptying, let requirement):
            let why: String
            switch emptying {
            case .noneAsserted(_, let certificate, let asserted, let allowed, let anyPolicyInhibited):
                why = "valid for \(Self.list(allowed)), not \(Self.list(asserted)) (the policies \u{201C}\(certificate)\u{201D} asserts"
                    + (anyPolicyInhibited ? "; its anyPolicy is inhibited by inhibit_anyPolicy" : "") + ")"
            case .noCertificatePolicies(_, let certificate, let allowed):
                why = "valid for \(Self.list(allowed)), but \u{201C}\(certificate)\u{201D} has no certificatePolicies"
            case .mappingInhibited(_, let certificate, let mapped):
                why = "valid for \(Self.list(mapped)), but \u{201C}\(certificate)\u{201D} maps them while policy mapping "
                    + "is inhibited, which removes them"
            case .outsideUserInitialPolicySet(let valid, let acceptable):
                why = "valid for \(Self.list(valid)), not \(Self.list(acceptable)) (the user-initial-policy-set)"
            }
            return "no certificate policy is left: \(why); \(requirement)"
        case .anyPolicyMapped(let issuerDomainPolicy, let subjectDomainPolicy):
            return "policyMappings maps \(issuerDomainPolicy) to \(subjectDomainPolicy); anyPolicy may not be mapped "
                + "(RFC 5280 §6.1.4 a)"
        case .malformedExtension(let oid, let problem):
            return "the policy extension \(oid) cannot be decoded (\(problem)), so the policy tree cannot be run"
        case .tooManyNodes(let limit):
            return "the policy tree would grow past \(limit) nodes (policy mappings can make it grow exponentially, "
                + "CVE-2023-0464), so the path is refused"
        }
    }

    /// "a, b" for OIDs; anyPolicy and the empty set in words.
    static func list(_ policies: [String]) -> String {
        guard !policies.isEmpty else { return "no policy" }
        return policies.map { $0 == CertificatePolicy.anyPolicy ? "anyPolicy" : $0 }.joined(separator: ", ")
    }
}
