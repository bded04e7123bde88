import Foundation
import Testing
import TrustCertificates
import TrustEvaluation
@testable import TrustConformance

/// The example vectors' certificates serve as fixtures: a root, and a leaf for example.com it issued.
enum Fixtures {
    static let example: [LimboTestcase] = {
        let path = (TestPaths.vectorsDirectory as NSString).appendingPathComponent("example.json")
        return (try? LimboSuite.load(path: path).testcases) ?? []
    }()

    static var valid: LimboTestcase { example.first { $0.id == "example::valid-two-cert-chain" }! }
    static var root: String { valid.trustedCerts[0] }
    static var leaf: String { valid.peerCertificate }

    static func testcase(_ id: String = "test::case", expected: LimboTestcase.ExpectedResult = .success,
                         peer: LimboTestcase.PeerNameSpec? = .init(kind: .dns, value: "example.com"))
        -> LimboTestcase
    {
        LimboTestcase(id: id, trustedCerts: [root], peerCertificate: leaf, validationTime: "2025-06-01T00:00:00Z",
                      expectedResult: expected, expectedPeerName: peer)
    }
}

@Suite struct LimboDecodingTests {
    @Test func decodesEveryLimboField() throws {
        let json = """
            {"version": 1, "testcases": [{
              "id": "ns::sub::name", "conflicts_with": ["other::case"], "features": ["has-crl"],
              "importance": "high", "description": "words", "validation_kind": "CLIENT",
              "trusted_certs": ["T"], "untrusted_intermediates": ["I1", "I2"], "peer_certificate": "P",
              "peer_certificate_key": "K", "validation_time": "2024-01-01T00:00:00+00:00",
              "signature_algorithms": ["RSA_PKCS1_SHA256"], "key_usage": ["digitalSignature"],
              "extended_key_usage": ["clientAuth"], "expected_result": "FAILURE",
              "expected_peer_name": null, "expected_peer_names": [{"kind": "RFC822", "value": "a@b.c"}],
              "max_chain_depth": 3, "crls": ["C"]
            }]}
            """
        let suite = try LimboSuite.decode(Data(json.utf8))
        let testcase = try #require(suite.testcases.first)
        #expect(suite.version == 1)
        #expect(testcase.id == "ns::sub::name")
        #expect(testcase.namespace == "ns")
        #expect(testcase.conflictsWith == ["other::case"])
        #expect(testcase.features == ["has-crl"])
        #expect(testcase.importance == "high")
        #expect(testcase.description == "words")
        #expect(testcase.validationKind == .client)
        #expect(testcase.trustedCerts == ["T"])
        #expect(testcase.untrustedIntermediates == ["I1", "I2"])
        #expect(testcase.peerCertificate == "P")
        #expect(testcase.peerCertificateKey == "K")
        #expect(testcase.validationTime == "2024-01-01T00:00:00+00:00")
        #expect(testcase.signatureAlgorithms == ["RSA_PKCS1_SHA256"])
        #expect(testcase.keyUsage == ["digitalSignature"])
        #expect(testcase.extendedKeyUsage == ["clientAuth"])
        #expect(testcase.expectedResult == .failure)
        #expect(testcase.expectedPeerName == nil)
        #expect(testcase.expectedPeerNames == [.init(kind: .rfc822, value: "a@b.c")])
        #expect(testcase.maxChainDepth == 3)
        #expect(testcase.crls == ["C"])
        #expect(testcase.profile == nil && testcase.policy == nil && testcase.anchorsOnly == nil)
        #expect(testcase.systemAnchors.isEmpty && testcase.expectedFailures == nil && testcase.otherProfiles == nil)
    }

    @Test func decodesTrustCheckExtensionsAndDefaults() throws {
        let json = """
            {"testcases": [{
              "id": "v::one", "peer_certificate": "P", "expected_result": "SUCCESS",
              "profile": "apple", "policy": "basic", "system_anchors": ["S"], "anchors_only": false,
              "expected_apple_result": "recoverableTrustFailure", "expected_status": -67602,
              "expected_message": "m", "expected_chain": ["AB"],
              "expected_failures": [{"index": 0, "check": "SSLHostname"}],
              "other_profiles": {"webpki": {"expected_result": "FAILURE", "reason": "why"}},
              "pinning": {"ignored": true}
            }]}
            """
        let testcase = try #require(try LimboSuite.decode(Data(json.utf8)).testcases.first)
        #expect(testcase.validationKind == .server)
        #expect(testcase.trustedCerts.isEmpty && testcase.features.isEmpty && testcase.crls.isEmpty)
        #expect(testcase.validationTime == nil)
        #expect(testcase.profile == .apple)
        #expect(testcase.policy == .basic)
        #expect(testcase.systemAnchors == ["S"])
        #expect(testcase.anchorsOnly == false)
        #expect(testcase.expectedAppleResult == "recoverableTrustFailure")
        #expect(testcase.expectedStatus == -67602)
        #expect(testcase.expectedMessage == "m")
        #expect(testcase.expectedChain == ["AB"])
        #expect(testcase.expectedFailures == [.init(index: 0, check: .sslHostname)])
        #expect(testcase.otherProfiles?["webpki"]?.expectedResult == .failure)
        #expect(testcase.otherProfiles?["webpki"]?.reason == "why")
    }

    @Test(arguments: [
        (#""profile": "ios""#, "unknown profile"),
        (#""expected_apple_result": "trusted""#, "unknown TrustResultType"),
        (#""expected_failures": [{"index": 0, "check": "NoSuchCheck"}]"#, "expected_failures"),
        (#""other_profiles": {"macos": {"expected_result": "SUCCESS"}}"#, "other_profiles"),
    ])
    func rejectsUnknownExtensionValues(field: String, message: String) {
        let json = #"{"testcases": [{"id": "x", "peer_certificate": "P", "expected_result": "SUCCESS", "# + field + "}]}"
        #expect {
            _ = try LimboSuite.decode(Data(json.utf8), source: "t.json")
        } throws: { error in
            "\(error)".contains(message) && "\(error)".contains("t.json")
        }
    }

    @Test func missingFieldIsReportedWithItsPath() {
        let json = #"{"version": 1, "testcases": [{"id": "x", "expected_result": "SUCCESS"}]}"#
        #expect {
            _ = try LimboSuite.decode(Data(json.utf8))
        } throws: { error in
            "\(error)".contains("peer_certificate") && "\(error)".contains("testcases[0]")
        }
    }

    @Test func rfc3339Times() throws {
        #expect(LimboInputs.date(rfc3339: "1970-01-01T00:00:00Z") == Date(timeIntervalSince1970: 0))
        #expect(LimboInputs.date(rfc3339: "2024-01-01T00:00:00+00:00") == Date(timeIntervalSince1970: 1_704_067_200))
        #expect(LimboInputs.date(rfc3339: "2024-01-01T01:30:00+01:30") == Date(timeIntervalSince1970: 1_704_067_200))
        #expect(LimboInputs.date(rfc3339: "2024-04-01T00:00:00.005+00:00") == Date(timeIntervalSince1970: 1_711_929_600.005))
        #expect(LimboInputs.date(rfc3339: "2969-05-03T00:00:01Z") == Date(timeIntervalSince1970: 31_536_000_001))
        for bad in ["", "2024-01-01", "2024-01-01T00:00:00", "2024-13-01T00:00:00Z", "2024-01-01T00:00:00+0000",
                    "2024-01-01T00:00:00Zjunk", "2024-01-01T00:00:00.Z"] {
            #expect(LimboInputs.date(rfc3339: bad) == nil, "\(bad)")
        }
    }

    @Test func ipAddresses() {
        #expect(LimboInputs.ipAddress("127.0.0.1") == [127, 0, 0, 1])
        #expect(LimboInputs.ipAddress("::1") == Array(repeating: 0, count: 15) + [1])
        #expect(LimboInputs.ipAddress("2001:db8::1:0:0:1") == [0x20, 0x01, 0x0d, 0xb8, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1])
        #expect(LimboInputs.ipAddress("256.0.0.1") == nil)
        #expect(LimboInputs.ipAddress("example.com") == nil)
    }
}

@Suite struct LimboRunnerTests {
    let runner = LimboRunner(concurrency: 1)

    @Test func validChainSucceeds() {
        let result = runner.run(Fixtures.testcase())
        #expect(result == LimboResult(id: "test::case", actualResult: .success, context: nil))
    }

    @Test func hostnameMismatchFailsWithContext() throws {
        let result = runner.run(Fixtures.testcase(expected: .failure, peer: .init(kind: .dns, value: "other.example")))
        #expect(result.actualResult == .failure)
        let context = try #require(result.context)
        #expect(context.contains("SSLHostname"))
        #expect(context.contains("-67602"))
    }

    @Test func unparseableCertificateFailsClosed() throws {
        var testcase = Fixtures.testcase()
        testcase.untrustedIntermediates = ["-----BEGIN CERTIFICATE-----\nMIIBAAAA\n-----END CERTIFICATE-----\n"]
        let result = runner.run(testcase)
        #expect(result.actualResult == .failure)
        #expect(try #require(result.context).contains("untrusted_intermediates[0]"))
    }

    @Test func badValidationTimeFailsClosed() {
        var testcase = Fixtures.testcase()
        testcase.validationTime = "yesterday"
        #expect(runner.run(testcase).actualResult == .failure)
    }

    @Test func nullValidationTimeMeansNow() throws {
        var testcase = Fixtures.testcase()
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
        var testcase = Fixtures.testcase()
        testcase.crls = ["-----BEGIN X509 CRL-----\nMIIBAAAA\n-----END X509 CRL-----\n"]
        testcase.features = ["has-crl"]
        let result = runner.run(testcase)
        #expect(result.actualResult == .failure)
        let context = try #require(result.context)
        #expect(context.hasPrefix("CRL does not parse: crls[0]: "), "\(context)")
    }

    @Test func unknownFeatureIsSkipped() throws {
        var testcase = Fixtures.testcase()
        testcase.features = ["some-future-feature"]
        let result = runner.run(testcase)
        #expect(result.actualResult == .skipped)
        #expect(try #require(result.context).contains("some-future-feature"))
    }

    @Test(arguments: ["denial-of-service", "max-chain-depth", "name-constraint-dn", "pedantic-webpki-eku",
                      "pedantic-webpki-subscriber-key", "pedantic-serial-number", "pedantic-public-suffix-wildcard",
                      "pedantic-rfc5280", "rfc5280-incompatible-with-webpki", "has-policy-constraints", "has-crl"])
    func supportedFeaturesAreEvaluated(feature: String) {
        var testcase = Fixtures.testcase()
        testcase.features = [feature]
        #expect(runner.run(testcase).actualResult == .success)
    }

    @Test func signatureAlgorithmRestrictionIsSkipped() {
        var testcase = Fixtures.testcase()
        testcase.signatureAlgorithms = ["ECDSA_SHA256"]
        #expect(runner.run(testcase).actualResult == .skipped)
    }

    @Test func unknownUsageNamesAreSkipped() {
        var testcase = Fixtures.testcase()
        testcase.extendedKeyUsage = ["frobnicate"]
        #expect(runner.run(testcase).actualResult == .skipped)
        testcase.extendedKeyUsage = []
        testcase.keyUsage = ["frobnicate"]
        #expect(runner.run(testcase).actualResult == .skipped)
    }

    @Test func usagesAndDepthBecomePolicyRequirements() throws {
        var testcase = Fixtures.testcase()
        testcase.extendedKeyUsage = ["serverAuth", "OCSPSigning"]
        testcase.keyUsage = ["digitalSignature", "contentCommitment"]
        testcase.maxChainDepth = 0
        let policy = try LimboRunner.policy(for: testcase, profile: .webpki)
        #expect(policy.kind == .ssl(server: true))
        #expect(policy.profile == .webpki)
        #expect(policy.peerName == .dns("example.com"))
        #expect(policy.requiredExtendedKeyUsages == [ExtendedKeyUsageOID.serverAuth, ExtendedKeyUsageOID.ocspSigning])
        #expect(policy.requiredKeyUsage == [.digitalSignature, .nonRepudiation])
        #expect(policy.maximumIntermediates == 0)
        // The leaf has serverAuth only: requiring OCSPSigning fails.
        let result = runner.run(testcase)
        #expect(result.actualResult == .failure)
        #expect(try #require(result.context).contains("ExtendedKeyUsage"))
    }

    @Test func clientCasesCheckEveryPeerName() throws {
        var testcase = Fixtures.testcase(peer: nil)
        testcase.validationKind = .client
        testcase.expectedPeerNames = [.init(kind: .rfc822, value: "a@example.com"), .init(kind: .ip, value: "192.0.2.1")]
        let policy = try LimboRunner.policy(for: testcase, profile: .webpki)
        #expect(policy.kind == .ssl(server: false))
        #expect(policy.peerName == nil)
        #expect(policy.peerNames == [.email("a@example.com"), .ip([192, 0, 2, 1])])
    }

    @Test func serverCaseWithoutPeerNameChecksNoName() throws {
        let policy = try LimboRunner.policy(for: Fixtures.testcase(peer: nil), profile: .webpki)
        #expect(policy.peerName == nil && policy.peerNames.isEmpty)
        #expect(runner.run(Fixtures.testcase(peer: nil)).actualResult == .success)
    }

    @Test func invalidIPPeerNameFailsClosed() {
        let result = runner.run(Fixtures.testcase(expected: .failure, peer: .init(kind: .ip, value: "1.2.3")))
        #expect(result.actualResult == .failure)
        #expect(result.context?.contains("1.2.3") == true)
    }

    @Test func basicPolicyIgnoresTheName() throws {
        var testcase = Fixtures.testcase(peer: .init(kind: .dns, value: "other.example"))
        testcase.policy = .basic
        #expect(try LimboRunner.policy(for: testcase, profile: .apple).kind == .basicX509)
        #expect(runner.run(testcase).actualResult == .success)
    }

    @Test func profileSelection() {
        var testcase = Fixtures.testcase(expected: .success)
        #expect(runner.profile(for: testcase) == .webpki)
        testcase.id = "rfc5280::something"
        #expect(runner.profile(for: testcase) == .rfc5280)
        testcase.profile = .apple
        #expect(runner.profile(for: testcase) == .apple)
        let fixed = LimboRunner(defaultProfile: .apple, namespaceProfiles: [:])
        #expect(fixed.profile(for: Fixtures.testcase("rfc5280::x")) == .apple)
    }

    @Test func anchors() throws {
        // No custom anchors, no system anchors: nothing is trusted.
        var testcase = Fixtures.testcase()
        testcase.trustedCerts = []
        #expect(runner.run(testcase).actualResult == .failure)
        // The root as a system anchor.
        testcase.systemAnchors = [Fixtures.root]
        #expect(runner.run(testcase).actualResult == .success)
        // anchors_only without custom anchors turns the system store off.
        testcase.anchorsOnly = true
        #expect(runner.run(testcase).actualResult == .failure)
        // Custom anchors default to anchors-only; anchors_only false adds the system store back.
        let unrelated = try #require(Fixtures.example.first { $0.id == "example::anchors-only-excludes-system" })
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
            Fixtures.testcase("test::\(index)", peer: .init(kind: .dns, value: index % 3 == 0 ? "other.example" : "example.com"))
        }
        let serial = LimboRunner(concurrency: 1).run(cases)
        let parallel = LimboRunner(concurrency: 4).run(cases)
        #expect(serial == parallel)
        #expect(parallel.map(\.id) == cases.map(\.id))
        #expect(parallel.filter { $0.actualResult == .failure }.count == 20)
    }
}

@Suite struct LimboReportingTests {
    let testcases = [
        LimboTestcase(id: "a::1", peerCertificate: "", expectedResult: .success),
        LimboTestcase(id: "a::2", peerCertificate: "", expectedResult: .failure),
        LimboTestcase(id: "a::3", peerCertificate: "", expectedResult: .failure),
        LimboTestcase(id: "b::1", peerCertificate: "", expectedResult: .success),
        LimboTestcase(id: "b::2", peerCertificate: "", expectedResult: .success),
        LimboTestcase(id: "c", peerCertificate: "", expectedResult: .failure),
    ]
    let results = [
        LimboResult(id: "a::1", actualResult: .success, context: nil),
        LimboResult(id: "a::2", actualResult: .failure, context: "x"),
        LimboResult(id: "a::3", actualResult: .success, context: nil),
        LimboResult(id: "b::1", actualResult: .failure, context: "y"),
        LimboResult(id: "b::2", actualResult: .skipped, context: "z"),
        LimboResult(id: "c", actualResult: .failure, context: "w"),
    ]

    @Test func summaryCounts() throws {
        let summary = LimboSummary(testcases: testcases, results: results)
        #expect(summary.overall.total == 6)
        #expect(summary.overall.passed == 3)
        #expect(summary.overall.wronglyAccepted == 1)
        #expect(summary.overall.wronglyRejected == 1)
        #expect(summary.overall.skipped == 1)
        #expect(summary.namespaces == ["a", "b", "c"])
        let a = try #require(summary.byNamespace["a"])
        #expect((a.total, a.passed, a.wronglyAccepted, a.wronglyRejected, a.skipped) == (3, 2, 1, 0, 0))
        let b = try #require(summary.byNamespace["b"])
        #expect((b.total, b.passed, b.wronglyAccepted, b.wronglyRejected, b.skipped) == (2, 0, 0, 1, 1))
        let table = summary.rendered()
        #expect(table.contains("wrongly accepted"))
        #expect(table.split(separator: "\n").count <= 24)
        #expect(table.split(separator: "\n").contains { $0.hasPrefix("total") && $0.hasSuffix("1") })
    }

    @Test func resultsDocument() throws {
        let data = LimboResultsWriter.encode(Array(results.prefix(2)))
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains(#""context":null"#))
        #expect(LimboResultsWriter.encode(Array(results.prefix(2))) == data)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["version"] as? Int == 1)
        #expect(object["harness"] as? String == "trustcheck")
        let entries = try #require(object["results"] as? [[String: Any]])
        #expect(entries.count == 2)
        #expect(entries[1]["actual_result"] as? String == "FAILURE")
        #expect(entries[1]["context"] as? String == "x")
    }

    @Test func expectationsComparison() {
        let listed = LimboExpectations(cases: [
            "a::1": .init(actual: .failure, reason: "fixed since"),  // now passes
            "a::3": .init(actual: .success, reason: "known"),  // still the same mismatch
            "b::1": .init(actual: .skipped, reason: "changed"),  // now differs differently
            "gone::1": .init(actual: .success, reason: "not in the run"),
        ])
        let comparison = listed.compare(testcases: testcases, results: results)
        #expect(comparison.newMismatches.map(\.id) == ["b::1", "b::2"])
        #expect(comparison.newMismatches[0].listed == .skipped)
        #expect(comparison.newMismatches[0].description.contains("expected SUCCESS, got FAILURE (listed as SKIPPED)"))
        #expect(comparison.fixedButStillListed == ["a::1"])
        #expect(comparison.notRun == ["gone::1"])
        #expect(!comparison.isClean)

        let clean = LimboExpectations.recording(testcases: testcases, results: results, previous: listed)
        #expect(clean.compare(testcases: testcases, results: results).isClean)
        #expect(clean.cases.keys.sorted() == ["a::3", "b::1", "b::2"])
        #expect(clean.cases["a::3"]?.reason == "known")
        #expect(clean.cases["b::1"] == .init(actual: .failure, reason: LimboExpectations.unreviewed))
        let kept = LimboExpectations.recording(testcases: testcases, results: results, previous: listed, keepNotRun: true)
        #expect(kept.cases["gone::1"]?.reason == "not in the run")
    }

    @Test func expectationsFileRoundTrip() throws {
        let path = NSTemporaryDirectory() + "limbo-expectations-\(UUID().uuidString).json"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let expectations = LimboExpectations(cases: ["b::x": .init(actual: .success, reason: "r"),
                                                     "a::y": .init(actual: .skipped, reason: "s")])
        try expectations.write(to: path)
        #expect(try LimboExpectations.load(path: path) == expectations)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.range(of: "a::y")!.lowerBound < text.range(of: "b::x")!.lowerBound)
        #expect(throws: LimboError.self) { try LimboExpectations.load(path: path + ".missing") }
    }

    @Test(arguments: [
        ("webpki::*", "webpki::san::x", true), ("webpki::*", "rfc5280::x", false), ("*::nc::*", "rfc5280::nc::a", true),
        ("bettertls::*::tc?", "bettertls::nameconstraints::tc4", true), ("bettertls::*::tc?", "bettertls::x::tc40", false),
        ("exact", "exact", true), ("exact", "exactly", false), ("*", "", true), ("a*b*c", "aXbYbZc", true),
        ("a*b*c", "aXbYbZ", false),
    ])
    func glob(pattern: String, id: String, matches: Bool) {
        #expect(LimboGlob.matches(pattern, id) == matches)
    }
}

@Suite struct LimboCommandCoreTests {
    @Test func runsSelectedCasesAndWritesResults() throws {
        let directory = NSTemporaryDirectory() + "limbo-command-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let vectors = (TestPaths.vectorsDirectory as NSString).appendingPathComponent("example.json")
        let output = directory + "/results.json"

        var stderr = ""
        let summary = try LimboCommandCore.run(files: [vectors], output: output, includes: ["example::*mismatch*", "example::valid-*"],
                                               stderr: { stderr += $0 })
        #expect(summary.overall.total == 2)
        #expect(summary.overall.passed == 2)
        #expect(summary.loadSeconds != nil && summary.runSeconds != nil)
        #expect(stderr.contains("namespace"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: output)))
            as? [String: Any])
        let ids = (object["results"] as? [[String: Any]])?.compactMap { $0["id"] as? String }
        #expect(ids == ["example::valid-two-cert-chain", "example::hostname-mismatch"])
    }

    @Test func reportsUnreadableAndMalformedFiles() throws {
        #expect {
            try LimboCommandCore.run(files: ["/nonexistent/limbo.json"], output: nil, includes: [], stderr: { _ in })
        } throws: { error in
            if case .unreadable = error as? LimboError { return true } else { return false }
        }
        let path = NSTemporaryDirectory() + "limbo-bad-\(UUID().uuidString).json"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data("{\"testcases\": 3}".utf8).write(to: URL(fileURLWithPath: path))
        #expect {
            try LimboCommandCore.run(files: [path], output: nil, includes: [], stderr: { _ in })
        } throws: { error in
            if case .malformed = error as? LimboError { return true } else { return false }
        }
    }
}

@Suite struct VectorRunnerTests {
    @Test func reportsEveryUnmetExpectation() throws {
        var testcase = try #require(Fixtures.example.first { $0.id == "example::hostname-mismatch" })
        #expect(VectorRunner().check(testcase).passed)

        testcase.expectedResult = .success
        testcase.expectedAppleResult = "fatalTrustFailure"
        testcase.expectedStatus = -1
        testcase.expectedMessage = "something else"
        testcase.expectedChain = ["00"]
        testcase.expectedFailures = [.init(index: 1, check: .anchorTrusted)]
        testcase.otherProfiles = ["rfc5280": .init(expectedResult: .success, reason: "wrong on purpose")]
        let problems = VectorRunner().check(testcase).problems
        for field in ["expected SUCCESS, got FAILURE", "expected_apple_result", "expected_status", "expected_message",
                      "expected_chain", "expected_failures: missing [1] AnchorTrusted; unexpected [0] SSLHostname",
                      "other_profiles.rfc5280"] {
            #expect(problems.contains { $0.contains(field) }, "no problem mentions \(field): \(problems)")
        }
    }

    @Test func trustedCaseHasStatusZeroAndNoMessage() throws {
        var testcase = try #require(Fixtures.example.first { $0.id == "example::valid-two-cert-chain" })
        testcase.expectedMessage = "anything"
        let problems = VectorRunner().check(testcase).problems
        #expect(problems == ["expected_message: expected \"anything\", got no error (trusted)"])
    }

    @Test func rejectedInputsCannotMeetDetailedExpectations() {
        var testcase = Fixtures.testcase(expected: .failure)
        testcase.peerCertificate = "not a certificate"
        #expect(VectorRunner().check(testcase).passed)
        testcase.expectedStatus = -67602
        #expect(!VectorRunner().check(testcase).passed)
    }

    @Test func unreadableVectorFileIsReported() throws {
        let directory = NSTemporaryDirectory() + "vectors-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Data("[]".utf8).write(to: URL(fileURLWithPath: directory + "/b.json"))
        try Data(#"{"testcases": []}"#.utf8).write(to: URL(fileURLWithPath: directory + "/a.json"))
        try Data("ignored".utf8).write(to: URL(fileURLWithPath: directory + "/notes.txt"))
        let files = VectorRunner.loadVectors(directory: directory)
        #expect(files.map(\.name) == ["a.json", "b.json"])
        #expect((try? files[0].result.get())?.testcases.isEmpty == true)
        #expect((try? files[1].result.get()) == nil)
        #expect(VectorRunner.loadVectors(directory: directory + "/absent").isEmpty)
    }
}
