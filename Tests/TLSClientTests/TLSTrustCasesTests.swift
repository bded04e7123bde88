import Foundation
import GnuTLSBridge
import Pinning
import Testing
import TestSupport
import TLSClient
import TrustCertificates
import TrustEvaluation

/// Trust cases over real handshakes, with the in-process GnuTLS server or openssl s_server: an expired leaf, anchors-only
/// against a system root, a chain presented in the wrong order or with unrelated extras, stapled OCSP revoked
/// and good, and a pinning policy deciding in the handshake, its report handed to the configured reporter.
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

    /// TrustKit pinning "localhost" to `pins`, reporting to an address nothing listens on.
    static func trustKit(pins: [String], enforce: Bool = true) throws -> TrustKitConfiguration {
        try TrustKitConfiguration(
            data: Data("""
                {"TSKPinnedDomains": {"localhost": {"TSKEnforcePinning": \(enforce), "TSKDisableDefaultReportUri": true,
                  "TSKReportUris": ["http://127.0.0.1:9/report"], "TSKPublicKeyHashes": [\(pins.map { "\"\($0)\"" }.joined(separator: ", "))]}}}
                """.utf8),
            registry: TrustKitDomainRegistry(text: "// ===BEGIN ICANN DOMAINS===\nlocalhost\n// ===END ICANN DOMAINS===\n"))
    }

    /// A pin of no certificate here: TrustKit wants a backup pin beside the one that matters.
    static let backupPin = "BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB="

    @Test func aTrustKitPolicyDecidesInTheHandshakeAndItsReportGoesToTheReporter() async throws {
        let server = try TLSFixtures.server()
        defer { server.stop() }
        let intermediate = try #require(PublicKeyPin(of: TLSFixtures.certificate("intermediate.pem"))).base64
        let other = try #require(PublicKeyPin(of: TLSFixtures.certificate("other-root.pem"))).base64
        let reporter = RecordingReporter()
        var configuration = try TLSFixtures.configuration()
        configuration.pinFailureReporter = reporter
        let app = TrustKitAppInfo(bundleIdentifier: "com.example.app", version: "3.2")

        // A pin on the chain: allowed, TrustKit's success, nothing reported.
        configuration.pinning = .trustKit(try Self.trustKit(pins: [intermediate, Self.backupPin]), app: app)
        let pinned = try await TLSClient.connect(host: "127.0.0.1", port: server.port, configuration: configuration)
        #expect(pinned.verdict.pinning?.result == .success)
        #expect(pinned.verdict.pinning?.validation?.decision == .shouldAllowConnection)
        #expect(pinned.verdict.pinFailureReport == nil && reporter.reports.isEmpty)
        await pinned.close()

        // No pin on the chain, enforced: refused in the handshake, TrustKit's report handed over with the
        // real host, port and chain.
        configuration.pinning = .trustKit(try Self.trustKit(pins: [other, Self.backupPin]), app: app)
        let failure = await TLSFixtures.failure(port: server.port, configuration: configuration)
        let verdict = try #require(Self.untrustedVerdict(failure), "\(String(describing: failure))")
        #expect(verdict.evaluation?.isTrusted == true)
        #expect(verdict.pinning?.result == .failedNoMatchingPin)
        // TrustKit's two pins, as parsed (the backup's last base64 digit carries bits a digest has not).
        let expected = try [other, Self.backupPin].map { try PublicKeyPin(parsing: $0).okHttpForm }
        #expect(verdict.reason == "pin mismatch: none of the 2 pins expected for localhost (\(expected[0]), \(expected[1])) "
            + "is on the chain (TSKTrustEvaluationFailedNoMatchingPin, -9886)")
        #expect(verdict.pinFailureReport == .queued(destinations: [URL(string: "http://127.0.0.1:9/report")!], skipped: []))
        let report = try #require(reporter.reports.first)
        #expect(reporter.reports.count == 1)
        #expect(report.hostname == "localhost" && report.notedHostname == "localhost" && report.port == Int(server.port))
        #expect(report.validationResult == .failedNoMatchingPin && report.enforcePinning)
        #expect(report.validatedCertificateChain.count == 3, "leaf, intermediate and the anchor")
        #expect(report.app.bundleIdentifier == "com.example.app" && report.app.version == "3.2")

        // Report-only (TSKEnforcePinning false): let through, reported all the same.
        configuration.pinning = .trustKit(try Self.trustKit(pins: [other, Self.backupPin], enforce: false), app: app)
        let reportOnly = try await TLSClient.connect(host: "127.0.0.1", port: server.port, configuration: configuration)
        #expect(reportOnly.verdict.isTrusted && reportOnly.verdict.pinning?.decision == .allow)
        #expect(reporter.reports.count == 2 && reporter.reports.last?.enforcePinning == false)
        await reportOnly.close()

        // An invalid chain reaches the pinning too, which blocks it and reports it as TrustKit does.
        configuration.pinning = .trustKit(try Self.trustKit(pins: [intermediate, Self.backupPin]), app: app)
        configuration.verificationTime = Self.afterLeafExpiry
        let expired = try #require(Self.untrustedVerdict(await TLSFixtures.failure(port: server.port, configuration: configuration)))
        #expect(expired.pinning?.result == .failedInvalidCertificateChain)
        // The chain's own reason, as without pinning; the pinning's problem says no pin was checked.
        #expect(expired.reason == expired.evaluation?.reason)
        #expect(expired.reason?.hasPrefix("expired: the leaf ") == true)
        #expect(expired.pinning?.problem?.hasPrefix("the chain is not trusted, so no pin was checked: expired: ") == true)
        #expect(reporter.reports.count == 3 && reporter.reports.last?.validationResult == .failedInvalidCertificateChain)
    }
}

/// A reporter that keeps what it is given (it is called on the connecting thread).
private final class RecordingReporter: PinFailureReporting, @unchecked Sendable {
    private let lock = NSLock()
    private var submitted: [TrustKitPinFailureReport] = []
    var reports: [TrustKitPinFailureReport] { lock.withLock { submitted } }
    func submit(_ report: TrustKitPinFailureReport, to destinations: [URL]) -> PinFailureReportStatus {
        lock.withLock { submitted.append(report) }
        return .queued(destinations: destinations, skipped: [])
    }
}
