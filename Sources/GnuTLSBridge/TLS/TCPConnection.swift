import FoundationEssentials

#if canImport(Glibc)
import Glibc
#endif

/// A connected TCP socket (IPv4 or IPv6) that closes itself when released.
///
/// `@unchecked Sendable`: `descriptor` never changes; the socket is used by one session at a time.
/// The socket is non-blocking once connected (see `connect(host:port:deadline:seconds:cancellation:)`).
public final class TCPConnection: @unchecked Sendable {
    let descriptor: Int32
    /// The address actually connected to, e.g. "127.0.0.1" or "::1".
    public let remoteAddress: String
    /// The port connected to.
    public let port: UInt16

    private init(descriptor: Int32, remoteAddress: String, port: UInt16) {
        self.descriptor = descriptor
        self.remoteAddress = remoteAddress
        self.port = port
    }

    deinit { Glibc.close(descriptor) }

    /// Resolves `host` (a name or an IPv4/IPv6 literal) and connects to the first address that answers
    /// within `timeout` seconds, trying each resolved address in turn within that same budget, so the
    /// whole call is bounded by `timeout`.
    public static func connect(host: String, port: UInt16, timeout: TimeInterval) throws(TCPConnectError) -> TCPConnection {
        try connect(host: host, port: port, deadline: Deadline(after: timeout), seconds: timeout, cancellation: nil)
    }

    /// The same, bounded by `deadline` (`seconds` is what a timeout reports) and ended early by
    /// `cancellation`. The socket stays non-blocking: every later wait on it is a poll bounded by a
    /// deadline (DeadlineTransport), never a blocking call that a slow server could stretch.
    package static func connect(host: String, port: UInt16, deadline: Deadline, seconds: TimeInterval,
                                cancellation: CancellationSignal?) throws(TCPConnectError) -> TCPConnection
    {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = AI_NUMERICSERV | AI_ADDRCONFIG
        var list: UnsafeMutablePointer<addrinfo>?
        let rc = getaddrinfo(host, String(port), &hints, &list)
        guard rc == 0, let first = list else {
            throw .resolution(host: host, message: String(cString: gai_strerror(rc)))
        }
        defer { freeaddrinfo(list) }

        var lastError = TCPConnectError.timedOut(host: host, port: port, seconds: seconds)
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let info = entry {
            entry = info.pointee.ai_next
            if cancellation?.isSignalled == true { throw .cancelled(host: host, port: port) }
            let address = numericHost(info.pointee.ai_addr, info.pointee.ai_addrlen)
            guard !deadline.hasPassed else { break }
            let fd = socket(info.pointee.ai_family, info.pointee.ai_socktype | Int32(SOCK_CLOEXEC.rawValue), info.pointee.ai_protocol)
            guard fd >= 0 else {
                lastError = .system(host: host, port: port, address: address, errno: errno)
                continue
            }
            let flags = fcntl(fd, F_GETFL)
            _ = fcntl(fd, F_SETFL, flags | O_NONBLOCK)
            let result = Glibc.connect(fd, info.pointee.ai_addr, info.pointee.ai_addrlen)
            var failure: Int32 = result == 0 ? 0 : errno
            if result != 0 && failure == EINPROGRESS {
                switch SocketWait.wait(fd, for: Int32(POLLOUT), until: deadline, cancellation: cancellation) {
                case .ready:
                    var soError: Int32 = 0
                    var length = socklen_t(MemoryLayout<Int32>.size)
                    getsockopt(fd, SOL_SOCKET, SO_ERROR, &soError, &length)
                    failure = soError
                case .deadlinePassed: failure = ETIMEDOUT
                case .cancelled:
                    Glibc.close(fd)
                    throw .cancelled(host: host, port: port)
                case .failed(let number): failure = number
                }
            }
            if failure == 0 {
                var one: Int32 = 1
                setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
                return TCPConnection(descriptor: fd, remoteAddress: address, port: port)
            }
            Glibc.close(fd)
            lastError = failure == ETIMEDOUT
                ? .timedOut(host: host, port: port, seconds: seconds)
                : .system(host: host, port: port, address: address, errno: failure)
        }
        throw lastError
    }

    static func numericHost(_ address: UnsafePointer<sockaddr>?, _ length: socklen_t) -> String {
        var buffer = [CChar](repeating: 0, count: Int(NI_MAXHOST))
        guard let address, getnameinfo(address, length, &buffer, socklen_t(buffer.count), nil, 0, NI_NUMERICHOST) == 0
        else { return "?" }
        return buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }
}
