import TrustCertificates

/// RFC 5280 certificate policy processing: §6.1.2 (initialisation), §6.1.3 (d)-(f), §6.1.4 (a), (b),
/// (h)-(j) and §6.1.5 (a), (b), (g), run over the certificates of a path below its trust anchor, from
/// the top (i = 1) to the leaf (i = n). Apple's trustd runs the same steps
/// (`SecCertificatePathVCVerifyPolicyTree`) with the default inputs.
///
/// The anchor is not processed: RFC 5280 takes it as trust anchor information (§6.1.1 d), and using a
/// self-signed anchor's extensions as inputs is optional (§6.2); Apple, OpenSSL and Go skip them too.
///
/// Cost: the node budget bounds the tree; the work per certificate is linear in its policies and
/// mappings plus the nodes of two levels (matching goes through indexes, never policies × nodes ×
/// mappings), so a certificate carrying thousands of policies or mappings costs what reading it costs.
struct PolicyTreeProcessor {
    /// The most nodes a tree may ever create, the anyPolicy root included: OpenSSL's default
    /// (`OPENSSL_POLICY_TREE_NODES_MAX`, 1000, crypto/x509/pcy_tree.c), introduced for CVE-2023-0464,
    /// where mappings made trees grow exponentially. Real paths need a handful of nodes per certificate.
    static let defaultNodeLimit = 1000

    let inputs: CertificatePolicyInputs
    var nodeLimit = Self.defaultNodeLimit

    /// Processes `certificates` (leaf first, as paths are), leaving out the last one when `anchored`.
    func process(path certificates: [Certificate], anchored: Bool) -> PolicyTreeOutcome {
        let processed = anchored ? certificates.dropLast() : certificates[...]
        if !processed.isEmpty, !inputs.initialExplicitPolicy, processed.allSatisfy(Self.carriesNoPolicyExtension) {
            // The tree is NULL from the first certificate (§6.1.3 e) and nothing can require a policy:
            // explicit_policy starts at n + 1 and only counts down, once per certificate. The outcome the
            // steps below reach (PolicyTreeProcessorTests checks they agree), without building the tree.
            return PolicyTreeOutcome(inputs: inputs, authoritiesConstrainedPolicySet: [], userConstrainedPolicySet: [],
                                     leafPolicies: [], explicitPolicyRequired: false, failure: nil)
        }
        var views: [PolicyCertificate] = []
        for (index, certificate) in processed.enumerated().reversed() {
            do throws(PolicyCertificate.Malformed) {
                views.append(try PolicyCertificate(certificate, index: index))
            } catch {
                return outcome(failure: PolicyTreeFailure(
                    certificateIndex: error.index, reason: .malformedExtension(oid: error.oid, problem: error.problem)))
            }
        }
        return process(views)
    }

    /// No certificatePolicies (readable or not), policyMappings, policyConstraints or inhibitAnyPolicy.
    /// A certificatePolicies that did not decode is listed as unparseable (the model decodes the first one,
    /// as `Certificate.extension(_:)` finds it), so the extensions are not searched for it.
    static func carriesNoPolicyExtension(_ certificate: Certificate) -> Bool {
        certificate.policies == nil && certificate.policyMappings == nil && certificate.policyConstraints == nil
            && certificate.inhibitAnyPolicy == nil
            && (certificate.unparseableExtensions.isEmpty
                || certificate.unparseableExtensions[ExtensionOID.certificatePolicies] == nil)
    }

    /// Processes `certificates`, the top one (i = 1) first and the leaf (i = n) last.
    func process(_ certificates: [PolicyCertificate]) -> PolicyTreeOutcome {
        let n = certificates.count
        guard n > 0 else {
            // A leaf that is itself the anchor: nothing to process, any policy.
            return PolicyTreeOutcome(inputs: inputs, authoritiesConstrainedPolicySet: [CertificatePolicy.anyPolicy],
                                     userConstrainedPolicySet: inputs.acceptsAnyPolicy ? [CertificatePolicy.anyPolicy]
                                        : inputs.userInitialPolicySet.sorted(),
                                     leafPolicies: [], explicitPolicyRequired: inputs.initialExplicitPolicy, failure: nil)
        }
        var state = State(inputs: inputs, n: n, nodeLimit: nodeLimit)
        var current = certificates[0]
        do throws(PolicyTree.NodeLimitExceeded) {
            for (offset, certificate) in certificates.enumerated() {
                current = certificate
                if let failure = try state.processCertificate(certificate, i: offset + 1) { return outcome(failure: failure) }
                if offset + 1 == n { break }
                if let failure = state.prepareForNext(certificate, i: offset + 1) { return outcome(failure: failure) }
            }
            return try state.wrapUp(leaf: certificates[n - 1])
        } catch {
            return outcome(failure: PolicyTreeFailure(certificateIndex: current.index, reason: .tooManyNodes(limit: error.limit)))
        }
    }

    private func outcome(failure: PolicyTreeFailure) -> PolicyTreeOutcome {
        PolicyTreeOutcome(inputs: inputs, authoritiesConstrainedPolicySet: [], userConstrainedPolicySet: [],
                          leafPolicies: [], explicitPolicyRequired: false, failure: failure)
    }

    /// The state variables of §6.1.2 and the steps that change them.
    private struct State {
        let inputs: CertificatePolicyInputs
        let n: Int
        var tree: PolicyTree
        var explicitPolicy: Int
        var inhibitAnyPolicy: Int
        var policyMapping: Int
        /// What set explicit_policy to the value that reaches 0 (initial-explicit-policy or a requireExplicitPolicy).
        var requirement: ExplicitPolicyRequirement?
        /// How the tree became NULL, for the message.
        var emptying: PolicyTreeFailure.Emptying?
        /// The previous certificate's mappings, subject policy -> issuer policies, when they were applied:
        /// which nodes of the level above expect a policy.
        var lastMappings: [String: [String]] = [:]

        /// §6.1.2 (a), (d)-(f).
        init(inputs: CertificatePolicyInputs, n: Int, nodeLimit: Int) {
            self.inputs = inputs
            self.n = n
            tree = PolicyTree(nodeLimit: nodeLimit)
            explicitPolicy = inputs.initialExplicitPolicy ? 0 : n + 1
            inhibitAnyPolicy = inputs.initialAnyPolicyInhibit ? 0 : n + 1
            policyMapping = inputs.initialPolicyMappingInhibit ? 0 : n + 1
            requirement = inputs.initialExplicitPolicy ? .initialExplicitPolicy : nil
        }

        /// §6.1.3 (d)-(f) for certificate i; the failure when (f) does not hold.
        mutating func processCertificate(_ certificate: PolicyCertificate, i: Int) throws(PolicyTree.NodeLimitExceeded)
            -> PolicyTreeFailure?
        {
            if !tree.isEmpty {
                let parents = tree.nodes(atDepth: i - 1)
                if let policies = certificate.policies {
                    try addAssertedPolicies(policies, under: parents)
                    let anyPolicyApplies = inhibitAnyPolicy > 0 || (i < n && certificate.isSelfIssued)
                    if let anyPolicy = certificate.anyPolicy, anyPolicyApplies {
                        try expandAnyPolicy(anyPolicy, under: parents)
                    }
                    tree.pruneChildless(upTo: i - 1)
                    if tree.isEmpty {
                        emptying = .noneAsserted(certificateIndex: certificate.index, certificate: certificate.name,
                                                 asserted: policies.map(\.oid), allowed: tree.expectedPolicies(of: parents),
                                                 anyPolicyInhibited: certificate.anyPolicy != nil && !anyPolicyApplies)
                    }
                } else {
                    let allowed = tree.expectedPolicies(of: parents)
                    tree.delete(0)  // (e)
                    emptying = .noCertificatePolicies(certificateIndex: certificate.index, certificate: certificate.name,
                                                      allowed: allowed)
                }
            }
            return requiredPolicyMissing(at: certificate)  // (f)
        }

        /// (d)(1): each asserted policy other than anyPolicy becomes a child of every node of depth i-1
        /// that expects it, or, if none does, of the anyPolicy node of depth i-1.
        private mutating func addAssertedPolicies(_ policies: [CertificatePolicy], under parents: [Int])
            throws(PolicyTree.NodeLimitExceeded)
        {
            // A node expects {its valid_policy} unless the previous certificate's mappings set its expected set.
            let byPolicy = Dictionary(grouping: parents, by: { tree.nodes[$0].validPolicy })
            let anyPolicyParent = byPolicy[CertificatePolicy.anyPolicy]?.first
            for policy in policies where !policy.isAnyPolicy {
                var expecting = (byPolicy[policy.oid] ?? []).filter { !tree.nodes[$0].isMapped }
                for issuerPolicy in lastMappings[policy.oid] ?? [] {
                    expecting += (byPolicy[issuerPolicy] ?? []).filter { tree.nodes[$0].isMapped }
                }
                let adoptive = expecting.isEmpty ? (anyPolicyParent.map { [$0] } ?? []) : expecting.sorted()
                for parent in adoptive {
                    try tree.grow(under: parent, validPolicy: policy.oid, qualifiers: policy)
                }
            }
        }

        /// (d)(2): anyPolicy gives every node of depth i-1 a child for each policy it expects and has no
        /// child for yet, with anyPolicy's qualifiers.
        private mutating func expandAnyPolicy(_ anyPolicy: CertificatePolicy, under parents: [Int])
            throws(PolicyTree.NodeLimitExceeded)
        {
            for parent in parents {
                let present = Set(tree.livingChildren(of: parent).map { tree.nodes[$0].validPolicy })
                for value in tree.nodes[parent].expectedPolicySet where !present.contains(value) {
                    try tree.grow(under: parent, validPolicy: value,
                                  qualifiers: CertificatePolicy(oid: value, cpsURIs: anyPolicy.cpsURIs,
                                                                userNotices: anyPolicy.userNotices))
                }
            }
        }

        /// §6.1.3 (f) / §6.1.5: no policy left while an explicit one is required.
        private func requiredPolicyMissing(at certificate: PolicyCertificate) -> PolicyTreeFailure? {
            guard tree.isEmpty, explicitPolicy == 0, let emptying else { return nil }
            return PolicyTreeFailure(certificateIndex: certificate.index,
                                     reason: .noValidPolicy(emptying, requiredBy: requirement ?? .initialExplicitPolicy))
        }

        /// §6.1.4 (a), (b), (h)-(j) after certificate i (i < n).
        mutating func prepareForNext(_ certificate: PolicyCertificate, i: Int) -> PolicyTreeFailure? {
            lastMappings = [:]
            if let mappings = certificate.mappings {
                // (a)
                if let mapping = mappings.mappings.first(where: {
                    $0.issuerDomainPolicy == CertificatePolicy.anyPolicy || $0.subjectDomainPolicy == CertificatePolicy.anyPolicy
                }) {
                    return PolicyTreeFailure(certificateIndex: certificate.index, reason: .anyPolicyMapped(
                        issuerDomainPolicy: mapping.issuerDomainPolicy, subjectDomainPolicy: mapping.subjectDomainPolicy))
                }
                if !tree.isEmpty {
                    do throws(PolicyTree.NodeLimitExceeded) {
                        try applyMappings(of: certificate, i: i)
                    } catch {
                        return PolicyTreeFailure(certificateIndex: certificate.index, reason: .tooManyNodes(limit: error.limit))
                    }
                }
            }
            if !certificate.isSelfIssued {  // (h)
                explicitPolicy = max(0, explicitPolicy - 1)
                policyMapping = max(0, policyMapping - 1)
                inhibitAnyPolicy = max(0, inhibitAnyPolicy - 1)
            }
            if let constraints = certificate.constraints {  // (i)
                if let skipCerts = constraints.requireExplicitPolicy, skipCerts < explicitPolicy {
                    explicitPolicy = skipCerts
                    requirement = .requireExplicitPolicy(certificateIndex: certificate.index, certificate: certificate.name,
                                                         skipCerts: skipCerts)
                }
                if let skipCerts = constraints.inhibitPolicyMapping, skipCerts < policyMapping { policyMapping = skipCerts }
            }
            if let inhibit = certificate.inhibitAnyPolicy, inhibit.skipCerts < inhibitAnyPolicy {  // (j)
                inhibitAnyPolicy = inhibit.skipCerts
            }
            return nil
        }

        /// (b)(1) when policy mapping is allowed, (b)(2) when it is not.
        private mutating func applyMappings(of certificate: PolicyCertificate, i: Int) throws(PolicyTree.NodeLimitExceeded) {
            let level = tree.nodesByPolicy(atDepth: i)
            guard policyMapping > 0 else {
                var removed: [String] = []
                for (issuerPolicy, _) in certificate.mappingGroups {
                    guard let nodes = level[issuerPolicy] else { continue }
                    for node in nodes { tree.delete(node) }
                    removed.append(issuerPolicy)
                }
                tree.pruneChildless(upTo: i - 1)
                if tree.isEmpty {
                    emptying = .mappingInhibited(certificateIndex: certificate.index, certificate: certificate.name,
                                                 mapped: removed.sorted())
                }
                return
            }
            lastMappings = certificate.issuerPoliciesBySubjectPolicy
            let anyNode = level[CertificatePolicy.anyPolicy]?.first
            for (issuerPolicy, subjectPolicies) in certificate.mappingGroups {
                if let mapped = level[issuerPolicy] {
                    for node in mapped { tree.map(node, to: subjectPolicies) }
                } else if let anyNode, let parent = tree.nodes[anyNode].parent {
                    // A sibling of the anyPolicy node, with the qualifiers of anyPolicy in certificate i.
                    let anyPolicy = certificate.anyPolicy
                    try tree.grow(under: parent, validPolicy: issuerPolicy,
                                  qualifiers: CertificatePolicy(oid: issuerPolicy, cpsURIs: anyPolicy?.cpsURIs ?? [],
                                                                userNotices: anyPolicy?.userNotices ?? []),
                                  mappedTo: subjectPolicies)
                }
            }
        }

        /// §6.1.5 (a), (b), (g) and the verdict.
        mutating func wrapUp(leaf: PolicyCertificate) throws(PolicyTree.NodeLimitExceeded) -> PolicyTreeOutcome {
            explicitPolicy = max(0, explicitPolicy - 1)  // (a)
            if leaf.constraints?.requireExplicitPolicy == 0 {  // (b)
                explicitPolicy = 0
                requirement = .requireExplicitPolicy(certificateIndex: leaf.index, certificate: leaf.name, skipCerts: 0)
            }
            let authorities = tree.policySet(leafDepth: n)
            if !tree.isEmpty, !inputs.acceptsAnyPolicy {
                try intersectWithUserInitialPolicySet()
                if tree.isEmpty {
                    emptying = .outsideUserInitialPolicySet(valid: authorities, acceptable: inputs.userInitialPolicySet.sorted())
                }
            }
            let failure = requiredPolicyMissing(at: leaf)
            return PolicyTreeOutcome(
                inputs: inputs, authoritiesConstrainedPolicySet: authorities,
                userConstrainedPolicySet: tree.policySet(leafDepth: n), leafPolicies: tree.policies(atDepth: n),
                explicitPolicyRequired: explicitPolicy == 0, failure: failure)
        }

        /// (g)(iii): keep the part of the tree in the user-initial-policy-set; a leaf-level anyPolicy
        /// node stands in for every acceptable policy not otherwise present.
        private mutating func intersectWithUserInitialPolicySet() throws(PolicyTree.NodeLimitExceeded) {
            let any = CertificatePolicy.anyPolicy
            let nodeSet = tree.nodes.indices.filter { index in
                let node = tree.nodes[index]
                guard node.isAlive, let parent = node.parent else { return false }
                return tree.nodes[parent].validPolicy == any
            }
            let present = Set(nodeSet.map { tree.nodes[$0].validPolicy })
            for index in nodeSet {
                let policy = tree.nodes[index].validPolicy
                if policy != any && !inputs.userInitialPolicySet.contains(policy) { tree.delete(index) }
            }
            if let anyLeaf = tree.nodes(atDepth: n).first(where: { tree.nodes[$0].validPolicy == any }),
               let parent = tree.nodes[anyLeaf].parent
            {
                let qualifiers = tree.nodes[anyLeaf].qualifiers
                for policy in inputs.userInitialPolicySet.sorted() where !present.contains(policy) {
                    try tree.grow(under: parent, validPolicy: policy,
                                  qualifiers: CertificatePolicy(oid: policy, cpsURIs: qualifiers.cpsURIs,
                                                                userNotices: qualifiers.userNotices))
                }
                tree.delete(anyLeaf)
            }
            tree.pruneChildless(upTo: n - 1)
        }

    }
}
