import TrustCertificates

/// RFC 5280's valid_policy_tree (§6.1.2 a): nodes of valid_policy, qualifier_set and
/// expected_policy_set, one level per processed certificate, held in an arena so deleting a node is
/// marking it. The tree counts every node it creates against `nodeLimit`; past it, `grow` refuses.
///
/// The tree can grow exponentially: a node has one parent, so a policy that matches k nodes of the
/// level above becomes k nodes, and mappings make every policy match every node (CVE-2023-0464).
struct PolicyTree {
    struct Node {
        let validPolicy: String
        /// The qualifiers of the certificatePolicies entry that made the node (anyPolicy's for an
        /// anyPolicy expansion).
        let qualifiers: CertificatePolicy
        var expectedPolicySet: [String]
        /// Whether a policy mapping set `expectedPolicySet` (§6.1.4 b 1); otherwise it is {validPolicy}.
        var isMapped: Bool
        let parent: Int?
        let depth: Int
        var children: [Int] = []
        var isAlive = true
    }

    /// The tree grew past its node budget.
    struct NodeLimitExceeded: Error {
        let limit: Int
    }

    private(set) var nodes: [Node]
    /// Node indices by depth, dead ones included.
    private var levels: [[Int]]
    let nodeLimit: Int

    /// The initial tree: one anyPolicy node of depth 0 with an empty qualifier set (§6.1.2 a).
    init(nodeLimit: Int) {
        self.nodeLimit = nodeLimit
        nodes = [Node(validPolicy: CertificatePolicy.anyPolicy, qualifiers: CertificatePolicy(oid: CertificatePolicy.anyPolicy),
                      expectedPolicySet: [CertificatePolicy.anyPolicy], isMapped: false, parent: nil, depth: 0)]
        levels = [[0]]
    }

    /// Whether the tree is NULL.
    var isEmpty: Bool { !nodes[0].isAlive }

    /// How many nodes were ever created, the anyPolicy root included.
    var nodesCreated: Int { nodes.count }

    /// The living nodes of `depth`.
    func nodes(atDepth depth: Int) -> [Int] {
        guard depth < levels.count, !isEmpty else { return [] }
        return levels[depth].filter { nodes[$0].isAlive }
    }

    func livingChildren(of index: Int) -> [Int] { nodes[index].children.filter { nodes[$0].isAlive } }

    /// Adds a child of `parent` expecting {validPolicy}, or `mappedTo` when a mapping made it (§6.1.4 b 1);
    /// throws when that would pass the node budget.
    @discardableResult
    mutating func grow(under parent: Int, validPolicy: String, qualifiers: CertificatePolicy,
                       mappedTo: [String]? = nil) throws(NodeLimitExceeded) -> Int
    {
        guard nodes.count < nodeLimit else { throw NodeLimitExceeded(limit: nodeLimit) }
        let depth = nodes[parent].depth + 1
        let index = nodes.count
        nodes.append(Node(validPolicy: validPolicy, qualifiers: qualifiers, expectedPolicySet: mappedTo ?? [validPolicy],
                          isMapped: mappedTo != nil, parent: parent, depth: depth))
        nodes[parent].children.append(index)
        while levels.count <= depth { levels.append([]) }
        levels[depth].append(index)
        return index
    }

    /// §6.1.4 (b)(1): the node now expects the subject-domain policies its policy maps to.
    mutating func map(_ index: Int, to policies: [String]) {
        nodes[index].expectedPolicySet = policies
        nodes[index].isMapped = true
    }

    /// The living nodes of `depth` by valid_policy, in creation order.
    func nodesByPolicy(atDepth depth: Int) -> [String: [Int]] {
        Dictionary(grouping: nodes(atDepth: depth), by: { nodes[$0].validPolicy })
    }

    /// The union of the expected_policy_set of `indices`, sorted. Nodes mapped from the same policy share one
    /// set, so each is read once: the cost is the number of nodes plus the mappings, not their product.
    func expectedPolicies(of indices: [Int]) -> [String] {
        var result = Set<String>()
        var mappedPolicies = Set<String>()
        for index in indices {
            let node = nodes[index]
            if !node.isMapped {
                result.insert(node.validPolicy)
            } else if mappedPolicies.insert(node.validPolicy).inserted {
                result.formUnion(node.expectedPolicySet)
            }
        }
        return result.sorted()
    }

    /// Deletes `index` and everything below it.
    mutating func delete(_ index: Int) {
        var pending = [index]
        while let next = pending.popLast() {
            guard nodes[next].isAlive else { continue }
            nodes[next].isAlive = false
            pending += nodes[next].children
        }
    }

    /// Deletes every node of depth `depth` or less that has no child, repeatedly, as §6.1.3 (d)(3),
    /// §6.1.4 (b)(2)(ii) and §6.1.5 (g)(iii)(4) say; the root going makes the tree NULL.
    mutating func pruneChildless(upTo depth: Int) {
        guard depth >= 0 else { return }
        for level in stride(from: min(depth, levels.count - 1), through: 0, by: -1) {
            for index in levels[level] where nodes[index].isAlive && livingChildren(of: index).isEmpty {
                nodes[index].isAlive = false
            }
        }
    }

    /// The policies the path is valid for, in the trust anchor's domain: the valid_policy of each living
    /// node whose parent is anyPolicy (§6.1.5 g ii's valid_policy_node_set), anyPolicy itself only when
    /// an unbroken line of anyPolicy nodes reaches `leafDepth`. Sorted.
    func policySet(leafDepth: Int) -> [String] {
        guard !isEmpty else { return [] }
        var result = Set<String>()
        for (index, node) in nodes.enumerated() where node.isAlive && index != 0 {
            guard let parent = node.parent, nodes[parent].validPolicy == CertificatePolicy.anyPolicy else { continue }
            if node.validPolicy != CertificatePolicy.anyPolicy {
                result.insert(node.validPolicy)
            } else if node.depth == leafDepth {
                result.insert(CertificatePolicy.anyPolicy)
            }
        }
        if leafDepth == 0 { result.insert(CertificatePolicy.anyPolicy) }
        return result.sorted()
    }

    /// The living nodes of `depth` as the certificate at that depth states them: valid_policy and
    /// qualifier set, one entry per policy (qualifiers of repeated nodes merged), sorted by OID.
    func policies(atDepth depth: Int) -> [CertificatePolicy] {
        var merged: [String: (cps: [String], notices: [String])] = [:]
        for index in nodes(atDepth: depth) {
            let node = nodes[index]
            var entry = merged[node.validPolicy] ?? ([], [])
            for uri in node.qualifiers.cpsURIs where !entry.cps.contains(uri) { entry.cps.append(uri) }
            for notice in node.qualifiers.userNotices where !entry.notices.contains(notice) { entry.notices.append(notice) }
            merged[node.validPolicy] = entry
        }
        return merged.keys.sorted().map { CertificatePolicy(oid: $0, cpsURIs: merged[$0]!.cps, userNotices: merged[$0]!.notices) }
    }
}
