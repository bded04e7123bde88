import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A listening socket on 127.0.0.1 that never accepts, with its accept queue already full (a backlog of
/// 0 holds one connection, made here): Linux drops the SYN of any further connect, which therefore hangs
/// as a connect to an unreachable host does, until its own timeout.
public final class FullBacklogListener: @unchecked Sendable {
    public let port: UInt16
    private let listener: Int32
    private let filler: Int32

    public struct StartFailure: Error, CustomStringConvertible {
        public let description: String
    }

    public init() throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw StartFailure(description: "socket: errno \(errno)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
        }
        guard bound == 0, listen(fd, 0) == 0 else {
            Glibc.close(fd)
            throw StartFailure(description: "bind/listen: errno \(errno)")
        }
        var actual = length
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &actual) }
        }
        let client = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(client, $0, length) }
        }
        guard client >= 0, connected == 0 else {
            if client >= 0 { Glibc.close(client) }
            Glibc.close(fd)
            throw StartFailure(description: "filling the accept queue: errno \(errno)")
        }
        listener = fd
        filler = client
        port = UInt16(bigEndian: address.sin_port)
    }

    deinit {
        Glibc.close(filler)
        Glibc.close(listener)
    }
}
