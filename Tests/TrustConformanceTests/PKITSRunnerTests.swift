import Foundation
import Testing
import TrustConformance
import TrustEvaluation

/// The PKITS runner's reading of pyhanko's case description and its fail-closed handling of bad
/// suites, without the suite itself.
@Suite struct PKITSRunnerTests {
    static let json = """
        [{"id": "40801", "name": "all_certs_same_policy_test1_with_constraints1", "cert": "EE.crt",
          "other_certs": ["CA.crt"], "crls": ["CA.crl"], "path_len": 3,
          "params": {"initial_explicit_policy": true, "user_initial_policy_set": ["2.16.840.1.101.3.2.1.48.1", "any_policy"]}},
         {"id": "41402", "name": "invalid_distributionpoint_test2", "cert": "../EE.crt", "path_len": 3,
          "revocation": false,
          "error": {"class": "RevokedError", "msg_regex": "CRL indicates the end-entity certificate was revoked"}},
         {"id": "41305", "name": "invalid_dn_nameconstraints_test5", "cert": "Missing.crt", "path_len": 3,
          "error": {"class": "PathValidationError", "msg_regex": "some names of the end-entity certificate are excluded from the namespace of the issuing authority."}}]
        """

    func suiteDirectory() throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("pkits-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory + "/certs", withIntermediateDirectories: true)
        try Data(Self.json.utf8).write(to: URL(fileURLWithPath: directory + "/pkits.json"))
        return directory
    }

    @Test func readsCasesSectionsAndPolicyInputs() throws {
        let directory = try suiteDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let cases = try PKITSSuite.load(directory: directory).testcases
        #expect(cases.map(\.id) == ["4.8::4.8.1 all_certs_same_policy_test1_with_constraints1",
                                    "4.14::4.14.2 invalid_distributionpoint_test2",
                                    "4.13::4.13.5 invalid_dn_nameconstraints_test5"])
        #expect(cases.map(\.checksRevocation) == [true, false, true])
        let inputs = try #require(cases[0].parameters).inputs
        #expect(inputs.userInitialPolicySet == ["2.16.840.1.101.3.2.1.48.1", "2.5.29.32.0"])
        #expect(inputs.initialExplicitPolicy && !inputs.initialPolicyMappingInhibit && !inputs.initialAnyPolicyInhibit)
        let runner = PKITSRunner(suite: PKITSSuite(directory: directory, testcases: cases))
        #expect(runner.policy(for: cases[0]).certificatePolicies == inputs)
        #expect(runner.policy(for: cases[0]).profile == .rfc5280)
        #expect(runner.policy(for: cases[0]).acceptsNonCriticalBasicConstraints)
        #expect(runner.policy(for: cases[0]).acceptsNonCriticalPolicyConstraints)
        #expect(PKITSRunner.revocation(for: cases[0]).mode == .require)
        #expect(PKITSRunner.revocation(for: cases[1]).mode == .soft)
        #expect(cases.map(\.expectedResult) == [.success, .failure, .failure])
        #expect(cases[1].error?.checks == [.revocation])
        #expect(cases[2].error?.checks == [.nameConstraints])
    }

    @Test func caseWithMissingOrEscapingFilesFailsClosedNamingTheFile() throws {
        let directory = try suiteDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let report = PKITSReport(results: PKITSRunner(suite: try PKITSSuite.load(directory: directory)).run())
        #expect(report.results.allSatisfy { $0.result.actualResult == .failure })
        // The anchor is looked for first, and the suite folder has none.
        #expect(report.results[0].result.context?.contains("certs/TrustAnchorRootCertificate.crt") == true)
        #expect(report.summary.overall.wronglyRejected == 1 && report.summary.overall.passed == 2)
        // Failing for an input error is no check at all, so it is not counted as "another reason".
        #expect(report.failingForAnotherReason.isEmpty)
    }

    @Test func fileNamesMustStayInsideTheSuite() throws {
        let directory = try suiteDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // An anchor, so that the case gets as far as its own file names.
        let anchor = TestPaths.packageRoot + "/vectors/readme-chain/root.pem"
        try FileManager.default.copyItem(atPath: anchor, toPath: directory + "/certs/TrustAnchorRootCertificate.crt")
        let suite = try PKITSSuite.load(directory: directory)
        let result = PKITSRunner(suite: suite).run(suite.testcases[1])
        #expect(result.result.actualResult == .failure)
        let context = try #require(result.result.context)
        #expect(context.contains("certs/../EE.crt: a PKITS file name must be a plain name inside the suite's folder"))
    }

    @Test func unreadableOrMalformedSuitesAreErrorsNamingTheFile() throws {
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("pkits-none-\(UUID().uuidString)").path
        #expect(throws: PKITSError.self) { try PKITSSuite.load(directory: missing) }
        do { _ = try PKITSSuite.load(directory: missing) } catch {
            #expect(error.code == "pkits.unreadable")
            #expect(error.description.contains(missing + "/pkits.json"))
        }
        let directory = try suiteDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Data(#"[{"id": "4x101", "name": "n", "cert": "c", "path_len": 1}]"#.utf8)
            .write(to: URL(fileURLWithPath: directory + "/pkits.json"))
        do { _ = try PKITSSuite.load(directory: directory); Issue.record("a bad test number was accepted") } catch {
            #expect(error.code == "pkits.malformed")
            #expect(error.description.contains("five-digit PKITS test number"))
        }
    }
}
