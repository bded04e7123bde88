import Foundation
import HTTPServerBridge
import ReportCollector
import Testing
import TrustCertificates
import TrustEvaluation
#if canImport(Glibc)
import Glibc
#endif

/// Who can read the collector's analysis: the read token on every `/api/` path and method, the reporting
/// secret kept to reports, the API closed without a read token, the body and header limits on the API, and a
/// port alone listening on loopback only.
@Suite struct APIAccessTests {
    static let token = "api-access-tests-0123456789abcdef"
    static let secret = "reporting-secret-in-every-app"
    static let bearer = ["Authorization": "Bearer \(token)"]
    static let apiPaths = ["/api/summary", "/api/timeline", "/api/suspects", "/api/rotation"]

    /// A collector in process on a free loopback port.
    private struct Running {
        let directory: TemporaryDirectory
        let server: CollectorServer

        init(token: String? = APIAccessTests.token, listen: String = "127.0.0.1:0",
             configure: (inout CollectorConfiguration) throws -> Void = { _ in }) throws
        {
            directory = try TemporaryDirectory("api-access")
            var configuration = CollectorConfiguration(listen: try ListenAddress(parsing: listen))
            configuration.inspector = ReportChainInspector(anchors: CertificateStore([try SampleReports.certificate("root.pem")]))
            configuration.rateLimit = nil
            configuration.shutdownGrace = 5
            if let token { configuration.readAuthorization = try ReadAuthorization(token: token) }
            try configure(&configuration)
            server = CollectorServer(configuration: configuration, store: try ReportStoreOpener.open(.sqlite(path: directory.file("reports.db"))))
            try server.start()
        }

        var client: LoopbackHTTPClient { LoopbackHTTPClient(port: server.port) }

        func stop() {
            server.stop()
            directory.remove()
        }
    }

    private static func code(_ response: LoopbackHTTPClient.Response) -> String? {
        ((try? response.json())?["error"] as? [String: Any])?["code"] as? String
    }

    // MARK: The read token

    @Test func everyAPIPathAndMethodNeedsTheReadToken() throws {
        let running = try Running()
        defer { running.stop() }
        let client = running.client
        var wrongLast = Array(Self.token)
        wrongLast[wrongLast.count - 1] = wrongLast.last == "f" ? "e" : "f"
        let refusals: [(headers: [String: String], code: String, challenge: String)] = [
            ([:], "auth.missing_read_token", #"Bearer realm="trustcheck collect""#),
            (["Authorization": "Bearer " + String(wrongLast)], "auth.wrong_read_token", #"Bearer realm="trustcheck collect", error="invalid_token""#),
            (["Authorization": "Bearer"], "auth.missing_read_token", #"Bearer realm="trustcheck collect""#),
            (["Authorization": "Basic " + Data("user:\(Self.token)".utf8).base64EncodedString()], "auth.missing_read_token",
             #"Bearer realm="trustcheck collect""#),
            (["Authorization": Self.token], "auth.missing_read_token", #"Bearer realm="trustcheck collect""#),
        ]
        for path in Self.apiPaths + ["/api/nothing", "/api/summary?since=2026-01-01"] {
            for (headers, code, challenge) in refusals {
                let get = try client.get(path, headers: headers)
                #expect(get.status == 401, "GET \(path) \(headers)")
                #expect(get.headers["www-authenticate"] == challenge, "GET \(path) \(headers)")
                #expect(Self.code(get) == code, "GET \(path) \(headers)")
                let head = try client.head(path, headers: headers)
                #expect(head.status == 401, "HEAD \(path) \(headers)")
                #expect(head.headers["www-authenticate"] == challenge, "HEAD \(path) \(headers)")
            }
            let expected = path == "/api/nothing" ? 404 : 200
            #expect(try client.get(path, headers: Self.bearer).status == expected, "GET \(path)")
            let head = try client.head(path, headers: Self.bearer)
            #expect(head.status == expected, "HEAD \(path)")
            #expect(head.body.isEmpty)
            // The scheme's name is case-insensitive (RFC 7235 §2.1).
            #expect(try client.get(path, headers: ["Authorization": "bearer \(Self.token)"]).status == expected, "GET \(path)")
        }
        let summary = try client.get("/api/summary", headers: Self.bearer)
        #expect(summary.headers["content-type"] == "application/json")
        #expect(summary.headers["cache-control"] == "no-store")
        #expect(try summary.json()["stored_reports"] as? Int == 0)
    }

    /// A wrong token is answered the same way however near it is: the same status, challenge and body for a
    /// guess right but for its last character, one wrong from the first, a shorter and a longer one. (The time
    /// taken is not measured here: the comparison is of two SHA-256 digests in full, `ReadAuthorization`.)
    @Test func wrongTokensAreAnsweredAlike() throws {
        let running = try Running()
        defer { running.stop() }
        let client = running.client
        var nearly = Array(Self.token)
        nearly[nearly.count - 1] = nearly.last == "f" ? "e" : "f"
        let guesses = [String(nearly), "x" + Self.token.dropFirst(), String(Self.token.prefix(4)), Self.token + Self.token, "z"]
        let answers = try guesses.map { try client.get("/api/summary", headers: ["Authorization": "Bearer \($0)"]) }
        for answer in answers {
            #expect(answer.status == 401)
            #expect(answer.body == answers[0].body)
            #expect(answer.headers["www-authenticate"] == answers[0].headers["www-authenticate"])
        }
        #expect(Self.code(answers[0]) == "auth.wrong_read_token")
    }

    @Test func theReportingSecretOnlyReportsAndTheReadTokenOnlyReads() throws {
        let running = try Running { $0.authorization.sharedSecret = Self.secret }
        defer { running.stop() }
        let client = running.client
        // The secret, however presented, does not open the API.
        #expect(Self.code(try client.get("/api/summary", headers: ["Authorization": "Bearer \(Self.secret)"])) == "auth.wrong_read_token")
        #expect(try client.get("/api/summary?secret=\(Self.secret)").status == 401)
        #expect(try client.get("/api/summary", headers: ["X-TrustCheck-Secret": Self.secret]).status == 401)
        // The read token, however presented, is not the reporting secret.
        let body = try SampleReports.body()
        #expect(Self.code(try client.post("/report?secret=\(Self.token)", body: body)) == "auth.wrong_secret")
        #expect(Self.code(try client.post("/report", body: body, headers: ["X-TrustCheck-Secret": Self.token])) == "auth.wrong_secret")
        #expect(Self.code(try client.post("/report", body: body, headers: Self.bearer)) == "auth.missing_secret")
        // Each does its own job.
        #expect(try client.post("/report?secret=\(Self.secret)", body: body).status == 201)
        #expect(try client.get("/api/summary", headers: Self.bearer).json()["stored_reports"] as? Int == 1)
    }

    @Test func withoutAReadTokenTheAPIIsClosedAndReportsStillArrive() throws {
        let running = try Running(token: nil)
        defer { running.stop() }
        let client = running.client
        for path in Self.apiPaths {
            for headers in [[:], Self.bearer] {
                let answer = try client.get(path, headers: headers)
                #expect(answer.status == 403, "\(path) \(headers)")
                #expect(Self.code(answer) == "auth.api_closed")
                #expect(answer.headers["www-authenticate"] == nil)
                let message = (try answer.json()["error"] as? [String: Any])?["message"] as? String
                #expect(message == "this collector's API is closed: start trustcheck collect with --read-token-file FILE to read it")
                #expect(try client.head(path, headers: headers).status == 403)
            }
        }
        #expect(try client.post("/report", body: try SampleReports.body()).status == 201)
        #expect(try running.server.store.statistics().storedReports == 1)
    }

    /// The dashboard's page and script hold no data: they load without the token, then ask for it.
    @Test func theDashboardFilesNeedNoToken() throws {
        let running = try Running()
        defer { running.stop() }
        let client = running.client
        for path in ["/", "/dashboard/app.js", "/dashboard/style.css"] {
            #expect(try client.get(path).status == 200, "\(path)")
        }
        #expect(try client.get("/").text.contains(#"id="token-form""#))
    }

    @Test func readTokensAreCheckedWhenConfigured() {
        for (token, kind) in [("short", ReadTokenError.Kind.tooShort), ("has spaces in the token", .invalidCharacter),
                              ("0123456789abcdef=0", .invalidCharacter), ("caf\u{E9}0123456789abcdef", .invalidCharacter),
                              (String(repeating: "a", count: 1_025), .tooLong)]
        {
            do {
                _ = try ReadAuthorization(token: token)
                Issue.record("\(token) was accepted")
            } catch {
                #expect(error.kind == kind, "\(token)")
            }
        }
        for token in ["0123456789abcdef", "a-b.c_d~e+f/g0123456==", String(repeating: "a", count: 1_024)] {
            #expect(throws: Never.self, "\(token)") { _ = try ReadAuthorization(token: token) }
        }
        let open = try? ReadAuthorization(token: Self.token)
        #expect(open?.isConfigured == true)
        #expect(open?.isToken(Self.token) == true)
        #expect(open?.isToken(Self.secret) == false)
        #expect(ReadAuthorization().isConfigured == false)
        #expect(ReadAuthorization().isToken(Self.token) == false)
    }

    // MARK: Limits on the API

    /// A GET whose Content-Length is over the body limit is answered 413 at once: the server does not wait for
    /// (or keep) a body that never comes, on the API and on the dashboard alike, token or not.
    @Test func aGETWithAnOversizedBodyIsRefusedBeforeItIsRead() throws {
        let running = try Running { $0.bodyLimit = 2048 }
        defer { running.stop() }
        for (path, authorization) in [("/api/summary", "Authorization: Bearer \(Self.token)\r\n"), ("/api/timeline", ""), ("/", "")] {
            let connection = try RawConnection(port: running.server.port, from: "127.0.0.1")
            connection.send("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n\(authorization)Content-Length: 1000000000\r\n\r\n")
            let started = Date()
            let answer = connection.receive()
            #expect(answer?.hasPrefix("HTTP/1.1 413") == true, "\(path): \(answer ?? "nothing within 10 s")")
            #expect(answer?.contains(#""code":"body.too_large""#) == true)
            #expect(Date().timeIntervalSince(started) < 8)
        }
        // A chunked body (no Content-Length) is dropped as it passes the limit, and refused at its end.
        let connection = try RawConnection(port: running.server.port, from: "127.0.0.1")
        let chunk = String(repeating: "x", count: 4096)
        connection.send("GET /api/summary HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(Self.token)\r\nTransfer-Encoding: chunked\r\n\r\n")
        for _ in 0..<64 { connection.send("1000\r\n\(chunk)\r\n") }
        connection.send("0\r\n\r\n")
        let answer = connection.receive()
        #expect(answer?.hasPrefix("HTTP/1.1 413") == true, "\(answer ?? "nothing within 10 s")")
        // Under the limit, a body is read and ignored.
        let small = try running.client.request("GET", "/api/summary", body: Array(repeating: 0x20, count: 1000), headers: Self.bearer)
        #expect(small.status == 200)
    }

    /// Request headers past the connection's 32 KiB (`HTTPServerConfiguration.connectionMemoryLimit`) are
    /// refused by libmicrohttpd itself: the request never reaches the API.
    @Test func anOversizedHeaderIsRefused() throws {
        let running = try Running()
        defer { running.stop() }
        let connection = try RawConnection(port: running.server.port, from: "127.0.0.1")
        let padding = String(repeating: "p", count: 40 * 1024)
        connection.send("GET /api/summary HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(Self.token)\r\nX-Padding: \(padding)\r\n\r\n")
        let answer = connection.receive() ?? "nothing within 10 s"
        #expect(answer.hasPrefix("HTTP/1.1 431 "), "\(answer.prefix(200))")
        #expect(!answer.contains("stored_reports"))
        // The collector goes on serving.
        #expect(try running.client.get("/api/summary", headers: Self.bearer).status == 200)
    }

    // MARK: Where it listens

    @Test func aPortAloneIsLoopbacksAndOnlyLoopbackIsCalledSo() throws {
        let alone = try ListenAddress(parsing: "8080")
        #expect(alone.host == "127.0.0.1")
        #expect(alone.port == 8080)
        #expect(alone.isLoopback)
        for (text, loopback) in [("0.0.0.0:80", false), ("[::]:80", false), ("192.0.2.1:80", false), ("[2001:db8::1]:80", false),
                                 ("127.0.0.1:80", true), ("127.9.8.7:80", true), ("[::1]:80", true), ("[::ffff:127.0.0.1]:80", true),
                                 ("[::ffff:192.0.2.1]:80", false), ("localhost:80", true)]
        {
            #expect(try ListenAddress(parsing: text).isLoopback == loopback, "\(text)")
        }
        #expect(throws: HTTPServerError.self) { _ = try ListenAddress(parsing: ":8080") }
    }

    /// Started with a port alone, the collector cannot be reached on the machine's other addresses; started on
    /// 0.0.0.0 it can (so the first check could fail). Without another address, the bound host is checked.
    @Test func aPortAloneCannotBeReachedFromOtherAddresses() throws {
        let running = try Running(listen: "0")
        defer { running.stop() }
        #expect(running.server.configuration.listen.host == "127.0.0.1")
        #expect(Self.connects(to: "127.0.0.1", port: running.server.port))
        guard let other = Self.nonLoopbackIPv4Address() else { return }
        #expect(!Self.connects(to: other, port: running.server.port), "reached on \(other)")
        let everywhere = try Running(listen: "0.0.0.0:0")
        defer { everywhere.stop() }
        #expect(Self.connects(to: other, port: everywhere.server.port), "0.0.0.0 not reached on \(other)")
    }

    /// The first IPv4 address of an interface that is up and not loopback, or nil.
    static func nonLoopbackIPv4Address() -> String? {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0 else { return nil }
        defer { freeifaddrs(list) }
        var entry = list
        while let current = entry {
            defer { entry = current.pointee.ifa_next }
            let flags = Int32(current.pointee.ifa_flags)
            guard let address = current.pointee.ifa_addr, Int32(address.pointee.sa_family) == AF_INET,
                  flags & Int32(IFF_UP) != 0, flags & Int32(IFF_LOOPBACK) == 0
            else { continue }
            var inet = address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee.sin_addr }
            var buffer = [CChar](repeating: 0, count: Int(INET_ADDRSTRLEN))
            guard inet_ntop(AF_INET, &inet, &buffer, socklen_t(buffer.count)) != nil else { continue }
            return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        return nil
    }

    /// Whether a TCP connection to `host:port` is accepted.
    static func connects(to host: String, port: UInt16) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr(host)
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        } == 0
    }

    /// `trustcheck collect` says at start-up when its API is closed, and when it serves other machines in
    /// clear text; with a read token on loopback it has nothing to warn of.
    @Test func theCollectorWarnsWhenItsAPIIsClosedOrInClearText() throws {
        let directory = try TemporaryDirectory("api-access-process")
        defer { directory.remove() }
        let closed = "trustcheck collect: warning: the API and the dashboard's data are closed (403) until the collector is started with "
            + "--read-token-file FILE; reports are received\n"
        let tokenArguments = try CollectorProcess.readTokenArguments(directory)

        let loopback = try CollectorProcess(database: directory.file("a.db"), directory: directory, listen: "0")
        let loopbackPort = loopback.port
        let quiet = loopback.stop()
        #expect(quiet.stdout.hasPrefix("trustcheck collect: listening on http://127.0.0.1:\(loopbackPort) "))
        #expect(quiet.stderr == closed)

        let everywhere = try CollectorProcess(database: directory.file("b.db"), directory: directory, listen: "0.0.0.0:0")
        let loud = everywhere.stop()
        #expect(loud.stderr == closed + "trustcheck collect: warning: listening on 0.0.0.0 without TLS: reports and answers cross "
                + "the network in clear text; use --tls-cert and --tls-key, or a TLS proxy in front\n")

        let withToken = try CollectorProcess(database: directory.file("c.db"), directory: directory, listen: "0", arguments: tokenArguments)
        let client = LoopbackHTTPClient(port: withToken.port)
        #expect(try client.get("/api/summary").status == 401)
        #expect(try client.get("/api/summary", headers: ["Authorization": "Bearer \(CollectorProcess.readToken)"]).status == 200)
        #expect(withToken.stop().stderr == "")
    }
}
