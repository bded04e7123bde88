import CertificateFixtures
import Foundation
import Testing

@Suite struct PinCommandTests {
    @Test func expectedJSONDecodes() throws {
        try Fixtures.decodeExpected()
        #expect(Fixtures.files.count == 36)
    }

    @Test(arguments: Fixtures.files)
    func onePinLinePerCertificate(file: String) {
        let result = trustcheck("pin", Fixtures.path(file))
        #expect(result.status == 0)
        #expect(result.stderr == "")
        #expect(result.stdoutLines == Fixtures.entries(in: file).map { "sha256/\($0.spkiSha256Base64)  \($0.displayName)" })
    }

    @Test func severalFilesKeepArgumentOrder() {
        let files = ["rsa4096-leaf.der", "bundle.pem", "ed25519-root.pem"]
        let result = trustcheck(["pin"] + files.map(Fixtures.path))
        #expect(result.status == 0)
        #expect(result.stdoutLines == files.flatMap(Fixtures.entries(in:)).map { "sha256/\($0.spkiSha256Base64)  \($0.displayName)" })
    }

    /// The TrustKit hash in expected.json is python's SHA-256 over TrustKit's header and
    /// cryptography's PKCS#1 / X9.62 key bytes; nil where TrustKit has no header for the key.
    @Test(arguments: Fixtures.files)
    func trustKitLines(file: String) {
        let result = trustcheck("pin", "--trustkit", Fixtures.path(file))
        let entries = Fixtures.entries(in: file)
        let pinnable = entries.filter { $0.trustkitHashBase64 != nil }
        func entry(_ prefix: String) -> (Fixtures.Entry) -> String {
            { entry in
                let hash = entry.trustkitHashBase64!
                let comment = hash == entry.spkiSha256Base64 ? entry.displayName
                    : "\(entry.displayName) (TrustKit's own hash; the SPKI pin is \(entry.spkiSha256Base64))"
                return prefix + "\"\(hash)\", // " + comment
            }
        }
        let expected = pinnable.isEmpty ? [] : ["// kTSKPublicKeyHashes (Objective-C)"] + pinnable.map(entry("@"))
            + ["// kTSKPublicKeyHashes (Swift)"] + pinnable.map(entry(""))
        #expect(result.stdoutLines == expected)
        let errors = entries.filter { $0.trustkitHashBase64 == nil }.map { entry -> String in
            let kind = entry.key.type == "RSA" ? "RSA \(entry.key.bits)-bit" : entry.key.curve.map { "EC \($0)" } ?? entry.key.type
            return "trustcheck: \(Fixtures.path(file)): \(entry.displayName): TrustKit cannot pin \(kind) keys, "
                + "only RSA 2048/3072/4096 and EC P-256/P-384"
        }
        let note = "note: TrustKit refuses to enforce fewer than two pins: add a backup pin, the hash of a key you hold "
            + "in reserve for the next certificate."
        let stderr = result.stderr.split(separator: "\n").map(String.init)
        #expect(stderr == (pinnable.isEmpty ? [] : [note]) + errors)
        #expect(result.status == (errors.isEmpty ? 0 : 2), "a key TrustKit cannot pin is an error")
    }

    /// pinning-libraries.md 1.5: TrustKit's RSA headers assume e = 65537, so for the e = 3 key the
    /// hash TrustKit compares is not the SPKI pin; P-521, Ed25519 and RSA-1024 it cannot pin at all.
    @Test func trustKitSpecialCases() throws {
        let e3 = try #require(Fixtures.entries(in: "rsa3072-e3-leaf.pem").first)
        #expect(e3.trustkitHashBase64 != nil && e3.trustkitHashBase64 != e3.spkiSha256Base64)
        #expect(trustcheck("pin", "--trustkit", e3.path).stdout.contains("TrustKit's own hash"))
        for file in ["ec-p521-root.pem", "ed25519-leaf.der", "rsa1024-root.pem"] {
            let result = trustcheck("pin", "--trustkit", Fixtures.path(file))
            #expect(result.status == 2)
            #expect(result.stdout == "")
            #expect(result.stderr.contains("TrustKit cannot pin"))
        }
    }

    @Test func jsonObjects() throws {
        let result = trustcheck(["pin", "--json"] + Fixtures.files.map(Fixtures.path))
        #expect(result.status == 0)
        #expect(result.stderr == "")
        let objects = try result.jsonArray()
        let entries = Fixtures.files.flatMap(Fixtures.entries(in:))
        try #require(objects.count == entries.count)
        for (object, entry) in zip(objects, entries) {
            #expect(Set(object.keys) == ["file", "index", "subject", "summary", "sha256", "sha1", "spki_sha256",
                                         "spki_sha256_base64", "pin", "trustkit_pin", "key_type", "key_curve", "key_bits"])
            #expect(object["file"] as? String == entry.path)
            #expect(object["index"] as? Int == entry.index)
            #expect(object["subject"] as? String == entry.subjectRfc4514)
            #expect(object["summary"] as? String == entry.subjectSummary)
            #expect((object["summary"] is NSNull) == (entry.subjectSummary == nil))
            #expect(object["spki_sha256"] as? String == hex(base64: entry.spkiSha256Base64))
            #expect(object["spki_sha256_base64"] as? String == entry.spkiSha256Base64)
            #expect(object["pin"] as? String == "sha256/" + entry.spkiSha256Base64)
            #expect(object["sha1"] as? String == entry.sha1)
            #expect(object["trustkit_pin"] as? String == entry.trustkitHashBase64)
            #expect(object["key_type"] as? String == entry.key.type)
            #expect(object["key_curve"] as? String == entry.key.curve)
            #expect(object["key_bits"] as? Int == entry.key.bits)
            #expect(object["sha256"] as? String == entry.sha256)
        }
    }

    @Test func jsonAndTrustKitConflict() {
        let result = trustcheck("pin", "--json", "--trustkit", Fixtures.path("rsa2048-root.pem"))
        #expect(result.status == 2)
        #expect(result.stdout == "")
        #expect(result.stderr == "trustcheck pin: --json and --trustkit cannot be combined\n")
    }

    @Test func noFileIsAUsageError() {
        let result = trustcheck("pin", "--json")
        #expect(result.status == 2)
        #expect(result.stdout == "")
        #expect(result.stderr == "trustcheck pin: no FILE given\nrun 'trustcheck help pin' for the options\n")
    }
}
