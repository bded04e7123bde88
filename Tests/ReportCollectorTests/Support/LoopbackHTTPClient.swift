import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The tests' HTTP/1.1 client to a collector on 127.0.0.1: one kept-alive connection, blocking calls, a
/// receive timeout. It only reads what libmicrohttpd writes (status line, headers, Content-Length body), so
/// it stays small and adds no client library's overhead to the load test's numbers.
final class LoopbackHTTPClient {
    struct Response {
        let status: Int
        let headers: [String: String]
        let body: [UInt8]

        var text: String { String(decoding: body, as: UTF8.self) }

        func json() throws -> [String: Any] {
            try #require(try JSONSerialization.jsonObject(with: Data(body)) as? [String: Any])
        }
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    let port: UInt16
    private var socket: Int32 = -1
    private var buffer: [UInt8] = []

    init(port: UInt16) { self.port = port }

    deinit { disconnect() }

    func disconnect() {
        if socket >= 0 { close(socket) }
        socket = -1
        buffer = []
    }

    func post(_ path: String, body: [UInt8], contentType: String = "application/json", headers: [String: String] = [:])
        throws -> Response
    {
        try request("POST", path, body: body, headers: headers.merging(["Content-Type": contentType]) { $1 })
    }

    func get(_ path: String, headers: [String: String] = [:]) throws -> Response { try request("GET", path, body: nil, headers: headers) }

    /// A HEAD request: the answer's headers, no body (whatever its Content-Length says).
    func head(_ path: String, headers: [String: String] = [:]) throws -> Response { try request("HEAD", path, body: nil, headers: headers) }

    func request(_ method: String, _ path: String, body: [UInt8]?, headers: [String: String]) throws -> Response {
        if socket < 0 { try connect() }
        var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        if let body { head += "Content-Length: \(body.count)\r\n" }
        head += "\r\n"
        do {
            try send(Array(head.utf8) + (body ?? []))
            return try readResponse(hasBody: method != "HEAD")
        } catch {
            disconnect()
            throw error
        }
    }

    private func connect() throws {
        let fd = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure(description: "socket: \(String(cString: strerror(errno)))") }
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var one: Int32 = 1
        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let rc = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard rc == 0 else {
            let message = String(cString: strerror(errno))
            close(fd)
            throw Failure(description: "connect to 127.0.0.1:\(port): \(message)")
        }
        socket = fd
    }

    private func send(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard sent > 0 else { throw Failure(description: "send: \(String(cString: strerror(errno)))") }
            offset += sent
        }
    }

    /// One receive buffer per client, reused (a fresh 64 KiB array per read costs more than the read).
    private var chunk = [UInt8](repeating: 0, count: 65_536)

    private func fill() throws {
        let count = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { throw Failure(description: count == 0 ? "connection closed" : "recv: \(String(cString: strerror(errno)))") }
        chunk.withUnsafeBufferPointer { buffer.append(contentsOf: UnsafeBufferPointer(rebasing: $0[0..<count])) }
    }

    /// Where the blank line after the headers starts, if it has arrived.
    private func headerEnd() -> Int? {
        buffer.withUnsafeBufferPointer { bytes -> Int? in
            guard bytes.count >= 4 else { return nil }
            var index = 0
            while index <= bytes.count - 4 {
                if bytes[index] == 13 && bytes[index + 1] == 10 && bytes[index + 2] == 13 && bytes[index + 3] == 10 { return index }
                index += 1
            }
            return nil
        }
    }

    private func readResponse(hasBody: Bool) throws -> Response {
        var end = headerEnd()
        while end == nil {
            try fill()
            end = headerEnd()
        }
        let blank = end!
        let head = String(decoding: buffer[0..<blank], as: UTF8.self)
        buffer.removeFirst(blank + 4)
        var lines = head.components(separatedBy: "\r\n")
        let statusLine = lines.removeFirst().split(separator: " ")
        guard statusLine.count >= 2, let status = Int(statusLine[1]) else { throw Failure(description: "bad status line: \(head)") }
        var headers: [String: String] = [:]
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        let length = hasBody ? Int(headers["content-length"] ?? "0") ?? 0 : 0
        while buffer.count < length { try fill() }
        let body = Array(buffer[0..<length])
        buffer.removeFirst(length)
        if headers["connection"]?.lowercased() == "close" { disconnect() }
        return Response(status: status, headers: headers, body: body)
    }
}
