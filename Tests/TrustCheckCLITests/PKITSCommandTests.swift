import Foundation
import TestSupport
import Testing

/// `trustcheck pkits DIR`: on the fetched suite when present (`make pkits-fetch`), and its input errors.
@Suite struct PKITSCommandTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path
    static let suite: String? = {
        let path = packageRoot + "/.build/pkits/nist_pkits"
        return FileManager.default.fileExists(atPath: path + "/pkits.json") ? path : nil
    }()
    static let expectations = packageRoot + "/Tests/TrustConformanceTests/pkits-expectations.json"

    @Test(.enabled(if: suite != nil, "NIST PKITS was not found: run `make pkits-fetch`"))
    func reportsBySectionAndWritesJSON() throws {
        let directory = try #require(Self.suite)
        let text = trustcheck("pkits", directory)
        #expect(text.status == 0)  // no mismatch (pkits-expectations.json lists none)
        #expect(text.stdout.hasPrefix("section  cases"))
        #expect(text.stdout.contains("\n4.16 "))
        #expect(text.stdout.contains("\ntotal      246     246                 0                 0"), "\(text.stdout)")

        #expect(trustcheck("pkits", directory, "--expectations", Self.expectations).status == 0)

        let output = NSTemporaryDirectory() + "pkits-cli-\(UUID().uuidString).json"
        defer { try? FileManager.default.removeItem(atPath: output) }
        let json = trustcheck("pkits", directory, "--json", "--output", output)
        #expect(json.stdout.isEmpty)
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: output))) as? [String: Any])
        let summary = try #require(document["summary"] as? [String: Any])
        #expect(summary["total"] as? Int == 246)
        #expect((summary["sections"] as? [String: Any])?.count == 16)
        let results = try #require(document["results"] as? [[String: Any]])
        #expect(results.count == 246)
        let revoked = try #require(results.first { ($0["id"] as? String)?.hasPrefix("4.4::4.4.3 ") == true })
        #expect(revoked["expected_checks"] as? [String] == ["Revocation"])
        #expect(revoked["failed_checks"] as? [String] == ["Revocation"])

        // The rfc5280 profile's own criticality answers (x509-limbo's) fail PKITS's non-critical constraints.
        let strict = trustcheck("pkits", directory, "--strict-criticality", "--expectations", Self.expectations)
        #expect(strict.status == 1)
        #expect(strict.stderr.contains("not listed: 4.6::4.6.4 valid_basicconstraints_not_critical_test4"))
    }

    /// `--cases` runs wbond/certvalidator's encoding over the suite's files (where `certvalidator-pkits.py`
    /// has written it from a checkout of certvalidator), `--revocation require` every case with revocation required.
    @Test(.enabled(if: suite != nil, "NIST PKITS was not found: run `make pkits-fetch`"),
          .enabled(if: certvalidatorCases != nil, "certvalidator's encoding was not found: see Tests/TrustConformanceTests/certvalidator-pkits.py"))
    func anotherEncoding() throws {
        let directory = try #require(Self.suite)
        let certvalidator = trustcheck("pkits", directory, "--cases", try #require(Self.certvalidatorCases), "--revocation", "require")
        #expect(certvalidator.status == 0, "\(certvalidator.stdout)")
        #expect(certvalidator.stdout.contains("\ntotal      174     174                 0                 0"), "\(certvalidator.stdout)")
    }

    /// The encoding `certvalidator-pkits.py` writes, as PKITSSuiteTests finds it.
    static let certvalidatorCases = ExternalFixtures.certvalidatorPKITS

    /// `--revocation require` makes every case of the suite's own encoding require revocation; both pass whole.
    @Test(.enabled(if: suite != nil, "NIST PKITS was not found: run `make pkits-fetch`"))
    func forcedRevocation() throws {
        let directory = try #require(Self.suite)
        let pyhanko = trustcheck("pkits", directory, "--revocation", "require")
        #expect(pyhanko.status == 0, "\(pyhanko.stdout)")
        #expect(pyhanko.stdout.contains("\ntotal      246     246                 0                 0"), "\(pyhanko.stdout)")

        let bad = trustcheck("pkits", directory, "--revocation", "hard")
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("--revocation must be soft or require"))
        let missing = trustcheck("pkits", directory, "--cases", directory + "/none.json")
        #expect(missing.status == 2)
        #expect(missing.stderr.contains(directory + "/none.json: cannot read"))
    }

    /// verify's §6.1 answer for a CA's non-critical basicConstraints, on PKITS 4.6.4's chain.
    @Test(.enabled(if: suite != nil, "NIST PKITS was not found: run `make pkits-fetch`"))
    func nonCriticalBasicConstraintsIsAVerifyOption() throws {
        let certs = try #require(Self.suite) + "/certs/"
        let arguments = [certs + "ValidbasicConstraintsNotCriticalTest4EE.crt", certs + "basicConstraintsNotCriticalCACert.crt",
                         "--anchors", certs + "TrustAnchorRootCertificate.crt", "--policy", "basic", "--at", "2022-05-01"]
        let refused = trustcheck(arguments + ["--profile", "rfc5280"])
        #expect(refused.status == 1)
        #expect(refused.stdout.contains("CA basicConstraints must be critical"))
        #expect(trustcheck(arguments + ["--profile", "rfc5280", "--accept-noncritical-basic-constraints"]).status == 0)
        let elsewhere = trustcheck(arguments + ["--profile", "webpki", "--accept-noncritical-basic-constraints"])
        #expect(elsewhere.status == 2)
        #expect(elsewhere.stderr.contains("--accept-noncritical-basic-constraints needs --profile rfc5280"))
    }

    @Test func missingSuiteIsAnInputErrorNamingPKITSJSON() {
        let missing = NSTemporaryDirectory() + "pkits-none-\(UUID().uuidString)"
        let result = trustcheck("pkits", missing)
        #expect(result.status == 2)
        #expect(result.stderr.contains(missing + "/pkits.json: cannot read"))
        #expect(trustcheck("pkits").stderr == "trustcheck pkits: no DIR given\nrun 'trustcheck help pkits' for the options\n")
        #expect(trustcheck("pkits", missing, missing).stderr == "trustcheck pkits: give one DIR, not 2\n")
    }
}
