import Foundation
import Testing
@testable import TrustCheckCLI

/// `trustcheck verify` with the RFC 5280 policy inputs, on the chains of `vectors/policy-tree.json` (written
/// to a temporary directory per test).
@Suite struct VerifyPolicyTreeTests {
    static let p1 = "1.3.6.1.4.1.55555.7.1"
    static let q1 = "1.3.6.1.4.1.55555.8.1"
    static let vectors = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("vectors/policy-tree.json")

    /// The files of one vector's chain: leaf, intermediates, anchors.
    struct Chain {
        let directory: URL
        let leaf: String
        let intermediates: [String]
        let anchors: String
        let time: String

        func arguments(_ extra: [String]) -> [String] {
            ["verify", leaf] + intermediates + ["--anchors", anchors, "--host", "www.example.test", "--at", time] + extra
        }

        func remove() { try? FileManager.default.removeItem(at: directory) }
    }

    static func chain(_ name: String) throws -> Chain {
        let suite = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: vectors)) as? [String: Any])
        let cases = try #require(suite["testcases"] as? [[String: Any]])
        let testcase = try #require(cases.first { $0["id"] as? String == "trustcheck::policy-tree::\(name)" })
        let directory = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("policy-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        func write(_ pem: String, _ file: String) throws -> String {
            let url = directory.appendingPathComponent(file)
            try pem.write(to: url, atomically: true, encoding: .utf8)
            return url.path
        }
        let intermediates = try (testcase["untrusted_intermediates"] as? [String] ?? []).enumerated().map {
            try write($0.element, "intermediate\($0.offset).pem")
        }
        return Chain(directory: directory, leaf: try write(try #require(testcase["peer_certificate"] as? String), "leaf.pem"),
                     intermediates: intermediates,
                     anchors: try write((testcase["trusted_certs"] as? [String] ?? []).joined(), "anchors.pem"),
                     time: try #require(testcase["validation_time"] as? String))
    }

    static func json(_ result: CommandResult) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    }

    @Test func mappedChainReportsBothPolicySets() throws {
        let chain = try Self.chain("mapping")
        defer { chain.remove() }
        let base = ["--profile", "rfc5280", "--policy-oid", Self.p1, "--require-explicit-policy"]
        let text = trustcheck(chain.arguments(base))
        #expect(text.status == 0, "\(text.stdout)\(text.stderr)")
        #expect(text.stdout.contains("policies: authorities-constrained \(Self.p1); user-constrained \(Self.p1); "
            + "an explicit policy is required"))

        let result = trustcheck(chain.arguments(base + ["--json"]))
        let tree = try #require(try Self.json(result)["policy_tree"] as? [String: Any])
        #expect(tree["authorities_constrained_policy_set"] as? [String] == [Self.p1])
        #expect(tree["user_constrained_policy_set"] as? [String] == [Self.p1])
        #expect((tree["leaf_policies"] as? [[String: Any]])?.map { $0["oid"] as? String } == [Self.q1])
        #expect(tree["explicit_policy_required"] as? Bool == true)
        #expect(tree["failure"] is NSNull)
        let inputs = try #require(tree["inputs"] as? [String: Any])
        #expect(inputs["user_initial_policy_set"] as? [String] == [Self.p1])
        #expect(inputs["initial_explicit_policy"] as? Bool == true)
        #expect(inputs["initial_policy_mapping_inhibit"] as? Bool == false)
    }

    @Test func policyOutsideTheAcceptedSetFailsWithWhatWasValid() throws {
        let chain = try Self.chain("mapping")
        defer { chain.remove() }
        let text = trustcheck(chain.arguments(["--profile", "rfc5280", "--policy-oid", Self.q1, "--require-explicit-policy"]))
        #expect(text.status == 1)
        #expect(text.stdoutLines.prefix(2) == [
            "NOT TRUSTED: certificate policies not met: the leaf \u{201C}www.example.test\u{201D}: no certificate policy is left: "
                + "valid for \(Self.p1), not \(Self.q1) (the user-initial-policy-set); the initial-explicit-policy input "
                + "requires an explicit policy (-67835)",
            "SecTrust result: recoverableTrustFailure, error -67835: \u{201C}www.example.test\u{201D} certificate is not standards compliant",
        ])
        #expect(text.stdoutLines.contains("policies: policy processing failed at [0] (see PolicyConstraints)"))
        #expect(text.stdout.contains("✗ PolicyConstraints: Policy constraints violated (no certificate policy is left: "
            + "valid for \(Self.p1), not \(Self.q1) (the user-initial-policy-set); the initial-explicit-policy input "
            + "requires an explicit policy)"))

        let json = try Self.json(trustcheck(chain.arguments(["--profile", "rfc5280", "--policy-oid", Self.q1,
                                                             "--require-explicit-policy", "--json"])))
        let failure = try #require((json["failures"] as? [[String: Any]])?.first)
        #expect(failure["check"] as? String == "PolicyConstraints")
        #expect(failure["index"] as? Int == 0)
        let context = try #require(failure["context"] as? [String: Any])
        #expect(context["kind"] as? String == "policy_tree")
        #expect(context["reason"] as? String == "no_valid_policy")
        #expect(context["valid_policies"] as? [String] == [Self.p1])
        #expect(context["required_policies"] as? [String] == [Self.q1])
        #expect((context["required_by"] as? [String: Any])?["kind"] as? String == "initial_explicit_policy")
    }

    @Test func rfc5280NamesTheCertificateAppleReportsOnTheLeaf() throws {
        let chain = try Self.chain("require-explicit-policy-ca-without-policies")
        defer { chain.remove() }
        for (profile, index) in [("rfc5280", 1), ("apple", 0)] {
            let json = try Self.json(trustcheck(chain.arguments(["--profile", profile, "--json"])))
            let error = try #require(json["error"] as? [String: Any])
            #expect(error["code"] as? Int == -67835)
            #expect(error["index"] as? Int == index, "\(profile)")
            let context = try #require((json["failures"] as? [[String: Any]])?.first?["context"] as? [String: Any])
            // Either way the context names CA 2 (index 1), which has no certificatePolicies, and who required a policy.
            #expect(context["certificate_index"] as? Int == 1)
            let requiredBy = try #require(context["required_by"] as? [String: Any])
            #expect(requiredBy["kind"] as? String == "require_explicit_policy")
            #expect(requiredBy["certificate_index"] as? Int == 2)
            #expect(requiredBy["skip_certs"] as? Int == 0)
        }
    }

    @Test func inhibitOptionsAreTheInitialInputs() throws {
        let mapping = try Self.chain("mapping-allowed")
        defer { mapping.remove() }
        #expect(trustcheck(mapping.arguments(["--profile", "rfc5280", "--require-explicit-policy"])).status == 0)
        let inhibited = trustcheck(mapping.arguments(["--profile", "rfc5280", "--require-explicit-policy",
                                                      "--inhibit-policy-mapping"]))
        #expect(inhibited.status == 1)
        #expect(inhibited.stdout.contains("maps them while policy mapping is inhibited"))

        let any = try Self.chain("anypolicy-ca")
        defer { any.remove() }
        #expect(trustcheck(any.arguments(["--profile", "rfc5280", "--require-explicit-policy"])).status == 0)
        let noAny = trustcheck(any.arguments(["--profile", "rfc5280", "--require-explicit-policy", "--inhibit-any-policy"]))
        #expect(noAny.status == 1)
        #expect(noAny.stdout.contains("its anyPolicy is inhibited by inhibit_anyPolicy"))
    }

    @Test func nonCriticalPolicyConstraintsIsANamedOption() throws {
        let chain = try Self.chain("noncritical-policy-constraints")
        defer { chain.remove() }
        let refused = trustcheck(chain.arguments(["--profile", "rfc5280"]))
        #expect(refused.status == 1)
        #expect(refused.stdout.contains("✗ PolicyConstraints: Policy constraints violated (policyConstraints must be critical)"))
        #expect(trustcheck(chain.arguments(["--profile", "rfc5280", "--accept-noncritical-policy-constraints"])).status == 0)
    }

    @Test func webpkiRunsNoTree() throws {
        let chain = try Self.chain("same-policy")
        defer { chain.remove() }
        let json = try Self.json(trustcheck(chain.arguments(["--profile", "webpki", "--json"])))
        #expect(json["policy_tree"] is NSNull)
        let apple = try Self.json(trustcheck(chain.arguments(["--json"])))
        #expect((apple["policy_tree"] as? [String: Any])?["authorities_constrained_policy_set"] as? [String] == [Self.p1])
    }

    @Test("The policy inputs are usage errors outside rfc5280, and an OID must be one",
          arguments: [["--policy-oid", "1.2.3"], ["--require-explicit-policy"], ["--inhibit-any-policy", "--profile", "webpki"]])
    func policyInputsNeedRFC5280(_ options: [String]) throws {
        let chain = try Self.chain("same-policy")
        defer { chain.remove() }
        let result = trustcheck(chain.arguments(options))
        #expect(result.status == 2)
        #expect(result.stderr.contains("needs --profile rfc5280"))
    }

    @Test(arguments: ["1", "3.1", "1.2.03", "1..2", "1.2.x", "policy", ""])
    func malformedPolicyOIDIsAUsageError(_ oid: String) throws {
        #expect(VerifyCommand.policyOID(oid) == nil)
        let chain = try Self.chain("same-policy")
        defer { chain.remove() }
        let result = trustcheck(chain.arguments(["--profile", "rfc5280", "--policy-oid=\(oid)"]))
        #expect(result.status == 2)
        #expect(result.stderr.contains("is not a dotted OID"))
    }

    @Test func wellFormedPolicyOIDs() {
        #expect(VerifyCommand.policyOID("2.23.140.1.2.1") == "2.23.140.1.2.1")
        #expect(VerifyCommand.policyOID("anyPolicy") == "2.5.29.32.0")
        #expect(VerifyCommand.policyOID("0.0") == "0.0")
    }
}

extension VerifyPolicyTreeTests {
    @Test func leafPoliciesKeepTheirQualifiers() throws {
        let chain = try Self.chain("user-policy-under-anypolicy-keeps-qualifiers")
        defer { chain.remove() }
        let result = trustcheck(chain.arguments(["--profile", "rfc5280", "--policy-oid", Self.p1, "--require-explicit-policy",
                                                 "--json"]))
        #expect(result.status == 0, "\(result.stdout)")
        let tree = try #require(try Self.json(result)["policy_tree"] as? [String: Any])
        #expect(tree["authorities_constrained_policy_set"] as? [String] == ["2.5.29.32.0"])
        #expect(tree["user_constrained_policy_set"] as? [String] == [Self.p1])
        let leafPolicies = try #require(tree["leaf_policies"] as? [[String: Any]])
        #expect(leafPolicies.count == 1)
        #expect(leafPolicies.first?["oid"] as? String == Self.p1)
        #expect(leafPolicies.first?["cps_uris"] as? [String] == ["https://leaf.example.test/cps"])
        #expect(leafPolicies.first?["user_notices"] as? [String] == ["leaf notice"])
    }
}
