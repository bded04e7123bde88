import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A port on 127.0.0.1 held bound but not listening: connections to it are refused, and no other test can
/// take it in the meantime (a port closed and reused later could be). `TestHTTPServer(takingOver:)` starts
/// listening on it.
///
/// `@unchecked Sendable`: the socket is only touched with `lock` held.
public final class ReservedPort: @unchecked Sendable {
    public let port: UInt16
    private let lock = NSLock()
    private var socket: Int32?

    public init() throws {
        let socket = try TestHTTPServer.bindLoopback(port: 0)
        do {
            port = try TestHTTPServer.localPort(of: socket)
        } catch {
            close(socket)
            throw error
        }
        self.socket = socket
    }

    public var url: URL { TestHTTPServer.url(port: port) }

    /// The bound socket, which the caller now owns.
    func handOver() throws -> Int32 {
        try lock.withLock {
            guard let socket else { throw POSIXError(.EBADF) }
            self.socket = nil
            return socket
        }
    }

    deinit {
        if let socket { close(socket) }
    }
}
