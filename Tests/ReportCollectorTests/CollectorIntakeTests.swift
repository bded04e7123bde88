import Foundation
import HTTPServerBridge
import ReportCollector
import Testing
import TrustCertificates
import TrustEvaluation

/// What reaches the store over HTTP, with the collector's defaults unless a test says otherwise: every
/// report format, the report paths, the client address behind trusted proxies and the two rate limits.
@Suite struct CollectorIntakeTests {
    private struct Running {
        let directory: TemporaryDirectory
        let server: CollectorServer

        init(configure: (inout CollectorConfiguration) throws -> Void = { _ in }) throws {
            directory = try TemporaryDirectory("collector-intake")
            var configuration = CollectorConfiguration(listen: try ListenAddress(parsing: "127.0.0.1:0"))
            configuration.inspector = ReportChainInspector(anchors: CertificateStore([try SampleReports.certificate("root.pem")]))
            configuration.shutdownGrace = 5
            configuration.readAuthorization = try ReadAuthorization(token: CollectorProcess.readToken)
            try configure(&configuration)
            let store = try ReportStoreOpener.open(.sqlite(path: directory.file("reports.db")))
            server = CollectorServer(configuration: configuration, store: store)
            try server.start()
        }

        var client: LoopbackHTTPClient { LoopbackHTTPClient(port: server.port) }

        func stop() {
            server.stop()
            directory.remove()
        }
    }

    private func errorCode(_ response: LoopbackHTTPClient.Response) throws -> String? {
        (try response.json()["error"] as? [String: Any])?["code"] as? String
    }

    /// Distinct reports from distinct devices: one host each, so no two share a deduplication key.
    private func reports(_ count: Int, vendor: ((Int) -> String)? = nil) throws -> [[UInt8]] {
        try (0..<count).map { index in
            try SampleReports.body(host: "h\(index).example.com", vendor: vendor?(index) ?? "device-\(index)")
        }
    }

    /// The acceptance test: 400 reports, all from 127.0.0.1 (a load balancer) naming 400 clients and 400
    /// devices, sent back to back. Every one is stored, each with the client the proxy named.
    @Test func fourHundredReportsThroughATrustedProxyAreAllStored() throws {
        let running = try Running { $0.trustedProxies = TrustedProxies([try IPAddressRange(parsing: "127.0.0.0/8")]) }
        defer { running.stop() }
        let client = running.client
        var statuses: [Int: Int] = [:]
        for (index, body) in try reports(400).enumerated() {
            let forwarded = "198.51.\(index / 250).\(index % 250 + 1), 127.0.0.1"
            statuses[try client.post("/report", body: body, headers: ["X-Forwarded-For": forwarded]).status, default: 0] += 1
        }
        #expect(statuses == [201: 400])
        let stored = try running.server.store.reports(since: nil)
        #expect(stored.count == 400)
        #expect(Set(stored.map(\.source)).count == 400)
        #expect(stored.first?.source == "198.51.0.1")
        #expect(stored.allSatisfy { $0.source.hasPrefix("198.51.") })
    }

    /// The same 400 from one address that no proxy speaks for — a NAT — are all stored too: the per-address
    /// default is far above what a crowd of devices sends.
    @Test func fourHundredDevicesBehindOneAddressAreAllStored() throws {
        let running = try Running()
        defer { running.stop() }
        let client = running.client
        let statuses = try reports(400).map { try client.post("/report", body: $0).status }
        #expect(statuses.filter { $0 == 201 }.count == 400)
        #expect(try running.server.store.statistics().storedReports == 400)
    }

    /// 400 distinct reports from one device are limited to its burst (20), the rest refused as the device's.
    @Test func fourHundredReportsFromOneDeviceAreLimited() throws {
        let running = try Running { $0.trustedProxies = TrustedProxies([try IPAddressRange(parsing: "127.0.0.1")]) }
        defer { running.stop() }
        let client = running.client
        var statuses: [Int: Int] = [:]
        var codes: Set<String> = []
        for (index, body) in try reports(400, vendor: { _ in "one-device" }).enumerated() {
            let response = try client.post("/report", body: body, headers: ["X-Forwarded-For": "203.0.113.\(index % 200 + 1)"])
            statuses[response.status, default: 0] += 1
            if response.status == 429, let code = try errorCode(response) { codes.insert(code) }
        }
        // The burst, plus at most what the 0.1/s rate refills while the test runs (within 20 s).
        let stored = statuses[201] ?? 0
        #expect((20...22).contains(stored), "\(statuses)")
        #expect(statuses[429] == 400 - stored)
        #expect(codes == ["rate_limited.device"])
        #expect(try running.server.store.statistics().storedReports == stored)
    }

    /// Without --trusted-proxy the header is the client's to write, so it is ignored: the source is the peer,
    /// and a client cannot escape its address's limit by naming other addresses.
    @Test func anUntrustedPeersForwardedForIsIgnored() throws {
        let running = try Running { $0.rateLimit = (1, 3) }
        defer { running.stop() }
        let client = running.client
        let statuses = try reports(5).enumerated().map { index, body in
            try client.post("/report", body: body, headers: ["X-Forwarded-For": "192.0.2.\(index + 1)"]).status
        }
        #expect(statuses.prefix(3) == [201, 201, 201])
        #expect(statuses.dropFirst(3).allSatisfy { $0 == 429 })
        #expect(try running.server.store.reports(since: nil).map(\.source) == ["127.0.0.1", "127.0.0.1", "127.0.0.1"])

        // Trusting another network changes nothing for this peer.
        let other = try Running { $0.trustedProxies = TrustedProxies([try IPAddressRange(parsing: "10.0.0.0/8")]) }
        defer { other.stop() }
        #expect(try other.client.post("/report", body: try SampleReports.body(), headers: ["X-Forwarded-For": "192.0.2.1"]).status == 201)
        #expect(try other.server.store.reports(since: nil).map(\.source) == ["127.0.0.1"])
    }

    /// A trusted proxy's malformed header counts as the proxy itself; proxies named in it are skipped.
    @Test func theForwardedClientIsTheNearestUntrustedAddress() throws {
        let running = try Running {
            $0.trustedProxies = TrustedProxies([try IPAddressRange(parsing: "127.0.0.1/32"), try IPAddressRange(parsing: "10.0.0.0/8")])
        }
        defer { running.stop() }
        let client = running.client
        let cases: [(String, String)] = [
            ("203.0.113.5, 10.1.2.3", "203.0.113.5"),
            ("6.6.6.6, 203.0.113.6, 10.9.9.9, 10.0.0.1", "203.0.113.6"),
            ("not-an-address, 10.1.2.3", "127.0.0.1"),
            ("[2001:DB8::7]:4711", "2001:db8::7"),
        ]
        for (index, (header, _)) in cases.enumerated() {
            #expect(try client.post("/report", body: try SampleReports.body(vendor: "v\(index)"), headers: ["X-Forwarded-For": header]).status == 201)
        }
        // A proxy that adds its own header line after the client's (HAProxy's `option forwardfor`): the two
        // lines are one list, so the client's forged line is left of what the proxy wrote.
        let twoLines = "6.6.6.6\r\nX-Forwarded-For: 203.0.113.7"
        #expect(try client.post("/report", body: try SampleReports.body(vendor: "two-lines"), headers: ["X-Forwarded-For": twoLines]).status == 201)
        #expect(try running.server.store.reports(since: nil).map(\.source) == cases.map(\.1) + ["203.0.113.7"])
    }

    @Test func everyFormatArrivesOverHTTP() throws {
        let running = try Running()
        defer { running.stop() }
        let client = running.client
        #expect(try client.post("/report", body: try SampleReports.androidSample()).status == 201)
        #expect(try client.post("/trustkit/report", body: try SampleReports.trustKitSample()).status == 201)
        #expect(try client.post("/log_report", body: try SampleReports.body()).status == 201)
        let stored = try running.server.store.reports(since: nil)
        #expect(stored.map(\.body.format) == [.android, .iOSLegacy, .iOS])
        #expect(stored.map(\.body.appPlatform.rawValue) == ["ANDROID", "IOS", "IOS"])
        let timeline = try client.get("/api/timeline", headers: ["Authorization": "Bearer \(CollectorProcess.readToken)"]).json()
        let platforms = Set(((timeline["by_version"] as? [[String: Any]]) ?? []).compactMap { $0["platform"] as? String })
        #expect(platforms == ["ANDROID", "IOS"])
    }

    @Test func theReportPathsAreTheConfiguredList() throws {
        let defaults = try Running()
        defer { defaults.stop() }
        #expect(try defaults.client.post("/log_report", body: try SampleReports.body()).status == 201)
        #expect(try defaults.client.post("/elsewhere", body: try SampleReports.body(vendor: "b")).status == 405)
        #expect(try defaults.client.get("/elsewhere").status == 404)

        let custom = try Running { $0.reportPaths = ["/pins/failures"] }
        defer { custom.stop() }
        #expect(try custom.client.post("/pins/failures", body: try SampleReports.body()).status == 201)
        for path in ["/report", "/log_report", "/trustkit/report"] {
            #expect(try custom.client.post(path, body: try SampleReports.body(vendor: "c")).status == 405, "\(path)")
        }
        #expect(try custom.server.store.statistics().storedReports == 1)
    }
}
