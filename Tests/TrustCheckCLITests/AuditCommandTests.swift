import Foundation
import Pinning
import Testing
import TrustCertificates
@testable import TrustCheckCLI
import TrustEvaluation

/// `trustcheck audit` on the configurations of Fixtures/audit (generate.py there describes each). The pins
/// the assertions expect come from expected.json, computed by pyca/cryptography, not by TrustCheck.
@Suite struct AuditCommandTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/audit")

    static func path(_ name: String) -> String { fixtures.appendingPathComponent(name).path }

    /// expected.json: file (or "backup", "unknown") → {spki_sha256, trustkit_sha256}, base64.
    static let expected: [String: [String: String]] = {
        let data = try! Data(contentsOf: fixtures.appendingPathComponent("expected.json"))
        return try! JSONSerialization.jsonObject(with: data) as! [String: [String: String]]
    }()

    static func pin(_ name: String, _ kind: String = "spki_sha256") -> String { expected[name]![kind]! }

    /// Inside every fixture's validity: the leaf has 214 days left, the intermediate 579.
    static let at = "2026-06-01"

    func audit(_ config: String, leaf: String = "leaf.pem", at: String = at, _ extra: [String] = []) -> CommandResult {
        trustcheck(["audit", Self.path(config), "--chain", Self.path(leaf), Self.path("intermediate.pem"),
                    "--anchors", Self.path("root.pem"), "--at", at] + extra)
    }

    func json(_ result: CommandResult) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    }

    func domains(_ report: [String: Any]) throws -> [[String: Any]] {
        try #require(report["domains"] as? [[String: Any]])
    }

    func onlyDomain(_ report: [String: Any]) throws -> [String: Any] {
        let all = try domains(report)
        try #require(all.count == 1)
        return all[0]
    }

    func kinds(_ object: [String: Any]) -> [String] {
        (object["problems"] as? [[String: Any]] ?? []).compactMap { $0["kind"] as? String }
    }

    func pins(_ domain: [String: Any]) throws -> [[String: Any]] { try #require(domain["pins"] as? [[String: Any]]) }

    func matches(_ pin: [String: Any]) throws -> [[String: Any]] { try #require(pin["matches"] as? [[String: Any]]) }

    // MARK: Healthy

    @Test func healthyConfigurationHasNoProblem() throws {
        let result = audit("healthy.json")
        #expect(result.status == 0)
        #expect(result.stderr == "")
        let intermediate = Self.pin("intermediate.pem"), backup = Self.pin("backup")
        #expect(result.stdoutLines.contains("  ✓ \(intermediate) matches [1] Audit Test Intermediate (intermediate); "
            + "valid, 579 days left"))
        #expect(result.stdoutLines.contains("  ✓ \(backup) is on no certificate of the chain: a backup pin (keep its key safe)"))
        #expect(result.stdoutLines.contains("  TrustKit today: TrustKit allows the connection (TSKTrustEvaluationSuccess)"))
        #expect(result.stdoutLines.contains("example.com: includes subdomains, enforced, pins expire 2027-06-01T00:00:00Z"))
        #expect(result.stdoutLines.last == "✓ no problem: 1 domain audited")

        let report = try json(audit("healthy.json", ["--json"]))
        #expect(report["problems_total"] as? Int == 0)
        #expect(report["anchors"] as? String == "custom")
        let chain = try #require(report["chain"] as? [[String: Any]])
        #expect(chain.map { $0["role"] as? String } == ["leaf", "intermediate", "anchor"])
        #expect(chain.map { $0["spki_sha256_base64"] as? String } == [Self.pin("leaf.pem"), intermediate, Self.pin("root.pem")])
        let domain = try onlyDomain(report)
        #expect(domain["domain"] as? String == "example.com")
        #expect(domain["status"] as? String == "audited")
        #expect(domain["hostname"] as? String == "example.com")
        #expect(domain["include_subdomains"] as? Bool == true)
        #expect(domain["enforce"] as? Bool == true)
        #expect(domain["expiration_date"] as? String == "2027-06-01T00:00:00Z")
        #expect(kinds(domain) == [])
        let pins = try pins(domain)
        #expect(pins.map { $0["pin"] as? String } == [intermediate, backup])
        let match = try #require(try matches(pins[0]).first)
        #expect(match["index"] as? Int == 1)
        #expect(match["subject"] as? String == "CN=Audit Test Intermediate")
        #expect(match["role"] as? String == "intermediate")
        #expect(match["matched_by"] as? String == "spki_sha256")
        #expect(match["days_left"] as? Int == 579)
        #expect(try matches(pins[1]).isEmpty)
        #expect(domain["backup_pins"] as? [String] == [backup])
        let trustKit = try #require(domain["trustkit"] as? [String: Any])
        #expect(trustKit["decision"] as? String == "TSKTrustDecisionShouldAllowConnection")
        #expect(trustKit["result"] as? String == "TSKTrustEvaluationSuccess")
        #expect(trustKit["matched_pin"] as? String == intermediate)
        #expect(trustKit["matched_index"] as? Int == 1)
    }

    // MARK: Pins

    @Test func everyPinOnTheChainIsNoBackup() throws {
        let result = audit("no-backup.json")
        #expect(result.status == 1)
        #expect(result.stdoutLines.contains("  ✗ no_backup_pin: both pins are on the chain: once these keys are rotated "
            + "no pin is left; add the hash of a key held in reserve for the next certificate"))
        #expect(result.stdoutLines.last == "✗ 1 problem (example.com: 1); 1 domain audited")
        let domain = try onlyDomain(try json(audit("no-backup.json", ["--json"])))
        #expect(kinds(domain) == ["no_backup_pin"])
        #expect(try pins(domain).map { try matches($0).map { $0["role"] as? String } } == [["leaf"], ["intermediate"]])
        #expect(domain["backup_pins"] as? [String] == [])
    }

    @Test func pinsThatMatchNothingBlock() throws {
        let result = audit("nothing-matches.json")
        #expect(result.status == 1)
        #expect(result.stdoutLines.contains("  ✗ \(Self.pin("unknown")) matches nothing on the chain"))
        let domain = try onlyDomain(try json(audit("nothing-matches.json", ["--json"])))
        #expect(kinds(domain) == ["no_pin_matches"], "not no_backup_pin: no pin is on the chain at all")
        #expect(domain["unmatched_pins"] as? [String] == [Self.pin("backup"), Self.pin("unknown")])
        #expect(domain["backup_pins"] as? [String] == [], "nothing is a backup when no pin holds the chain")
        let trustKit = try #require(domain["trustkit"] as? [String: Any])
        #expect(trustKit["decision"] as? String == "TSKTrustDecisionShouldBlockConnection")
        #expect(trustKit["result"] as? String == "TSKTrustEvaluationFailedNoMatchingPin")
    }

    @Test func reportOnlyMismatchIsAllowedButStillAProblem() throws {
        let domain = try onlyDomain(try json(audit("report-only.json", ["--json"])))
        #expect(kinds(domain) == ["no_pin_matches"])
        let problem = try #require((domain["problems"] as? [[String: Any]])?.first)
        #expect(problem["message"] as? String == "none of the 2 pins is on the chain; TSKEnforcePinning is off, so "
            + "TrustKit allows the connection (TSKTrustEvaluationFailedNoMatchingPin) and sends a pin-failure report")
        let trustKit = try #require(domain["trustkit"] as? [String: Any])
        #expect(trustKit["decision"] as? String == "TSKTrustDecisionShouldAllowConnection")
        #expect(trustKit["sends_report"] as? Bool == true)
        #expect(audit("report-only.json").status == 1)
    }

    /// pinning-libraries.md 1.5: for the e=3 key TrustKit compares its own hash, not the SPKI pin.
    @Test func spkiPinOfAnRSAExponent3KeyNeverMatchesInTrustKit() throws {
        let spki = Self.pin("leaf-e3.pem"), trustKitHash = Self.pin("leaf-e3.pem", "trustkit_sha256")
        try #require(spki != trustKitHash)
        let result = audit("e3-spki.json", leaf: "leaf-e3.pem")
        #expect(result.status == 1)
        #expect(result.stdoutLines.contains("  ✗ trustkit_hash_differs: \(spki) is the SPKI pin of [0] example.com (leaf), "
            + "but TrustKit hashes this key as \(trustKitHash) (its RSA exponent is not 65537); pin that instead"))
        let domain = try onlyDomain(try json(audit("e3-spki.json", leaf: "leaf-e3.pem", ["--json"])))
        #expect(kinds(domain) == ["trustkit_hash_differs", "no_pin_matches"])
        let pin = try #require(try pins(domain).first)
        #expect(pin["on_chain"] as? Bool == true)
        #expect(pin["trustkit_matches"] as? Bool == false)
        #expect(try matches(pin).first?["matched_by"] as? String == "spki_sha256_only")
    }

    @Test func trustKitHashOfAnRSAExponent3KeyMatches() throws {
        let spki = Self.pin("leaf-e3.pem"), trustKitHash = Self.pin("leaf-e3.pem", "trustkit_sha256")
        let result = audit("e3-trustkit.json", leaf: "leaf-e3.pem")
        #expect(result.status == 0)
        #expect(result.stdoutLines.contains("  ✓ \(trustKitHash) matches [0] example.com (leaf) by TrustKit's own hash "
            + "(the SPKI pin other libraries compare is \(spki)); valid, 214 days left"))
        let domain = try onlyDomain(try json(audit("e3-trustkit.json", leaf: "leaf-e3.pem", ["--json"])))
        #expect(try matches(try pins(domain)[0]).first?["matched_by"] as? String == "trustkit_hash")
        #expect(kinds(domain) == [])
    }

    // MARK: Expiry

    @Test func pinnedCertificateExpiringBeforeTheConfiguration() throws {
        let domain = try onlyDomain(try json(audit("expires-before.json", ["--json"])))
        #expect(kinds(domain) == ["pinned_key_expires_before_configuration"])
        let message = try #require((domain["problems"] as? [[String: Any]])?.first?["message"] as? String)
        #expect(message == "pinned [1] Audit Test Intermediate (intermediate) expires 2028-01-01T00:00:00Z, before the "
            + "pins do (TSKExpirationDate 2029-01-01T00:00:00Z): renew it with the same key, or ship the backup pin's "
            + "certificate before then")
        // healthy.json pins the same intermediate, but its pins expire first.
        #expect(audit("healthy.json").status == 0)
    }

    @Test func leafInside90DaysIsAWarningThatFails() throws {
        let result = audit("healthy.json", at: "2026-11-01")
        #expect(result.status == 1)
        #expect(result.stdoutLines.contains("! expires_soon: [0] example.com (leaf) expires 2027-01-01T00:00:00Z "
            + "(valid, 61 days left), within 90 days"))
        let report = try json(audit("healthy.json", at: "2026-11-01", ["--json"]))
        let problems = try #require(report["problems"] as? [[String: Any]])
        #expect(problems.map { $0["kind"] as? String } == ["expires_soon"])
        #expect(problems.first?["severity"] as? String == "warning")
        #expect(kinds(try onlyDomain(report)) == [], "the leaf is not pinned: its expiry is the chain's, once")
        #expect(report["problems_total"] as? Int == 1)
        // 91 days before notAfter is outside the window.
        #expect(audit("healthy.json", at: "2026-10-02").status == 0)
    }

    @Test func expiredPinsAndLeaf() throws {
        let report = try json(audit("healthy.json", at: "2027-07-01", ["--json"]))
        #expect(kinds(report) == ["expired"])
        let domain = try onlyDomain(report)
        #expect(kinds(domain) == ["pins_expired", "chain_not_trusted"])
        let trustKit = try #require(domain["trustkit"] as? [String: Any])
        #expect(trustKit["decision"] as? String == "TSKTrustDecisionDomainIsNotPinned")
        #expect(trustKit["result"] is NSNull)
    }

    // MARK: Domains

    @Test func domainTheLeafDoesNotCoverIsSkippedBesideOneItCovers() throws {
        let result = audit("two-domains.json")
        #expect(result.status == 0)
        #expect(result.stdoutLines.contains("example.org: skipped, the leaf does not cover it (audit it with its own "
            + "chain, or name it with --domain)"))
        let all = try domains(try json(audit("two-domains.json", ["--json"])))
        #expect(all.map { $0["domain"] as? String } == ["example.com", "example.org"])
        #expect(all.map { $0["status"] as? String } == ["audited", "skipped"])
    }

    @Test func namedDomainTheLeafDoesNotCoverIsNotValidForIt() throws {
        let report = try json(audit("two-domains.json", ["--domain", "example.org", "--json"]))
        let org = try #require(try domains(report).first { $0["domain"] as? String == "example.org" })
        #expect(org["status"] as? String == "audited")
        #expect(org["hostname"] is NSNull)
        #expect(kinds(org) == ["not_valid_for_domain"])
        #expect((org["evaluation"] as? [String: Any])?["policy"] as? String == "basic")
        #expect((org["trustkit"] as? [String: Any])?["result"] as? String == "TSKTrustEvaluationFailedInvalidCertificateChain")
        // Its root pin is found on the basic chain's anchor all the same.
        let rootMatch = try #require(try matches(try pins(org)[0]).first)
        #expect(rootMatch["index"] as? Int == 2 && rootMatch["role"] as? String == "anchor")
        #expect(try domains(report).first?["status"] as? String == "skipped", "--domain audits only the domains named")
        #expect(audit("two-domains.json", ["--domain", "example.org"]).status == 1)
    }

    /// TrustKit connects to www.example.com under example.com's includeSubdomains: that name is evaluated.
    @Test func leafOfASubdomainIsEvaluatedForItsOwnName() throws {
        let result = audit("healthy.json", leaf: "leaf-www.pem")
        #expect(result.status == 0)
        #expect(result.stdoutLines.contains("  evaluated for www.example.com (SSL): trusted: chain to \u{201C}Audit Test Root\u{201D} (anchor)"))
        let domain = try onlyDomain(try json(audit("healthy.json", leaf: "leaf-www.pem", ["--json"])))
        #expect(domain["hostname"] as? String == "www.example.com")
        let evaluation = try #require(domain["evaluation"] as? [String: Any])
        #expect(evaluation["policy"] as? String == "ssl")
        #expect(evaluation["reason"] as? String == "chain to \u{201C}Audit Test Root\u{201D} (anchor)")
    }

    /// Without includeSubdomains the www-only leaf covers no domain: each is audited, and not valid for it.
    @Test func leafCoveringNoDomainIsNotValidForAny() throws {
        let domain = try onlyDomain(try json(audit("no-backup.json", leaf: "leaf-www.pem", ["--json"])))
        #expect(domain["status"] as? String == "audited")
        #expect(kinds(domain) == ["not_valid_for_domain"], "the leaf pin is a backup for this chain")
        let message = try #require((domain["problems"] as? [[String: Any]])?.first?["message"] as? String)
        #expect(message == "the leaf [0] www.example.com (leaf) is not valid for example.com (its DNS names: "
            + "www.example.com); TrustKit blocks the connection (TSKTrustEvaluationFailedInvalidCertificateChain) "
            + "and sends a pin-failure report")
    }

    @Test func configurationWarningIsAProblem() throws {
        let domain = try onlyDomain(try json(audit("typo.json", ["--json"])))
        #expect(kinds(domain) == ["configuration_warning"])
        let message = try #require((domain["problems"] as? [[String: Any]])?.first?["message"] as? String)
        #expect(message.hasPrefix("TSKPinnedDomains[\"example.com\"].TSKEnforcePining: "))
        #expect(audit("typo.json").status == 1)
    }

    /// Anchored at an unrelated certificate, the chain fails before TrustKit looks at a pin.
    @Test func chainNotTrustedWithoutItsAnchor() throws {
        let result = trustcheck(["audit", Self.path("healthy.json"), "--chain", Self.path("leaf.pem"),
                                 Self.path("intermediate.pem"), "--anchors", Self.path("leaf-e3.pem"), "--at", Self.at, "--json"])
        #expect(result.status == 1)
        let domain = try onlyDomain(try json(result))
        #expect(kinds(domain) == ["chain_not_trusted"])
        // The problem gives the evaluation's reason, the one the evaluation object and verify give.
        let reason = try #require((domain["evaluation"] as? [String: Any])?["reason"] as? String)
        #expect(reason.hasPrefix("no path to an anchor: the intermediate \u{201C}Audit Test Intermediate\u{201D}: no issuer "
            + "\u{201C}CN=Audit Test Root\u{201D}"))
        let message = try #require((domain["problems"] as? [[String: Any]])?.first?["message"] as? String)
        #expect(message.hasPrefix("the chain is not trusted for example.com: \(reason); TrustKit blocks the connection"))
    }

    // MARK: Errors

    @Test func configurationTrustKitRefusesIsAnErrorNamingFileAndKey() throws {
        let config = Self.path("one-pin.json")
        let text = audit("one-pin.json")
        #expect(text.status == 2)
        #expect(text.stdout == "")
        #expect(text.stderr == "trustcheck: \(config): TSKPinnedDomains[\"example.com\"].TSKPublicKeyHashes: 1 distinct pin, "
            + "at least 2 needed when enforcing (a backup pin)\n")
        let result = audit("one-pin.json", ["--json"])
        #expect(result.status == 2)
        let error = try #require(try json(result)["error"] as? [String: Any])
        #expect(error["code"] as? String == "trustkit.configuration.too-few-pins")
        #expect(error["path"] as? String == config)
        #expect(error["key"] as? String == "TSKPublicKeyHashes")
        #expect(error["domain"] as? String == "example.com")
        #expect((error["trustkit_message"] as? String)?.hasPrefix("TrustKit was initialized with less than 2 pins") == true)
    }

    @Test(arguments: [
        (["audit", "c.json"], "no --chain given\nrun 'trustcheck help audit' for the options"),
        (["audit", "--chain", "leaf.pem"], "no CONFIG given\nrun 'trustcheck help audit' for the options"),
        (["audit", "c.json", "--chain", "l.pem", "--at", "soon"], TimeArgument.usageMessage("soon")),
        (["audit", "c.json", "--chain", "l.pem", "--domain", "https://example.com/"],
         "--domain takes a domain name, not a URL: use --domain example.com"),
        (["audit", "c.json", "--chain", "l.pem", "--domain", "example.com:443"],
         "--domain takes a domain name without a port: use --domain example.com"),
        (["audit", "c.json", "--chain", "l.pem", "--host", "example.com"], "unknown option '--host'; did you mean --domain?"),
        (["audit", "c.json", "--untrusted", "l.pem"], "unknown option '--untrusted'; did you mean --chain?"),
    ])
    func usageErrors(arguments: [String], message: String) {
        let result = trustcheck(arguments)
        #expect(result.status == 2)
        #expect(result.stdout == "")
        #expect(result.stderr == "trustcheck audit: \(message)\n")
    }

    @Test func unknownDomainIsAUsageError() {
        let result = audit("two-domains.json", ["--domain", "example.net"])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("trustcheck audit: --domain example.net is not pinned in "
            + "\(Self.path("two-domains.json")) (its domains: example.com, example.org)\n"))
    }

    @Test func missingChainFileIsAnInputError() throws {
        let missing = Self.path("no-such-leaf.pem")
        let result = trustcheck(["audit", Self.path("healthy.json"), "--chain", missing, "--json"])
        #expect(result.status == 2)
        #expect(result.stderr == "trustcheck: \(missing): no such file or directory\n")
        #expect((try json(result)["error"] as? [String: Any])?["code"] as? String == "certificate.load.unreadable")
    }

    // MARK: Presentation

    /// Colour goes on the marks only, after the text is escaped.
    @Test func marksAreColouredOnATerminal() throws {
        let configuration = try TrustKitConfiguration(contentsOfFile: Self.path("typo.json"))
        let leaf = try #require(try CertificateLoader.load(path: Self.path("leaf.pem")).first)
        let intermediates = try CertificateLoader.load(path: Self.path("intermediate.pem"))
        let anchors = TrustAnchors.only(CertificateStore(try CertificateLoader.load(path: Self.path("root.pem"))))
        let audit = PinConfigurationAudit(configuration: configuration, path: "typo.json", leaf: leaf,
                                          intermediates: intermediates, anchors: anchors,
                                          at: try #require(RFC3339.date(day: Self.at)), selected: [])
        let text = AuditReport.text(audit, style: TerminalStyle(colours: true))
        #expect(text.contains("  \u{1B}[32m✓\u{1B}[0m \(Self.pin("intermediate.pem")) matches [1] "))
        #expect(text.contains("  \u{1B}[33m!\u{1B}[0m configuration_warning: "))
        #expect(text.contains("\u{1B}[31m✗\u{1B}[0m 1 problem (example.com: 1); 1 domain audited\n"))
        #expect(!AuditReport.text(audit).contains("\u{1B}"), "no colour without a terminal")
    }

    /// README's example is this command's real output.
    @Test func readmeExampleIsTheOutput() throws {
        let root = Self.fixtures.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let command = "$ trustcheck audit $F/no-backup.json --chain $F/leaf.pem $F/intermediate.pem --anchors $F/root.pem "
            + "--at 2026-11-01\n"
        let start = try #require(readme.range(of: command))
        let end = try #require(readme[start.upperBound...].range(of: "```"))
        let shown = String(readme[start.upperBound..<end.lowerBound])
        let output = audit("no-backup.json", at: "2026-11-01").stdout
            .replacingOccurrences(of: Self.fixtures.path, with: "Tests/TrustCheckCLITests/Fixtures/audit")
        #expect(shown == output)
    }

    @Test func helpDocumentsEveryProblemKind() {
        let result = trustcheck("help", "audit")
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("usage: \(AuditCommand.usage)\n"))
        for kind in AuditProblem.Kind.allCases {
            #expect(result.stdout.contains("  \(kind.rawValue)\n      \(kind.meaning)\n"))
        }
        #expect(trustcheck("help").stdout.contains("  audit "))
    }
}
