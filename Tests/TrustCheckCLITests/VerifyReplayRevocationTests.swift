import Foundation
import Testing
import TestSupport

/// `trustcheck verify --replay` of a vector with CRLs and a `revocation` mode: the report gives the mode
/// the vector was evaluated under, not verify's default.
@Suite struct VerifyReplayRevocationTests {
    /// The testcase `trustcheck::<file>::<name>` of `vectors/<file>.json` alone in a temporary vector file
    /// (a replay takes one testcase), replayed with `extra`; the file is removed afterwards.
    static func replay(_ file: String, _ name: String, _ extra: [String]) throws -> CommandResult {
        let data = try Data(contentsOf: RecordedVector.directory.appendingPathComponent(file + ".json"))
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let cases = try #require(root["testcases"] as? [[String: Any]])
        let testcase = try #require(cases.first { $0["id"] as? String == "trustcheck::\(file)::\(name)" })
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("trustcheck-replay-\(UUID().uuidString).json")
        try JSONSerialization.data(withJSONObject: ["version": 1, "testcases": [testcase]]).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        return trustcheck(["verify", "--replay", url.path] + extra)
    }

    static func revocation(_ result: CommandResult) throws -> [String: Any] {
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        return try #require(json["revocation"] as? [String: Any])
    }

    @Test func requireVectorReportsRequireMode() throws {
        let result = try Self.replay("crl-modes", "require-intermediate-unanswered", ["--json"])
        // Recorded not trusted, still not trusted: the same verdict, exit 1.
        #expect(result.status == 1, "\(result.stderr)")
        let revocation = try Self.revocation(result)
        #expect(revocation["mode"] as? String == "require")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect((json["error"] as? [String: Any])?["code"] as? Int == -67635)
        #expect((json["replay"] as? [String: Any])?["same_verdict"] as? Bool == true)
        #expect(json["crls"] as? Int == 1)
    }

    @Test func softVectorReportsSoftMode() throws {
        let result = try Self.replay("crl-modes", "soft-without-crls", ["--json"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try Self.revocation(result)["mode"] as? String == "soft")
    }

    @Test func replayTextShowsTheRevocationLines() throws {
        let result = try Self.replay("crl-modes", "require-intermediate-unanswered", [])
        #expect(result.status == 1)
        let lines = result.stdoutLines.map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(lines.contains("revocation: checked, not revoked (by CRL)"))
        #expect(lines.contains("revocation: not checked: no CRL of its issuer \u{201C}CN=CRL Modes Root\u{201D} was given"))
        #expect(result.stdout.contains("same verdict"))
    }
}
