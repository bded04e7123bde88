import FoundationEssentials

#if canImport(Glibc)
import Glibc
#endif

/// Why a TCP connection could not be made. Stable codes: "tcp.resolution", "tcp.timeout" and
/// "tcp.errno.NAME" with the errno's symbol (ECONNREFUSED, ENETUNREACH, ...), and "tcp.cancelled".
public enum TCPConnectError: Error, Sendable, Equatable, LocalizedError {
    /// getaddrinfo failed for `host`.
    case resolution(host: String, message: String)
    /// No address answered within the connect timeout.
    case timedOut(host: String, port: UInt16, seconds: TimeInterval)
    /// connect(2) (or socket(2)) failed with `errno` for `address`.
    case system(host: String, port: UInt16, address: String, errno: Int32)
    /// The caller cancelled the connect (its Swift task was cancelled).
    case cancelled(host: String, port: UInt16)

    /// The stable code.
    public var code: String {
        switch self {
        case .resolution: "tcp.resolution"
        case .timedOut: "tcp.timeout"
        case .cancelled: "tcp.cancelled"
        case .system(_, _, _, let number): "tcp.errno." + Self.errnoName(number)
        }
    }

    public var errorDescription: String? {
        switch self {
        case .resolution(let host, let message): "cannot resolve \(host): \(message)"
        case .timedOut(let host, let port, let seconds): "connecting to \(host) port \(port) timed out after \(seconds) s"
        case .cancelled(let host, let port): "connecting to \(host) port \(port) was cancelled"
        case .system(let host, let port, let address, let number):
            "connecting to \(host) (\(address)) port \(port) failed: \(Self.errnoName(number)) (\(String(cString: strerror(number))))"
        }
    }

    /// The symbol of the errno values a connect can give; "errno N" for any other.
    static func errnoName(_ number: Int32) -> String {
        let names: [Int32: String] = [
            ECONNREFUSED: "ECONNREFUSED", ENETUNREACH: "ENETUNREACH", EHOSTUNREACH: "EHOSTUNREACH",
            ETIMEDOUT: "ETIMEDOUT", ECONNRESET: "ECONNRESET", EADDRNOTAVAIL: "EADDRNOTAVAIL",
            EAFNOSUPPORT: "EAFNOSUPPORT", EACCES: "EACCES", EPERM: "EPERM", EMFILE: "EMFILE", ENFILE: "ENFILE",
        ]
        return names[number] ?? "errno \(number)"
    }
}
