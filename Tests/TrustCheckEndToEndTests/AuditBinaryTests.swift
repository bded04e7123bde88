import Foundation
import Testing

/// `trustcheck audit` on the repository's audit fixtures (Tests/TrustCheckCLITests/Fixtures/audit: most carry a
/// TSKExpirationDate) and on a configuration with every TrustKit key.
@Suite(.enabled(if: ReleaseBinaries.configured, "TRUSTCHECK_RELEASE_BINARY and TRUSTCHECK_COLLECT_RELEASE_BINARY are unset: `make test` builds the release binaries as `make demo` does and sets them"))
struct AuditBinaryTests {
    typealias F = RepositoryFiles

    static func audit(_ config: String, at: String = "2026-06-01", _ extra: [String] = []) throws -> ProcessRun {
        try Binary.trustcheck(["audit", config, "--chain", F.audit("leaf.pem"), F.audit("intermediate.pem"),
                               "--anchors", F.audit("root.pem"), "--at", at] + extra)
    }

    @Test func aHealthyConfigurationWithAnExpirationDate() throws {
        let run = try Self.audit(F.audit("healthy.json"))
        run.expectExit(0)
        #expect(run.stdoutLines.contains("example.com: includes subdomains, enforced, pins expire 2027-06-01T00:00:00Z"))
        #expect(run.stdoutLines.last == "✓ no problem: 1 domain audited")
        let json = try Self.audit(F.audit("healthy.json"), ["--json"])
        json.expectExit(0)
        let report = try json.json()
        #expect(report["problems_total"] as? Int == 0)
        let domain = try #require((report["domains"] as? [[String: Any]])?.first)
        #expect(domain["expiration_date"] as? String == "2027-06-01T00:00:00Z")
        #expect(domain["report_uris"] as? [String]
            == ["https://reports.example.com/pins", "https://overmind.datatheorem.com/trustkit/report"])
    }

    /// The README's example.
    @Test func theReadmeExampleReportsNoBackupPin() throws {
        let run = try Self.audit(F.audit("no-backup.json"), at: "2026-11-01")
        run.expectExit(1)
        #expect(run.stdoutLines.first == "audit of \(F.audit("no-backup.json")) at 2026-11-01T00:00:00Z")
        #expect(run.stdout.contains("✗ no_backup_pin: both pins are on the chain"))
        #expect(run.stdoutLines.last == "✗ 2 problems (chain and configuration: 1, example.com: 1); 1 domain audited")
    }

    @Test func aPinnedKeyThatExpiresBeforeTheConfiguration() throws {
        let run = try Self.audit(F.audit("expires-before.json"), ["--json"])
        run.expectExit(1)
        let domain = try #require((try run.json()["domains"] as? [[String: Any]])?.first)
        #expect((domain["problems"] as? [[String: Any]])?.compactMap { $0["kind"] as? String }
            .contains("pinned_key_expires_before_configuration") == true)
        #expect(domain["expiration_date"] as? String == "2029-01-01T00:00:00Z")
    }

    /// Every fixture runs to a verdict (0 or 1), none to a signal.
    @Test(arguments: ["e3-spki.json", "e3-trustkit.json", "expires-before.json", "healthy.json", "no-backup.json",
                      "nothing-matches.json", "report-only.json", "two-domains.json", "typo.json"])
    func everyFixtureAudits(file: String) throws {
        let run = try Self.audit(F.audit(file), ["--json"])
        #expect(run.reason == .exit, "killed by a signal: \(run)")
        #expect([0, 1].contains(run.status), "\(run)")
        #expect(try run.json()["config"] as? String == F.audit(file))
    }

    /// TSKReportUris and TSKDisableDefaultReportUri, TSKExpirationDate on a leap day, and a date TrustKit drops.
    @Test func reportURIsAndExpirationDatesInTheJSON() throws {
        let scratch = try Scratch("audit")
        defer { scratch.remove() }
        let pins = #"["CRehVqXciOrXxhnsBdqZWkMoUFuO+fITX9jwRdHzi+4=", "pUmxw3F62G92SFTQZ9sy6PinuUYl0h879rP7h5CLTf0="]"#
        let config = try scratch.write("trustkit.json", """
            {"TSKPinnedDomains": {
              "example.com": {"TSKExpirationDate": "2028-02-29", "TSKReportUris": ["https://reports.example.com/a"],
                              "TSKDisableDefaultReportUri": true, "TSKPublicKeyHashes": \(pins)},
              "www.example.com": {"TSKExpirationDate": "2023-02-29", "TSKPublicKeyHashes": \(pins)}}}
            """)
        let run = try Binary.trustcheck(["audit", config, "--chain", F.audit("leaf-www.pem"), F.audit("intermediate.pem"),
                                         "--anchors", F.audit("root.pem"), "--at", "2026-06-01", "--json"])
        run.expectExit(1)
        let domains = try #require(try run.json()["domains"] as? [[String: Any]])
        let byName = Dictionary(domains.compactMap { d in (d["domain"] as? String).map { ($0, d) } }, uniquingKeysWith: { a, _ in a })
        #expect(byName["example.com"]?["expiration_date"] as? String == "2028-02-29T00:00:00Z")
        #expect(byName["example.com"]?["report_uris"] as? [String] == ["https://reports.example.com/a"])
        #expect(byName["www.example.com"]?["expiration_date"] is NSNull, "TrustKit drops 2023-02-29")
        let problems = byName["www.example.com"]?["problems"] as? [[String: Any]] ?? []
        let warning = try #require(problems.first { $0["kind"] as? String == "configuration_warning" })
        #expect((warning["message"] as? String)?.contains("TSKExpirationDate") == true)
        #expect((warning["message"] as? String)?.contains("2023 is not a leap year") == true)
    }

    @Test func auditInputErrors() throws {
        let missing = try Binary.trustcheck(["audit", F.audit("healthy.json")])
        missing.expectExit(2)
        #expect(missing.stderr.contains("--chain"))
        let absent = try Self.audit("/nonexistent/trustkit.json")
        absent.expectExit(2)
        #expect(absent.stderr.contains("/nonexistent/trustkit.json"))
        let onePin = try Self.audit(F.audit("one-pin.json"))
        onePin.expectExit(2)
        #expect(onePin.stderr.contains(F.audit("one-pin.json")))
    }
}
