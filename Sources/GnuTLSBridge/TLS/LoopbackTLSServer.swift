import CGnuTLS
import Dispatch
import FoundationEssentials
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// A GnuTLS server on the loopback interface for tests: it binds 127.0.0.1 or ::1 on an ephemeral port,
/// accepts connections on its own thread, answers each request with `response`, and records how each
/// handshake ended (including the alert a refusing client sent). Not meant for anything but tests.
///
/// `@unchecked Sendable`: the mutable state is only touched with `lock` held.
public final class LoopbackTLSServer: @unchecked Sendable {
    /// How one accepted connection ended.
    public struct Outcome: Sendable, Equatable {
        /// 0 on a completed handshake, else GnuTLS's error from gnutls_handshake.
        public let handshakeCode: Int32
        /// The alert the client sent, when the handshake ended with one (GnuTLS's text).
        public let alertReceived: String?
        /// The SNI name the client sent.
        public let serverName: String?
    }

    /// What the server does with a connection.
    public enum Behaviour: Sendable {
        /// Handshake, read a request (up to a blank line) and answer with these bytes, then close. A
        /// connection whose request never arrives whole is closed unanswered.
        case respond([UInt8])
        /// Accept the TCP connection and never send a byte (a server that never answers).
        case silent
        /// Read the start of the ClientHello, then close the connection (a server that dies mid-handshake).
        case closeMidHandshake
        /// Handshake, read a request, then answer with these bytes one record of one byte every `interval`
        /// seconds (a server that paces its answer so that each read gets something before it times out).
        case trickle([UInt8], interval: Double)
    }

    /// The port the server listens on.
    public let port: UInt16
    /// "127.0.0.1" or "::1".
    public let address: String
    private let listener: Int32
    private let credentials: OpaquePointer
    private let priority: String
    private let behaviour: Behaviour
    private let alpn: [String]
    private let lock = Mutex(())
    private var running = true
    private var recorded: [Outcome] = []
    private var answerSent = 0
    private let finished = DispatchSemaphore(value: 0)

    /// Starts a server presenting `chainPEM` (leaf first) with the private key `keyPEM`.
    /// - Parameters:
    ///   - priority: e.g. "NORMAL:-VERS-ALL:+VERS-TLS1.2" for a TLS 1.2-only server.
    ///   - ocspResponse: a DER OCSPResponse to staple.
    ///   - alpn: protocols the server accepts.
    public init(chainPEM: [UInt8], keyPEM: [UInt8], priority: String = "NORMAL", ocspResponse: [UInt8]? = nil,
                alpn: [String] = [], ipv6: Bool = false, behaviour: Behaviour = .respond(Array("HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: close\r\n\r\nok".utf8))) throws
    {
        var maybeCredentials: gnutls_certificate_credentials_t?
        try check(gnutls_certificate_allocate_credentials(&maybeCredentials), "gnutls_certificate_allocate_credentials")
        guard let credentials = maybeCredentials else { throw GnuTLSError(code: -25, function: "gnutls_certificate_allocate_credentials") }
        let pem: gnutls_x509_crt_fmt_t = GNUTLS_X509_FMT_PEM
        let keyRC = withDatum(chainPEM) { chain in
            withDatum(keyPEM) { key in gnutls_certificate_set_x509_key_mem2(credentials, chain, key, pem, nil, 0) }
        }
        if keyRC < 0 {
            gnutls_certificate_free_credentials(credentials)
            throw GnuTLSError(code: keyRC, function: "gnutls_certificate_set_x509_key_mem2")
        }
        if let ocspResponse {
            let der: gnutls_x509_crt_fmt_t = GNUTLS_X509_FMT_DER
            let rc = withDatum(ocspResponse) { gnutls_certificate_set_ocsp_status_request_mem(credentials, $0, 0, der) }
            if rc < 0 {
                gnutls_certificate_free_credentials(credentials)
                throw GnuTLSError(code: rc, function: "gnutls_certificate_set_ocsp_status_request_mem")
            }
        }
        self.credentials = credentials
        self.priority = priority
        self.behaviour = behaviour
        self.alpn = alpn
        self.address = ipv6 ? "::1" : "127.0.0.1"

        let fd = socket(ipv6 ? AF_INET6 : AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var bound: Int32 = -1
        var port: UInt16 = 0
        if fd >= 0 {
            if ipv6 {
                var address = sockaddr_in6()
                address.sin6_family = sa_family_t(AF_INET6)
                address.sin6_addr = in6addr_loopback
                bound = withUnsafePointer(to: &address) {
                    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) }
                }
                var length = socklen_t(MemoryLayout<sockaddr_in6>.size)
                _ = withUnsafeMutablePointer(to: &address) {
                    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
                }
                port = UInt16(bigEndian: address.sin6_port)
            } else {
                var address = sockaddr_in()
                address.sin_family = sa_family_t(AF_INET)
                address.sin_addr.s_addr = inet_addr("127.0.0.1")
                bound = withUnsafePointer(to: &address) {
                    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
                }
                var length = socklen_t(MemoryLayout<sockaddr_in>.size)
                _ = withUnsafeMutablePointer(to: &address) {
                    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
                }
                port = UInt16(bigEndian: address.sin_port)
            }
        }
        guard fd >= 0, bound == 0, listen(fd, 16) == 0 else {
            let number = errno
            if fd >= 0 { Glibc.close(fd) }
            gnutls_certificate_free_credentials(credentials)
            throw TCPConnectError.system(host: ipv6 ? "::1" : "127.0.0.1", port: 0, address: "bind", errno: number)
        }
        self.listener = fd
        self.port = port
        // Fully initialised, so a throw here runs deinit, which closes the listener and frees the credentials.
        let started = DetachedThread.start { [self] in serve() }
        guard started == 0 else {
            throw TCPConnectError.system(host: self.address, port: port, address: "pthread_create", errno: started)
        }
    }

    deinit {
        Glibc.close(listener)
        gnutls_certificate_free_credentials(credentials)
    }

    /// How each connection ended so far, in order.
    public var outcomes: [Outcome] { lock.withLock { _ in recorded } }

    /// Bytes of `response` sent so far, over all connections: a test can tell a server that trickled its
    /// answer from one that never got to answer.
    public var answerBytesSent: Int { lock.withLock { _ in answerSent } }

    /// Stops accepting and waits (at most 5 s) for the serving thread to finish.
    public func stop() {
        let wasRunning = lock.withLock { _ -> Bool in
            defer { running = false }
            return running
        }
        if wasRunning { _ = finished.wait(timeout: .now() + 5) }
    }

    private var isRunning: Bool { lock.withLock { _ in running } }

    private func serve() {
        defer { finished.signal() }
        var silentClients: [Int32] = []
        defer { silentClients.forEach { _ = Glibc.close($0) } }
        while isRunning {
            var waiter = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
            guard poll(&waiter, 1, 50) > 0 else { continue }
            let client = accept(listener, nil, nil)
            guard client >= 0 else { continue }
            switch behaviour {
            case .silent:
                silentClients.append(client)
                continue
            case .closeMidHandshake:
                var waiter = pollfd(fd: client, events: Int16(POLLIN), revents: 0)
                var hello = [UInt8](repeating: 0, count: 5)
                if poll(&waiter, 1, 5000) > 0 { _ = recv(client, &hello, hello.count, 0) }
                Glibc.close(client)
                continue
            case .respond, .trickle:
                break
            }
            handle(client)
            Glibc.close(client)
        }
    }

    private func handle(_ client: Int32) {
        var maybeSession: gnutls_session_t?
        let server: gnutls_init_flags_t = GNUTLS_SERVER
        let noSignal: gnutls_init_flags_t = GNUTLS_NO_SIGNAL
        guard gnutls_init(&maybeSession, server.rawValue | noSignal.rawValue) == 0, let session = maybeSession else { return }
        defer { gnutls_deinit(session) }
        _ = gnutls_priority_set_direct(session, priority, nil)
        _ = gnutls_credentials_set(session, GNUTLS_CRD_CERTIFICATE, UnsafeMutableRawPointer(credentials))
        if !alpn.isEmpty {
            _ = withALPNDatums(alpn) { gnutls_alpn_set_protocols(session, $0, $1, 0) }
        }
        gnutls_transport_set_int2(session, client, client)
        gnutls_handshake_set_timeout(session, 5000)
        gnutls_record_set_timeout(session, 5000)
        var rc: Int32
        repeat { rc = gnutls_handshake(session) } while rc < 0 && gnutls_error_is_fatal(rc) == 0
        var alert: String?
        if rc == -12 { alert = gnutls_alert_get_name(gnutls_alert_get(session)).map { String(cString: $0) } }
        var name = [UInt8](repeating: 0, count: 256)
        var nameLength = name.count
        var nameType: UInt32 = 0
        let hasName = gnutls_server_name_get(session, &name, &nameLength, &nameType, 0) == 0
        let serverName = hasName ? String(decoding: name.prefix(nameLength).prefix { $0 != 0 }, as: UTF8.self) : nil
        lock.withLock { _ in recorded.append(Outcome(handshakeCode: rc, alertReceived: alert, serverName: serverName)) }
        guard rc == 0 else { return }
        let response: [UInt8]
        var interval: Double?
        switch behaviour {
        case .respond(let bytes): response = bytes
        case .trickle(let bytes, let pause):
            response = bytes
            interval = pause
        case .silent, .closeMidHandshake: return
        }
        // Answer only a request that arrived whole. Answering after the read gave up (it used to, after
        // GnuTLS's 5 s record timeout) is answering a client that has not asked yet: on a loaded machine
        // the client's task can wait that long to be scheduled, and by the time it asks, the whole paced
        // answer is already in its socket buffer and it reads it at once.
        guard readRequest(session, client) else { return }
        var offset = 0
        while offset < response.count {
            if let interval {
                // Bounded by the response's length, and cut short by stop().
                usleep(UInt32(max(0, min(interval, 10)) * 1_000_000))
                guard isRunning else { break }
            }
            let chunk = interval == nil ? response.count - offset : 1
            let n = response.withUnsafeBytes { gnutls_record_send(session, $0.baseAddress! + offset, chunk) }
            if n == -28 || n == -52 { continue }
            guard n > 0 else { break }
            offset += n
            lock.withLock { _ in answerSent += n }
        }
        _ = gnutls_bye(session, GNUTLS_SHUT_WR)
    }

    /// Reads the client's request up to its blank line: true when it arrived, false when the client
    /// closed or failed first, or stop() came first. The wait for the bytes is a poll in slices, not a
    /// GnuTLS record timeout, so that however long the client takes to be scheduled (a test's task can
    /// wait well over a minute behind other suites on 2 busy cores), the server neither gives up early
    /// nor outlives stop(); ten minutes bound it all the same.
    private func readRequest(_ session: OpaquePointer, _ client: Int32) -> Bool {
        let patience = Deadline(after: 600)
        var request: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while request.count < 65536 {
            if gnutls_record_check_pending(session) == 0 {
                var waiter = pollfd(fd: client, events: Int16(POLLIN), revents: 0)
                let ready = poll(&waiter, 1, 50)
                if ready < 0 && errno != EINTR { return false }
                if ready <= 0 {
                    guard isRunning, !patience.hasPassed else { return false }
                    continue
                }
            }
            let n = buffer.withUnsafeMutableBytes { gnutls_record_recv(session, $0.baseAddress, $0.count) }
            if n == -28 || n == -52 { continue }
            guard n > 0 else { return false }
            request += buffer.prefix(n)
            if request.count >= 4, request.suffix(4) == [13, 10, 13, 10] { return true }
        }
        return false
    }
}
