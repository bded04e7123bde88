import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// One HTTP/1.1 request to 127.0.0.1 on its own connection (`Connection: close`, read to the end), as a
/// TrustKit app's report upload is: enough to talk to the collector without a client library.
struct LoopbackRequest {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    struct Response {
        let status: Int
        /// Header names lower-cased.
        let headers: [String: String]
        let body: [UInt8]

        func json() throws -> [String: Any] {
            guard let object = try JSONSerialization.jsonObject(with: Data(body)) as? [String: Any] else {
                throw Failure(description: "not a JSON object: \(String(decoding: body, as: UTF8.self))")
            }
            return object
        }
    }

    let port: UInt16

    func get(_ path: String, headers: [String: String] = [:]) throws -> Response { try send("GET", path, body: [], headers: headers) }

    func post(_ path: String, json body: [UInt8]) throws -> Response {
        try send("POST", path, body: body, headers: ["Content-Type": "application/json"])
    }

    func send(_ method: String, _ path: String, body: [UInt8], headers: [String: String] = [:]) throws -> Response {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw Failure(description: "socket: \(String(cString: strerror(errno)))") }
        defer { close(socket) }
        var timeout = timeval(tv_sec: 20, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw Failure(description: "connect to port \(port): \(String(cString: strerror(errno)))") }
        var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\nContent-Length: \(body.count)\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        let request = Array((head + "\r\n").utf8) + body
        var sent = 0
        while sent < request.count {
            let written = request[sent...].withUnsafeBytes { write(socket, $0.baseAddress, $0.count) }
            guard written > 0 else { throw Failure(description: "write: \(String(cString: strerror(errno)))") }
            sent += written
        }
        var response: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16_384)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(socket, $0.baseAddress, $0.count) }
            if count < 0 { throw Failure(description: "read: \(String(cString: strerror(errno)))") }
            if count == 0 { break }
            response += buffer[0..<count]
        }
        let separator: [UInt8] = [13, 10, 13, 10]
        guard let end = response.firstRange(of: separator) else {
            throw Failure(description: "no HTTP response: \(String(decoding: response, as: UTF8.self))")
        }
        let lines = String(decoding: response[..<end.lowerBound], as: UTF8.self).split(separator: "\r\n")
        let statusLine = lines.first ?? ""
        let parts = statusLine.split(separator: " ")
        guard parts.count >= 2, let status = Int(parts[1]) else { throw Failure(description: "bad status line: \(statusLine)") }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return Response(status: status, headers: headers, body: Array(response[end.upperBound...]))
    }
}
