import Foundation
import Testing
import TestSupport

/// `trustcheck verify --revocation soft|require` and the per-certificate revocation report, on the
/// generated `crl-*` PKIs written to a temporary directory.
@Suite struct VerifyRevocationModeTests {
    /// The vector's files in a fresh temporary directory: chain.pem (leaf first), anchors.pem, crl-N.pem.
    struct Files {
        let directory: URL
        let crls: [String]

        init(_ file: String, _ name: String) throws {
            let vector = try RecordedVector(file: file, name: name)
            directory = FileManager.default.temporaryDirectory.appendingPathComponent("trustcheck-crl-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try ([vector.peer] + vector.intermediates).joined().write(to: directory.appendingPathComponent("chain.pem"),
                                                                      atomically: true, encoding: .utf8)
            try vector.trusted.joined().write(to: directory.appendingPathComponent("anchors.pem"), atomically: true,
                                              encoding: .utf8)
            var crls: [String] = []
            for (index, crl) in vector.crls.enumerated() {
                let url = directory.appendingPathComponent("crl-\(index).pem")
                try crl.write(to: url, atomically: true, encoding: .utf8)
                crls.append(url.path)
            }
            self.crls = crls
        }

        func verify(_ extra: [String] = [], crls: [String]? = nil) -> CommandResult {
            defer { try? FileManager.default.removeItem(at: directory) }
            return trustcheck(["verify", directory.appendingPathComponent("chain.pem").path, "--anchors",
                               directory.appendingPathComponent("anchors.pem").path, "--host", "www.example.test",
                               "--at", "2026-01-15T12:00:00Z"] + (crls ?? self.crls).flatMap { ["--crl", $0] } + extra)
        }
    }

    @Test func requireFailsAnUnansweredIntermediate() throws {
        let files = try Files("crl-modes", "require-every-certificate-answered")
        let result = files.verify(["--revocation", "require"], crls: [files.crls[0]])
        #expect(result.status == 1)
        #expect(result.stdout.contains("error -67635: "))
        #expect(result.stdout.contains("revocation: not checked: no CRL of its issuer \u{201C}CN=CRL Modes Root\u{201D} was given"))
        #expect(result.stdout.contains("✗ RevocationResponseRequired: Failed to check revocation"))
    }

    /// Under rfc5280 a CRL signer whose only CRL is its own vouches (RFC 5280 §6.3.3 (f), PKITS 4.14.30);
    /// --refuse-self-covered-crl-signers gives the stricter answer, and --json says which was used.
    @Test func selfCoveredCRLSignersVouchUnlessRefused() throws {
        let options = ["--profile", "rfc5280", "--revocation", "require"]
        let accepted = try Files("crl-signers", "separate-signing-key-require").verify(options + ["--json"])
        #expect(accepted.status == 0, "\(accepted.stdout)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(accepted.stdout.utf8)) as? [String: Any])
        #expect((json["revocation"] as? [String: Any])?["self_covered_crl_signers_vouch"] as? Bool == true)
        let refused = try Files("crl-signers", "separate-signing-key-require")
            .verify(options + ["--refuse-self-covered-crl-signers"])
        #expect(refused.status == 1)
        #expect(refused.stdout.contains("whose own status it cannot vouch for"), "\(refused.stdout)")
    }

    @Test func softReportsPerCertificateWhatWasChecked() throws {
        let files = try Files("crl-modes", "require-every-certificate-answered")
        let result = files.verify(crls: [files.crls[0]])
        #expect(result.status == 0)
        let lines = result.stdoutLines.map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(lines.contains("revocation: checked, not revoked (by CRL)"))
        #expect(lines.contains("revocation: not checked: no CRL of its issuer \u{201C}CN=CRL Modes Root\u{201D} was given"))
        #expect(lines.contains("revocation: not checked: it is the trust anchor, whose revocation is not checked"))
        #expect(lines.contains { $0.hasPrefix("CRL of CN=CRL Modes CA (number 1) issued 2026-01-01T00:00:00Z: used for all reasons") })
    }

    @Test func jsonHasTheRevocationObject() throws {
        let files = try Files("crl-scope", "only-some-reasons-one-partition-soft")
        let result = files.verify(["--json"])
        #expect(result.status == 0)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let revocation = try #require(json["revocation"] as? [String: Any])
        #expect(revocation["mode"] as? String == "soft")
        #expect(revocation["unusable_crls_fail"] as? Bool == true)
        let certificates = try #require(revocation["certificates"] as? [[String: Any]])
        #expect(certificates.map { $0["status"] as? String } == ["undetermined", "not-checked", "not-checked"])
        #expect(certificates[0]["checked"] as? Bool == false)
        #expect(certificates[0]["sources"] as? [String] == ["crl"])
        #expect(certificates[0]["reasons_covered"] as? String == "keyCompromise, cACompromise")
        #expect(certificates[0]["why"] as? String == "the usable CRLs cover keyCompromise, cACompromise, not every reason")
        let crls = try #require(certificates[0]["crls"] as? [[String: Any]])
        #expect(crls.map { $0["verdict"] as? String } == ["used"])
        #expect(crls[0]["signer"] as? String == "CRL Scope CA")
    }

    @Test func allowUnusableCRLsReportsInsteadOfFailing() throws {
        let strict = try Files("crl-modes", "soft-stale-crl-fails").verify()
        #expect(strict.status == 1)
        let lenient = try Files("crl-modes", "soft-stale-crl-fails").verify(["--allow-unusable-crls"])
        #expect(lenient.status == 0)
        #expect(lenient.stdout.contains("revocation: not established: no usable CRL"))
        #expect(lenient.stdout.contains("not usable: expired: nextUpdate 2025-12-01T00:00:00Z has passed"))
    }

    @Test func aBadModeIsAUsageError() throws {
        let result = try Files("crl-modes", "soft-without-crls").verify(["--revocation", "strict"])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("trustcheck verify: --revocation must be soft or require"))
    }

    @Test func helpDocumentsTheModes() {
        let help = trustcheck("help", "verify").stdout
        #expect(help.contains("--revocation soft|require"))
        #expect(help.contains("--allow-unusable-crls"))
        #expect(help.contains("--allow-crl-without-number"))
    }
}
