import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A TCP server on 127.0.0.1 that answers every connection by sending `bytes` one at a time, `interval`
/// seconds apart: a server that paces its handshake so that each read gets a byte before a per-read
/// timeout would fire. Everything it does is bounded: at most `bytes.count` bytes per connection, at
/// most `maximumConnections` connections, and nothing after `lifetime` seconds or `stop()`.
public final class TrickleServer: @unchecked Sendable {
    /// A TLS record header announcing a 16 KiB handshake record (a ServerHello that never ends), then
    /// its first bytes: a client must read all of it before it can decide anything.
    public static let endlessServerHello: [UInt8] = [0x16, 0x03, 0x03, 0x40, 0x00, 0x02, 0x00, 0x3f, 0xfc, 0x03, 0x03]
        + [UInt8](repeating: 0x5a, count: 53)

    public let port: UInt16
    private let listener: Int32
    private let bytes: [UInt8]
    private let interval: TimeInterval
    private let maximumConnections: Int
    private let lifetime: TimeInterval
    // The lock guards `running`, `sentCount` and `closedAt`, which the serving thread and the test share.
    private let lock = NSLock()
    private var running = true
    private var sentCount = 0
    private var closedAt: Date?
    private let finished = DispatchSemaphore(value: 0)

    public struct StartFailure: Error, CustomStringConvertible {
        public let description: String
    }

    public init(interval: TimeInterval, bytes: [UInt8] = TrickleServer.endlessServerHello, maximumConnections: Int = 2,
                lifetime: TimeInterval = 60) throws {
        self.interval = interval
        self.bytes = bytes
        self.maximumConnections = maximumConnections
        self.lifetime = lifetime
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw StartFailure(description: "socket: errno \(errno)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(fd, 8) == 0 else {
            Glibc.close(fd)
            throw StartFailure(description: "bind/listen: errno \(errno)")
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        listener = fd
        port = UInt16(bigEndian: address.sin_port)
        let thread = Thread { [self] in serve() }
        thread.start()
    }

    deinit {
        stop()
        Glibc.close(listener)
    }

    /// Bytes sent so far, over all connections.
    public var sent: Int { lock.withLock { sentCount } }

    /// When a client last closed its connection (seen within milliseconds: the wait between bytes is a
    /// poll on the client's socket), so a test can time a client's giving up without its own scheduling.
    public var clientClosedAt: Date? { lock.withLock { closedAt } }

    /// Stops sending and accepting, and waits (at most 5 s) for the serving thread.
    public func stop() {
        let wasRunning = lock.withLock { () -> Bool in
            defer { running = false }
            return running
        }
        if wasRunning { _ = finished.wait(timeout: .now() + 5) }
    }

    private var isRunning: Bool { lock.withLock { running } }

    private func serve() {
        defer { finished.signal() }
        let end = Date().addingTimeInterval(lifetime)
        var accepted = 0
        while isRunning, Date() < end, accepted < maximumConnections {
            var waiter = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
            guard poll(&waiter, 1, 50) > 0 else { continue }
            let client = accept(listener, nil, nil)
            guard client >= 0 else { continue }
            accepted += 1
            trickle(to: client, until: end)
            Glibc.close(client)
        }
    }

    /// Sends one byte per interval, reading and dropping whatever the client sends (its ClientHello).
    private func trickle(to client: Int32, until end: Date) {
        var scratch = [UInt8](repeating: 0, count: 4096)
        for byte in bytes {
            // Sleep the interval in slices, so that stop() is seen promptly.
            let next = Date().addingTimeInterval(interval)
            while isRunning, Date() < next {
                var waiter = pollfd(fd: client, events: Int16(POLLIN), revents: 0)
                let slice = Int32(max(1, min(50, next.timeIntervalSinceNow * 1000)))
                if poll(&waiter, 1, slice) > 0 {
                    let n = recv(client, &scratch, scratch.count, Int32(MSG_DONTWAIT))
                    if n == 0 || (n < 0 && errno != EAGAIN && errno != EINTR) {
                        let now = Date()
                        lock.withLock { closedAt = now }
                        return // the client has gone
                    }
                }
            }
            guard isRunning, Date() < end else { return }
            var one = byte
            guard Glibc.send(client, &one, 1, Int32(MSG_NOSIGNAL)) == 1 else { return }
            lock.withLock { sentCount += 1 }
        }
    }
}
