import Foundation
import GnuTLSBridge
import Pinning
import Testing
import TLSClient
import TrustCertificates

/// The README's TLSClient example ("Connect to a live server"), written as the README writes it, against the
/// in-process GnuTLS server (which answers a GET with `200 OK`): the configuration read from a file, the
/// pinning outcome in the verdict, the GET, and the refusal caught as `TLSClientError.untrusted`. The
/// server is 127.0.0.1 with the fixtures' root as the only anchor and "localhost" as the name.
@Suite struct ReadmeTLSClientExampleTests {
    /// A TrustKit configuration file pinning "localhost" to `pins` (TrustKit wants two: one a backup).
    static func trustKitFile(pins: [String], enforce: Bool) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("trustkit-\(UUID().uuidString).json").path
        let json = """
            {"TSKPinnedDomains": {"localhost": {"TSKEnforcePinning": \(enforce), "TSKDisableDefaultReportUri": true,
              "TSKReportUris": ["http://127.0.0.1:9/report"], "TSKPublicKeyHashes": [\(pins.map { "\"\($0)\"" }.joined(separator: ", "))]}}}
            """
        try Data(json.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// "localhost" as a public suffix of its own, so that TrustKit accepts it as a pinned domain.
    static let registry = TrustKitDomainRegistry(text: "// ===BEGIN ICANN DOMAINS===\nlocalhost\n// ===END ICANN DOMAINS===\n")
    static let app = TrustKitAppInfo(bundleIdentifier: "com.example.app", version: "1.0")

    static func pin(_ name: String) throws -> String {
        try #require(PublicKeyPin(of: TLSFixtures.certificate(name))).base64
    }

    /// The configuration of the example, on the fixtures' anchors, with the TrustKit file at `path`.
    static func configuration(trustKitFile path: String) throws -> TLSClientConfiguration {
        let trustKit = try TrustKitConfiguration(contentsOfFile: path, registry: registry)
        var configuration = try TLSFixtures.configuration()
        configuration.pinning = .trustKit(trustKit, app: app)
        return configuration
    }

    @Test func aPinOnTheChainIsAllowedAndTheGETIsAnswered() async throws {
        let server = try TLSFixtures.server()
        defer { server.stop() }
        let file = try Self.trustKitFile(pins: [Self.pin("intermediate.pem"), TLSTrustCasesTests.backupPin], enforce: true)
        defer { try? FileManager.default.removeItem(atPath: file) }

        let connection = try await TLSClient.connect(host: "127.0.0.1", port: server.port,
                                                     configuration: try Self.configuration(trustKitFile: file))
        let pinning = try #require(connection.verdict.pinning)
        #expect(pinning.decision == .allow)
        #expect(pinning.result?.trustKitName == "TSKTrustEvaluationSuccess")
        #expect(pinning.matches.map(\.chainIndex) == [1], "the intermediate's pin")
        #expect(pinning.report == nil)
        let response = try await HTTPDiagnosticRequest.get("/", host: "localhost", on: connection)
        #expect(response.statusCode == 200)
        await connection.close()
    }

    @Test func aReportOnlyMismatchIsAllowedWithTrustKitsReport() async throws {
        let server = try TLSFixtures.server()
        defer { server.stop() }
        let file = try Self.trustKitFile(pins: [Self.pin("other-root.pem"), TLSTrustCasesTests.backupPin], enforce: false)
        defer { try? FileManager.default.removeItem(atPath: file) }

        let connection = try await TLSClient.connect(host: "127.0.0.1", port: server.port,
                                                     configuration: try Self.configuration(trustKitFile: file))
        let pinning = try #require(connection.verdict.pinning)
        #expect(pinning.decision == .allow)
        #expect(pinning.result == .failedNoMatchingPin)
        #expect(pinning.matches.isEmpty)
        let report = try #require(pinning.report, "TrustKit reports a report-only mismatch")
        #expect(report.validationResult == .failedNoMatchingPin && !report.enforcePinning)
        #expect(report.hostname == "localhost" && report.port == Int(server.port))
        #expect(report.knownPins.count == 2)
        #expect(report.app.bundleIdentifier == "com.example.app")
        let response = try await HTTPDiagnosticRequest.get("/", host: "localhost", on: connection)
        #expect(response.statusCode == 200)
        await connection.close()
    }

    @Test func anEnforcedMismatchIsCaughtAsUntrusted() async throws {
        let server = try TLSFixtures.server()
        defer { server.stop() }
        let file = try Self.trustKitFile(pins: [Self.pin("other-root.pem"), TLSTrustCasesTests.backupPin], enforce: true)
        defer { try? FileManager.default.removeItem(atPath: file) }

        var refusal: ServerTrustVerdict?
        do {
            let connection = try await TLSClient.connect(host: "127.0.0.1", port: server.port,
                                                         configuration: try Self.configuration(trustKitFile: file))
            await connection.close()
        } catch TLSClientError.untrusted(let verdict, _, _, _) {
            refusal = verdict
        }
        let verdict = try #require(refusal, "connect throws TLSClientError.untrusted")
        let expected = try [Self.pin("other-root.pem"), TLSTrustCasesTests.backupPin].map { try PublicKeyPin(parsing: $0).okHttpForm }
        #expect(verdict.reason == "pin mismatch: none of the 2 pins expected for localhost (\(expected[0]), \(expected[1])) "
            + "is on the chain (TSKTrustEvaluationFailedNoMatchingPin, -9886)")
        #expect(verdict.pinning?.result?.trustKitName == "TSKTrustEvaluationFailedNoMatchingPin")
    }
}
