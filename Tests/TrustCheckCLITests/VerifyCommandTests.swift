import CertificateFixtures
import Foundation
import Testing

/// `trustcheck verify` on the README chain (vectors/readme-chain, anchored at anchors/).
@Suite struct VerifyCommandTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }
    static let chain = [path("vectors/readme-chain/leaf.pem"), path("vectors/readme-chain/intermediate.pem")]
    static let at = ["--at", "2026-12-01T00:00:00Z"]

    @Test func trustedChainExitsZeroAndDrawsTheTree() {
        let result = trustcheck(["verify"] + Self.chain + ["--anchors", Self.path("anchors"), "--host", "www.example.test"] + Self.at)
        #expect(result.status == 0)
        #expect(result.stdoutLines.prefix(2) == ["TRUSTED for www.example.test: chain to \u{201C}TrustCheck Example Root\u{201D} (anchor)",
                                                 "SecTrust result: unspecified"])
        #expect(result.stdout.contains("[2] TrustCheck Example Root [anchor]"))
        #expect(result.stdout.contains("└─ [0] www.example.test"))
    }

    /// The tree shows each certificate's days left; the JSON chain carries SANs, validity and fingerprints.
    @Test func chainEntriesCarryNamesValidityAndFingerprints() throws {
        let text = trustcheck(Self.chain + ["--anchors", Self.path("anchors")] + Self.at).stdout
        #expect(text.contains("valid 2026-11-01T00:00:00Z to 2027-12-03T00:00:00Z (valid, 367 days left)"))
        let result = trustcheck(Self.chain + ["--anchors", Self.path("anchors"), "--json"] + Self.at)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let chain = try #require(json["chain"] as? [[String: Any]])
        let leaf = try #require(chain.first)
        #expect((leaf["subject_alt_names"] as? [[String: String]]) == [["type": "dns", "value": "www.example.test"]])
        let validity = try #require(leaf["validity"] as? [String: Any])
        #expect(validity["status"] as? String == "valid")
        #expect(validity["days_left"] as? Int == 367)
        #expect(validity["at"] as? String == "2026-12-01T00:00:00Z")
        let spki = try #require(leaf["spki_sha256"] as? String)
        let base64 = try #require(leaf["spki_sha256_base64"] as? String)
        #expect(spki.count == 64 && spki.allSatisfy(\.isHexDigit) && spki == spki.lowercased())
        #expect(hex(base64: base64) == spki)
        #expect(leaf["pin"] as? String == "sha256/" + base64)
        #expect((leaf["sha256"] as? String)?.count == 64)
        #expect((leaf["sha1"] as? String)?.count == 40)
    }

    @Test func verifyIsTheDefaultCommand() {
        let result = trustcheck(Self.chain + ["--anchors", Self.path("anchors")] + Self.at)
        #expect(result.status == 0)
    }

    /// The headline says what failed in the user's words, Apple's code after them; Apple's result and
    /// message follow on the second line.
    @Test func hostnameMismatchHeadlineSaysWhichNamesTheCertificateHas() {
        let result = trustcheck(Self.chain + ["--anchors", Self.path("anchors"), "--host", "other.example.test"] + Self.at)
        #expect(result.status == 1)
        #expect(result.stdoutLines.prefix(2) == [
            "NOT TRUSTED: host name mismatch: the certificate is valid for www.example.test, not other.example.test (-67602)",
            "SecTrust result: recoverableTrustFailure, error -67602: \u{201C}www.example.test\u{201D} certificate name does not match input",
        ])
    }

    /// Before notBefore is "not yet valid", with the certificate and its date, though Apple's message
    /// says "expired"; after notAfter is "expired".
    @Test func notYetValidIsToldApartFromExpired() {
        let early = trustcheck(Self.chain + ["--anchors", Self.path("anchors"), "--host", "www.example.test",
                                             "--at", "2026-10-01T00:00:00Z"])
        #expect(early.status == 1)
        #expect(early.stdoutLines.first == "NOT TRUSTED: not yet valid: the leaf \u{201C}www.example.test\u{201D} is valid from "
            + "2026-11-01T00:00:00Z, evaluated at 2026-10-01T00:00:00Z (-67818)")
        #expect(early.stdoutLines.dropFirst().first?.hasSuffix("certificate is expired") == true)
        let late = trustcheck(Self.chain + ["--anchors", Self.path("anchors"), "--host", "www.example.test",
                                            "--at", "2028-01-01T00:00:00Z"])
        #expect(late.stdoutLines.first == "NOT TRUSTED: expired: the leaf \u{201C}www.example.test\u{201D} expired at "
            + "2027-12-03T00:00:00Z, evaluated at 2028-01-01T00:00:00Z (-67818)")
    }

    /// Without its intermediate the leaf reaches no anchor: the headline names the certificate and the issuer missing.
    @Test func aMissingIssuerHeadlineNamesTheCertificateAndTheIssuer() throws {
        let result = trustcheck([Self.path("vectors/readme-chain/leaf.pem"), "--anchors", Self.path("anchors")] + Self.at)
        #expect(result.status == 1)
        let headline = try #require(result.stdoutLines.first)
        #expect(headline.hasPrefix("NOT TRUSTED: no path to an anchor: the leaf \u{201C}www.example.test\u{201D}: no issuer "
            + "\u{201C}CN=TrustCheck Example Intermediate\u{201D} with key identifier "), "\(headline)")
        #expect(headline.hasSuffix(" found among the presented certificates or the custom anchors (-25318)"), "\(headline)")
    }

    @Test func hostnameMismatchExitsOneWithApplesError() throws {
        let result = trustcheck(Self.chain + ["--anchors", Self.path("anchors"), "--host", "other.example.test", "--json"] + Self.at)
        #expect(result.status == 1)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(json["trusted"] as? Bool == false)
        #expect(json["chain_trusted"] as? Bool == false)
        #expect(json["reason"] as? String
            == "host name mismatch: the certificate is valid for www.example.test, not other.example.test (-67602)")
        #expect(json["result"] as? String == "recoverableTrustFailure")
        let error = try #require(json["error"] as? [String: Any])
        #expect(error["code"] as? Int == -67602)
        #expect(error["message"] as? String == "\u{201C}www.example.test\u{201D} certificate name does not match input")
        let failures = try #require(json["failures"] as? [[String: Any]])
        #expect(failures.map { $0["check"] as? String } == ["SSLHostname"])
        let chain = try #require(json["chain"] as? [[String: Any]])
        #expect(chain.map { $0["source"] as? String } == ["presented", "presented", "anchor"])
        #expect(json["verification_time"] as? String == "2026-12-01T00:00:00Z")
    }

    @Test func anchorsThatDoNotIssueTheChainGiveAnUntrustedRoot() {
        let result = trustcheck(Self.chain + ["--anchors", Self.path("vectors/certificates/ec-p256-root.pem")] + Self.at)
        #expect(result.status == 1)
        #expect(result.stdout.contains("MissingIntermediate"))
    }

    @Test func explainNarratesTheSearch() {
        let result = trustcheck(Self.chain + ["--anchors", Self.path("anchors"), "--explain"] + Self.at)
        #expect(result.stdout.contains("evaluating \u{201C}www.example.test\u{201D}"))
        #expect(result.stdout.contains("anchor \u{201C}TrustCheck Example Root\u{201D}"))
    }

    @Test(arguments: [
        (["--profile", "nonsense"], "--profile must be apple, webpki or rfc5280"),
        (["--policy", "basic", "--host", "x.test"], "--host needs --policy ssl"),
        (["--at", "yesterday"], "--at 'yesterday' is not a time: give an RFC 3339 time (2026-12-01T09:30:00Z), a date (2026-12-01, midnight UTC), @EPOCH (@1796117400) or now"),
    ])
    func badOptionsAreUsageErrors(_ extra: [String], _ message: String) {
        let result = trustcheck(["verify"] + Self.chain + extra)
        #expect(result.status == 2)
        #expect(result.stderr == "trustcheck verify: \(message)\n")
    }

    @Test func unreadableAnchorsAreInputErrors() {
        let result = trustcheck(Self.chain + ["--anchors", "/nonexistent/anchors"])
        #expect(result.status == 2)
        #expect(result.stderr == "trustcheck: /nonexistent/anchors: no such file or directory\n")
    }
}

/// Failures that explain themselves, in text and JSON.
@Suite struct VerifyExplanationTests {
    static let chain = VerifyCommandTests.chain
    static let anchors = ["--anchors", VerifyCommandTests.path("anchors")]
    static let at = VerifyCommandTests.at

    static func json(_ arguments: [String]) throws -> [String: Any] {
        let result = trustcheck(arguments)
        return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    }

    @Test func hostMismatchListsTheCertificatesNames() throws {
        let text = trustcheck(Self.chain + Self.anchors + ["--host", "www.b.test"] + Self.at).stdout
        #expect(text.contains("✗ SSLHostname: SSL hostname does not match name(s) in certificate "
            + "(valid for www.example.test, not www.b.test)"))
        let json = try Self.json(Self.chain + Self.anchors + ["--host", "www.b.test", "--json"] + Self.at)
        let failure = try #require((json["failures"] as? [[String: Any]])?.first)
        let context = try #require(failure["context"] as? [String: Any])
        #expect(context["kind"] as? String == "hostname")
        #expect(context["requested"] as? String == "www.b.test")
        #expect(context["dns_names"] as? [String] == ["www.example.test"])
        #expect(context["common_name_only"] as? Bool == false)
        // Apple's code and message stay exactly Apple's.
        let error = try #require(json["error"] as? [String: Any])
        #expect(error["message"] as? String == "\u{201C}www.example.test\u{201D} certificate name does not match input")
    }

    @Test func missingIssuerNamesTheDNAndTheStores() throws {
        let arguments = [Self.chain[0], "--anchors", VerifyCommandTests.path("vectors/certificates/ec-p256-root.pem")] + Self.at
        #expect(trustcheck(arguments).stdout.contains(
            "no issuer \u{201C}CN=TrustCheck Example Intermediate"))
        let json = try Self.json(arguments + ["--json"])
        let failure = try #require((json["failures"] as? [[String: Any]])?.first { $0["check"] as? String == "MissingIntermediate" })
        let context = try #require(failure["context"] as? [String: Any])
        #expect(context["searched"] as? [String] == ["presented", "anchor"])
        #expect((context["issuer"] as? String)?.contains("CN=TrustCheck Example Intermediate") == true)
    }

    @Test func wrongOrderAndUnusedCertificatesAreNoted() throws {
        let reversed = Array(Self.chain.reversed())
        let result = trustcheck(reversed + Self.anchors + Self.at)
        let text = result.stdout
        // Apple calls the CA evaluated as the leaf "not standards compliant"; the headline says what happened.
        let outOfOrder = "chain presented out of order: the CA \u{201C}TrustCheck Example Intermediate\u{201D} came first, "
            + "the end entity \u{201C}www.example.test\u{201D} as certificate 1; the right order is \u{201C}www.example.test\u{201D}, "
            + "\u{201C}TrustCheck Example Intermediate\u{201D}"
        #expect(result.stdoutLines.first == "NOT TRUSTED: \(outOfOrder) (-67901)")
        #expect(result.stdoutLines.first?.contains("standards compliant") == false)
        #expect(text.contains("note: \(outOfOrder) (it was evaluated as given, the first certificate as the leaf)"))
        #expect(text.contains("note: presented certificates not used by the path: \u{201C}www.example.test\u{201D}"))
        let json = try Self.json(reversed + Self.anchors + ["--json"] + Self.at)
        let notes = try #require(json["notes"] as? [[String: Any]])
        #expect(notes.map { $0["note"] as? String } == ["probable_wrong_order", "unused_presented"])
        #expect(notes.first?["end_entity_index"] as? Int == 1)
        #expect((notes.first?["right_order"] as? [[String: Any]])?.map { $0["subject"] as? String }
            == ["CN=www.example.test", "CN=TrustCheck Example Intermediate"])
        #expect((json["reason"] as? String)?.hasPrefix("chain presented out of order: ") == true)
        let unused = try #require(json["unused_certificates"] as? [[String: Any]])
        #expect(unused.map { $0["subject"] as? String } == ["CN=www.example.test"])
        // In order, nothing to note.
        let inOrder = try Self.json(Self.chain + Self.anchors + ["--json"] + Self.at)
        #expect((inOrder["notes"] as? [Any])?.isEmpty == true)
    }

    @Test func explainJSONIsAnArrayOfEvents() throws {
        let json = try Self.json(Self.chain + Self.anchors + ["--explain", "--json"] + Self.at)
        let steps = try #require(json["explain"] as? [[String: Any]])
        #expect(steps.first?["event"] as? String == "evaluation_started")
        #expect(steps.last?["event"] as? String == "verdict")
        #expect(steps.last?["trusted"] as? Bool == true)
        let candidates = try #require(steps.first { $0["event"] as? String == "issuer_candidates_found" })
        let found = try #require(candidates["candidates"] as? [[String: Any]])
        #expect(found.first?["store"] as? String == "presented")
        let accepted = steps.filter { $0["event"] as? String == "issuer_accepted" }
        #expect(accepted.map { $0["store"] as? String } == ["presented", "anchor"])
        #expect(steps.allSatisfy { ($0["message"] as? String)?.isEmpty == false })
    }

    @Test func complianceFailuresNameTheirRule() throws {
        let leaf = VerifyCommandTests.path("Tests/TrustEvaluationTests/Fixtures/diagnostics/cn-only-leaf.pem")
        let root = VerifyCommandTests.path("Tests/TrustEvaluationTests/Fixtures/diagnostics/root.pem")
        let arguments = [leaf, "--anchors", root, "--profile", "webpki", "--at", "2026-06-01T00:00:00Z"]
        #expect(trustcheck(arguments).stdout.contains("✗ WebPKICompliance [MissingSubjectAltName]: "))
        let json = try Self.json(arguments + ["--json"])
        let failure = try #require((json["failures"] as? [[String: Any]])?.first { $0["check"] as? String == "WebPKICompliance" })
        #expect(failure["rule"] as? String == "MissingSubjectAltName")
        let hostname = trustcheck([leaf, "--anchors", root, "--host", "www.x.test", "--at", "2026-06-01T00:00:00Z"]).stdout
        #expect(hostname.contains("the certificate has no subjectAltName; its CN www.x.test is never used for host names"))
    }
}
