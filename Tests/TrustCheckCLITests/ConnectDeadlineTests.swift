import Foundation
import Testing
import TestSupport

/// `trustcheck connect --timeout S` is a deadline for the whole call, and a server that refuses the
/// client after the handshake (TLS 1.3) is a refusal, with the trust decision kept in the report and
/// the recording.
@Suite struct ConnectDeadlineTests {
    static func path(_ name: String) -> String { ConnectCommandTests.path(name) }
    static let hasOpenSSL = FileManager.default.isExecutableFile(atPath: "/usr/bin/openssl")

    @Test func theBuiltBinaryGivesUpOnATricklingServerAtTheDeadline() throws {
        // One byte a second, for longer than the test would wait.
        let server = try TrickleServer(interval: 1)
        defer { server.stop() }
        let start = Date()
        let result = try TrustCheckBinary.run(["connect", "127.0.0.1:\(server.port)", "--servername", "localhost",
                                               "--anchors", Self.path("root.pem"), "--timeout", "3"])
        let elapsed = Date().timeIntervalSince(start)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("tls.timeout"), "\(result.stderr)")
        #expect(result.stderr.contains("TLS handshake timed out"), "\(result.stderr)")
        #expect(elapsed >= 2.9 && elapsed < 4, "trustcheck connect --timeout 3 took \(elapsed) s")
        #expect(server.sent >= 2, "the server was not trickling: \(server.sent) bytes sent")
        print("ConnectDeadlineTests: connect --timeout 3 against a 1 byte/s server returned after \(elapsed) s")
    }

    @Test(.enabled(if: hasOpenSSL))
    func aTLS13RefusalAfterTheHandshakeIsAConnectionErrorThatKeepsTheDecision() throws {
        let server = try OpenSSLServer(directory: ConnectCommandTests.fixtures,
                                       ["-cert", "leaf.pem", "-cert_chain", "intermediate.pem", "-key", "leaf.key",
                                        "-tls1_3", "-Verify", "1"])
        let directory = try ConnectRecordingTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let vector = directory.appendingPathComponent("refused.json")
        let result = ConnectCommandTests.connect(server.port, "--json", "--record", vector.path)
        #expect(result.status == 2, "\(result.stderr)")
        let json = try ConnectRecordingTests.json(result.stdout)
        #expect(json["trusted"] as? Bool == false)
        let error = try #require(json["error"] as? [String: Any])
        #expect(error["code"] as? String == "tls.handshake.GNUTLS_E_FATAL_ALERT_RECEIVED")
        #expect((error["message"] as? String)?.contains("Certificate is required") == true, "\(error)")
        let decision = try #require(json["trust_decision"] as? [String: Any], "the trust decision was dropped")
        #expect(decision["trusted"] as? Bool == true)
        #expect(json["result"] as? String != nil, "the engine's result was dropped")
        #expect((json["chain"] as? [Any])?.count == 2)
        #expect((json["negotiated"] as? [String: Any])?["protocol"] as? String == "TLS1.3")

        // The recording carries the decision (what a replay decides again) and the failure after it.
        let recorded = try ConnectRecordingTests.json(try String(contentsOf: vector, encoding: .utf8))
        let testcase = try #require((recorded["testcases"] as? [[String: Any]])?.first)
        #expect(testcase["expected_connection_trusted"] as? Bool == true)
        #expect(testcase["expected_result"] as? String == "SUCCESS")
        let connection = try #require(testcase["recorded_connection"] as? [String: Any])
        #expect(connection["trusted"] as? Bool == false)
        #expect((connection["reason"] as? String)?.contains("GNUTLS_E_FATAL_ALERT_RECEIVED") == true)
        let replay = trustcheck(["verify", "--replay", vector.path, "--json"])
        #expect(replay.status == 0, "\(replay.stderr)")
    }

    @Test(.enabled(if: hasOpenSSL))
    func theTextReportShowsTheDecisionAndTheFailure() throws {
        let server = try OpenSSLServer(directory: ConnectCommandTests.fixtures,
                                       ["-cert", "leaf.pem", "-cert_chain", "intermediate.pem", "-key", "leaf.key",
                                        "-tls1_3", "-Verify", "1"])
        let result = ConnectCommandTests.connect(server.port)
        #expect(result.status == 2)
        #expect(result.stdout.contains("trust decision: trusted: chain to \u{201C}TLS Test Root\u{201D} (anchor); then the connection failed\n"),
                "\(result.stdout)")
        #expect(result.stdout.contains("verdict: connection failed: tls.handshake.GNUTLS_E_FATAL_ALERT_RECEIVED"))
        #expect(result.stdout.contains("negotiated: TLS1.3"))
        #expect(result.stdout.components(separatedBy: "-----BEGIN CERTIFICATE-----").count == 3)
    }
}
