import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A small HTTP/1.1 server on 127.0.0.1 that the tests start themselves (POSIX sockets, no other process):
/// it records every request and answers as its mode says. One connection per request (`Connection: close`).
///
/// `@unchecked Sendable`: the mutable fields are only touched with `lock` held.
public final class TestHTTPServer: @unchecked Sendable {
    public enum Mode: Sendable, Equatable {
        /// 200 OK.
        case accept
        /// This status, with an empty body.
        case status(Int)
        /// Reads the request and never answers, until the server stops.
        case hang
    }

    public struct Request: Sendable {
        public let method: String
        public let path: String
        /// Header names lowercased.
        public let headers: [String: String]
        public let body: Data
    }

    public let port: UInt16
    private let listener: Int32
    private let lock = NSLock()
    private var mode: Mode
    private var recorded: [Request] = []
    private var hangs: [TimeInterval] = []
    private var running = true
    private let threads = DispatchGroup()

    /// Listens on 127.0.0.1:`port` (0: any free port).
    public convenience init(mode: Mode = .accept, port: UInt16 = 0) throws {
        try self.init(mode: mode, boundSocket: try Self.bindLoopback(port: port))
    }

    /// Starts listening on the port `reserved` holds, which it hands over.
    public convenience init(mode: Mode = .accept, takingOver reserved: ReservedPort) throws {
        try self.init(mode: mode, boundSocket: try reserved.handOver())
    }

    private init(mode: Mode, boundSocket listener: Int32) throws {
        self.mode = mode
        guard listen(listener, 16) == 0 else {
            let code = errno
            close(listener)
            throw POSIXError(.init(rawValue: code) ?? .EIO)
        }
        self.listener = listener
        self.port = try Self.localPort(of: listener)
        threads.enter()
        Thread { [self] in acceptLoop(); threads.leave() }.start()
    }

    /// A TCP socket bound to 127.0.0.1:`port` (0: any free port), not yet listening.
    static func bindLoopback(port: UInt16) throws -> Int32 {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
        var yes: Int32 = 1
        setsockopt(socket, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0 else {
            let code = errno
            close(socket)
            throw POSIXError(.init(rawValue: code) ?? .EIO)
        }
        return socket
    }

    static func localPort(of socket: Int32) throws -> UInt16 {
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket, $0, &length) }
        }
        guard named == 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
        return UInt16(bigEndian: address.sin_port)
    }

    public static func url(port: UInt16, path: String = "/report") -> URL { URL(string: "http://127.0.0.1:\(port)\(path)")! }

    public var url: URL { Self.url(port: port) }

    public func setMode(_ mode: Mode) { lock.withLock { self.mode = mode } }

    public var requests: [Request] { lock.withLock { recorded } }

    /// The requests received once there are `count` of them, or when `timeout` has passed: a request is
    /// recorded when the server's thread has read it, which on a busy machine can be after a client that
    /// gave up has returned.
    public func requests(atLeast count: Int, within timeout: TimeInterval) -> [Request] {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let received = requests
            if received.count >= count || Date() >= deadline { return received }
            usleep(20_000)
        }
    }

    /// For each request left unanswered in `.hang` mode, how long the client waited (from the end of its
    /// request until it closed the connection), measured on the server's own threads.
    public var hangDurations: [TimeInterval] { lock.withLock { hangs } }

    private var isRunning: Bool { lock.withLock { running } }

    /// Stops listening, lets hanging connections go, and waits (at most 5 s) for every thread to end.
    public func stop() {
        let wasRunning = lock.withLock { () -> Bool in
            defer { running = false }
            return running
        }
        guard wasRunning else { return }
        _ = threads.wait(timeout: .now() + 5)
        close(listener)
    }

    deinit { stop() }

    private func acceptLoop() {
        while isRunning {
            var poller = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 20) > 0 else { continue }
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { continue }
            threads.enter()
            Thread { [self] in
                serve(connection)
                close(connection)
                threads.leave()
            }.start()
        }
    }

    private func serve(_ connection: Int32) {
        var timeout = timeval(tv_sec: 0, tv_usec: 100_000)
        setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var buffer = Data()
        let deadline = Date().addingTimeInterval(5)
        func receive() -> Bool {
            var chunk = [UInt8](repeating: 0, count: 16384)
            let count = recv(connection, &chunk, chunk.count, 0)
            if count > 0 { buffer.append(contentsOf: chunk[0..<count]); return true }
            return count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) && Date() < deadline && isRunning
        }
        let separator = Data("\r\n\r\n".utf8)
        while buffer.range(of: separator) == nil {
            guard buffer.count < 65536, receive() else { return }
        }
        let headerEnd = buffer.range(of: separator)!
        let lines = String(decoding: buffer[..<headerEnd.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        let requestLine = lines[0].split(separator: " ")
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        if headers["expect"]?.lowercased() == "100-continue" { reply(connection, "HTTP/1.1 100 Continue\r\n\r\n") }
        let length = min(Int(headers["content-length"] ?? "0") ?? 0, 1 << 22)
        buffer = Data(buffer[headerEnd.upperBound...])
        while buffer.count < length {
            guard receive() else { return }
        }
        let request = Request(method: requestLine.first.map(String.init) ?? "", path: requestLine.dropFirst().first.map(String.init) ?? "",
                              headers: headers, body: Data(buffer.prefix(length)))
        let mode = lock.withLock { () -> Mode in
            recorded.append(request)
            return self.mode
        }
        switch mode {
        case .accept: reply(connection, "HTTP/1.1 200 OK\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
        case .status(let status): reply(connection, "HTTP/1.1 \(status) Test\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
        case .hang:
            let received = Date()
            while isRunning {
                var poller = pollfd(fd: connection, events: Int16(POLLIN), revents: 0)
                guard poll(&poller, 1, 10) > 0 else { continue }
                var byte: UInt8 = 0
                guard recv(connection, &byte, 1, 0) <= 0 else { continue }
                let waited = Date().timeIntervalSince(received)  // the client gave up and closed
                lock.withLock { hangs.append(waited) }
                return
            }
        }
    }

    private func reply(_ connection: Int32, _ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }
}
