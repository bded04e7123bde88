import Foundation
import Testing

/// `trustcheck verify` as users run it: inputs (PEM, DER, standard input), anchors (directory, file, system
/// store), host, time, profile and policy, text and JSON, CRLs, stapled OCSP responses, revocation modes and
/// replays.
@Suite(.enabled(if: ReleaseBinaries.configured, "TRUSTCHECK_RELEASE_BINARY and TRUSTCHECK_COLLECT_RELEASE_BINARY are unset: `make test` builds the release binaries as `make demo` does and sets them"))
struct VerifyBinaryTests {
    typealias F = RepositoryFiles
    static let chain = [F.readmeLeaf, F.readmeIntermediate]

    static func verify(_ extra: [String], stdin: String? = nil) throws -> ProcessRun {
        try Binary.trustcheck(["verify"] + chain + ["--anchors", F.anchors, "--at", F.demoTime] + extra, stdin: stdin)
    }

    /// `make demo`'s first command.
    @Test func theReadmeChainIsTrustedForItsHost() throws {
        let run = try Self.verify(["--host", "www.example.test"])
        run.expectExit(0)
        #expect(run.stdoutLines.prefix(2) == ["TRUSTED for www.example.test: chain to \u{201C}TrustCheck Example Root\u{201D} (anchor)", "SecTrust result: unspecified"])
        #expect(run.stdout.contains("[2] TrustCheck Example Root [anchor]"))
        #expect(run.stdout.contains("└─ [0] www.example.test"))
        #expect(run.stderr == "")
    }

    /// verify is the default command, and an anchor file serves as well as a directory.
    @Test func theDefaultCommandWithAnAnchorFile() throws {
        let run = try Binary.trustcheck(Self.chain + ["--anchors", F.readmeRoot, "--host", "www.example.test", "--at", F.demoTime])
        run.expectExit(0)
        #expect(run.stdoutLines.first == "TRUSTED for www.example.test: chain to \u{201C}TrustCheck Example Root\u{201D} (anchor)")
    }

    @Test func derInputsAndDERAnchorsGiveTheSameVerdict() throws {
        let scratch = try Scratch("der")
        defer { scratch.remove() }
        for (pem, der) in [(F.readmeLeaf, "leaf.der"), (F.readmeIntermediate, "intermediate.der"), (F.readmeRoot, "root.der")] {
            let converted = try Binary.run("/usr/bin/openssl", ["x509", "-in", pem, "-outform", "DER", "-out", scratch.path(der)],
                                           seconds: 30)
            converted.expectExit(0)
        }
        let run = try Binary.trustcheck([scratch.path("leaf.der"), scratch.path("intermediate.der"), "--anchors", scratch.path("root.der"),
                                         "--host", "www.example.test", "--at", F.demoTime, "--json"])
        run.expectExit(0)
        let json = try run.json()
        #expect(json["trusted"] as? Bool == true)
        #expect((json["chain"] as? [[String: Any]])?.map { $0["spki_sha256_base64"] as? String }
            == [F.readmeLeafPin, F.readmeIntermediatePin, F.readmeRootPin])
    }

    @Test func theLeafFromStandardInput() throws {
        let run = try Binary.trustcheck(["verify", "-", F.readmeIntermediate, "--anchors", F.anchors, "--host", "www.example.test",
                                         "--at", F.demoTime], stdin: F.readmeLeaf)
        run.expectExit(0)
        #expect(run.stdoutLines.first == "TRUSTED for www.example.test: chain to \u{201C}TrustCheck Example Root\u{201D} (anchor)")
    }

    @Test func anotherHostIsNotTrusted() throws {
        let run = try Self.verify(["--host", "other.example.test"])
        run.expectExit(1)
        #expect(run.stdoutLines.prefix(2) == [
            "NOT TRUSTED: host name mismatch: the certificate is valid for www.example.test, not other.example.test (-67602)",
            "SecTrust result: recoverableTrustFailure, error -67602: \u{201C}www.example.test\u{201D} certificate name does not match input",
        ])
    }

    /// `--at` in each of its forms: RFC 3339 (any case), a date alone, @EPOCH; outside the validity it fails.
    @Test(arguments: [("2026-12-01T00:00:00Z", 0), ("2026-12-01t00:00:00z", 0), ("2026-12-01", 0), ("@1796083200", 0),
                      ("2100-01-01", 1), ("1999-01-01T00:00:00Z", 1)])
    func verificationTimes(at: String, status: Int32) throws {
        let run = try Binary.trustcheck(["verify"] + Self.chain + ["--anchors", F.anchors, "--host", "www.example.test", "--at", at, "--json"])
        run.expectExit(status)
        let json = try run.json()
        #expect(json["trusted"] as? Bool == (status == 0))
        if status == 1 {
            #expect((json["error"] as? [String: Any])?["code"] as? Int == -67818, "TemporalValidity")
            // Apple says "expired" either way; the reason tells a certificate not yet valid apart.
            let reason = try #require(json["reason"] as? String)
            #expect(reason.hasPrefix(at.hasPrefix("1999") ? "not yet valid: the leaf " : "expired: the leaf "), "\(reason)")
        }
    }

    @Test(arguments: ["apple", "webpki", "rfc5280"])
    func everyProfileTrustsTheReadmeChain(profile: String) throws {
        let run = try Self.verify(["--host", "www.example.test", "--profile", profile, "--json"])
        run.expectExit(0)
        #expect(try run.json()["trusted"] as? Bool == true)
    }

    @Test func theBasicPolicyIgnoresTheHost() throws {
        let run = try Self.verify(["--policy", "basic"])
        run.expectExit(0)
        #expect(run.stdoutLines.first?.hasPrefix("TRUSTED") == true)
    }

    @Test func theSystemStoreOptions() throws {
        // The README root as the whole system store: trusted without --anchors.
        let system = try Binary.trustcheck(["verify"] + Self.chain + ["--system-store", F.readmeRoot, "--host", "www.example.test",
                                                                     "--at", F.demoTime])
        system.expectExit(0)
        // --anchors with another root only, then --system-anchors adding the system store back.
        let otherRoot = F.tls("root.pem")
        let anchorsOnly = try Binary.trustcheck(["verify"] + Self.chain + ["--anchors", otherRoot, "--host", "www.example.test",
                                                                          "--at", F.demoTime])
        anchorsOnly.expectExit(1)
        let both = try Binary.trustcheck(["verify"] + Self.chain + ["--anchors", otherRoot, "--system-anchors", "--system-store",
                                                                   F.readmeRoot, "--host", "www.example.test", "--at", F.demoTime])
        both.expectExit(0)
    }

    @Test func theJSONReport() throws {
        let run = try Self.verify(["--host", "www.example.test", "--json"])
        run.expectExit(0)
        let json = try run.json()
        #expect(json["trusted"] as? Bool == true)
        #expect(json["chain_trusted"] as? Bool == true)
        #expect(json["reason"] as? String == "chain to \u{201C}TrustCheck Example Root\u{201D} (anchor)")
        #expect(json["result"] as? String == "unspecified")
        #expect(json["error"] is NSNull)
        #expect(json["verification_time"] as? String == F.demoTime)
        let chain = try #require(json["chain"] as? [[String: Any]])
        #expect(chain.map { $0["subject"] as? String }
            == ["CN=www.example.test", "CN=TrustCheck Example Intermediate", "CN=TrustCheck Example Root"])
        #expect(chain.map { $0["pin"] as? String } == [F.readmeLeafPin, F.readmeIntermediatePin, F.readmeRootPin].map { "sha256/" + $0 })
        #expect(json["pinning"] is NSNull)
    }

    @Test func explainNarratesThePathSearch() throws {
        let text = try Self.verify(["--host", "www.example.test", "--explain"])
        text.expectExit(0)
        #expect(text.stdout.contains("evaluating \u{201C}www.example.test\u{201D}"))
        let json = try Self.verify(["--host", "www.example.test", "--explain", "--json"])
        json.expectExit(0)
        let steps = try #require(try json.json()["explain"] as? [[String: Any]])
        #expect(!steps.isEmpty && steps.allSatisfy { $0["event"] is String })
    }

    /// Under rfc5280 the policy inputs are options; elsewhere they are usage errors.
    @Test func certificatePolicyInputs() throws {
        let run = try Self.verify(["--host", "www.example.test", "--profile", "rfc5280", "--policy-oid", "anyPolicy",
                                   "--inhibit-policy-mapping", "--inhibit-any-policy", "--json"])
        run.expectExit(0)
        let tree = try #require(try run.json()["policy_tree"] as? [String: Any])
        #expect(tree["inputs"] is [String: Any])
        let required = try Self.verify(["--host", "www.example.test", "--profile", "rfc5280", "--policy-oid", "1.2.3.4",
                                        "--require-explicit-policy"])
        required.expectExit(1)
        #expect(required.stdout.contains("PolicyConstraints"))
        let elsewhere = try Self.verify(["--host", "www.example.test", "--policy-oid", "anyPolicy"])
        elsewhere.expectExit(2)
        #expect(elsewhere.stderr.contains("--policy-oid"))
    }

    // MARK: Pins

    /// `make demo`'s pinned verify: the intermediate's pin plus a backup.
    @Test func pinsOnTheChainAllow() throws {
        let run = try Self.verify(["--host", "www.example.test", "--pin", "sha256/" + F.readmeIntermediatePin,
                                   "--pin", "sha256/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA="])
        run.expectExit(0)
        #expect(run.stdoutLines.first == "TRUSTED for www.example.test: chain to \u{201C}TrustCheck Example Root\u{201D} (anchor); "
            + "pin sha256/\(F.readmeIntermediatePin) matches [1] \u{201C}TrustCheck Example Intermediate\u{201D}")
        #expect(run.stdout.contains("pinning: allow (TSKTrustEvaluationSuccess): pin \(F.readmeIntermediatePin) matches [1] TrustCheck Example Intermediate"))
    }

    @Test func aPinOffTheChainBlocksUnlessReportOnly() throws {
        let other = "pin-sha256=\"AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=\""
        let blocked = try Self.verify(["--host", "www.example.test", "--pin", other, "--json"])
        blocked.expectExit(1)
        // The exit status's verdict at the top, the chain's own beside it.
        let json = try blocked.json()
        #expect(json["trusted"] as? Bool == false)
        #expect(json["chain_trusted"] as? Bool == true)
        #expect(json["reason"] as? String == "pin mismatch: the pin expected (sha256/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=) "
            + "is not on the chain (-9886)")
        let pinning = try #require(json["pinning"] as? [String: Any])
        #expect(pinning["decision"] as? String == "block")
        #expect(pinning["result"] as? String == "TSKTrustEvaluationFailedNoMatchingPin")
        let reported = try Self.verify(["--host", "www.example.test", "--pin", other, "--report-only"])
        reported.expectExit(0)
        #expect(reported.stdout.contains("(report-only: not blocked)"))
        let bad = try Self.verify(["--pin", "AAAA"])
        bad.expectExit(2)
        #expect(bad.stderr.hasPrefix("trustcheck: --pin: invalid pin \"AAAA\""))
    }

    // MARK: Revocation

    @Test func aCRLThatListsTheLeafRevokesIt() throws {
        for crl in ["intermediate.crl.pem", "intermediate.crl.der"] {
            let run = try Binary.trustcheck([F.crl("revoked-leaf.pem"), F.crl("intermediate.pem"), "--anchors", F.crl("root.pem"),
                                             "--crl", F.crl(crl), "--at", "2026-01-01T00:00:00Z", "--json"])
            run.expectExit(1)
            let error = try #require(try run.json()["error"] as? [String: Any])
            #expect(error["code"] as? Int == -67820)
            #expect(error["check"] as? String == "Revocation")
        }
        let good = try Binary.trustcheck([F.crl("good-leaf.pem"), F.crl("intermediate.pem"), "--anchors", F.crl("root.pem"),
                                          "--crl", F.crl("intermediate.crl.pem"), "--crl", F.crl("root.crl.pem"),
                                          "--at", "2026-01-01T00:00:00Z"])
        good.expectExit(0)
        #expect(good.stdout.contains("revocation:"))
    }

    @Test func revocationModes() throws {
        let base = [F.crl("good-leaf.pem"), F.crl("intermediate.pem"), "--anchors", F.crl("root.pem"), "--at", "2026-01-01T00:00:00Z"]
        try Binary.trustcheck(base + ["--revocation", "soft"]).expectExit(0)
        let required = try Binary.trustcheck(base + ["--revocation", "require", "--json"])
        required.expectExit(1)
        #expect((try required.json()["error"] as? [String: Any])?["code"] as? Int == -67635)
        let bad = try Binary.trustcheck(base + ["--revocation", "hard"])
        bad.expectExit(2)
        #expect(bad.stderr.contains("--revocation"))
    }

    @Test func stapledOCSPResponses() throws {
        let base = [F.ocsp("leaf.pem"), F.ocsp("intermediate.pem"), "--anchors", F.ocsp("root.pem"), "--at", "2026-06-01T00:00:00Z"]
        let revoked = try Binary.trustcheck(base + ["--ocsp", F.ocsp("revoked.der")])
        revoked.expectExit(1)
        #expect(revoked.stdoutLines.first == "NOT TRUSTED: revoked: the leaf \u{201C}ocsp.example\u{201D} was revoked "
            + "2026-05-20T12:00:00Z, reason keyCompromise (-67820)")
        #expect(revoked.stdout.contains("SecTrust result: fatalTrustFailure, error -67820: \u{201C}ocsp.example\u{201D} certificate is revoked"))
        #expect(revoked.stdout.contains("revoked 2026-05-20T12:00:00Z, reason keyCompromise"))
        let good = try Binary.trustcheck(base + ["--ocsp", F.ocsp("good.der"), "--json"])
        good.expectExit(0)
        let responses = try #require(try good.json()["ocsp"] as? [[String: Any]])
        #expect(responses.map { $0["status"] as? String } == ["good"])
        #expect(responses.map { $0["used"] as? Bool } == [true])
        // Bytes that are not an OCSP response are reported and ignored, as Apple ignores them.
        let garbage = try Binary.trustcheck(base + ["--ocsp", F.ocsp("garbage.der"), "--json"])
        garbage.expectExit(0)
        #expect((try garbage.json()["ocsp"] as? [[String: Any]])?.first?["used"] as? Bool == false)
    }

    /// `-` for the pin configuration and for a stapled response: the binary reads its own standard input.
    @Test func configurationAndStapleFromStandardInput() throws {
        let pinned = try Binary.trustcheck(["verify", F.pinning("leaf.pem"), F.pinning("intermediate.pem"), "--anchors", F.pinning("root.pem"),
                                            "--at", F.pinningTime, "--host", "www.example.com", "--pin-config", "-"],
                                           stdin: F.pinning("trustkit-binary.plist"))
        pinned.expectExit(0)
        #expect(pinned.stdout.contains("pinning: allow (TSKTrustEvaluationSuccess)"))
        let stapled = try Binary.trustcheck([F.ocsp("leaf.pem"), F.ocsp("intermediate.pem"), "--anchors", F.ocsp("root.pem"),
                                             "--at", "2026-06-01T00:00:00Z", "--ocsp", "-"], stdin: F.ocsp("revoked.der"))
        stapled.expectExit(1)
        #expect(stapled.stdout.contains("ocsp standard input: revoked 2026-05-20T12:00:00Z"))
    }

    @Test func aRecordedHandshakeReplays() throws {
        let run = try Binary.trustcheck(["verify", "--replay", F.path("vectors/recorded.json")])
        run.expectExit(0)
        #expect(run.stdoutLines.last?.contains("(same verdict)") == true)
    }
}
