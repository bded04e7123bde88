import Foundation
import GnuTLSBridge
import Pinning
import PinningReports
import PinningReportsURLSession
import ReportCollector
import Testing
import TLSClient
import TrustCertificates
import TrustEvaluation

/// The reporting path end to end: an app pins localhost with TrustKit in report-only mode; a TLS server presents
/// a chain the app's pins do not expect (other-leaf under "TLS Untrusted Root" — trusted by the device, as a
/// corporate proxy's root is); the pinning stage lets the connection through and reports it; the report
/// reaches a `trustcheck collect` process, and `trustcheck reports` names the chain an interception suspect.
@Suite struct EndToEndTests {
    @Test func aReportOnlyPinFailureBecomesAnInterceptionSuspect() async throws {
        let directory = try TemporaryDirectory("end-to-end")
        defer { directory.remove() }
        let database = directory.file("reports.db")
        // The collector expects chains under root.pem, the pinned chain's root.
        let collector = try CollectorProcess(database: database, directory: directory,
                                             arguments: ["--anchors", SampleReports.path("root.pem")])
        defer { collector.stop() }

        // The intercepting server, with the real TLS tests' loopback GnuTLS server.
        let server = try LoopbackTLSServer(chainPEM: Array(try Data(contentsOf: SampleReports.fixtures.appendingPathComponent("other-chain.pem"))),
                                           keyPEM: Array(try Data(contentsOf: SampleReports.fixtures.appendingPathComponent("other-leaf.key"))))
        defer { server.stop() }

        // The app: TrustKit pins localhost to the expected intermediate and root, report-only, reports to the collector.
        let pins = [try SampleReports.pin("intermediate.pem"), try SampleReports.pin("root.pem")]
        let trustKit = try TrustKitConfiguration(
            data: Data("""
                {"TSKSwizzleNetworkDelegates": false, "TSKPinnedDomains": {"localhost": {
                  "TSKEnforcePinning": false, "TSKDisableDefaultReportUri": true,
                  "TSKReportUris": ["http://127.0.0.1:\(collector.port)/report"],
                  "TSKPublicKeyHashes": ["\(pins[0])", "\(pins[1])"]}}}
                """.utf8),
            registry: TrustKitDomainRegistry(text: "// ===BEGIN ICANN DOMAINS===\nlocalhost\n// ===END ICANN DOMAINS===\n"))
        let policy = try #require(trustKit.policy(forHostname: "localhost")?.policy)

        // The device trusts both roots; the pins are the app's, report-only.
        var configuration = TLSClientConfiguration()
        configuration.anchors = .only(CertificateStore([try SampleReports.certificate("root.pem"), try SampleReports.certificate("other-root.pem")]))
        configuration.verificationTime = SampleReports.time
        configuration.serverName = "localhost"
        configuration.connectTimeout = 5
        configuration.handshakeTimeout = 5
        let app = TrustKitAppInfo(bundleIdentifier: "com.example.app", version: "2.1", vendorIdentifier: "device-1",
                                  platform: .iOS, platformVersion: "17.1.0")
        configuration.pinning = .trustKit(trustKit, app: app)
        // The reporter takes the handshake's report as TrustKit's validator hands it over, and sends it on its own.
        // Timeouts far above a loopback POST's milliseconds: on a loaded machine a 5 s request timeout expired
        // and the retry's back-off outlasted the flush.
        let reporter = TrustKitReporter(app: app, spool: try ReportSpool(directory: directory.file("spool")),
                                        transport: ReportSender(requestTimeout: 60, resourceTimeout: 120))
        configuration.pinFailureReporter = reporter
        let connection = try await TLSClient.connect(host: "127.0.0.1", port: server.port, configuration: configuration)
        #expect(connection.verdict.isTrusted, "report-only must let the connection through")
        await connection.close()

        // The handshake's own outcome carries TrustKit's validation and report, queued for the policy's URIs.
        let outcome = try #require(connection.verdict.pinning)
        let validation = try #require(outcome.validation)
        #expect(outcome.result == .failedNoMatchingPin && outcome.decision == .allow)
        #expect(validation.evaluationResult == .failedNoMatchingPin)
        #expect(outcome.reportURIs == policy.effectiveReportURIs)
        #expect(connection.verdict.pinFailureReport == .queued(destinations: outcome.reportURIs, skipped: []))
        // The reporter's own run may have delivered it before the flush began: then the flush finds the spool
        // empty. Either way nothing is left to retry, and the collector has it (below).
        let delivery = try #require(await reporter.flush(timeout: 180))
        #expect(delivery.delivered <= 1 && delivery.retrying == 0 && delivery.failures.isEmpty && delivery.unsaved.isEmpty,
                "\(delivery)")

        // What the collector stored is TrustKit's exact body.
        let sent = try #require(outcome.report)
        #expect(sent == TrustKitPinFailureReport(validation: validation, app: app, at: SampleReports.time, port: Int(server.port)))
        let store = try SQLiteReportStore(path: database)
        let stored = try store.reports(since: nil)
        #expect(stored.count == 1)
        #expect(try store.rawBody(reportID: try #require(stored.first).id) == Array(sent.jsonData()))
        store.close()

        // `trustcheck reports` names it a suspect, with the issuer that minted the chain.
        let text = try CollectorProcess.run(["reports", "--db", database])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains("interception suspects:\n  localhost (localhost): 1 report, does_not_chain, unknown_keys\n"))
        #expect(text.stdout.contains("    issuers: CN=TLS Untrusted Root,O=TrustCheck TLS tests\n"))
        let json = try CollectorProcess.run(["reports", "--db", database, "--json"])
        #expect(json.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let suspects = try #require(object["suspects"] as? [[String: Any]])
        #expect(suspects.count == 1)
        #expect(suspects.first?["host"] as? String == "localhost")
        #expect(suspects.first?["reasons"] as? [String] == ["does_not_chain", "unknown_keys"])
        #expect(suspects.first?["issuers"] as? [String] == ["CN=TLS Untrusted Root,O=TrustCheck TLS tests"])
        // TrustKit reports the evaluated chain, which ends at the device's anchor: the proxy's root is in it.
        #expect(suspects.first?["unknown_pins"] as? [String] == [try SampleReports.pin("other-leaf.pem"), try SampleReports.pin("other-root.pem")])
        #expect((object["summary"] as? [String: Any])?["stored_reports"] as? Int == 1)
    }
}
