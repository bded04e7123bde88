import Foundation
import Testing
import TrustCertificates
import TrustConformance
import TrustEvaluation

/// The engine rules PKITS showed missing, each on the PKITS case that needs it (so each test fails
/// without its rule), when the suite is fetched (`make pkits-fetch`).
@Suite(.enabled(if: TestPaths.pkitsSuite != nil, "NIST PKITS was not found: run `make pkits-fetch`"))
struct PKITSEngineRuleTests {
    func evaluate(_ name: String, configure: (inout TrustPolicy) -> Void = { _ in }) throws -> TrustEvaluationResult {
        let suite = try PKITSSuite.load(directory: try #require(TestPaths.pkitsSuite))
        let testcase = try #require(suite.testcases.first { $0.name == name })
        let evaluation = try PKITSRunner(suite: suite).prepare(testcase)
        var evaluator = evaluation.evaluator
        configure(&evaluator.policies[0])
        return evaluator.evaluate(leaf: evaluation.leaf, intermediates: evaluation.intermediates, at: evaluation.time)
    }

    /// 4.6.4: a CA's non-critical basicConstraints is refused by default (x509-limbo, §4.2.1.9) and read
    /// with `acceptsNonCriticalBasicConstraints` (§6.1).
    @Test func nonCriticalBasicConstraintsIsANamedOption() throws {
        let name = "valid_basicconstraints_not_critical_test4"
        let strict = try evaluate(name) { $0.acceptsNonCriticalBasicConstraints = false }
        #expect(!strict.isTrusted)
        #expect(strict.failures.contains { $0.index == 1 && $0.check == .basicConstraints })
        #expect(try evaluate(name).isTrusted)
    }

    /// 4.1.4: DSA-1024 keys and DSA-SHA1 signatures are usable under rfc5280 (RFC 3279), not under apple.
    @Test func dsaKeysAreUsableUnderRFC5280Only() throws {
        let name = "valid_dsa_signatures_test4"
        #expect(try evaluate(name).isTrusted)
        let apple = try evaluate(name) { $0.profile = .apple }
        #expect(!apple.isTrusted)
        #expect(apple.failures.contains { $0.check == .weakKeySize })
        // A bad DSA signature still fails (4.1.6).
        #expect(try !evaluate("invalid_dsa_signature_test6").isTrusted)
    }

    /// 4.1.5: a DSA key without parameters inherits its issuer's (§6.1.4 (f)): the CA below the DSA CA
    /// and the end entity below it both leave them out.
    @Test func dsaParametersAreInherited() throws {
        let result = try evaluate("valid_dsa_parameter_inheritance_test5")
        #expect(result.isTrusted, "\(result.failures)")
        #expect(result.chain.count == 4)

        let directory = try #require(TestPaths.pkitsSuite)
        func key(_ file: String) throws -> PublicKeyInfo {
            try #require(CertificateLoader.load(path: directory + "/certs/" + file).first).publicKey
        }
        let ca = try key("DSACACert.crt")
        let inherited = try key("DSAParametersInheritedCACert.crt")
        #expect(!ca.inheritsDSAParameters && inherited.inheritsDSAParameters)
        #expect(!inherited.canVerifySignatures && inherited.bits == 0)
        let completed = try #require(inherited.inheritingDSAParameters(from: ca))
        #expect(completed.canVerifySignatures && completed.bits == 1024 && completed.algorithm == .dsa)
        #expect(!completed.inheritsDSAParameters)
        // Only a key without parameters inherits, and only from a DSA key that has them.
        #expect(ca.inheritingDSAParameters(from: ca) == nil)
        #expect(inherited.inheritingDSAParameters(from: inherited) == nil)
        #expect(inherited.inheritingDSAParameters(from: try key("TrustAnchorRootCertificate.crt")) == nil)
        // Without the parameters' owner on the path, the key stays unusable: no path.
        let suite = try PKITSSuite.load(directory: directory)
        let testcase = try #require(suite.testcases.first { $0.name == "valid_dsa_parameter_inheritance_test5" })
        let evaluation = try PKITSRunner(suite: suite).prepare(testcase)
        let withoutCA = evaluation.intermediates.filter { $0.publicKey.subjectPublicKeyInfo != ca.subjectPublicKeyInfo }
        #expect(!evaluation.evaluator.evaluate(leaf: evaluation.leaf, intermediates: withoutCA, at: evaluation.time).isTrusted)
    }
}
