import Foundation
import Testing
@testable import TrustCheckCLI

/// `trustcheck verify --ocsp` on the OCSP fixtures of the evaluation tests (made for 2026-06-01).
@Suite struct VerifyOCSPTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("TrustEvaluationTests/Fixtures/ocsp")
    static func path(_ name: String) -> String { directory.appendingPathComponent(name).path }
    static func arguments(_ responses: [String], extra: [String] = []) -> [String] {
        ["verify", path("leaf.pem"), path("intermediate.pem"), "--anchors", path("root.pem"), "--host", "ocsp.example",
         "--at", "2026-06-01T00:00:00Z"] + responses.flatMap { ["--ocsp", $0 == "-" ? "-" : path($0)] } + extra
    }
    static func verify(_ responses: [String], extra: [String] = []) -> CommandResult {
        trustcheck(arguments(responses, extra: extra))
    }
    static func ocspJSON(_ result: CommandResult) throws -> [[String: Any]] {
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        return try #require(json["ocsp"] as? [[String: Any]])
    }

    @Test func revokedResponseFailsWithApplesFatalError() {
        let result = Self.verify(["revoked.der"])
        #expect(result.status == 1)
        #expect(result.stdoutLines.prefix(3) == [
            "NOT TRUSTED: revoked: the leaf \u{201C}ocsp.example\u{201D} was revoked 2026-05-20T12:00:00Z, reason keyCompromise (-67820)",
            "SecTrust result: fatalTrustFailure, error -67820: \u{201C}ocsp.example\u{201D} certificate is revoked",
            "ocsp \(Self.path("revoked.der")): revoked 2026-05-20T12:00:00Z, reason keyCompromise (this update "
                + "2026-05-31T00:00:00Z, next update 2026-06-07T00:00:00Z), signed by OCSP Intermediate, used",
        ])
        #expect(result.stdout.contains("✗ Revocation: Certificate is revoked (revoked 2026-05-20T12:00:00Z, reason keyCompromise)"))
    }

    @Test func goodResponseIsReportedInJSON() throws {
        let result = Self.verify(["delegated-good.der"], extra: ["--json"])
        #expect(result.status == 0)
        let ocsp = try Self.ocspJSON(result)
        #expect(ocsp.count == 1)
        #expect(ocsp[0]["status"] as? String == "good")
        #expect(ocsp[0]["used"] as? Bool == true)
        #expect(ocsp[0]["responder"] as? String == "CN=OCSP Responder,O=TrustCheck OCSP")
        #expect(ocsp[0]["this_update"] as? String == "2026-05-31T00:00:00Z")
        #expect(ocsp[0]["next_update"] as? String == "2026-06-07T00:00:00Z")
        #expect(ocsp[0]["certificate_index"] as? Int == 0)
        #expect(ocsp[0]["problem"] is NSNull)
    }

    @Test func badAndStaleResponsesAreReportedAndIgnored() throws {
        let files = ["wrong-signer.der", "expired.der", "wrong-certid.der", "unauthorized.der"]
        let result = Self.verify(files, extra: ["--json"])
        #expect(result.status == 0)
        let ocsp = try Self.ocspJSON(result)
        #expect(ocsp.map { $0["file"] as? String } == files.map(Self.path))
        #expect(ocsp.map { $0["used"] as? Bool } == [false, false, false, false])
        #expect(ocsp.map { $0["problem"] as? String } == [
            "not signed by the issuer \u{201C}OCSP Intermediate\u{201D} or a responder it authorized",
            "stale: nextUpdate 2026-05-08T00:00:00Z has passed",
            "its certificate ID names no certificate of the path",
            "the responder answered unauthorized (6), not a response",
        ])
        #expect(ocsp.map { $0["status"] as? String } == ["revoked", "good", "revoked", nil])
        #expect(ocsp[3]["error_code"] as? String == "ocsp.parse.unsuccessful")
        #expect(result.stderr == "trustcheck: warning: unusable OCSP response \(Self.path("unauthorized.der")): "
                + "the responder answered unauthorized (6), not a response\n")
    }

    @Test func responseIsReadFromStandardInput() throws {
        let stdout = CapturedOutput(), stderr = CapturedOutput()
        let bytes = Array(try Data(contentsOf: Self.directory.appendingPathComponent("revoked.der")))
        let status = TrustCheckCommand.run(arguments: Self.arguments(["-"]), stdout: stdout, stderr: stderr,
                                           stdin: .bytes(bytes))
        #expect(status == 1)
        #expect(stdout.text.contains("ocsp standard input: revoked 2026-05-20T12:00:00Z"))
    }

    @Test func missingFileIsAnInputError() {
        let result = Self.verify(["no-such.der"])
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("\(Self.path("no-such.der")): cannot read: No such file or directory"))
    }
}
