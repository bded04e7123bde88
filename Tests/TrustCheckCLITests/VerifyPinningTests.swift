import Foundation
import Testing

/// `trustcheck verify --pin / --pin-config / --report-only` on the README chain (vectors/readme-chain).
@Suite struct VerifyPinningTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }
    static let chain = [path("vectors/readme-chain/leaf.pem"), path("vectors/readme-chain/intermediate.pem"),
                        "--anchors", path("anchors"), "--at", "2026-12-01T00:00:00Z"]
    // `trustcheck pin` of the README chain (base64 SPKI SHA-256; TrustKit's hash is the same for these keys).
    static let leafPin = "o4i7NgKxIHkeLkltshnJM7W0Rk19cMkpMVgk2BsiZqU="
    static let intermediatePin = "EdvA97xOVeN719w8bHRNhCcNF8V2UmUNgUA34qvtRbY="
    static let rootPin = "N+9Z+6GUtXGOqLcqeuPbAikw8us9JyYV2ujD9JuLtRU="
    static let otherPin = "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA="

    func json(_ result: CommandResult) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    }

    func config(_ text: String) throws -> String {
        let path = NSTemporaryDirectory() + "pin-config-\(UUID().uuidString).json"
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func aPinOnTheChainAllows() throws {
        let result = trustcheck(["verify"] + Self.chain + ["--host", "www.example.test", "--pin", "sha256/" + Self.intermediatePin,
                                                          "--pin", Self.otherPin])
        #expect(result.status == 0)
        #expect(result.stdout.contains("pinning: allow (TSKTrustEvaluationSuccess): pin \(Self.intermediatePin) matches [1] TrustCheck Example Intermediate"))
        #expect(result.stdout.contains("pin \(Self.intermediatePin) ✓ matches a configured pin"))
        #expect(result.stdout.contains("pin \(Self.leafPin)\n"), "every chain certificate shows its pin")
    }

    /// The anchor counts although the server never sends it (TrustKit, Alamofire, AFNetworking).
    @Test func theAnchorsPinCounts() throws {
        let result = trustcheck(["verify"] + Self.chain + ["--pin", "pin-sha256=\"\(Self.rootPin)\"", "--json"])
        #expect(result.status == 0)
        let pinning = try #require(try json(result)["pinning"] as? [String: Any])
        #expect(pinning["decision"] as? String == "allow")
        let matched = try #require(pinning["matched_pins"] as? [[String: Any]])
        #expect(matched.map { $0["index"] as? Int } == [2])
        #expect(matched.first?["subject"] as? String == "CN=TrustCheck Example Root")
    }

    @Test func noPinOnTheChainBlocksAndReportOnlyDoesNot() throws {
        let blocked = trustcheck(["verify"] + Self.chain + ["--pin", Self.otherPin, "--json"])
        #expect(blocked.status == 1, "a blocked decision exits 1 though the chain is trusted")
        let body = try json(blocked)
        // The verdict is the exit status's; the chain's own evaluation stays beside it.
        #expect(body["trusted"] as? Bool == false)
        #expect(body["chain_trusted"] as? Bool == true)
        #expect(body["result"] as? String == "unspecified")
        #expect(body["reason"] as? String == "pin mismatch: the pin expected (sha256/\(Self.otherPin)) is not on the chain (-9886)")
        let text = trustcheck(["verify"] + Self.chain + ["--pin", Self.otherPin])
        #expect(text.stdoutLines.prefix(2) == [
            "NOT TRUSTED: pin mismatch: the pin expected (sha256/\(Self.otherPin)) is not on the chain (-9886)",
            "SecTrust result: unspecified (the chain itself is trusted)",
        ])
        let pinning = try #require(body["pinning"] as? [String: Any])
        #expect(pinning["decision"] as? String == "block")
        #expect(pinning["result"] as? String == "TSKTrustEvaluationFailedNoMatchingPin")
        #expect(pinning["configured_pins"] as? [String] == [Self.otherPin])
        #expect(pinning["enforced"] as? Bool == true)

        let reported = trustcheck(["verify"] + Self.chain + ["--pin", Self.otherPin, "--report-only"])
        #expect(reported.status == 0)
        #expect(reported.stdoutLines.first == "TRUSTED: chain to \u{201C}TrustCheck Example Root\u{201D} (anchor); pin mismatch: "
            + "the pin expected (sha256/\(Self.otherPin)) is not on the chain (-9886), reported only")
        #expect(reported.stdout.contains("pinning: allow (TSKTrustEvaluationFailedNoMatchingPin): no configured pin (1 given) is on the evaluated chain (report-only: not blocked)"))
    }

    /// A pin never rescues an untrusted chain, even in report-only mode.
    @Test func anUntrustedChainIsNotRescuedByAPin() throws {
        let result = trustcheck(["verify"] + Self.chain + ["--host", "other.example.test", "--pin", Self.leafPin,
                                                          "--report-only", "--json"])
        #expect(result.status == 1)
        let pinning = try #require(try json(result)["pinning"] as? [String: Any])
        #expect(pinning["decision"] as? String == "block")
        #expect(pinning["result"] as? String == "TSKTrustEvaluationFailedInvalidCertificateChain")
        #expect((pinning["matched_pins"] as? [Any])?.isEmpty == true)
    }

    @Test func withoutPinningTheJSONSaysNull() throws {
        let body = try json(trustcheck(["verify"] + Self.chain + ["--json"]))
        #expect(body["pinning"] is NSNull)
    }

    // TrustKit pins only domains under a public suffix, so its tests use the pinning fixtures (example.com,
    // Tests/PinningTests/Fixtures, made by its generate.py), evaluated inside the leaf's validity.
    static let pinning = "Tests/PinningTests/Fixtures/"
    static let pinningChain = [path(pinning + "leaf.pem"), path(pinning + "intermediate.pem"),
                               "--anchors", path(pinning + "root.pem"), "--at", "2025-01-01T00:00:00Z"]
    static let pinningIntermediatePin = "hxiHr3WPqKxDCjfemE6LdA3XfzMc7cpIcBaakPBKRfk="
    static let pinningBackupPin = "/SWKtJU1bA+lu5Ggz3h8r8xrCMXizun490d7eYuQdwI="

    @Test func trustKitConfigurationForTheHost() throws {
        let path = Self.path(Self.pinning + "trustkit.json")
        let result = trustcheck(["verify"] + Self.pinningChain + ["--host", "www.example.com", "--pin-config", path, "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let pinning = try #require(try json(result)["pinning"] as? [String: Any])
        #expect(pinning["decision"] as? String == "allow")
        #expect(pinning["result"] as? String == "TSKTrustEvaluationSuccess")
        #expect(pinning["noted_hostname"] as? String == "example.com", "includeSubdomains: the parent's policy applies")
        #expect(pinning["configured_pins"] as? [String] == [Self.pinningIntermediatePin, Self.pinningBackupPin])
        #expect(pinning["config"] as? String == path)
        #expect((pinning["matched_pins"] as? [[String: Any]])?.first?["index"] as? Int == 1)
    }

    @Test func aDomainTheConfigurationDoesNotPinIsNotPinned() throws {
        let path = Self.path(Self.pinning + "trustkit.json")
        let result = trustcheck(["verify"] + Self.pinningChain + ["--host", "other.example.net", "--pin-config", path])
        #expect(result.status == 0)
        #expect(result.stdout.contains("pinning: not-pinned: no pin applies (no-policy)"))
    }

    /// Report-only by configuration (TSKEnforcePinning false) or by --report-only: a mismatch is allowed.
    @Test func aMismatchUnderAnEnforcedPolicyBlocks() throws {
        let path = try config("""
            {"TSKPinnedDomains": {"example.com": {"TSKIncludeSubdomains": true,
              "TSKPublicKeyHashes": ["\(Self.otherPin)", "\(Self.pinningBackupPin)"]}}}
            """)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let blocked = trustcheck(["verify"] + Self.pinningChain + ["--host", "www.example.com", "--pin-config", path])
        #expect(blocked.status == 1)
        #expect(blocked.stdout.contains("pinning: block (TSKTrustEvaluationFailedNoMatchingPin)"))
        let reported = trustcheck(["verify"] + Self.pinningChain + ["--host", "www.example.com", "--pin-config", path,
                                                                    "--report-only"])
        #expect(reported.status == 0)
    }

    /// TrustKit refuses an enforced policy with a single pin; the error names the file, the domain and the key.
    @Test func aBadConfigurationIsAnInputErrorNamingFileAndKey() throws {
        let path = try config("""
            {"TSKPinnedDomains": {"example.com": {"TSKPublicKeyHashes": ["\(Self.pinningIntermediatePin)"]}}}
            """)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = trustcheck(["verify"] + Self.pinningChain + ["--host", "www.example.com", "--pin-config", path, "--json"])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("trustcheck: \(path): TSKPinnedDomains[\"example.com\"]"), "\(result.stderr)")
        let error = try #require(try json(result)["error"] as? [String: Any])
        #expect((error["code"] as? String)?.hasPrefix("pinning.config.") == true)
        #expect(error["path"] as? String == path)
    }

    @Test(arguments: [
        (["--pin", "AAAA"], "trustcheck: --pin: invalid pin \"AAAA\""),
        (["--pin", otherPin, "--pin-config", "x.json"], "trustcheck verify: --pin and --pin-config cannot be combined"),
        (["--pin-config", "x.json"], "trustcheck verify: --pin-config needs --host"),
        (["--report-only"], "trustcheck verify: --report-only needs --pin or --pin-config"),
    ])
    func badPinningOptions(_ extra: [String], _ message: String) {
        let result = trustcheck(["verify"] + Self.chain + extra)
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix(message), "\(result.stderr)")
    }

    /// An Info.plist with NSAppTransportSecurity → NSPinnedDomains: Apple's pins inside the SSL policy, with
    /// Apple's error (-9886) when they fail. Fixtures: Tests/PinningTests/Fixtures/generate-evaluators.py.
    @Test func appTransportSecurityPinnedDomains() throws {
        let fixtures = Self.pinning
        let chain = [Self.path(fixtures + "af-leaf.pem"), Self.path(fixtures + "af-intermediate.pem"),
                     "--anchors", Self.path(fixtures + "af-root.pem"), "--at", "2025-01-01T00:00:00Z",
                     "--pin-config", Self.path(fixtures + "af-ats-info.plist")]
        // api.example.com pins the leaf and the root: both are on the chain.
        let pinned = trustcheck(["verify"] + chain + ["--host", "api.example.com", "--json"])
        #expect(pinned.status == 0, "\(pinned.stderr)")
        let allow = try #require(try json(pinned)["pinning"] as? [String: Any])
        #expect(allow["decision"] as? String == "allow")
        #expect((allow["matched_pins"] as? [[String: Any]])?.map { $0["index"] as? Int } == [0, 2])
        #expect(allow["apple_error"] is NSNull)
        // www.example.com falls under example.com (NSIncludesSubdomains), whose CA identity is on no certificate.
        let failing = trustcheck(["verify"] + chain + ["--host", "www.example.com", "--json"])
        #expect(failing.status == 1)
        let block = try #require(try json(failing)["pinning"] as? [String: Any])
        #expect(block["decision"] as? String == "block")
        #expect(block["noted_hostname"] as? String == "example.com")
        #expect((block["apple_error"] as? [String: Any])?["code"] as? Int == -9886)
        #expect(block["failed_checks"] as? [String] == ["[1] CAspkiSHA256", "[2] CAspkiSHA256"])
        #expect(failing.stderr.contains("warning: "), "what Apple skips silently is named")
        let reported = trustcheck(["verify"] + chain + ["--host", "www.example.com", "--report-only"])
        #expect(reported.status == 0)
        #expect(reported.stdout.contains("(report-only: not blocked)"))
        // NSIncludesSubdomains is 1, not a boolean, on WWW.Example.NET: Apple pins none of its subdomains.
        let notPinned = trustcheck(["verify"] + chain + ["--host", "sub.www.example.net"])
        #expect(notPinned.status == 0)
        #expect(notPinned.stdout.contains("pinning: not-pinned: no pin applies (no-policy)"))
    }
}
