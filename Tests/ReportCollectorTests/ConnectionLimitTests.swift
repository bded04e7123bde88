import Foundation
import HTTPServerBridge
import Testing
#if canImport(Glibc)
import Glibc
#endif

@Suite("HTTP server connection limits", .serialized)
struct ConnectionLimitTests {
    func server(perClient: Int, headerTimeout: Int) throws -> HTTPServer {
        var configuration = HTTPServerConfiguration(address: try ListenAddress(parsing: "127.0.0.1:0"), bodyLimit: 1024)
        configuration.perClientConnectionLimit = perClient
        configuration.headerTimeoutSeconds = headerTimeout
        let server = HTTPServer(configuration: configuration) { _ in HTTPResponse(status: 200, headers: [], body: Array("ok".utf8)) }
        try server.start()
        return server
    }

    static let request = "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"

    @Test func oneAddressHoldingConnectionsLocksOutOnlyItself() throws {
        let server = try server(perClient: 4, headerTimeout: 30)
        defer { server.shutdown(grace: 0) }
        // A client trickling the start of requests on more connections than it may hold.
        let held = try (0..<12).map { _ in try RawConnection(port: server.port, from: "127.0.0.1") }
        for connection in held { connection.send("GET / HTTP/1.1\r\nHost: 12") }
        // Another address is served at once.
        let other = try RawConnection(port: server.port, from: "127.0.0.2")
        other.send(Self.request)
        #expect(other.receive()?.hasPrefix("HTTP/1.1 200") == true)
        // The holder's connections past its limit were closed without an answer.
        let refused = held.suffix(8).map { $0.receive() }
        #expect(refused == Array(repeating: "", count: 8))
    }

    @Test func aConnectionThatNeverCompletesItsHeadersIsClosedAfterTheHeaderTimeout() throws {
        let server = try server(perClient: 0, headerTimeout: 1)
        defer { server.shutdown(grace: 0) }
        let stalled = try RawConnection(port: server.port, from: "127.0.0.1")
        stalled.send("GET / HTTP/1.1\r\nHo")
        let started = Date()
        #expect(stalled.receive() == "")
        // Closed by the header timeout (1 s), not by the 10 s receive timeout nor the 30 s idle one.
        #expect(Date().timeIntervalSince(started) < 8)

        // Once its headers are in, a kept-alive connection has the full idle allowance.
        let kept = try RawConnection(port: server.port, from: "127.0.0.1")
        kept.send(Self.request)
        #expect(kept.receive()?.hasPrefix("HTTP/1.1 200") == true)
        Thread.sleep(forTimeInterval: 2.5)
        kept.send(Self.request)
        #expect(kept.receive()?.hasPrefix("HTTP/1.1 200") == true)
    }
}
