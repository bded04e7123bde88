import Foundation
import Pinning
import PinningReports
import PinningReportsURLSession
import TrustCertificates
import TrustEvaluation

/// A fresh spool directory under the temporary folder, and the pieces tests build on it.
struct TemporarySpool {
    let directory: String

    init() {
        directory = NSTemporaryDirectory() + "report-spool-\(UUID().uuidString)"
    }

    func open(limits: ReportSpoolLimits = ReportSpoolLimits(), retryPolicy: ReportRetryPolicy = ReportRetryPolicy(),
              jitter: @escaping @Sendable () -> Double = { 1 }) throws -> ReportSpool
    {
        try ReportSpool(directory: directory, limits: limits, retryPolicy: retryPolicy, jitter: jitter)
    }

    var entriesDirectory: String { directory + "/entries" }

    func entryFiles() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: entriesDirectory).sorted()
    }

    func remove() { try? FileManager.default.removeItem(atPath: directory) }
}

enum ReportFixtures {
    /// A fixed time inside the fixture certificates' validity, so nothing depends on today's date.
    static let time = ISO8601DateFormatter().date(from: "2025-01-01T00:00:00Z")!

    /// A sender for endpoints that answer: its timeout is far above what a loaded test machine needs to
    /// accept a loopback connection, so only a test that means to time out ever does.
    static func sender() -> ReportSender { ReportSender(requestTimeout: 20, resourceTimeout: 30) }

    /// A short timeout, for the endpoints that hang on purpose: one costs a second, not 20.
    static func impatientSender() -> ReportSender { ReportSender(requestTimeout: 1, resourceTimeout: 2) }

    /// A report-like body that says which one it is.
    static func body(_ label: String) -> Data { Data(#"{"report":"\#(label)"}"#.utf8) }

    /// The pinning tests' generated certificates (Tests/PinningTests/Fixtures, written by its generate.py),
    /// read in place rather than copied.
    static let certificates = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("PinningTests/Fixtures")

    static func certificate(_ name: String) throws -> Certificate {
        try CertificateLoader.load(path: certificates.appendingPathComponent(name).path)[0]
    }

    /// example.com and its subdomains pinned to the fixture intermediate and backup key, with these settings.
    static func configuration(reportURIs: [String], disableDefaultReportURI: Bool = true) throws -> TrustKitConfiguration {
        let uris = reportURIs.map { "\"\($0)\"" }.joined(separator: ", ")
        let json = """
            {"TSKSwizzleNetworkDelegates": false, "TSKPinnedDomains": {"example.com": {
              "TSKIncludeSubdomains": true, "TSKReportUris": [\(uris)], "TSKDisableDefaultReportUri": \(disableDefaultReportURI),
              "TSKPublicKeyHashes": ["hxiHr3WPqKxDCjfemE6LdA3XfzMc7cpIcBaakPBKRfk=", "/SWKtJU1bA+lu5Ggz3h8r8xrCMXizun490d7eYuQdwI="]}}}
            """
        let registry = TrustKitDomainRegistry(text: "// ===BEGIN ICANN DOMAINS===\ncom\n// ===END ICANN DOMAINS===\n")
        return try TrustKitConfiguration(data: Data(json.utf8), registry: registry)
    }

    /// TrustKit's validation of `leaf` for `host`: the rogue leaf chains to a trusted root that carries no pin.
    static func validation(_ configuration: TrustKitConfiguration, host: String = "www.example.com",
                           leaf: String = "rogue-leaf.pem", intermediates: [String] = []) throws -> TrustKitValidation
    {
        let evaluator = TrustEvaluator(
            anchors: TrustAnchors(custom: CertificateStore([try certificate("root.pem"), try certificate("rogue-root.pem")])),
            policies: [.basicX509()], publicSuffixes: .empty)
        return TrustKitPinningValidator(configuration: configuration).evaluate(
            hostname: host, leaf: try certificate(leaf), intermediates: try intermediates.map(certificate),
            evaluator: evaluator, at: time)
    }
}
