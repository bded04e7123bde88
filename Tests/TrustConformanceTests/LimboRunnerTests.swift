import Foundation
import Testing
import TrustCertificates
import TrustEvaluation
@testable import TrustConformance

@Suite struct LimboRunnerTests {
    let runner = LimboRunner(concurrency: 1)

    @Test func validChainSucceeds() {
        let result = runner.run(LimboFixtures.testcase())
        #expect(result == LimboResult(id: "test::case", actualResult: .success, context: nil))
    }

    @Test func hostnameMismatchFailsWithContext() throws {
        let result = runner.run(LimboFixtures.testcase(expected: .failure, peer: .init(kind: .dns, value: "other.example")))
        #expect(result.actualResult == .failure)
        let context = try #require(result.context)
        #expect(context.contains("SSLHostname"))
        #expect(context.contains("-67602"))
    }

    @Test func unparseableCertificateFailsClosed() throws {
        var testcase = LimboFixtures.testcase()
        testcase.untrustedIntermediates = ["-----BEGIN CERTIFICATE-----\nMIIBAAAA\n-----END CERTIFICATE-----\n"]
        let result = runner.run(testcase)
        #expect(result.actualResult == .failure)
        #expect(try #require(result.context).contains("untrusted_intermediates[0]"))
    }

    @Test func badValidationTimeFailsClosed() {
        var testcase = LimboFixtures.testcase()
        testcase.validationTime = "yesterday"
        #expect(runner.run(testcase).actualResult == .failure)
    }

    @Test func nullValidationTimeMeansNow() throws {
        var testcase = LimboFixtures.testcase()
        testcase.validationTime = nil
        let at2025 = LimboRunner(currentTime: Date(timeIntervalSince1970: 1_748_736_000), concurrency: 1)  // 2025-06-01
        #expect(at2025.run(testcase).actualResult == .success)
        let at2030 = LimboRunner(currentTime: Date(timeIntervalSince1970: 1_893_456_000), concurrency: 1)  // 2030-01-01
        #expect(at2030.run(testcase).actualResult == .failure)
        #expect(try #require(at2030.run(testcase).context).contains("TemporalValidity"))
    }

    /// The CRL fixtures of the evaluation tests: a leaf revoked by its intermediate's CRL.
    static func crlTestcase(crl: String) throws -> LimboTestcase {
        let directory = (TestPaths.packageRoot as NSString).appendingPathComponent("Tests/TrustEvaluationTests/Fixtures/crl")
        func text(_ name: String) throws -> String {
            try String(contentsOfFile: (directory as NSString).appendingPathComponent(name), encoding: .utf8)
        }
        return LimboTestcase(
            id: "crl::fixture", trustedCerts: [try text("root.pem")], untrustedIntermediates: [try text("intermediate.pem")],
            peerCertificate: try text("revoked-leaf.pem"), validationTime: "2026-01-01T00:00:00Z", expectedResult: .failure,
            expectedPeerName: .init(kind: .dns, value: "revoked.example.test"), features: ["has-crl"],
            crls: [try text(crl)])
    }

    @Test func crlsAreCheckedForRevocation() throws {
        let revoked = runner.run(try Self.crlTestcase(crl: "intermediate.crl.pem"))
        #expect(revoked.actualResult == .failure)
        #expect(try #require(revoked.context).hasPrefix(
            "\u{201C}revoked.example.test\u{201D} certificate is revoked (-67820): [0] Revocation: revoked"))
        #expect(runner.run(try Self.crlTestcase(crl: "intermediate-empty.crl.pem")).actualResult == .success)
    }

    @Test func unparseableCRLFailsClosed() throws {
        var testcase = LimboFixtures.testcase()
        testcase.crls = ["-----BEGIN X509 CRL-----\nMIIBAAAA\n-----END X509 CRL-----\n"]
        testcase.features = ["has-crl"]
        let result = runner.run(testcase)
        #expect(result.actualResult == .failure)
        let context = try #require(result.context)
        #expect(context.hasPrefix("CRL does not parse: crls[0]: "), "\(context)")
    }

    @Test func unknownFeatureIsSkipped() throws {
        var testcase = LimboFixtures.testcase()
        testcase.features = ["some-future-feature"]
        let result = runner.run(testcase)
        #expect(result.actualResult == .skipped)
        #expect(try #require(result.context).contains("some-future-feature"))
    }

    @Test(arguments: ["denial-of-service", "max-chain-depth", "name-constraint-dn", "pedantic-webpki-eku",
                      "pedantic-webpki-subscriber-key", "pedantic-serial-number", "pedantic-public-suffix-wildcard",
                      "pedantic-rfc5280", "rfc5280-incompatible-with-webpki", "has-policy-constraints", "has-crl"])
    func supportedFeaturesAreEvaluated(feature: String) {
        var testcase = LimboFixtures.testcase()
        testcase.features = [feature]
        #expect(runner.run(testcase).actualResult == .success)
    }

    @Test func signatureAlgorithmRestrictionIsSkipped() {
        var testcase = LimboFixtures.testcase()
        testcase.signatureAlgorithms = ["ECDSA_SHA256"]
        #expect(runner.run(testcase).actualResult == .skipped)
    }

    @Test func unknownUsageNamesAreSkipped() {
        var testcase = LimboFixtures.testcase()
        testcase.extendedKeyUsage = ["frobnicate"]
        #expect(runner.run(testcase).actualResult == .skipped)
        testcase.extendedKeyUsage = []
        testcase.keyUsage = ["frobnicate"]
        #expect(runner.run(testcase).actualResult == .skipped)
    }

    @Test func usagesAndDepthBecomePolicyRequirements() throws {
        var testcase = LimboFixtures.testcase()
        testcase.extendedKeyUsage = ["serverAuth", "OCSPSigning"]
        testcase.keyUsage = ["digitalSignature", "contentCommitment"]
        testcase.maxChainDepth = 0
        let policy = try LimboRunner.policy(for: testcase, profile: .webpki)
        #expect(policy.kind == .ssl(server: true))
        #expect(policy.profile == .webpki)
        #expect(policy.peerNames == [.dns("example.com")])
        #expect(policy.requiredExtendedKeyUsages == [ExtendedKeyUsageOID.serverAuth, ExtendedKeyUsageOID.ocspSigning])
        #expect(policy.requiredKeyUsage == [.digitalSignature, .nonRepudiation])
        #expect(policy.maximumIntermediates == 0)
        // The leaf has serverAuth only: requiring OCSPSigning fails.
        let result = runner.run(testcase)
        #expect(result.actualResult == .failure)
        #expect(try #require(result.context).contains("ExtendedKeyUsage"))
    }

    @Test func clientCasesCheckEveryPeerName() throws {
        var testcase = LimboFixtures.testcase(peer: nil)
        testcase.validationKind = .client
        testcase.expectedPeerNames = [.init(kind: .rfc822, value: "a@example.com"), .init(kind: .ip, value: "192.0.2.1")]
        let policy = try LimboRunner.policy(for: testcase, profile: .webpki)
        #expect(policy.kind == .ssl(server: false))
        #expect(policy.peerNames == [.email("a@example.com"), .ip([192, 0, 2, 1])])
    }

    @Test func serverCaseWithoutPeerNameChecksNoName() throws {
        let policy = try LimboRunner.policy(for: LimboFixtures.testcase(peer: nil), profile: .webpki)
        #expect(policy.peerNames.isEmpty)
        #expect(runner.run(LimboFixtures.testcase(peer: nil)).actualResult == .success)
    }

    @Test func invalidIPPeerNameFailsClosed() {
        let result = runner.run(LimboFixtures.testcase(expected: .failure, peer: .init(kind: .ip, value: "1.2.3")))
        #expect(result.actualResult == .failure)
        #expect(result.context?.contains("1.2.3") == true)
    }

    @Test func basicPolicyIgnoresTheName() throws {
        var testcase = LimboFixtures.testcase(peer: .init(kind: .dns, value: "other.example"))
        testcase.policy = .basic
        #expect(try LimboRunner.policy(for: testcase, profile: .apple).kind == .basicX509)
        #expect(runner.run(testcase).actualResult == .success)
    }

    @Test func profileSelection() {
        var testcase = LimboFixtures.testcase(expected: .success)
        #expect(runner.profile(for: testcase) == .webpki)
        testcase.id = "rfc5280::something"
        #expect(runner.profile(for: testcase) == .rfc5280)
        testcase.profile = .apple
        #expect(runner.profile(for: testcase) == .apple)
        let fixed = LimboRunner(defaultProfile: .apple, namespaceProfiles: [:])
        #expect(fixed.profile(for: LimboFixtures.testcase("rfc5280::x")) == .apple)
    }

    @Test func anchors() throws {
        // No custom anchors, no system anchors: nothing is trusted.
        var testcase = LimboFixtures.testcase()
        testcase.trustedCerts = []
        #expect(runner.run(testcase).actualResult == .failure)
        // The root as a system anchor.
        testcase.systemAnchors = [LimboFixtures.root]
        #expect(runner.run(testcase).actualResult == .success)
        // anchors_only without custom anchors turns the system store off.
        testcase.anchorsOnly = true
        #expect(runner.run(testcase).actualResult == .failure)
        // Custom anchors default to anchors-only; anchors_only false adds the system store back.
        let unrelated = try #require(LimboFixtures.example.first { $0.id == "example::anchors-only-excludes-system" })
        testcase.trustedCerts = unrelated.trustedCerts
        testcase.anchorsOnly = nil
        #expect(runner.run(testcase).actualResult == .failure)
        testcase.anchorsOnly = false
        #expect(runner.run(testcase).actualResult == .success)
        let evaluation = try runner.prepare(testcase).get()
        #expect(evaluation.evaluator.anchors.custom?.count == 1)
        #expect(evaluation.evaluator.anchors.usesSystemAnchors)
    }

    @Test func concurrentRunKeepsInputOrder() {
        let cases = (0..<60).map { index in
            LimboFixtures.testcase("test::\(index)", peer: .init(kind: .dns, value: index % 3 == 0 ? "other.example" : "example.com"))
        }
        let serial = LimboRunner(concurrency: 1).run(cases)
        let parallel = LimboRunner(concurrency: 4).run(cases)
        #expect(serial == parallel)
        #expect(parallel.map(\.id) == cases.map(\.id))
        #expect(parallel.filter { $0.actualResult == .failure }.count == 20)
    }
}
