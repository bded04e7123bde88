import Foundation
import GnuTLSBridge
import HTTPServerBridge
import ReportCollector
import Testing
import TLSClient
import TrustCertificates
import TrustEvaluation

/// The collector's HTTP service in process, over real loopback connections (libmicrohttpd).
@Suite struct CollectorServerTests {
    private struct Running {
        let directory: TemporaryDirectory
        let server: CollectorServer
        /// The read token the API is opened with.
        static let token = "collector-server-tests-read-token"
        static let bearer = ["Authorization": "Bearer \(token)"]

        init(configure: (inout CollectorConfiguration) throws -> Void = { _ in }) throws {
            directory = try TemporaryDirectory("collector-server")
            var configuration = CollectorConfiguration(listen: try ListenAddress(parsing: "127.0.0.1:0"))
            configuration.inspector = ReportChainInspector(anchors: CertificateStore([try SampleReports.certificate("root.pem")]))
            configuration.shutdownGrace = 5
            configuration.readAuthorization = try ReadAuthorization(token: Self.token)
            try configure(&configuration)
            let store = try ReportStoreOpener.open(.sqlite(path: directory.file("reports.db")))
            server = CollectorServer(configuration: configuration, store: store)
            try server.start()
        }

        func stop() {
            server.stop()
            directory.remove()
        }
    }

    @Test func reportsGoInAndTheAPIServesTheAnalysis() throws {
        let running = try Running()
        defer { running.stop() }
        let client = LoopbackHTTPClient(port: running.server.port)
        #expect(try client.post("/report", body: try SampleReports.body(vendor: "a")).status == 201)
        #expect(try client.post("/trustkit/report", body: try SampleReports.body(host: "login.example.com", chain: SampleReports.otherChain,
                                                                               vendor: "b")).status == 201)
        #expect(try client.post("/report", body: try SampleReports.body(vendor: "a")).status == 200)
        #expect(try client.post("/report", body: Array("{}".utf8)).status == 400)

        let summary = try client.get("/api/summary", headers: Running.bearer)
        #expect(summary.status == 200)
        #expect(summary.headers["content-type"] == "application/json")
        let counts = try summary.json()
        #expect(counts["stored_reports"] as? Int == 2)
        #expect(counts["duplicates"] as? Int == 1)
        #expect(counts["malformed"] as? Int == 1)
        #expect(counts["suspects"] as? Int == 1)

        let suspects = try #require(try client.get("/api/suspects", headers: Running.bearer).json()["suspects"] as? [[String: Any]])
        #expect(suspects.count == 1)
        #expect(suspects.first?["host"] as? String == "login.example.com")
        #expect(suspects.first?["issuers"] as? [String] == ["CN=TLS Untrusted Root,O=TrustCheck TLS tests"])

        let timeline = try client.get("/api/timeline?bucket=60", headers: Running.bearer).json()
        #expect(timeline["bucket_seconds"] as? Int == 60)
        #expect((timeline["hosts"] as? [[String: Any]])?.count == 2)
        let rotation = try client.get("/api/rotation", headers: Running.bearer).json()
        #expect((rotation["domains"] as? [[String: Any]])?.first?["domain"] as? String == "example.com")

        let future = try client.get("/api/summary?since=2999-01-01T00:00:00Z", headers: Running.bearer).json()
        #expect(future["stored_reports"] as? Int == 0)
        #expect(future["since"] as? String == "2999-01-01T00:00:00Z")
    }

    @Test func badQueriesPathsAndMethodsAreRefused() throws {
        let running = try Running()
        defer { running.stop() }
        let client = LoopbackHTTPClient(port: running.server.port)
        let since = try client.get("/api/summary?since=yesterday", headers: Running.bearer)
        #expect(since.status == 400)
        #expect((try since.json()["error"] as? [String: Any])?["code"] as? String == "query.since")
        #expect(try client.get("/api/timeline?bucket=5", headers: Running.bearer).status == 400)
        #expect(try client.get("/api/nothing", headers: Running.bearer).status == 404)
        #expect(try client.get("/report").status == 405)
        #expect(try client.get("/report").headers["allow"] == "POST")
        #expect(try client.post("/api/summary", body: []).status == 405)
        #expect(try client.get("/dashboard/..%2Fstorage").status == 404)
        #expect(try client.get("/dashboard/.hidden").status == 404)
        #expect(try client.get("/elsewhere").status == 404)
    }

    @Test func theDashboardFilesAreServed() throws {
        let running = try Running()
        defer { running.stop() }
        let client = LoopbackHTTPClient(port: running.server.port)
        let page = try client.get("/")
        #expect(page.status == 200)
        #expect(page.headers["content-type"] == "text/html; charset=utf-8")
        #expect(page.text.contains("<html"))
        #expect(try client.get("/dashboard/index.html").body == page.body)
    }

    @Test func aBodyOverTheLimitIs413BeforeItIsRead() throws {
        let running = try Running { $0.bodyLimit = 2048 }
        defer { running.stop() }
        let client = LoopbackHTTPClient(port: running.server.port)
        var fields = try SampleReports.fields()
        fields["padding"] = String(repeating: "x", count: 4096)
        let response = try client.post("/report", body: try SampleReports.body(fields))
        #expect(response.status == 413)
        #expect(try running.server.store.statistics().malformedByReason == ["body.too_large": 1])
        // A body just under the limit is read and judged on its content.
        let small = LoopbackHTTPClient(port: running.server.port)
        #expect(try small.post("/report", body: Array(repeating: 0x20, count: 2000)).status == 400)
    }

    /// HTTPS through `trustcheck collect --tls-cert --tls-key` (a process: libmicrohttpd's GnuTLS then shares
    /// no global state with the other suites' in-process TLS servers).
    /// Synchronous on purpose: an async test can wait many seconds for a Swift concurrency thread between the
    /// handshake and the request while other suites block theirs, long enough for the collector's idle
    /// timeout to close the connection (seen in whole-suite runs).
    @Test func reportsArriveOverHTTPS() throws {
        let directory = try TemporaryDirectory("collector-https")
        defer { directory.remove() }
        let database = directory.file("reports.db")
        let collector = try CollectorProcess(database: database, directory: directory,
                                             arguments: ["--tls-cert", SampleReports.path("server-chain.pem"),
                                                         "--tls-key", SampleReports.path("leaf.key")])
        defer { collector.stop() }
        var configuration = TLSClientConfiguration()
        configuration.anchors = .only(CertificateStore([try SampleReports.certificate("root.pem")]))
        configuration.verificationTime = SampleReports.time
        configuration.serverName = "localhost"
        configuration.connectTimeout = 5
        configuration.handshakeTimeout = 5
        let connection = try TLSClient.connectBlocking(host: "127.0.0.1", port: collector.port, configuration: configuration)
        #expect(connection.verdict.isTrusted)
        let body = try SampleReports.body()
        let head = "POST /report HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: \(body.count)\r\nConnection: close\r\n\r\n"
        try connection.writeBlocking(Array(head.utf8) + body)
        // Read until the whole answer is in: the status line, headers and the Content-Length body.
        var response: [UInt8] = []
        while !Self.isComplete(response) {
            let chunk = try connection.readBlocking()
            if chunk.isEmpty { break }
            response += chunk
        }
        connection.closeBlocking()
        let text = String(decoding: response, as: UTF8.self)
        #expect(text.hasPrefix("HTTP/1.1 201"))
        #expect(text.contains(#"{"id":1,"status":"stored"}"#))
        let result = collector.stop()
        #expect(result.stdout.hasPrefix("trustcheck collect: listening on https://127.0.0.1:\(collector.port) "))
        let store = try SQLiteReportStore(path: database)
        defer { store.close() }
        #expect(try store.reports(since: nil).count == 1)
    }

    private static func isComplete(_ response: [UInt8]) -> Bool {
        let text = String(decoding: response, as: UTF8.self)
        guard let end = text.range(of: "\r\n\r\n") else { return false }
        let length = text[..<end.lowerBound].split(separator: "\r\n")
            .first { $0.lowercased().hasPrefix("content-length:") }
            .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
        return text[end.upperBound...].utf8.count >= length
    }

    @Test func stopAnswersInFlightRequestsThenRefusesConnections() throws {
        let running = try Running()
        let port = running.server.port
        let client = LoopbackHTTPClient(port: port)
        #expect(try client.post("/report", body: try SampleReports.body()).status == 201)
        #expect(running.server.stop() == 0)
        let after = LoopbackHTTPClient(port: port)
        #expect(throws: LoopbackHTTPClient.Failure.self) { _ = try after.get("/api/summary") }
        running.directory.remove()
    }

    @Test func aSecondServerOnTheSamePortFailsToStartWithTheReason() throws {
        let running = try Running()
        defer { running.stop() }
        let other = HTTPServer(configuration: HTTPServerConfiguration(address: try ListenAddress(parsing: "127.0.0.1:\(running.server.port)"),
                                                                      bodyLimit: 1024)) { _ in HTTPResponse(status: 200) }
        do {
            try other.start()
            Issue.record("two servers bound one port")
        } catch {
            #expect(error.code == "listen.start_failed")
            #expect(error.localizedDescription.contains("127.0.0.1:\(running.server.port)"))
        }
    }

    @Test func listenAddressesAreParsedStrictly() throws {
        #expect(try ListenAddress(parsing: "[::1]:8443").description == "[::1]:8443")
        #expect(try ListenAddress(parsing: "localhost:80").host == "127.0.0.1")
        for bad in [":8080", "127.0.0.1", "", "127.0.0.1:99999", "example.com:80", "[::1:80", "1.2.3.4:x"] {
            #expect(throws: HTTPServerError.self, "\(bad)") { _ = try ListenAddress(parsing: bad) }
        }
    }
}
