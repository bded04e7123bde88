import Foundation
import Testing
import TrustCertificates
@testable import TrustEvaluation

/// RFC 5280 §6.1.2-6.1.5 on synthetic paths: each test builds the policy view of a path (top certificate
/// first, leaf last) and checks the verdict, where it fails, and the policy sets. The expectations are
/// worked out by hand from the RFC's steps, written next to each case.
@Suite("Policy tree (RFC 5280 §6.1)")
struct PolicyTreeProcessorTests {
    static let p1 = "1.3.6.1.4.1.55555.7.1"
    static let p2 = "1.3.6.1.4.1.55555.7.2"
    static let q1 = "1.3.6.1.4.1.55555.8.1"
    static let q2 = "1.3.6.1.4.1.55555.8.2"
    static let any = CertificatePolicy.anyPolicy

    /// A certificate's view; `index` is filled in by `run`.
    struct Spec {
        var name: String
        var policies: [CertificatePolicy]?
        var mappings: [(String, String)] = []
        var requireExplicitPolicy: Int?
        var inhibitPolicyMapping: Int?
        var inhibitAnyPolicy: Int?
        var selfIssued = false
    }

    static func cert(_ name: String, _ policies: [String]?, maps: [(String, String)] = [], requireExplicit: Int? = nil,
                     inhibitMapping: Int? = nil, inhibitAny: Int? = nil, selfIssued: Bool = false) -> Spec
    {
        Spec(name: name, policies: policies?.map { CertificatePolicy(oid: $0) }, mappings: maps,
             requireExplicitPolicy: requireExplicit, inhibitPolicyMapping: inhibitMapping, inhibitAnyPolicy: inhibitAny,
             selfIssued: selfIssued)
    }

    /// Runs the tree over `path` (top first); certificate k from the top gets path index count-1-k.
    static func run(_ path: [Spec], _ inputs: CertificatePolicyInputs = CertificatePolicyInputs(),
                    nodeLimit: Int = PolicyTreeProcessor.defaultNodeLimit) -> PolicyTreeOutcome
    {
        let views = path.enumerated().map { offset, spec in
            PolicyCertificate(
                index: path.count - 1 - offset, name: spec.name, policies: spec.policies,
                mappings: spec.mappings.isEmpty ? nil : PolicyMappings(spec.mappings.map {
                    PolicyMappings.Mapping(issuerDomainPolicy: $0.0, subjectDomainPolicy: $0.1)
                }),
                constraints: spec.requireExplicitPolicy == nil && spec.inhibitPolicyMapping == nil ? nil
                    : PolicyConstraints(requireExplicitPolicy: spec.requireExplicitPolicy,
                                        inhibitPolicyMapping: spec.inhibitPolicyMapping),
                inhibitAnyPolicy: spec.inhibitAnyPolicy.map(InhibitAnyPolicy.init(skipCerts:)), isSelfIssued: spec.selfIssued)
        }
        var processor = PolicyTreeProcessor(inputs: inputs)
        processor.nodeLimit = nodeLimit
        return processor.process(views)
    }

    static let explicit = CertificatePolicyInputs(initialExplicitPolicy: true)

    @Test("The same policy at every level: the path is valid for it")
    func samePolicy() {
        let outcome = Self.run([Self.cert("Int", [Self.p1]), Self.cert("Leaf", [Self.p1])], Self.explicit)
        #expect(outcome.succeeded)
        #expect(outcome.authoritiesConstrainedPolicySet == [Self.p1])
        #expect(outcome.userConstrainedPolicySet == [Self.p1])
        #expect(outcome.leafPolicies.map(\.oid) == [Self.p1])
        #expect(outcome.explicitPolicyRequired)
    }

    @Test("Qualifier sets are kept: a leaf policy keeps its own, an anyPolicy expansion gets anyPolicy's")
    func qualifiers() {
        var intermediate = Self.cert("Int", nil)
        intermediate.policies = [CertificatePolicy(oid: Self.any, cpsURIs: ["https://ca.test/cps"], userNotices: ["any"])]
        var leaf = Self.cert("Leaf", nil)
        leaf.policies = [CertificatePolicy(oid: Self.p1, cpsURIs: ["https://leaf.test/cps"]),
                         CertificatePolicy(oid: Self.any, userNotices: ["leaf any"])]
        let outcome = Self.run([intermediate, leaf])
        #expect(outcome.succeeded)
        // Depth 2: P1 (its own qualifiers) under anyPolicy, and anyPolicy (leaf's anyPolicy qualifiers).
        // Sorted by OID text.
        #expect(outcome.leafPolicies == [CertificatePolicy(oid: Self.p1, cpsURIs: ["https://leaf.test/cps"]),
                                         CertificatePolicy(oid: Self.any, userNotices: ["leaf any"])])
        #expect(outcome.authoritiesConstrainedPolicySet == [Self.p1, Self.any])
    }

    @Test("Disjoint policies: valid for none, which fails only when an explicit policy is required")
    func disjointPolicies() throws {
        let path = [Self.cert("Int", [Self.p1]), Self.cert("Leaf", [Self.p2])]
        let relaxed = Self.run(path)
        #expect(relaxed.succeeded)
        #expect(relaxed.authoritiesConstrainedPolicySet.isEmpty)
        #expect(relaxed.userConstrainedPolicySet.isEmpty)
        #expect(!relaxed.explicitPolicyRequired)

        let strict = try #require(Self.run(path, Self.explicit).failure)
        #expect(strict.certificateIndex == 0)
        #expect(strict.code == "no_valid_policy")
        #expect(strict.validPolicies == [Self.p1])
        #expect(strict.requiredPolicies == [Self.p2])
        #expect(strict.description == "no certificate policy is left: valid for \(Self.p1), not \(Self.p2) (the policies "
            + "\u{201C}Leaf\u{201D} asserts); the initial-explicit-policy input requires an explicit policy")
    }

    @Test("anyPolicy in an intermediate matches the leaf's policy (§6.1.3 d 1 ii)")
    func anyPolicyIntermediate() {
        let outcome = Self.run([Self.cert("Int", [Self.any]), Self.cert("Leaf", [Self.p1])], Self.explicit)
        #expect(outcome.succeeded)
        #expect(outcome.authoritiesConstrainedPolicySet == [Self.p1])
    }

    @Test("initial-any-policy-inhibit: an intermediate's anyPolicy matches nothing; the failure is on that intermediate")
    func anyPolicyInhibitedByInput() throws {
        let inputs = CertificatePolicyInputs(initialExplicitPolicy: true, initialAnyPolicyInhibit: true)
        let failure = try #require(Self.run([Self.cert("Int", [Self.any]), Self.cert("Leaf", [Self.p1])], inputs).failure)
        #expect(failure.certificateIndex == 1)
        guard case .noValidPolicy(.noneAsserted(let index, _, let asserted, let allowed, let inhibited), _) = failure.reason
        else { Issue.record("reason \(failure.reason)"); return }
        #expect(index == 1 && asserted == [Self.any] && allowed == [Self.any] && inhibited)
    }

    @Test("inhibitAnyPolicy 0 stops anyPolicy below, except in a self-issued intermediate (§6.1.3 d 2 b)",
          arguments: [true, false])
    func inhibitAnyPolicySelfIssued(_ selfIssued: Bool) throws {
        let path = [Self.cert("Int1", [Self.any], inhibitAny: 0), Self.cert("Int2", [Self.any], selfIssued: selfIssued),
                    Self.cert("Leaf", [Self.p1])]
        let outcome = Self.run(path, Self.explicit)
        if selfIssued {
            #expect(outcome.succeeded)
            #expect(outcome.authoritiesConstrainedPolicySet == [Self.p1])
        } else {
            #expect(try #require(outcome.failure).certificateIndex == 1)
        }
    }

    @Test("inhibitAnyPolicy skipCerts 1 lets the next certificate's anyPolicy count")
    func inhibitAnyPolicySkipCerts() {
        let path = [Self.cert("Int1", [Self.any], inhibitAny: 1), Self.cert("Int2", [Self.any]), Self.cert("Leaf", [Self.p1])]
        #expect(Self.run(path, Self.explicit).succeeded)
        let tighter = [Self.cert("Int1", [Self.any], inhibitAny: 0), Self.cert("Int2", [Self.any]), Self.cert("Leaf", [Self.p1])]
        #expect(!Self.run(tighter, Self.explicit).succeeded)
    }

    @Test("A mapping carries the issuer's policy to the subject's; the sets are in the anchor's domain")
    func mapping() throws {
        let path = [Self.cert("Int", [Self.p1], maps: [(Self.p1, Self.q1)]), Self.cert("Leaf", [Self.q1])]
        let outcome = Self.run(path, CertificatePolicyInputs(userInitialPolicySet: [Self.p1], initialExplicitPolicy: true))
        #expect(outcome.succeeded)
        #expect(outcome.authoritiesConstrainedPolicySet == [Self.p1])
        #expect(outcome.userConstrainedPolicySet == [Self.p1])
        #expect(outcome.leafPolicies.map(\.oid) == [Self.q1])

        // The subject-domain policy is not what the user asked for: (g) deletes the P1 branch.
        let failure = try #require(Self.run(path, CertificatePolicyInputs(userInitialPolicySet: [Self.q1],
                                                                         initialExplicitPolicy: true)).failure)
        #expect(failure.certificateIndex == 0)
        #expect(failure.validPolicies == [Self.p1])
        #expect(failure.requiredPolicies == [Self.q1])
        #expect(failure.description.contains("valid for \(Self.p1), not \(Self.q1) (the user-initial-policy-set)"))
    }

    @Test("One issuer policy mapped to two: either subject policy continues the path")
    func mappingToSeveral() {
        let path = [Self.cert("Int", [Self.p1], maps: [(Self.p1, Self.q1), (Self.p1, Self.q2)]), Self.cert("Leaf", [Self.q2])]
        let outcome = Self.run(path, Self.explicit)
        #expect(outcome.succeeded)
        #expect(outcome.authoritiesConstrainedPolicySet == [Self.p1])
        #expect(outcome.leafPolicies.map(\.oid) == [Self.q2])
    }

    @Test("A mapping of a policy the CA covers only by anyPolicy adds it beside anyPolicy (§6.1.4 b 1)")
    func mappingThroughAnyPolicy() {
        let path = [Self.cert("Int", [Self.any], maps: [(Self.p1, Self.q1)]), Self.cert("Leaf", [Self.q1])]
        let outcome = Self.run(path, Self.explicit)
        #expect(outcome.succeeded)
        #expect(outcome.authoritiesConstrainedPolicySet == [Self.p1])
        #expect(outcome.leafPolicies.map(\.oid) == [Self.q1])
    }

    @Test("initial-policy-mapping-inhibit deletes mapped policies; the next certificate fails")
    func mappingInhibitedByInput() throws {
        let path = [Self.cert("Int1", [Self.p1], maps: [(Self.p1, Self.q1)]), Self.cert("Int2", [Self.q1]),
                    Self.cert("Leaf", [Self.q1])]
        #expect(Self.run(path, Self.explicit).succeeded)
        let inputs = CertificatePolicyInputs(initialExplicitPolicy: true, initialPolicyMappingInhibit: true)
        let failure = try #require(Self.run(path, inputs).failure)
        #expect(failure.certificateIndex == 1)
        guard case .noValidPolicy(.mappingInhibited(let index, _, let mapped), .initialExplicitPolicy) = failure.reason
        else { Issue.record("reason \(failure.reason)"); return }
        #expect(index == 2 && mapped == [Self.p1])
    }

    @Test("inhibitPolicyMapping 0 forbids the next CA's mapping, 1 allows it; requireExplicitPolicy 0 makes it matter",
          arguments: [0, 1])
    func inhibitPolicyMappingSkipCerts(_ skipCerts: Int) throws {
        let path = [Self.cert("Int1", [Self.p1], requireExplicit: 0, inhibitMapping: skipCerts),
                    Self.cert("Int2", [Self.p1], maps: [(Self.p1, Self.q1)]), Self.cert("Leaf", [Self.q1])]
        let outcome = Self.run(path)
        if skipCerts == 1 {
            #expect(outcome.succeeded)
            #expect(outcome.authoritiesConstrainedPolicySet == [Self.p1])
        } else {
            let failure = try #require(outcome.failure)
            #expect(failure.certificateIndex == 0)
            guard case .noValidPolicy(.mappingInhibited(1, _, [Self.p1]), .requireExplicitPolicy(2, "Int1", 0)) = failure.reason
            else { Issue.record("reason \(failure.reason)"); return }
        }
    }

    @Test("A self-issued intermediate does not count down the policy_mapping counter (§6.1.4 h)", arguments: [true, false])
    func selfIssuedDoesNotCountForMapping(_ selfIssued: Bool) {
        let path = [Self.cert("Int1", [Self.p1], requireExplicit: 0, inhibitMapping: 1),
                    Self.cert("Int1 rollover", [Self.p1], selfIssued: selfIssued),
                    Self.cert("Int2", [Self.p1], maps: [(Self.p1, Self.q1)]), Self.cert("Leaf", [Self.q1])]
        #expect(Self.run(path).succeeded == selfIssued)
    }

    @Test("requireExplicitPolicy 0 in an intermediate: the next certificate without policies fails")
    func requireExplicitPolicyZero() throws {
        let path = [Self.cert("Int1", [Self.p1], requireExplicit: 0), Self.cert("Int2", nil), Self.cert("Leaf", [Self.p1])]
        let failure = try #require(Self.run(path).failure)
        #expect(failure.certificateIndex == 1)
        guard case .noValidPolicy(.noCertificatePolicies(1, "Int2", [Self.p1]), .requireExplicitPolicy(2, "Int1", 0))
                = failure.reason
        else { Issue.record("reason \(failure.reason)"); return }
    }

    @Test("requireExplicitPolicy counts certificates: 1 fails at the leaf, 3 not at all")
    func requireExplicitPolicySkipCerts() throws {
        let one = [Self.cert("Int1", [Self.p1], requireExplicit: 1), Self.cert("Int2", nil), Self.cert("Leaf", [Self.p1])]
        #expect(try #require(Self.run(one).failure).certificateIndex == 0)
        let three = [Self.cert("Int1", [Self.p1], requireExplicit: 3), Self.cert("Int2", nil), Self.cert("Leaf", [Self.p1])]
        #expect(Self.run(three).succeeded)
    }

    @Test("A leaf's requireExplicitPolicy 0 applies at wrap-up (§6.1.5 b)")
    func leafRequireExplicitPolicy() throws {
        let failure = try #require(Self.run([Self.cert("Int", [Self.p1]), Self.cert("Leaf", [Self.p2], requireExplicit: 0)])
            .failure)
        #expect(failure.certificateIndex == 0)
        guard case .noValidPolicy(_, .requireExplicitPolicy(0, "Leaf", 0)) = failure.reason
        else { Issue.record("reason \(failure.reason)"); return }
    }

    @Test("Mapping to or from anyPolicy is refused (§6.1.4 a)", arguments: [true, false])
    func anyPolicyMapping(_ fromAny: Bool) throws {
        let mapping = fromAny ? (Self.any, Self.q1) : (Self.p1, Self.any)
        let failure = try #require(Self.run([Self.cert("Int", [Self.any], maps: [mapping]), Self.cert("Leaf", [Self.q1])])
            .failure)
        #expect(failure.certificateIndex == 1)
        #expect(failure.code == "any_policy_mapped")
    }

    @Test("A user-initial-policy-set under a leaf-level anyPolicy stands for itself (§6.1.5 g iii 3)")
    func userSetUnderAnyPolicy() {
        let outcome = Self.run([Self.cert("Int", [Self.any]), Self.cert("Leaf", [Self.any])],
                               CertificatePolicyInputs(userInitialPolicySet: [Self.p1, Self.p2], initialExplicitPolicy: true))
        #expect(outcome.succeeded)
        #expect(outcome.authoritiesConstrainedPolicySet == [Self.any])
        #expect(outcome.userConstrainedPolicySet == [Self.p1, Self.p2])
        #expect(outcome.leafPolicies.map(\.oid) == [Self.p1, Self.p2])
    }

    @Test("A user-initial-policy-set without initial-explicit-policy only narrows the reported set")
    func userSetWithoutExplicitPolicy() {
        let outcome = Self.run([Self.cert("Int", [Self.p1]), Self.cert("Leaf", [Self.p1])],
                               CertificatePolicyInputs(userInitialPolicySet: [Self.p2]))
        #expect(outcome.succeeded)
        #expect(outcome.authoritiesConstrainedPolicySet == [Self.p1])
        #expect(outcome.userConstrainedPolicySet.isEmpty)
    }

    @Test("A leaf that is its own anchor: nothing is processed, any policy")
    func nothingToProcess() {
        let outcome = Self.run([])
        #expect(outcome.succeeded)
        #expect(outcome.authoritiesConstrainedPolicySet == [Self.any])
    }

    /// k policies in every CA, each mapped to all k: every policy of a certificate matches every node above,
    /// so level i holds k^i nodes (the CVE-2023-0464 shape).
    static func exponentialPath(policies k: Int, intermediates: Int) -> [Spec] {
        let oids = (1...k).map { "1.3.6.1.4.1.55555.9.\($0)" }
        let maps = oids.flatMap { from in oids.map { (from, $0) } }
        return (1...intermediates).map { Self.cert("CA \($0)", oids, maps: maps) } + [Self.cert("Leaf", oids)]
    }

    // Not a timing test (performance is measured in the benchmark): the minute limit only turns an unbounded
    // tree, which would run for hours here, into a failure instead of a hang.
    @Test("A tree that would pass the node budget fails closed on the certificate that grows it",
          .timeLimit(.minutes(1)))
    func nodeBudget() throws {
        let outcome = Self.run(Self.exponentialPath(policies: 10, intermediates: 5))  // 10^6 leaf nodes unbounded
        let failure = try #require(outcome.failure)
        #expect(failure.code == "too_many_nodes")
        #expect(failure.reason == .tooManyNodes(limit: 1000))
        // 1 + 10 + 100 nodes after CA 1 and CA 2; CA 3 (path index 3) would add 1000.
        #expect(failure.certificateIndex == 3)
        #expect(failure.description.contains("past 1000 nodes"))
    }

    // The minute limit is a hang guard, not a measurement: the quadratic matching this replaced took minutes.
    @Test("Wide certificates cost what reading them costs: 20,000 mappings and 20,000 policies, one node",
          .timeLimit(.minutes(1)))
    func wideCertificatesStayLinear() throws {
        // Matching policies × nodes × mappings would be 4·10^8 string comparisons here (minutes in a debug
        // build); through the indexes it is a few passes over 20,000 entries.
        let many = (1...20_000).map { "1.3.6.1.4.1.55555.10.\($0)" }
        let others = (1...20_000).map { "1.3.6.1.4.1.55555.11.\($0)" }
        // CA 1: P1 mapped to 20,000 policies; CA 2 asserts 20,000 others (none matches: the tree goes NULL).
        let path = [Self.cert("CA 1", [Self.p1], maps: many.map { (Self.p1, $0) }), Self.cert("CA 2", others),
                    Self.cert("Leaf", [Self.p1])]
        let relaxed = Self.run(path, CertificatePolicyInputs())
        #expect(relaxed.succeeded)  // no explicit policy required
        #expect(relaxed.authoritiesConstrainedPolicySet.isEmpty)
        // The strict variant's message lists what CA 2 could have asserted, each once.
        let strict = Self.run(path, Self.explicit)
        let failure = try #require(strict.failure)
        #expect(failure.certificateIndex == 1)
        #expect(failure.validPolicies.count == 20_000)
    }

    @Test("Under the budget the same shape succeeds; the budget counts every node created")
    func nodeBudgetBoundary() {
        // 1 root + 3 + 9 + 27 (leaf) = 40 nodes.
        let path = Self.exponentialPath(policies: 3, intermediates: 2)
        #expect(Self.run(path, nodeLimit: 40).succeeded)
        #expect(Self.run(path, nodeLimit: 39).failure?.reason == .tooManyNodes(limit: 39))
    }

    /// The shortcut's test for a certificatePolicies that did not decode (its listing as unparseable) says
    /// what a search of the extensions says, for certificates with every policy extension well formed,
    /// malformed, certificatePolicies among them, and none.
    @Test("No policy extension: the unparseable list answers as a search of the extensions")
    func noPolicyExtensionAsSearched() throws {
        let model = try ["policy-and-revocation-extensions", "policy-and-revocation-extensions-malformed", "ca"]
            .map(MalformedPolicyExtensionTests.certificate)
        // The malformed fixture's policyMappings (2.5.29.33, an empty SEQUENCE) renamed certificatePolicies
        // (2.5.29.32), and its policyConstraints (.36) and inhibitAnyPolicy (.54) extensions unknown to
        // X.509 (.98, .99): OIDs of the same length, so the DER stays well framed (the signature no longer
        // holds). Its one policy extension is then a certificatePolicies that does not decode.
        var der = model[1].der
        for (from, to): (UInt8, UInt8) in [(0x21, 0x20), (0x24, 0x62), (0x36, 0x63)] {
            let oid: [UInt8] = [0x06, 0x03, 0x55, 0x1D, from]
            let at = try #require((0...(der.count - oid.count)).first { Array(der[$0..<($0 + oid.count)]) == oid })
            der[at + 4] = to
        }
        let renamed = try Certificate(der: der)
        #expect(renamed.policies == nil && renamed.unparseableExtensions[ExtensionOID.certificatePolicies] != nil)
        #expect(renamed.policyMappings == nil && renamed.policyConstraints == nil && renamed.inhibitAnyPolicy == nil)
        let others = try ["cross-leaf.pem", "cross-intermediate.pem", "new-root.pem"].flatMap(PathBuilderTests.load)
        for certificate in model + [renamed] + others {
            let searched = certificate.policies == nil && certificate.policyMappings == nil
                && certificate.policyConstraints == nil && certificate.inhibitAnyPolicy == nil
                && certificate.extension(ExtensionOID.certificatePolicies) == nil
            #expect(PolicyTreeProcessor.carriesNoPolicyExtension(certificate) == searched, "\(certificate.description)")
        }
        #expect(!PolicyTreeProcessor.carriesNoPolicyExtension(renamed))
    }

    /// Paths whose certificates carry no policy extension take a shortcut: it must give what the steps give.
    @Test("Without policy extensions the shortcut's outcome is the steps' outcome", arguments: [
        ["cross-leaf.pem", "cross-intermediate.pem", "new-by-old.pem", "old-root.pem"],
        ["cross-leaf.pem", "cross-intermediate.pem", "new-root.pem"],
    ])
    func pathsWithoutPolicyExtensions(_ files: [String]) throws {
        let path = try files.flatMap(PathBuilderTests.load)
        #expect(path.allSatisfy(PolicyTreeProcessor.carriesNoPolicyExtension))
        for anchored in [true, false] {
            for inputs in [CertificatePolicyInputs(), CertificatePolicyInputs(userInitialPolicySet: ["1.2.3.4"]),
                           CertificatePolicyInputs(initialPolicyMappingInhibit: true, initialAnyPolicyInhibit: true), Self.explicit]
            {
                let processed = anchored ? path.dropLast() : path[...]
                let views = try processed.enumerated().reversed().map { try PolicyCertificate($1, index: $0) }
                let steps = PolicyTreeProcessor(inputs: inputs).process(views)
                #expect(PolicyTreeProcessor(inputs: inputs).process(path: path, anchored: anchored) == steps)
                #expect(steps.succeeded == (inputs != Self.explicit))
            }
        }
    }
}
