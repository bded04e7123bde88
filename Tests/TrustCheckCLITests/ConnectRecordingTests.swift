import Foundation
import GnuTLSBridge
import Pinning
import Testing
import TrustConformance
import TrustEvaluation
@testable import TrustCheckCLI

/// `trustcheck connect --pin-config` and `--record`, against an in-process GnuTLS server on 127.0.0.1 with the
/// TLS client tests' fixtures; recordings are replayed after the server has stopped, through
/// `trustcheck verify --replay` and through the vector runner, and must give the same verdict.
@Suite struct ConnectRecordingTests {
    static func path(_ name: String) -> String { ConnectCommandTests.path(name) }

    static func server(chain: String = "server-chain.pem", key: String = "leaf.key", ocsp: String? = nil) throws
        -> LoopbackTLSServer
    {
        func bytes(_ name: String) throws -> [UInt8] { Array(try Data(contentsOf: URL(fileURLWithPath: path(name)))) }
        return try LoopbackTLSServer(chainPEM: bytes(chain), keyPEM: bytes(key), ocspResponse: try ocsp.map(bytes))
    }

    /// A fresh directory for this test's files, removed by the caller.
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("connect-recording-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "not a JSON object: \(text)")
    }

    /// The one testcase of a recorded vector, as the vector runner reads it.
    static func testcase(_ file: URL) throws -> LimboTestcase {
        let suite = try LimboSuite.load(path: file.path)
        #expect(suite.testcases.count == 1)
        return try #require(suite.testcases.first)
    }

    /// A TrustKit configuration pinning `pins` for tls.example.com, a name of the fixture leaf (TrustKit pins no
    /// localhost; it requires two pins: one is a backup).
    static func trustKitConfiguration(_ pins: [String], enforce: Bool = true, domain: String = "tls.example.com",
                                      in directory: URL) throws -> String
    {
        let config: [String: Any] = ["TSKPinnedDomains": [domain: ["TSKPublicKeyHashes": pins, "TSKEnforcePinning": enforce]]]
        let url = directory.appendingPathComponent("trustkit.json")
        try JSONSerialization.data(withJSONObject: config).write(to: url)
        return url.path
    }

    /// TrustKit's hash of a fixture's key, as `trustcheck pin --json` prints it.
    static func trustKitPin(_ name: String) throws -> String {
        let entries = try trustcheck(["pin", path(name), "--json"]).jsonArray()
        return try #require(entries.first?["trustkit_pin"] as? String)
    }

    /// A pin no fixture carries (the backup TrustKit insists on).
    static let backupPin = Data(repeating: 7, count: 32).base64EncodedString()

    /// `trustcheck connect` for tls.example.com (the name TrustKit configurations pin) on 127.0.0.1.
    static func connectPinned(_ port: UInt16, _ extra: String...) -> CommandResult {
        trustcheck(["connect", "127.0.0.1:\(port)", "--servername", "tls.example.com", "--anchors", path("root.pem"),
                    "--at", "2026-12-01T00:00:00Z", "--timeout", "5"] + extra)
    }

    // MARK: --pin-config

    @Test func aTrustKitConfigurationDecidesTheHandshakeForTheServerName() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try Self.server()
        defer { server.stop() }

        let matching = try Self.trustKitConfiguration([try Self.trustKitPin("intermediate.pem"), Self.backupPin], in: directory)
        let allowed = Self.connectPinned(server.port, "--pin-config", matching, "--json")
        #expect(allowed.status == 0, "\(allowed.stderr)")
        let allow = try #require(try Self.json(allowed.stdout)["pinning"] as? [String: Any])
        #expect(allow["decision"] as? String == "allow")
        #expect(allow["result"] as? String == "TSKTrustEvaluationSuccess")
        #expect(allow["noted_hostname"] as? String == "tls.example.com")
        let matched = try #require(allow["matched_pins"] as? [[String: Any]])
        #expect(matched.map { $0["index"] as? Int } == [1])

        let other = try Self.trustKitConfiguration([try Self.trustKitPin("other-root.pem"), Self.backupPin], in: directory)
        let blocked = Self.connectPinned(server.port, "--pin-config", other, "--json")
        #expect(blocked.status == 1)
        let block = try Self.json(blocked.stdout)
        #expect(block["trusted"] as? Bool == false)
        #expect((block["pinning"] as? [String: Any])?["decision"] as? String == "block")
        #expect((block["pinning"] as? [String: Any])?["result"] as? String == "TSKTrustEvaluationFailedNoMatchingPin")
        #expect((block["reason"] as? String)?.contains("TSKTrustEvaluationFailedNoMatchingPin") == true)
        #expect(block["negotiated"] is NSNull, "the handshake was refused, not completed")
        server.stop()
        #expect(server.outcomes.count == 2)
        #expect(server.outcomes.last?.alertReceived?.lowercased().contains("certificate") == true)
    }

    @Test func reportOnlyPoliciesAndUnpinnedDomainsDoNotBlock() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try Self.server()
        defer { server.stop() }
        let wrongPins = [try Self.trustKitPin("other-root.pem"), Self.backupPin]

        // TSKEnforcePinning false: TrustKit reports the mismatch and allows.
        let unenforced = try Self.trustKitConfiguration(wrongPins, enforce: false, in: directory)
        let reported = Self.connectPinned(server.port, "--pin-config", unenforced)
        #expect(reported.status == 0, "\(reported.stdout)")
        #expect(reported.stdout.contains("pinning: allow (TSKTrustEvaluationFailedNoMatchingPin)"))
        #expect(reported.stdout.contains("verdict: trusted"))

        // --report-only on an enforcing configuration.
        let enforcing = try Self.trustKitConfiguration(wrongPins, in: directory)
        let reportOnly = Self.connectPinned(server.port, "--pin-config", enforcing, "--report-only")
        #expect(reportOnly.status == 0)
        let verdict = try #require(reportOnly.stdoutLines.last)
        #expect(verdict.hasPrefix("verdict: trusted: chain to \u{201C}TLS Test Root\u{201D} (anchor); pin mismatch: none of the 2 "
            + "pins expected for tls.example.com ("), "\(verdict)")
        #expect(verdict.hasSuffix(" is on the chain (TSKTrustEvaluationFailedNoMatchingPin, -9886), reported only"), "\(verdict)")

        // A configuration for another domain: localhost is not pinned.
        let elsewhere = try Self.trustKitConfiguration(wrongPins, domain: "example.com", in: directory)
        let notPinned = Self.connectPinned(server.port, "--pin-config", elsewhere, "--json")
        #expect(notPinned.status == 0)
        #expect((try Self.json(notPinned.stdout)["pinning"] as? [String: Any])?["decision"] as? String == "not-pinned")
    }

    @Test func anInfoPlistsNSPinnedDomainsDecidesAsApplesSSLPolicyDoes() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try Self.server()
        defer { server.stop() }
        func infoPlist(caPin: String) throws -> String {
            let plist: [String: Any] = ["NSAppTransportSecurity": ["NSPinnedDomains": [
                "tls.example.com": ["NSPinnedCAIdentities": [["SPKI-SHA256-BASE64": caPin]]]]]]
            let url = directory.appendingPathComponent("Info.plist")
            try PropertyListSerialization.data(fromPropertyList: plist, format: .xml, options: 0).write(to: url)
            return url.path
        }
        let pinned = Self.connectPinned(server.port, "--pin-config", try infoPlist(caPin: try ConnectCommandTests().pinOf("root.pem")),
                                        "--json")
        #expect(pinned.status == 0, "\(pinned.stderr)")
        let allow = try #require(try Self.json(pinned.stdout)["pinning"] as? [String: Any])
        #expect(allow["decision"] as? String == "allow")
        #expect((allow["matched_pins"] as? [[String: Any]])?.map { $0["index"] as? Int } == [2])

        let other = Self.connectPinned(server.port, "--pin-config", try infoPlist(caPin: Self.backupPin), "--json")
        #expect(other.status == 1)
        let block = try #require(try Self.json(other.stdout)["pinning"] as? [String: Any])
        #expect(block["decision"] as? String == "block")
        #expect((block["failed_checks"] as? [String])?.contains { $0.contains("CAspkiSHA256") } == true)
    }

    @Test func aBadPinConfigurationIsAnInputErrorNamingTheFile() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let bad = directory.appendingPathComponent("bad.json")
        try Data(#"{"TSKPinnedDomains": {"localhost": {"TSKPublicKeyHashes": ["not base64"]}}}"#.utf8).write(to: bad)
        let result = trustcheck(["connect", "127.0.0.1:1", "--pin-config", bad.path])
        #expect(result.status == 2)
        #expect(result.stderr.contains(bad.path))
        #expect(trustcheck(["connect", "127.0.0.1:1", "--pin-config", bad.path, "--pin", "sha256/" + Self.backupPin]).status == 2)
    }

    // MARK: --record

    @Test func aRecordedTrustedHandshakeReplaysOfflineWithTheSameVerdict() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let vector = directory.appendingPathComponent("recorded.json")
        let server = try Self.server(ocsp: "ocsp-good.der")
        let recorded = ConnectCommandTests.connect(server.port, "--record", vector.path)
        server.stop()
        #expect(recorded.status == 0, "\(recorded.stderr)")
        #expect(recorded.stdout.contains("ocsp stapled: good"))
        #expect(recorded.stderr.contains("replay with trustcheck verify --replay"))

        let testcase = try Self.testcase(vector)
        #expect(testcase.validationTime == "2026-12-01T00:00:00Z")
        #expect(testcase.expectedPeerName?.value == "localhost")
        #expect(testcase.expectedResult == .success)
        #expect(testcase.expectedConnectionTrusted == true)
        #expect(testcase.ocspResponses == [Array(try Data(contentsOf: URL(fileURLWithPath: Self.path("ocsp-good.der"))))])
        #expect(testcase.untrustedIntermediates.count == 1)
        #expect(testcase.trustedCerts.count == 1)
        #expect(testcase.anchorsOnly == true)
        #expect(testcase.recordedConnection?.negotiated?.protocolVersion == "TLS1.3")
        #expect(testcase.recordedConnection?.port == Int(server.port))

        // The server is gone: the replays are offline.
        let replay = trustcheck(["verify", "--replay", vector.path, "--json"])
        #expect(replay.status == 0, "\(replay.stderr)")
        let json = try Self.json(replay.stdout)
        #expect(json["trusted"] as? Bool == true)
        #expect((json["replay"] as? [String: Any])?["same_verdict"] as? Bool == true)
        #expect((json["ocsp"] as? [[String: Any]])?.first?["status"] as? String == "good")

        let report = VectorRunner().check(testcase)
        #expect(report.passed, "\(report.problems)")
        #expect(report.evaluation?.isTrusted == true)
        #expect(report.evaluation?.ocspResponses.first?.isUsed == true)
        let limbo = trustcheck(["limbo", vector.path, "--output", directory.appendingPathComponent("results.json").path])
        #expect(limbo.status == 0, "\(limbo.stderr)")
    }

    /// Two recordings of one host at one time, of different chains, get different ids, so `trustcheck limbo`
    /// over both judges each by its own expected result; the same recording given twice keeps its one id
    /// and is reported as a duplicate, still without a mismatch.
    @Test func recordingsOfOneHostHaveTheirOwnIDsAndLimboJudgesEachByItsOwn() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let trusted = directory.appendingPathComponent("trusted.json")
        let refused = directory.appendingPathComponent("refused.json")
        let first = try Self.server()
        let recordedFirst = ConnectCommandTests.connect(first.port, "--record", trusted.path)
        first.stop()
        #expect(recordedFirst.status == 0, "\(recordedFirst.stderr)")
        let second = try Self.server(chain: "other-chain.pem", key: "other-leaf.key")
        let recordedSecond = ConnectCommandTests.connect(second.port, "--record", refused.path)
        second.stop()
        #expect(recordedSecond.status == 1)

        let cases = try [trusted, refused].map(Self.testcase)
        #expect(cases.map(\.expectedResult) == [.success, .failure])
        #expect(cases[0].id != cases[1].id)
        for testcase in cases {
            #expect(testcase.id.hasPrefix("trustcheck::recorded::localhost::2026-12-01T00:00:00Z::"), "\(testcase.id)")
            #expect(testcase.id.count == "trustcheck::recorded::localhost::2026-12-01T00:00:00Z::".count + 16)
        }

        let results = directory.appendingPathComponent("results.json").path
        let both = trustcheck(["limbo", trusted.path, refused.path, "--output", results])
        #expect(both.status == 0, "\(both.stderr)")
        #expect(!both.stderr.contains("duplicate"))
        let twice = trustcheck(["limbo", trusted.path, trusted.path, refused.path, "--output", results])
        #expect(twice.status == 0, "\(twice.stderr)")
        #expect(twice.stderr.contains("duplicate testcase id \(cases[0].id): 2 copies of the same testcase "
            + "(\(trusted.path), \(trusted.path))"))
    }

    @Test func aRefusedHandshakeIsRecordedWithItsFailure() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let vector = directory.appendingPathComponent("refused.json")
        let server = try Self.server(chain: "other-chain.pem", key: "other-leaf.key")
        let recorded = ConnectCommandTests.connect(server.port, "--record", vector.path, "--json")
        server.stop()
        #expect(recorded.status == 1)
        let live = try Self.json(recorded.stdout)
        let liveCode = try #require((live["error"] as? [String: Any])?["code"] as? Int)

        let testcase = try Self.testcase(vector)
        #expect(testcase.expectedResult == .failure)
        #expect(testcase.expectedConnectionTrusted == false)
        #expect(testcase.expectedStatus.map(Int.init) == liveCode)
        #expect(testcase.recordedConnection?.trusted == false)
        #expect(testcase.recordedConnection?.negotiated == nil)
        #expect(testcase.expectedFailures?.isEmpty == false)

        let replay = trustcheck(["verify", "--replay", vector.path, "--json"])
        #expect(replay.status == 1)
        let json = try Self.json(replay.stdout)
        #expect((json["error"] as? [String: Any])?["code"] as? Int == liveCode)
        #expect((json["replay"] as? [String: Any])?["same_verdict"] as? Bool == true)
        let report = VectorRunner().check(testcase)
        #expect(report.passed, "\(report.problems)")
    }

    @Test func anExpiredLeafIsRecordedAndReplayedAsExpired() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let vector = directory.appendingPathComponent("expired.json")
        let server = try Self.server()
        let result = trustcheck(["connect", "127.0.0.1:\(server.port)", "--servername", "localhost", "--anchors",
                                 Self.path("root.pem"), "--at", "2027-02-01T00:00:00Z", "--timeout", "5", "--json",
                                 "--record", vector.path])
        server.stop()
        #expect(result.status == 1)
        #expect((try Self.json(result.stdout)["error"] as? [String: Any])?["code"] as? Int == -67818)
        let testcase = try Self.testcase(vector)
        #expect(testcase.expectedStatus == -67818)
        #expect(testcase.validationTime == "2027-02-01T00:00:00Z")
        #expect(trustcheck(["verify", "--replay", vector.path]).stdout.contains("(same verdict)"))
        #expect(VectorRunner().check(testcase).passed)
    }

    @Test func aPinConfigurationIsEmbeddedAndItsBlockReplayed() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let vector = directory.appendingPathComponent("pinned.json")
        let config = try Self.trustKitConfiguration([try Self.trustKitPin("other-root.pem"), Self.backupPin], in: directory)
        let server = try Self.server()
        let recorded = Self.connectPinned(server.port, "--pin-config", config, "--record", vector.path)
        server.stop()
        #expect(recorded.status == 1)
        // The configuration file can go too: the vector carries its bytes.
        let configBytes = Array(try Data(contentsOf: URL(fileURLWithPath: config)))
        try FileManager.default.removeItem(atPath: config)

        let testcase = try Self.testcase(vector)
        #expect(testcase.pinConfiguration?.data == configBytes)
        #expect(testcase.pinConfiguration?.name == "trustkit.json")
        #expect(testcase.expectedResult == .success, "default validation passes; the pinning blocks")
        #expect(testcase.expectedPinningDecision == "block")
        #expect(testcase.expectedConnectionTrusted == false)

        let replay = trustcheck(["verify", "--replay", vector.path, "--json"])
        #expect(replay.status == 1)
        let json = try Self.json(replay.stdout)
        #expect((json["pinning"] as? [String: Any])?["result"] as? String == "TSKTrustEvaluationFailedNoMatchingPin")
        #expect((json["replay"] as? [String: Any])?["same_verdict"] as? Bool == true)

        let report = VerifyReplay.vectorRunner().check(testcase)
        #expect(report.passed, "\(report.problems)")
        // Without the pinning stage the runner says it cannot check the decision; it never passes silently.
        let bare = VectorRunner().check(testcase)
        #expect(bare.problems.contains { $0.contains("expected_pinning_decision") })

        // A recording whose verdict no longer holds is reported and exits 1.
        var text = try String(contentsOf: vector, encoding: .utf8)
        text = text.replacingOccurrences(of: "\"expected_pinning_decision\": \"block\"", with: "\"expected_pinning_decision\": \"allow\"")
        try Data(text.utf8).write(to: vector)
        #expect(!VerifyReplay.vectorRunner().check(try Self.testcase(vector)).passed)
    }

    @Test func pinsAreRecordedWithTheirVerdictAndReportOnly() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let vector = directory.appendingPathComponent("pins.json")
        let server = try Self.server()
        let recorded = ConnectCommandTests.connect(server.port, "--pin", "sha256/" + Self.backupPin, "--report-only",
                                                   "--record", vector.path)
        server.stop()
        #expect(recorded.status == 0)
        let testcase = try Self.testcase(vector)
        #expect(testcase.expectedPinResult == .noMatchingPin)
        #expect(testcase.pinningReportOnly == true)
        #expect(testcase.expectedPinningDecision == "allow")
        #expect(testcase.expectedConnectionTrusted == true)
        #expect(trustcheck(["verify", "--replay", vector.path]).status == 0)
        #expect(VerifyReplay.vectorRunner().check(testcase).passed)
    }

    @Test func anchorsOnlyAgainstASystemRootIsRecordedWithTheSystemRootEmbedded() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try Self.server()
        defer { server.stop() }
        // root.pem plays the system store; the custom anchor is a root the chain does not reach.
        func connect(_ extra: String...) -> CommandResult {
            trustcheck(["connect", "127.0.0.1:\(server.port)", "--servername", "localhost", "--anchors", Self.path("other-root.pem"),
                        "--system-store", Self.path("root.pem"), "--at", "2026-12-01T00:00:00Z", "--timeout", "5"] + extra)
        }
        #expect(connect().status == 1)
        let vector = directory.appendingPathComponent("system.json")
        let allowed = connect("--system-anchors", "--record", vector.path)
        #expect(allowed.status == 0, "\(allowed.stdout)")
        let testcase = try Self.testcase(vector)
        #expect(testcase.anchorsOnly == false)
        #expect(testcase.systemAnchors.count == 1)
        #expect(testcase.features.contains("trustcheck-system-anchors"))
        #expect(VectorRunner().check(testcase).passed)
        #expect(trustcheck(["verify", "--replay", vector.path]).status == 0)
    }

    @Test func aRecordingIsWrittenThroughASymbolicLinkAndNothingIsRecordedWithoutADecision() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let target = directory.appendingPathComponent("target.json")
        try Data("old".utf8).write(to: target)
        let link = directory.appendingPathComponent("link.json")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
        let server = try Self.server()
        #expect(ConnectCommandTests.connect(server.port, "--record", link.path).status == 0)
        server.stop()
        #expect((try FileManager.default.attributesOfItem(atPath: link.path)[.type] as? FileAttributeType) == .typeSymbolicLink)
        #expect(try Self.testcase(target).expectedConnectionTrusted == true)

        // Nobody listens on port 1: a connection error, nothing to record.
        let missing = directory.appendingPathComponent("missing.json")
        let failed = trustcheck(["connect", "127.0.0.1:1", "--timeout", "5", "--record", missing.path])
        #expect(failed.status == 2)
        #expect(failed.stderr.contains("nothing recorded"))
        #expect(failed.stderr.contains("tcp.errno.ECONNREFUSED"))
        #expect(!FileManager.default.fileExists(atPath: missing.path))
    }

    @Test func recordingToStandardOutputKeepsTheVectorAloneThereAndTheReportOnStandardError() throws {
        let server = try Self.server()
        let recorded = ConnectCommandTests.connect(server.port, "--record", "-", "--json")
        server.stop()
        #expect(recorded.status == 0, "\(recorded.stderr)")
        let vector = try Self.json(recorded.stdout)
        #expect((vector["testcases"] as? [[String: Any]])?.count == 1)
        #expect(try Self.json(recorded.stderr)["trusted"] as? Bool == true, "\(recorded.stderr)")
    }

    @Test func replayRefusesOptionsThatWouldChangeTheVectorAndFilesThatAreNotOneRecording() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let two = directory.appendingPathComponent("two.json")
        let examples = ConnectCommandTests.fixtures.deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("vectors/example.json")
        #expect(trustcheck(["verify", "--replay", examples.path]).stderr.contains("--replay takes one"))
        try Data("{\"testcases\": 3}".utf8).write(to: two)
        let malformed = trustcheck(["verify", "--replay", two.path])
        #expect(malformed.status == 2)
        #expect(malformed.stderr.contains(two.path))
        #expect(trustcheck(["verify", "--replay", two.path, "--host", "x"]).stderr.contains("not --host"))
        #expect(trustcheck(["verify", "--replay", two.path, "leaf.pem"]).status == 2)
    }
}
