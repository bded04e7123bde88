import CertificateFixtures
import Foundation
import Testing

/// `trustcheck verify --crl` on the CRL fixtures of the evaluation tests.
@Suite struct VerifyCRLTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("TrustEvaluationTests/Fixtures/crl")
    static func path(_ name: String) -> String { directory.appendingPathComponent(name).path }
    static func verify(_ leaf: String, crls: [String], extra: [String] = []) -> CommandResult {
        trustcheck(["verify", path(leaf), path("intermediate.pem"), "--anchors", path("root.pem"),
                    "--at", "2026-01-01T00:00:00Z"] + crls.flatMap { ["--crl", path($0)] } + extra)
    }

    @Test func revokedLeafIsNotTrustedWithApplesError() {
        let result = Self.verify("revoked-leaf.pem", crls: ["intermediate.crl.pem"])
        #expect(result.status == 1)
        #expect(result.stdoutLines.prefix(2) == [
            "NOT TRUSTED: revoked: the leaf \u{201C}revoked.example.test\u{201D} was revoked 2025-11-15T00:00:00Z, reason keyCompromise (-67820)",
            "SecTrust result: fatalTrustFailure, error -67820: \u{201C}revoked.example.test\u{201D} certificate is revoked",
        ])
        #expect(result.stdout.contains(
            "✗ Revocation: Certificate is revoked (revoked 2025-11-15T00:00:00Z, reason keyCompromise)"))
    }

    @Test func jsonNamesTheRevocationFailure() throws {
        let result = Self.verify("revoked-leaf.pem", crls: ["intermediate.crl.der"], extra: ["--json"])
        #expect(result.status == 1)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let error = try #require(json["error"] as? [String: Any])
        #expect(error["code"] as? Int == -67820)
        #expect(error["check"] as? String == "Revocation")
        #expect(error["index"] as? Int == 0)
        let failures = try #require(json["failures"] as? [[String: Any]])
        #expect(failures.map { $0["check"] as? String } == ["Revocation"])
        #expect(json["crls"] as? Int == 1)
    }

    @Test func crlIsRepeatableAndAnUnlistedChainIsTrusted() {
        let result = Self.verify("good-leaf.pem", crls: ["intermediate.crl.pem", "root.crl.pem"])
        #expect(result.status == 0)
        #expect(result.stdoutLines.prefix(2) == ["TRUSTED: chain to \u{201C}CRL Test Root\u{201D} (anchor)", "SecTrust result: unspecified"])
    }

    @Test func unusableCRLFailsClosed() {
        let result = Self.verify("good-leaf.pem", crls: ["expired.crl.pem"])
        #expect(result.status == 1)
        #expect(result.stdout.contains("error -67635: "))
        #expect(result.stdout.contains("✗ RevocationResponseRequired: Failed to check revocation"))
    }

    @Test func badCRLFilesAreInputErrorsNamingEachFile() {
        let result = Self.verify("good-leaf.pem", crls: ["root.pem", "bad-truncated.crl.der"])
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == """
            trustcheck: \(Self.path("root.pem")): PEM file holds no X509 CRL block
            trustcheck: \(Self.path("bad-truncated.crl.der")): truncated DER: CRL 1 ends before its declared length

            """)
    }

    @Test func helpDocumentsTheOption() {
        let result = trustcheck("help", "verify")
        #expect(result.stdout.contains("--crl PATH"))
        #expect(result.stdout.contains("RevocationResponseRequired"))
    }
}
