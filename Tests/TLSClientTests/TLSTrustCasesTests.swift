import Foundation
import GnuTLSBridge
import Testing
import TestSupport
import TLSClient
import TrustCertificates
import TrustEvaluation

/// Issue 10's trust cases over real handshakes, with the in-process GnuTLS server or openssl s_server: an expired leaf, anchors-only
/// against a system root, a chain presented in the wrong order or with unrelated extras, stapled OCSP revoked
/// and good, and a caller's pinning stage deciding in the handshake.
@Suite struct TLSTrustCasesTests {
    /// After every fixture leaf's notAfter (2027-01-01), before the CAs' (2036-01-01).
    static let afterLeafExpiry = ISO8601DateFormatter().date(from: "2027-02-01T00:00:00Z")!

    static func untrustedVerdict(_ failure: TLSClientError?) -> ServerTrustVerdict? {
        guard case .untrusted(let verdict, _, _, _) = failure else { return nil }
        return verdict
    }

    @Test func anExpiredLeafIsRefusedWithApplesExpiredError() async throws {
        let server = try TLSFixtures.server()
        defer { server.stop() }
        var configuration = try TLSFixtures.configuration()
        configuration.verificationTime = Self.afterLeafExpiry
        let failure = await TLSFixtures.failure(port: server.port, configuration: configuration)
        let verdict = try #require(Self.untrustedVerdict(failure), "\(String(describing: failure))")
        let evaluation = try #require(verdict.evaluation)
        #expect(evaluation.error?.code == OSStatusCode.errSecCertificateExpired)
        #expect(evaluation.failures.contains { $0.index == 0 && $0.check == .temporalValidity })
        #expect(!evaluation.failures.contains { $0.index > 0 && $0.check == .temporalValidity })
        #expect(evaluation.verificationTime == Self.afterLeafExpiry)
        server.stop()
        #expect(server.outcomes.first?.alertReceived?.lowercased().contains("certificate") == true)
    }

    @Test func aChainToASystemRootIsRefusedUnderAnchorsOnlyAndTrustedWhenSystemRootsAreAllowed() async throws {
        let server = try TLSFixtures.server()
        defer { server.stop() }
        // root.pem plays the system store; the only custom anchor is a root the chain does not reach.
        let system = CertificateStore([try TLSFixtures.certificate("root.pem")])
        let custom = CertificateStore([try TLSFixtures.certificate("other-root.pem")])
        var configuration = try TLSFixtures.configuration()
        configuration.anchors = TrustAnchors(custom: custom, anchorsOnly: true, system: system)
        let failure = await TLSFixtures.failure(port: server.port, configuration: configuration)
        let verdict = try #require(Self.untrustedVerdict(failure), "\(String(describing: failure))")
        let evaluation = try #require(verdict.evaluation)
        #expect(!evaluation.isTrusted)
        #expect(!evaluation.isAnchored)
        #expect(evaluation.error?.code == OSStatusCode.errSecNotTrusted)

        configuration.anchors = TrustAnchors(custom: custom, anchorsOnly: false, system: system)
        let connection = try await TLSClient.connect(host: "127.0.0.1", port: server.port, configuration: configuration)
        let trusted = try #require(connection.verdict.evaluation)
        #expect(trusted.isTrusted)
        #expect(trusted.chain.last?.source == .system)
        #expect(trusted.chain.last?.certificate == (try TLSFixtures.certificate("root.pem")))
        await connection.close()
    }

    /// The evaluated chain the fixtures' hierarchy gives, leaf to root.
    static func expectedPath() throws -> [Certificate] {
        [try TLSFixtures.certificate("leaf.pem"), try TLSFixtures.certificate("intermediate.pem"),
         try TLSFixtures.certificate("root.pem")]
    }

    static let hasOpenSSL = FileManager.default.isExecutableFile(atPath: "/usr/bin/openssl")

    /// openssl s_server sending leaf.pem and then `rest` as it is (GnuTLS's server would sort the chain and
    /// drop what does not belong to it), stapling `status` when given.
    static func opensslServer(rest: String, status: String? = nil) throws -> OpenSSLServer {
        try OpenSSLServer(directory: TLSFixtures.directory, ["-cert", "leaf.pem", "-cert_chain", rest, "-key", "leaf.key"]
            + (status.map { ["-status_file", $0] } ?? []))
    }

    /// Connects to an openssl s_server sending leaf.pem then `rest`, and requires the chain as sent to be
    /// `presented` and the evaluated chain to be the hierarchy's own path.
    static func expectTrustedOnTheRightPath(rest: String, presented: [String]) async throws {
        let server = try opensslServer(rest: rest)
        let connection = try await TLSClient.connect(host: "127.0.0.1", port: server.port,
                                                     configuration: try TLSFixtures.configuration())
        #expect(connection.presentedChain == (try presented.map(TLSFixtures.certificate)))
        let evaluation = try #require(connection.verdict.evaluation)
        #expect(evaluation.isTrusted)
        #expect(evaluation.certificates == (try expectedPath()))
        await connection.close()
    }

    @Test(.enabled(if: hasOpenSSL)) func aChainPresentedInTheWrongOrderIsTrustedOnTheRightPath() async throws {
        // As sent: the root before the intermediate it issued.
        try await Self.expectTrustedOnTheRightPath(rest: "wrong-order-chain.pem",
                                                   presented: ["leaf.pem", "root.pem", "intermediate.pem"])
    }

    @Test(.enabled(if: hasOpenSSL)) func unrelatedExtraCertificatesDoNotChangeTheEvaluatedChain() async throws {
        try await Self.expectTrustedOnTheRightPath(rest: "extras-chain.pem",
                                                   presented: ["leaf.pem", "other-root.pem", "intermediate.pem", "other-leaf.pem"])
    }

    /// openssl s_server staples what it is given; GnuTLS's server refuses to load a revoked response
    /// (gnutls_certificate_set_ocsp_status_request_mem: GNUTLS_E_EXPIRED), so it cannot serve this case.
    @Test(.enabled(if: hasOpenSSL)) func aStapledRevokedResponseRefusesTheServerFatally() async throws {
        let server = try Self.opensslServer(rest: "intermediate.pem", status: "ocsp-revoked.der")
        let failure = await TLSFixtures.failure(port: server.port, configuration: try TLSFixtures.configuration())
        guard case .untrusted(let verdict, _, let staple, let handshake) = failure else {
            Issue.record("unexpected \(String(describing: failure))")
            return
        }
        #expect(handshake.alertSent != nil)
        #expect(staple == (try TLSFixtures.bytes("ocsp-revoked.der")))
        let evaluation = try #require(verdict.evaluation)
        #expect(evaluation.error?.code == OSStatusCode.errSecCertificateRevoked)
        #expect(evaluation.resultType == .fatalTrustFailure)
        #expect(evaluation.failures.contains { $0.index == 0 && $0.check == .revocation })
        let report = try #require(evaluation.ocspResponses.first)
        #expect(report.isUsed)
        guard case .revoked = report.status else {
            Issue.record("status \(String(describing: report.status))")
            return
        }
    }

    @Test func aStapledGoodResponseIsReportedOverTLS12() async throws {
        let server = try TLSFixtures.server(priority: "NORMAL:-VERS-ALL:+VERS-TLS1.2", ocsp: "ocsp-good.der")
        defer { server.stop() }
        let connection = try await TLSClient.connect(host: "127.0.0.1", port: server.port,
                                                     configuration: try TLSFixtures.configuration())
        #expect(connection.negotiated.protocolVersion == "TLS1.2")
        #expect(connection.verdict.isTrusted)
        let report = try #require(connection.verdict.evaluation?.ocspResponses.first)
        #expect(report.isUsed && report.status == .good)
        await connection.close()
    }

    @Test func aPinningStageDecidesAfterTheEngineInTheHandshake() async throws {
        let server = try TLSFixtures.server()
        defer { server.stop() }
        var configuration = try TLSFixtures.configuration()
        let seen = SeenEvaluations()
        configuration.pinningStage = { evaluation in
            seen.record(evaluation)
            return .block(reason: "blocked by the test's stage")
        }
        let failure = await TLSFixtures.failure(port: server.port, configuration: configuration)
        let verdict = try #require(Self.untrustedVerdict(failure), "\(String(describing: failure))")
        #expect(verdict.reason == "blocked by the test's stage")
        #expect(verdict.evaluation?.isTrusted == true)
        #expect(seen.count == 1)

        configuration.pinningStage = { _ in .allow }
        let connection = try await TLSClient.connect(host: "127.0.0.1", port: server.port, configuration: configuration)
        #expect(connection.verdict.isTrusted)
        await connection.close()

        // An untrusted chain never reaches the stage: the engine refuses first.
        configuration.pinningStage = { evaluation in
            seen.record(evaluation)
            return .allow
        }
        configuration.verificationTime = Self.afterLeafExpiry
        #expect(Self.untrustedVerdict(await TLSFixtures.failure(port: server.port, configuration: configuration)) != nil)
        #expect(seen.count == 1)
    }
}

/// Counts the evaluations a pinning stage saw (it runs on the connecting thread).
private final class SeenEvaluations: @unchecked Sendable {
    private let lock = NSLock()
    private var evaluations: [TrustEvaluationResult] = []
    func record(_ evaluation: TrustEvaluationResult) { lock.withLock { evaluations.append(evaluation) } }
    var count: Int { lock.withLock { evaluations.count } }
}
