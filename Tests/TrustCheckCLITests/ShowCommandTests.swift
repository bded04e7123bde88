import CertificateFixtures
import Foundation
import Testing

@Suite struct ShowCommandTests {
    /// Parses the RFC 3339 strings `show --json` prints, independently of the command's formatter.
    private func seconds(_ value: Any?) -> Int? {
        guard let text = value as? String, let date = ISO8601DateFormatter().date(from: text) else { return nil }
        return Int(date.timeIntervalSince1970)
    }

    private func floorDays(_ seconds: Int) -> Int { Int((Double(seconds) / 86_400).rounded(.down)) }

    private func names(_ value: Any?) -> [[String: String]]? { value as? [[String: String]] }

    private func expectedNames(_ names: [Fixtures.Entry.Name]?) -> [[String: String]]? {
        names?.map { ["type": $0.type, "value": $0.value] }
    }

    static let documentedKeys: Set<String> = [
        "file", "index", "subject", "subject_summary", "issuer", "serial", "version", "not_before", "not_after",
        "validity", "encoding_defects", "public_key", "signature_algorithm", "subject_alt_names", "basic_constraints", "key_usage",
        "extended_key_usage", "subject_key_identifier", "authority_key_identifier", "name_constraints", "policies",
        "extensions", "critical_extensions", "unknown_critical_extensions", "sha256", "sha1", "spki_sha256",
        "spki_sha256_base64", "pin",
    ]

    @Test(arguments: Fixtures.files)
    func jsonMatchesExpected(file: String) throws {
        let result = trustcheck("show", "--json", "--at", fixedNow, Fixtures.path(file))
        #expect(result.status == 0)
        #expect(result.stderr == "")
        let objects = try result.jsonArray()
        let entries = Fixtures.entries(in: file)
        try #require(objects.count == entries.count)
        for (object, entry) in zip(objects, entries) {
            #expect(Set(object.keys) == Self.documentedKeys)
            #expect(object["file"] as? String == entry.path)
            #expect(object["index"] as? Int == entry.index)
            #expect(object["subject"] as? String == entry.subjectRfc4514)
            #expect(object["subject_summary"] as? String == entry.subjectSummary)
            #expect(object["issuer"] as? String == entry.issuerRfc4514)
            #expect(object["serial"] as? String == entry.serialHex)
            #expect(object["version"] as? Int == entry.version)
            #expect((object["encoding_defects"] as? [Any])?.isEmpty == true)
            #expect(seconds(object["not_before"]) == entry.notBefore)
            #expect(seconds(object["not_after"]) == entry.notAfter)

            let validity = try #require(object["validity"] as? [String: Any])
            #expect(validity["at"] as? String == fixedNow)
            #expect(validity["status"] as? String == "valid")
            #expect(validity["days_left"] as? Int == floorDays(entry.notAfter - fixedNowSeconds))

            let key = try #require(object["public_key"] as? [String: Any])
            #expect(key["type"] as? String == entry.key.type)
            #expect(key["curve"] as? String == entry.key.curve)
            #expect(key["bits"] as? Int == entry.key.bits)

            let signature = try #require(object["signature_algorithm"] as? [String: Any])
            #expect(signature["oid"] as? String == entry.signatureAlgorithmOid)
            #expect((signature["hash"] as? String)?.lowercased() == entry.signatureHash)
            #expect(signature["secure"] as? Bool == (entry.signatureHash != "sha1"))

            #expect(names(object["subject_alt_names"]) == expectedNames(entry.subjectAltNames))
            #expect((object["subject_alt_names"] is NSNull) == (entry.subjectAltNames == nil))

            let constraints = object["basic_constraints"] as? [String: Any]
            #expect(constraints?["ca"] as? Bool == entry.basicConstraints?.ca)
            #expect(constraints?["path_length"] as? Int == entry.basicConstraints?.pathLength)
            #expect(constraints?["critical"] as? Bool == entry.basicConstraints?.critical)

            let usage = object["key_usage"] as? [String: Any]
            #expect(usage?["usages"] as? [String] == entry.keyUsage?.names)
            #expect(usage?["critical"] as? Bool == entry.keyUsage?.critical)
            let purposes = object["extended_key_usage"] as? [[String: String]]
            #expect(purposes?.map { $0["oid"] } == entry.extendedKeyUsage)

            #expect(object["subject_key_identifier"] as? String == entry.subjectKeyIdentifier)
            #expect(object["authority_key_identifier"] as? String == entry.authorityKeyIdentifier)

            let nameConstraints = object["name_constraints"] as? [String: Any]
            #expect(names(nameConstraints?["permitted"]) == expectedNames(entry.nameConstraints?.permitted))
            #expect(names(nameConstraints?["excluded"]) == expectedNames(entry.nameConstraints?.excluded))
            #expect(nameConstraints?["critical"] as? Bool == entry.nameConstraints?.critical)

            let policies = object["policies"] as? [[String: Any]]
            #expect(policies?.map { $0["oid"] as? String } == entry.policies?.map(\.oid))
            #expect(policies?.map { $0["cps_uris"] as? [String] } == entry.policies?.map(\.cpsUris))
            #expect(policies?.map { $0["user_notices"] as? [String] } == entry.policies?.map(\.userNotices))

            let extensions = try #require(object["extensions"] as? [[String: Any]])
            #expect(extensions.map { $0["oid"] as? String } == entry.extensions.map(\.oid))
            #expect(extensions.map { $0["critical"] as? Bool } == entry.extensions.map(\.critical))
            #expect(object["critical_extensions"] as? [String] == entry.extensions.filter(\.critical).map(\.oid))
            #expect(object["unknown_critical_extensions"] as? [String] == entry.unknownCriticalExtensions)

            #expect(object["sha256"] as? String == entry.sha256)
            #expect(object["sha1"] as? String == entry.sha1)
            #expect(object["spki_sha256"] as? String == hex(base64: entry.spkiSha256Base64))
            #expect(object["spki_sha256_base64"] as? String == entry.spkiSha256Base64)
            #expect(object["pin"] as? String == "sha256/" + entry.spkiSha256Base64)
        }
    }

    @Test func textForTheRichLeaf() throws {
        let entry = try #require(Fixtures.entries(in: "rsa2048-leaf.pem").first)
        let result = trustcheck("show", "--at", fixedNow, entry.path)
        #expect(result.status == 0)
        #expect(result.stderr == "")
        let lines = result.stdoutLines
        #expect(lines.first == entry.path)
        let expected = [
            "  Subject:             " + entry.subjectRfc4514,
            "  Summary:             www.example.com",
            "  Issuer:              " + entry.issuerRfc4514,
            "  Serial:              " + hexColons(entry.serialHex),
            "  Version:             3",
            "  Not before:          2024-03-01T12:00:00Z",
            "  Not after:           2034-03-01T12:00:00Z",
            "  Validity:            valid, \(floorDays(entry.notAfter - fixedNowSeconds)) days left at \(fixedNow)",
            "  Public key:          RSA 2048 bits",
            "  Signature:           RSA-SHA256 (1.2.840.113549.1.1.11)",
            "  Subject alt names:   DNS:www.example.com, DNS:example.com, IP:10.0.0.1, IP:2001:db8::1, "
                + "email:admin@example.com, URI:https://www.example.com/",
            "  Basic constraints:   CA:FALSE (critical)",
            "  Key usage:           digitalSignature, keyEncipherment (critical)",
            "  Extended key usage:  serverAuth, clientAuth",
            "  Subject key ID:      " + hexColons(try #require(entry.subjectKeyIdentifier)),
            "  Authority key ID:    " + hexColons(try #require(entry.authorityKeyIdentifier)),
            "  Critical extensions: basicConstraints, keyUsage",
            "  Unknown critical:    none",
            "  SHA-256:             " + hexColons(entry.sha256),
            "  SHA-1:               " + hexColons(entry.sha1),
            "  Pin:                 sha256/" + entry.spkiSha256Base64,
        ]
        #expect(Array(lines.dropFirst()) == expected)
    }

    @Test func textForConstraintsPoliciesAndUnknownCritical() {
        let intermediate = trustcheck("show", "--at", fixedNow, Fixtures.path("rsa2048-intermediate.pem")).stdout
        #expect(intermediate.contains("  Basic constraints:   CA:TRUE, pathlen:0 (critical)\n"))
        #expect(intermediate.contains("  Name constraints:    permitted: DNS:example.com, IP:10.0.0.0/8, IP:2001:db8::/32; "
            + "excluded: DNS:forbidden.example.com, IP:10.66.0.0/16, IP:2001:db8:bad::/48 (critical)\n"))
        #expect(intermediate.contains("  Policies:            2.23.140.1.2.1, CPS: https://cps.example.com/cps, "
            + "notice: \"TrustCheck test policy\"; 1.3.6.1.4.1.55555.2.1\n"))
        let unknown = trustcheck("show", "--at", fixedNow, Fixtures.path("critical-unknown-extension.pem")).stdout
        #expect(unknown.contains("  Critical extensions: basicConstraints, 1.3.6.1.4.1.55555.1.1\n"))
        #expect(unknown.contains("  Unknown critical:    1.3.6.1.4.1.55555.1.1 (certificate unusable)\n"))
        let sha1 = trustcheck("show", "--at", fixedNow, Fixtures.path("sha1-rsa.pem")).stdout
        #expect(sha1.contains("  Signature:           RSA-SHA1 (1.2.840.113549.1.1.5), not secure for certificates\n"))
        let empty = trustcheck("show", "--at", fixedNow, Fixtures.path("summary-empty-subject.pem")).stdout
        #expect(empty.contains("  Subject:             (empty)\n  Summary:             (none)\n"))
    }

    @Test func bundleBlocksAreNumbered() {
        let path = Fixtures.path("bundle.pem")
        let result = trustcheck("show", "--at", fixedNow, path)
        let headings = result.stdoutLines.filter { !$0.hasPrefix(" ") && !$0.isEmpty }
        #expect(headings == (1...3).map { "\(path) (certificate \($0) of 3)" })
        #expect(result.stdoutLines.filter(\.isEmpty).count == 2, "one blank line between blocks")
    }

    /// notAfter itself is still valid; one second later the certificate is expired.
    @Test func validityBoundaries() throws {
        let entry = try #require(Fixtures.entries(in: "ec-p256-leaf.pem").first)
        func show(at seconds: Int) throws -> (status: String?, daysLeft: Int?, text: String) {
            let at = Date(timeIntervalSince1970: TimeInterval(seconds)).formatted(.iso8601)
            let object = try #require(try trustcheck("show", "--json", "--at", at, entry.path).jsonArray().first)
            let validity = object["validity"] as? [String: Any]
            let text = trustcheck("show", "--at", at, entry.path).stdoutLines.first { $0.hasPrefix("  Validity:") } ?? ""
            return (validity?["status"] as? String, validity?["days_left"] as? Int, text)
        }
        let atEnd = try show(at: entry.notAfter)
        #expect(atEnd.status == "valid" && atEnd.daysLeft == 0)
        let justAfter = try show(at: entry.notAfter + 1)
        #expect(justAfter.status == "expired" && justAfter.daysLeft == -1)
        #expect(justAfter.text.hasPrefix("  Validity:            expired 0 days ago at "))
        let tenDaysAfter = try show(at: entry.notAfter + 10 * 86_400)
        #expect(tenDaysAfter.text.hasPrefix("  Validity:            expired 10 days ago at "))
        let before = try show(at: entry.notBefore - 3 * 86_400)
        #expect(before.status == "not_yet_valid")
        #expect(before.text.hasPrefix("  Validity:            not yet valid, starts in 3 days at "))
        let atStart = try show(at: entry.notBefore)
        #expect(atStart.status == "valid")
    }

    @Test func atAcceptsOffsetsAndFractions() throws {
        let path = Fixtures.path("ec-p256-leaf.pem")
        for at in ["2025-06-01T02:00:00+02:00", "2025-06-01T00:00:00.000Z", "2025-05-31T19:00:00-05:00"] {
            let object = try #require(try trustcheck("show", "--json", "--at=\(at)", path).jsonArray().first)
            #expect((object["validity"] as? [String: Any])?["at"] as? String == fixedNow, "\(at)")
        }
    }

    /// `--at` takes RFC 3339 in any case, a date alone (midnight UTC), @EPOCH and now.
    @Test(arguments: ["2025-06-01", "2025-06-01t00:00:00z", "2025-06-01 00:00:00Z", "@1748736000"])
    func atAcceptsTheFormsPeopleType(at: String) throws {
        let object = try #require(try trustcheck("show", "--json", "--at", at, Fixtures.path("ec-p256-leaf.pem"))
            .jsonArray().first)
        #expect((object["validity"] as? [String: Any])?["at"] as? String == fixedNow, "\(at)")
    }

    @Test func atNowIsTheCurrentTime() throws {
        let before = Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down))
        let object = try #require(try trustcheck("show", "--json", "--at", "NOW", Fixtures.path("ec-p256-leaf.pem"))
            .jsonArray().first)
        let at = try #require((object["validity"] as? [String: Any])?["at"] as? String)
        let shown = try #require(ISO8601DateFormatter().date(from: at))
        #expect(shown >= before && shown <= Date())
    }

    @Test(arguments: ["yesterday", "2025-13-01T00:00:00Z", "2025-02-30", "@12x", "@", ""])
    func badAtIsAUsageErrorThatShowsTheForms(at: String) {
        let result = trustcheck("show", "--at", at, Fixtures.path("ec-p256-leaf.pem"))
        #expect(result.status == 2)
        #expect(result.stdout == "")
        #expect(result.stderr == "trustcheck show: --at '\(at)' is not a time: give an RFC 3339 time "
            + "(2026-12-01T09:30:00Z), a date (2026-12-01, midnight UTC), @EPOCH (@1796117400) or now\n")
    }

    @Test func directoryInput() throws {
        let path = Fixtures.path("directory")
        let objects = try trustcheck("show", "--json", "--at", fixedNow, path).jsonArray()
        #expect(objects.count == 5)
        #expect(objects.map { $0["file"] as? String } == Array(repeating: path, count: 5))
        #expect(objects.map { $0["index"] as? Int } == Array(0..<5))
    }
}

/// A certificate that loads despite breaking an encoding rule (Alamofire's test certificates' absent
/// against NULL parameters) is shown, pinned and verified, and says what it breaks.
@Suite struct EncodingDefectCommandTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("TrustEvaluationTests/Fixtures/encoding").path
    static let leaf = directory + "/absent-parameters-leaf.pem", root = directory + "/absent-parameters-root.pem"

    @Test func showSaysWhatTheCertificateBreaks() throws {
        let text = trustcheck("show", Self.leaf, "--at", "2026-01-01T00:00:00Z")
        #expect(text.status == 0)
        #expect(text.stdout.contains("Encoding:            signatureAlgorithm RSA-SHA256 with NULL parameters and the TBSCertificate's "
                                     + "RSA-SHA256 without parameters differ in parameters only (absent against NULL) (rule SignatureAlgorithmMismatch)"))
        let json = try trustcheck("show", Self.leaf, "--json").jsonArray()
        let defects = try #require(json.first?["encoding_defects"] as? [[String: String]])
        #expect(defects.map { $0["rule"] } == ["SignatureAlgorithmMismatch"])
    }

    @Test func pinAndVerifyWorkOnIt() {
        #expect(trustcheck("pin", Self.leaf).status == 0)
        let apple = trustcheck("verify", Self.leaf, "--anchors", Self.root, "--host", "leaf.example.test", "--at", "2026-01-01T00:00:00Z")
        #expect(apple.status == 0, "\(apple.stdout)\(apple.stderr)")
        let webPKI = trustcheck("verify", Self.leaf, "--anchors", Self.root, "--host", "leaf.example.test",
                                "--at", "2026-01-01T00:00:00Z", "--profile", "webpki")
        #expect(webPKI.status == 1)
        #expect(webPKI.stdout.contains("SignatureAlgorithmMismatch"))
    }
}
