import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A raw TCP connection to 127.0.0.1 from a chosen loopback source address (127.0.0.x are all this host on
/// Linux), for clients that hold connections open or send requests in pieces.
final class RawConnection {
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
