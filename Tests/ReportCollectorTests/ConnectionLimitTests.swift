import Foundation
import HTTPServerBridge
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A raw TCP connection to 127.0.0.1 from a chosen loopback source address (127.0.0.x are all this host on
/// Linux), for clients that hold connections open or send requests in pieces.
private final class RawConnection {
    let fd: Int32

    init(port: UInt16, from source: String) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw POSIXError(.EMFILE) }
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var local = sockaddr_in()
        local.sin_family = sa_family_t(AF_INET)
        local.sin_addr.s_addr = inet_addr(source)
        var remote = sockaddr_in()
        remote.sin_family = sa_family_t(AF_INET)
        remote.sin_port = port.bigEndian
        remote.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &local) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        let connected = withUnsafePointer(to: &remote) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, connected == 0 else {
            close(fd)
            throw POSIXError(.ECONNREFUSED)
        }
    }

    deinit { close(fd) }

    func send(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    /// What the server sends: "" when it closed the connection without a word; nil when it sent nothing and kept
    /// the connection for the receive timeout (10 s).
    func receive() -> String? {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        // A timeout is EAGAIN; a connection the server reset reads as closed, like one it closed.
        if count < 0 { return errno == EAGAIN || errno == EWOULDBLOCK ? nil : "" }
        return String(decoding: buffer[..<count], as: UTF8.self)
    }
}

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
