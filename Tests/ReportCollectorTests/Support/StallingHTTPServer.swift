import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A webhook that never answers: listens on a free port of 127.0.0.1, accepts every connection and holds it
/// open without reading or writing until `stop()`. Its accept loop runs on a thread of its own and ends
/// at `stop()` (or after `lifetime` seconds, so a failing test cannot leave it running).
final class StallingHTTPServer: @unchecked Sendable {
    let port: UInt16
    private let listener: Int32
    private let lock = NSLock()
    private var held: [Int32] = []
    private var stopped = false
    private let finished = DispatchSemaphore(value: 0)

    /// Connections accepted so far.
    var accepted: Int { lock.withLock { held.count } }

    init(lifetime: TimeInterval = 120) throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard listener >= 0 else { throw LoopbackHTTPClient.Failure(description: "socket: \(String(cString: strerror(errno)))") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(listener, 512) == 0 else {
            close(listener)
            throw LoopbackHTTPClient.Failure(description: "bind/listen: \(String(cString: strerror(errno)))")
        }
        self.listener = listener
        port = Self.localPort(listener)
        let deadline = Date().addingTimeInterval(lifetime)
        Thread.detachNewThread { [self] in
            while Date() < deadline && !lock.withLock({ stopped }) {
                var ready = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
                guard poll(&ready, 1, 50) > 0 else { continue }
                let connection = accept(listener, nil, nil)
                if connection >= 0 { lock.withLock { held.append(connection) } }
            }
            finished.signal()
        }
    }

    /// Ends the accept loop and closes every held connection.
    func stop() {
        let first = lock.withLock {
            defer { stopped = true }
            return !stopped
        }
        guard first else { return }
        finished.wait()
        lock.withLock {
            held.forEach { close($0) }
            held = []
        }
        close(listener)
    }

    deinit { stop() }

    private static func localPort(_ descriptor: Int32) -> UInt16 {
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        return UInt16(bigEndian: address.sin_port)
    }
}
