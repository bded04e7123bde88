import Foundation
import GnuTLSBridge
import Pinning
import Testing
import TLSClient
import TrustCertificates
import TrustEvaluation

/// Real handshakes against an in-process GnuTLS server on the loopback interface.
@Suite struct TLSClientHandshakeTests {
    @Test func aGoodChainIsTrustedAndTheStreamCarriesHTTP() async throws {
        let server = try TLSFixtures.server(alpn: ["http/1.1"])
        defer { server.stop() }
        var configuration = try TLSFixtures.configuration()
        configuration.alpn = ["h2", "http/1.1"]
        let connection = try await TLSClient.connect(host: "127.0.0.1", port: server.port, configuration: configuration)
        #expect(connection.verdict.isTrusted)
        #expect(connection.verdict.evaluation?.isTrusted == true)
        #expect(connection.presentedChain.map(\.der) == [try TLSFixtures.certificate("leaf.pem").der,
                                                          try TLSFixtures.certificate("intermediate.pem").der])
        #expect(connection.negotiated.protocolVersion == "TLS1.3")
        #expect(connection.negotiated.cipherSuite.hasPrefix("TLS_"))
        #expect(connection.negotiated.group != nil)
        #expect(connection.negotiated.alpn == "http/1.1")
        let response = try await HTTPDiagnosticRequest.get(host: "localhost", on: connection)
        #expect(response.statusCode == 200)
        #expect(response.body == Array("ok".utf8))
        await connection.close()
        server.stop()
        #expect(server.outcomes.first?.serverName == "localhost")
    }

    @Test func anUnknownRootIsRefusedWithBadCertificateAlert() async throws {
        let server = try TLSFixtures.server(chain: "other-chain.pem", key: "other-leaf.key")
        defer { server.stop() }
        let configuration = try TLSFixtures.configuration()
        let failure = await TLSFixtures.failure(port: server.port, configuration: configuration)
        guard case .untrusted(let verdict, let presented, _, let handshake) = try #require(failure) else {
            Issue.record("unexpected \(String(describing: failure))")
            return
        }
        #expect(failure?.code == "trust.refused")
        #expect(verdict.evaluation?.isTrusted == false)
        #expect(presented.map(\.der) == [try TLSFixtures.certificate("other-leaf.pem").der])
        #expect(handshake.alertSent != nil)
        server.stop()
        // The server learned why: a fatal alert (GNUTLS_E_FATAL_ALERT_RECEIVED) naming the certificate.
        let outcome = try #require(server.outcomes.first)
        #expect(outcome.handshakeCode == -12)
        #expect(outcome.alertReceived?.lowercased().contains("certificate") == true)
    }

    @Test func aWrongHostIsRefused() async throws {
        let server = try TLSFixtures.server()
        defer { server.stop() }
        var configuration = try TLSFixtures.configuration()
        configuration.serverName = "www.example.test"
        let failure = await TLSFixtures.failure(host: "127.0.0.1", port: server.port, configuration: configuration)
        #expect(failure != nil, "a server for another host was accepted")
        if let error = failure {
            guard case .untrusted(let verdict, _, _, _) = error else { Issue.record("unexpected \(error)"); return }
        #expect(verdict.evaluation?.failures.contains { $0.check == .sslHostname } == true)
        }
        server.stop() // waits for the server thread, which records the outcome after the client has gone
        #expect(server.outcomes.first?.serverName == "www.example.test")
    }

    @Test func aMatchingPinIsTrustedAndAMismatchRefusedUnlessReportOnly() async throws {
        let server = try TLSFixtures.server()
        defer { server.stop() }
        var configuration = try TLSFixtures.configuration()
        configuration.pinning = .pins(PinSet([try #require(PublicKeyPin(of: TLSFixtures.certificate("intermediate.pem")))]))
        let pinned = try await TLSClient.connect(host: "127.0.0.1", port: server.port, configuration: configuration)
        #expect(pinned.verdict.pinning?.result == .success)
        #expect(pinned.verdict.pinning?.matches.map(\.chainIndex) == [1])
        await pinned.close()

        let pin = try #require(PublicKeyPin(of: TLSFixtures.certificate("other-root.pem")))
        configuration.pinning = .pins(PinSet([pin]))
        let failure = await TLSFixtures.failure(host: "127.0.0.1", port: server.port, configuration: configuration)
        #expect(failure != nil, "a pin mismatch was accepted")
        if let error = failure {
            guard case .untrusted(let verdict, _, _, _) = error else { Issue.record("unexpected \(error)"); return }
            #expect(verdict.evaluation?.isTrusted == true)
            #expect(verdict.pinning?.result == .failedNoMatchingPin)
            #expect(verdict.pinning?.decision == .block)
            #expect(verdict.reason == "pin mismatch: the pin expected (\(pin.okHttpForm)) is not on the chain (-9886)")
        }

        configuration.pinning?.reportOnly = true
        let reported = try await TLSClient.connect(host: "127.0.0.1", port: server.port, configuration: configuration)
        #expect(reported.verdict.isTrusted)
        #expect(reported.verdict.pinning?.result == .failedNoMatchingPin)
        #expect(reported.verdict.pinning?.decision == .allow)
        await reported.close()
    }

    @Test func tls12OnlyAndTLS13OnlyServersNegotiateTheirVersion() async throws {
        let old = try TLSFixtures.server(priority: "NORMAL:-VERS-ALL:+VERS-TLS1.2")
        defer { old.stop() }
        let new = try TLSFixtures.server(priority: "NORMAL:-VERS-ALL:+VERS-TLS1.3")
        defer { new.stop() }
        let configuration = try TLSFixtures.configuration()
        let twelve = try await TLSClient.connect(host: "127.0.0.1", port: old.port, configuration: configuration)
        #expect(twelve.negotiated.protocolVersion == "TLS1.2")
        #expect(twelve.verdict.isTrusted)
        await twelve.close()
        let thirteen = try await TLSClient.connect(host: "127.0.0.1", port: new.port, configuration: configuration)
        #expect(thirteen.negotiated.protocolVersion == "TLS1.3")
        await thirteen.close()

        // A client that only offers TLS 1.3 cannot talk to the TLS 1.2-only server: a handshake error, not trust.
        var strict = configuration
        strict.versions = .tls13Only
        let failure = await TLSFixtures.failure(host: "127.0.0.1", port: old.port, configuration: strict)
        #expect(failure != nil, "TLS 1.3-only client connected to a TLS 1.2-only server")
        if let error = failure {
            guard case .handshake = error else { Issue.record("unexpected \(error)"); return }
        #expect(error.code.hasPrefix("tls.handshake."))
        }
    }

    @Test func aServerThatNeverAnswersTimesOutInBoundedTime() throws {
        let server = try TLSFixtures.server(behaviour: .silent)
        defer { server.stop() }
        var configuration = try TLSFixtures.configuration()
        configuration.handshakeTimeout = 0.5
        // The blocking call, timed on this thread: the async wrapper's resumption can wait behind other
        // suites' synchronous tests on the cooperative pool, which would measure the pool, not the bound.
        let start = Date()
        do throws(TLSClientError) {
            _ = try TLSClient.connectBlocking(host: "127.0.0.1", port: server.port, configuration: configuration)
            Issue.record("connected to a silent server")
        } catch {
            #expect(error.code == "tls.timeout")
        }
        let elapsed = Date().timeIntervalSince(start)
        #expect(elapsed >= 0.4 && elapsed < 5)
    }

    @Test func aServerThatClosesMidHandshakeIsAHandshakeErrorNotATrustDecision() async throws {
        let server = try TLSFixtures.server(behaviour: .closeMidHandshake)
        defer { server.stop() }
        let configuration = try TLSFixtures.configuration()
        let failure = await TLSFixtures.failure(port: server.port, configuration: configuration)
        guard case .handshake(let error, let presented) = try #require(failure) else {
            Issue.record("unexpected \(String(describing: failure))")
            return
        }
        #expect(presented.isEmpty)
        #expect(!error.refusedByVerifier)
        #expect(failure?.code.hasPrefix("tls.handshake.GNUTLS_E_") == true)
    }

    @Test func ipv6LoopbackWithTheStapledOCSPResponseCaptured() async throws {
        let server = try TLSFixtures.server(ocsp: "ocsp-good.der", ipv6: true)
        defer { server.stop() }
        let connection = try await TLSClient.connect(host: "::1", port: server.port, configuration: TLSFixtures.configuration())
        #expect(connection.verdict.isTrusted)
        #expect(connection.stapledOCSPResponse == (try TLSFixtures.bytes("ocsp-good.der")))
        // The staple is checked by the engine in the handshake: signed by the issuer, for the leaf, current.
        let report = try #require(connection.verdict.evaluation?.ocspResponses.first)
        #expect(report.isUsed, "\(report.problem ?? "")")
        #expect(report.certificateIndex == 0)
        #expect(report.status == .good)
        await connection.close()
    }
}
