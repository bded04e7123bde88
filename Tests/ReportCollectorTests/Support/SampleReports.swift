import Foundation
import Pinning
import ReportCollector
import TrustCertificates
import TrustEvaluation

/// Reports for the tests: TrustKit JSON bodies built from the TLS tests' generated certificates
/// (Tests/TLSClientTests/Fixtures, read in place), and the `ReceivedReport`s the receiver would make of them.
enum SampleReports {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("TLSClientTests/Fixtures")
    /// Inside the fixtures' validity (2026-01-01 .. 2027-01-01).
    static let time = ISO8601DateFormatter().date(from: "2026-12-01T00:00:00Z")!

    static func path(_ name: String) -> String { fixtures.appendingPathComponent(name).path }

    static func certificate(_ name: String) throws -> Certificate { try CertificateLoader.load(path: path(name))[0] }

    /// TrustKit's PEM of a fixture certificate (64-character lines joined by CRLF).
    static func pem(_ name: String) throws -> String {
        let base64 = Array(Base64.encode(try certificate(name).der))
        let lines = stride(from: 0, to: base64.count, by: 64).map { String(base64[$0..<min($0 + 64, base64.count)]) }
        return "-----BEGIN CERTIFICATE-----\n" + lines.joined(separator: "\r\n") + "\n-----END CERTIFICATE-----"
    }

    /// The SPKI pin (base64) of a fixture certificate.
    static func pin(_ name: String) throws -> String { Base64.encode(try certificate(name).spkiSHA256) }

    /// The good chain (leaf, intermediate under root.pem) and the unexpected one (other-leaf under other-root).
    static let goodChain = ["leaf.pem", "intermediate.pem"]
    static let otherChain = ["other-leaf.pem"]

    /// The fields of one report, as a JSON object; override what a test is about.
    static func fields(host: String = "api.example.com", noted: String = "example.com", chain: [String] = goodChain,
                       pins: [String]? = nil, vendor: String = "vendor-1", version: String = "2.1",
                       platform: String = "IOS", result: Int = 1, date: Date = time) throws -> [String: Any]
    {
        let knownPins = try pins ?? [try pin("intermediate.pem"), try pin("root.pem")]
        return [
            "app-bundle-id": "com.example.app", "app-version": version, "app-platform": platform,
            "app-platform-version": "17.1.0", "app-vendor-id": vendor, "trustkit-version": "3.0.0",
            "date-time": timestamp(date), "hostname": host, "port": 0, "noted-hostname": noted,
            "include-subdomains": true, "enforce-pinning": false,
            "validated-certificate-chain": try chain.map(pem), "known-pins": knownPins.map { "pin-sha256=\"\($0)\"" },
            "validation-result": result, "known-pins-expiration-date": NSNull(),
        ]
    }

    /// The JSON bytes of `fields`, with `/` escaped as NSJSONSerialization writes it.
    static func body(_ fields: [String: Any]) throws -> [UInt8] {
        let data = try JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys, .withoutEscapingSlashes])
        return Array(String(decoding: data, as: UTF8.self).replacingOccurrences(of: "/", with: "\\/").utf8)
    }

    /// A report body with `fields(...)`'s defaults and these overrides.
    static func body(host: String = "api.example.com", chain: [String] = goodChain, vendor: String = "vendor-1",
                     version: String = "2.1", pins: [String]? = nil, date: Date = time) throws -> [UInt8]
    {
        try body(try fields(host: host, chain: chain, pins: pins, vendor: vendor, version: version, date: date))
    }

    /// What the receiver makes of `body`, checked against root.pem.
    static func received(_ body: [UInt8], at receivedAt: Date = time, source: String = "127.0.0.1") throws -> ReceivedReport {
        let decoded = try TrustKitReportDecoder.decode(body)
        let inspector = ReportChainInspector(anchors: CertificateStore([try certificate("root.pem")]))
        let chain = try inspector.inspect(decoded)
        return ReceivedReport(body: decoded, rawBody: body, receivedAt: receivedAt, source: source,
                              certificates: chain.certificates, anchorCheck: chain.anchorCheck)
    }

    static func timestamp(_ date: Date) -> String { RFC3339.string(date) }

    /// This suite's own fixtures (Tests/ReportCollectorTests/Fixtures): upstream TrustKit report bodies.
    static let ownFixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    /// The bytes of fixture `name`, exactly as committed.
    static func fixture(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: ownFixtures.appendingPathComponent(name)))
    }

    /// TrustKit's `docs/sample_report.json` (TrustKit 1.3.1 on iOS 10.2: no `known-pins-expiration-date`).
    static func trustKitSample() throws -> [UInt8] { try fixture("trustkit-sample-report.json") }

    /// A TrustKit-Android 1.1.5 report, byte for byte as `PinningFailureReport.toJson().toString()` writes it.
    static func androidSample() throws -> [UInt8] { try fixture("trustkit-android-report.json") }

    /// The fields of a TrustKit-Android report over the TLS fixtures' chain, as `PinningFailureReport.toJson()`
    /// puts them: no `app-platform-version` or `known-pins-expiration-date`, a served chain, port 0.
    static func androidFields(host: String = "api.example.com", vendor: String = "6f1d3c2a-0b7e-4c1e-9a55-3d2f8e4b7c10",
                              pins: [String]? = nil, date: String = "2026-12-01T09:30:00Z") throws -> [String: Any]
    {
        let knownPins = try pins ?? [try pin("intermediate.pem"), try pin("root.pem")]
        let chain = try goodChain.map(pem)
        return [
            "app-bundle-id": "com.example.app", "app-version": "2.1", "app-vendor-id": vendor, "app-platform": "ANDROID",
            "trustkit-version": "1.1.5", "hostname": host, "port": 0, "noted-hostname": "example.com",
            "include-subdomains": true, "enforce-pinning": true, "validation-result": 1, "date-time": date,
            "validated-certificate-chain": chain, "served-certificate-chain": chain,
            "known-pins": knownPins.map { "pin-sha256=\"\($0)\"" },
        ]
    }
}
