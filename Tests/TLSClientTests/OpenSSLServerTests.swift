import Foundation
import GnuTLSBridge
import Testing
import TestSupport
import TLSClient
import TrustEvaluation

/// Interoperability: the same client against `openssl s_server` (Debian's openssl, in the Makefile's
/// packages), started on 127.0.0.1 with an ephemeral port that it prints as "ACCEPT 127.0.0.1:PORT".
@Suite struct OpenSSLServerTests {
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/openssl")))
    func opensslServerWithStapleIsTrustedOverTLS12AndTLS13() async throws {
        let server = try OpenSSLServer(directory: TLSFixtures.directory, ["-cert", "leaf.pem", "-cert_chain", "intermediate.pem",
                                                                          "-key", "leaf.key", "-status_file", "ocsp-good.der"])
        var configuration = try TLSFixtures.configuration()
        for versions in [TLSVersions.tls13Only, .tls12Only] {
            configuration.versions = versions
            let connection = try await TLSClient.connect(host: "127.0.0.1", port: server.port, configuration: configuration)
            #expect(connection.verdict.isTrusted)
            #expect(connection.negotiated.protocolVersion == (versions == .tls13Only ? "TLS1.3" : "TLS1.2"))
            #expect(connection.presentedChain.count == 2)
            #expect(connection.stapledOCSPResponse == (try TLSFixtures.bytes("ocsp-good.der")))
            let response = try await HTTPDiagnosticRequest.get(host: "localhost", on: connection)
            #expect(response.statusCode == 200)
            await connection.close()
        }
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/openssl")))
    func opensslServerWithAnUnknownRootIsRefused() async throws {
        let server = try OpenSSLServer(directory: TLSFixtures.directory, ["-cert", "other-leaf.pem", "-key", "other-leaf.key"])
        let configuration = try TLSFixtures.configuration()
        let failure = await TLSFixtures.failure(port: server.port, configuration: configuration)
        #expect(failure?.code == "trust.refused")
    }
}

/// A TLS 1.3 server checks the client's certificate after the client's handshake has ended: its refusal
/// (an alert after the client's Finished) must make the connection fail, with the trust decision kept.
@Suite struct OpenSSLClientCertificateTests {
    static let hasOpenSSL = FileManager.default.isExecutableFile(atPath: "/usr/bin/openssl")
    static let serverArguments = ["-cert", "leaf.pem", "-cert_chain", "intermediate.pem", "-key", "leaf.key"]

    @Test(.enabled(if: hasOpenSSL))
    func aTLS13ServerThatDemandsAClientCertificateRefusesTheConnection() async throws {
        let server = try OpenSSLServer(directory: TLSFixtures.directory, Self.serverArguments + ["-tls1_3", "-Verify", "1"])
        let failure = await TLSFixtures.failure(port: server.port, configuration: try TLSFixtures.configuration())
        guard case .afterTrustDecision(let inner, let decision) = try #require(failure, "a refused connection was reported as made")
        else {
            Issue.record("unexpected \(String(describing: failure))")
            return
        }
        guard case .handshake(let handshake, _) = inner else { Issue.record("unexpected \(inner)"); return }
        #expect(failure?.code == "tls.handshake.GNUTLS_E_FATAL_ALERT_RECEIVED")
        #expect(handshake.alertReceived?.lowercased().contains("certificate") == true, "\(handshake)")
        #expect(failure?.errorDescription?.contains(handshake.alertReceived ?? "?") == true)
        #expect(decision.verdict.isTrusted)
        #expect(decision.verdict.evaluation?.isTrusted == true)
        #expect(decision.presentedChain.count == 2)
        #expect(decision.negotiated?.protocolVersion == "TLS1.3")
    }

    @Test(.enabled(if: hasOpenSSL))
    func aTLS12ServerThatDemandsAClientCertificateKeepsTheTrustDecision() async throws {
        let server = try OpenSSLServer(directory: TLSFixtures.directory, Self.serverArguments + ["-tls1_2", "-Verify", "1"])
        let failure = await TLSFixtures.failure(port: server.port, configuration: try TLSFixtures.configuration())
        guard case .afterTrustDecision(let inner, let decision) = try #require(failure, "a refused connection was reported as made")
        else {
            Issue.record("unexpected \(String(describing: failure))")
            return
        }
        guard case .handshake = inner else { Issue.record("unexpected \(inner)"); return }
        #expect(failure?.code.hasPrefix("tls.handshake.") == true)
        #expect(decision.verdict.isTrusted)
        #expect(decision.presentedChain.count == 2)
        #expect(decision.negotiated == nil)
    }

    @Test(.enabled(if: hasOpenSSL))
    func aTLS13ServerThatSendsNothingAfterTheHandshakeCostsOnlyTheShortWait() async throws {
        // No session tickets: nothing at all arrives after the handshake until a request is sent.
        let server = try OpenSSLServer(directory: TLSFixtures.directory, Self.serverArguments + ["-tls1_3", "-num_tickets", "0"])
        let configuration = try TLSFixtures.configuration()
        // Timed on this thread (connectBlocking), so that the cooperative pool's delays are not measured.
        let start = Date()
        let connection = try TLSClient.connectBlocking(host: "127.0.0.1", port: server.port, configuration: configuration)
        let elapsed = Date().timeIntervalSince(start)
        #expect(connection.verdict.isTrusted)
        #expect(elapsed >= configuration.serverAnswerWait - 0.05 && elapsed < configuration.serverAnswerWait + 1.5,
                "connect took \(elapsed) s")
        // The look read nothing that the exchange then misses.
        let response = try await HTTPDiagnosticRequest.get(host: "localhost", on: connection)
        #expect(response.statusCode == 200)
        await connection.close()
    }

    @Test(.enabled(if: hasOpenSSL))
    func aTLS13ServerThatSendsSessionTicketsEndsTheWaitEarly() throws {
        let server = try OpenSSLServer(directory: TLSFixtures.directory, Self.serverArguments + ["-tls1_3"])
        var configuration = try TLSFixtures.configuration()
        configuration.serverAnswerWait = 3
        let start = Date()
        let connection = try TLSClient.connectBlocking(host: "127.0.0.1", port: server.port, configuration: configuration)
        let elapsed = Date().timeIntervalSince(start)
        #expect(connection.verdict.isTrusted)
        #expect(elapsed < 2, "connect waited \(elapsed) s after a server that had sent its tickets")
        connection.closeBlocking()
    }
}
