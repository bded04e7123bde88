import CMicroHTTPD
import Foundation
import Glibc

/// An HTTP(S) server on GNU libmicrohttpd: the only code that owns its daemon and connection pointers.
/// libmicrohttpd parses HTTP and runs a pool of threads; every complete request goes to `handler`, on one of
/// those threads, and its answer is sent back.
///
/// A request `offload` picks (a slow read) is answered on threads of its own (`RequestOffloader`), its
/// connection suspended meanwhile, so that however long it takes, the pool goes on serving the rest.
///
/// `shutdown(grace:)` is graceful: stop accepting, answer 503 to new requests on open connections, wait for
/// requests already being handled, then stop.
///
/// `@unchecked Sendable`: the daemon pointer is written only in `start` and `shutdown`, which hold `lock`;
/// the request counters are read and written only with `lock` held.
public final class HTTPServer: @unchecked Sendable {
    /// What answers each request.
    public typealias Handler = @Sendable (HTTPRequest) -> HTTPResponse

    public let configuration: HTTPServerConfiguration
    let handler: Handler
    /// Answers the requests `offload` picks; nil when nothing is offloaded.
    let offloader: RequestOffloader?
    let offload: (@Sendable (HTTPRequest) -> Bool)?
    private let lock = NSCondition()
    private var daemon: OpaquePointer?
    private var inFlight = 0
    private var draining = false
    private var boundPort: UInt16 = 0

    /// Requests for which `offload` is true are answered by `handler` on `configuration.offloadThreads`
    /// threads of their own; the rest on libmicrohttpd's pool.
    public init(configuration: HTTPServerConfiguration, offload: (@Sendable (HTTPRequest) -> Bool)? = nil,
                handler: @escaping Handler)
    {
        self.configuration = configuration
        self.handler = handler
        self.offload = offload
        offloader = offload == nil ? nil
            : RequestOffloader(threads: configuration.offloadThreads, queueLimit: configuration.offloadQueueLimit, handler: handler)
    }

    deinit { shutdown(grace: 0) }

    /// Binds and starts serving.
    public func start() throws(HTTPServerError) {
        lock.lock()
        defer { lock.unlock() }
        guard daemon == nil else { return }
        var flags = UInt32(MHD_USE_INTERNAL_POLLING_THREAD.rawValue | MHD_USE_AUTO.rawValue | MHD_USE_ITC.rawValue)
        if configuration.address.isIPv6 { flags |= UInt32(MHD_USE_IPv6.rawValue) }
        if configuration.tls != nil { flags |= UInt32(MHD_USE_TLS.rawValue) }
        if offloader != nil { flags |= UInt32(MHD_ALLOW_SUSPEND_RESUME.rawValue) }
        let context = Unmanaged.passUnretained(self).toOpaque()
        let started: OpaquePointer? = configuration.address.withSocketAddress { address in
            withOptionalCString(configuration.tls?.certificatePEM) { certificate in
                withOptionalCString(configuration.tls?.privateKeyPEM) { key in
                    errno = 0
                    return cmhd_start_daemon(
                        flags, address, accessHandler, context, completedHandler, context,
                        UInt32(configuration.threadPoolSize), UInt32(configuration.connectionLimit),
                        UInt32(configuration.perClientConnectionLimit), UInt32(configuration.connectionTimeoutSeconds),
                        UInt32(configuration.headerTimeoutSeconds), configuration.connectionMemoryLimit,
                        certificate, key)
                }
            }
        }
        guard let started else {
            let cause = errno
            var detail = cause != 0 ? String(cString: strerror(cause)) : "libmicrohttpd refused the options"
            if configuration.tls != nil && cause == 0 { detail += " (check that the TLS certificate and key are PEM and match)" }
            throw HTTPServerError(.startFailed, subject: configuration.address.description, detail: detail)
        }
        daemon = started
        boundPort = cmhd_bound_port(started)
    }

    /// The port listened on (the kernel's choice when the address asked for port 0); 0 before `start`.
    public var port: UInt16 {
        lock.lock()
        defer { lock.unlock() }
        return boundPort
    }

    /// Requests being handled now.
    public var requestsInFlight: Int {
        lock.lock()
        defer { lock.unlock() }
        return inFlight
    }

    /// Stops accepting connections, waits up to `grace` seconds for requests already started to be
    /// answered (new requests on kept-alive connections get 503), then stops every thread. Returns the
    /// number of requests still unanswered when the grace ran out (0 normally).
    @discardableResult
    public func shutdown(grace: TimeInterval) -> Int {
        lock.lock()
        guard let daemon else {
            lock.unlock()
            offloader?.stop(answering: Self.unavailable(code: "server.shutting_down", message: "the collector is shutting down; retry later"))
            return 0
        }
        draining = true
        let listener = MHD_quiesce_daemon(daemon)
        if listener >= 0 { close(listener) }
        let deadline = Date().addingTimeInterval(grace)
        while inFlight > 0 && lock.wait(until: deadline) {}
        let unanswered = inFlight
        self.daemon = nil
        lock.unlock()
        // libmicrohttpd must not stop with a connection suspended: what is still offloaded is answered 503.
        offloader?.stop(answering: Self.unavailable(code: "server.shutting_down", message: "the collector is shutting down; retry later"))
        // Joins the threads; a handler still running finishes first (it holds no lock of ours).
        MHD_stop_daemon(daemon)
        return unanswered
    }

    /// A JSON 503 that closes the connection.
    static func unavailable(code: String, message: String) -> HTTPResponse {
        HTTPResponse(status: 503, headers: [HTTPHeader(name: "Content-Type", value: "application/json"),
                                            HTTPHeader(name: "Retry-After", value: "1"), HTTPHeader(name: "Connection", value: "close")],
                     body: Array(#"{"error":{"code":"\#(code)","message":"\#(message)"}}"#.utf8))
    }

    // MARK: - Called by libmicrohttpd's threads

    /// Counts a request in, unless draining.
    fileprivate func begin() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard !draining else { return false }
        inFlight += 1
        return true
    }

    fileprivate func end() {
        lock.lock()
        inFlight -= 1
        lock.broadcast()
        lock.unlock()
    }
}

private func withOptionalCString<T>(_ text: String?, _ body: (UnsafePointer<CChar>?) -> T) -> T {
    guard let text else { return body(nil) }
    return text.withCString { body($0) }
}

/// The per-request state parked in libmicrohttpd's `con_cls` slot, with whether it was counted in flight.
private final class RequestSlot {
    let pending: PendingRequest
    let counted: Bool
    init(pending: PendingRequest, counted: Bool) {
        self.pending = pending
        self.counted = counted
    }
}

private let accessHandler: MHD_AccessHandlerCallback = { cls, connection, url, method, _, uploadData, uploadSize, slot in
    guard let cls, let connection, let slot, let uploadSize else { return .NO }
    let server = Unmanaged<HTTPServer>.fromOpaque(cls).takeUnretainedValue()

    guard let existing = slot.pointee else {
        // First call: the headers are in, the body is not. The connection leaves the header timeout.
        if server.configuration.headerTimeoutSeconds > 0 {
            cmhd_set_connection_timeout(connection, UInt32(server.configuration.connectionTimeoutSeconds))
        }
        let request = HTTPRequest(
            method: method.map { String(cString: $0) } ?? "",
            path: url.map { String(cString: $0) } ?? "/",
            query: values(connection, .GET_ARGUMENT_KIND),
            // A repeated field is one list, its values joined by commas in order (RFC 9110 section 5.3): a
            // proxy that adds its own X-Forwarded-For line after the client's must not be read as the client's.
            headers: Dictionary(values(connection, .HEADER_KIND).map { ($0.name.lowercased(), $0.value) },
                                uniquingKeysWith: { first, next in "\(first), \(next)" }),
            clientAddress: ListenAddress.numericHost(cmhd_client_address(connection)))
        let counted = server.begin()
        let pending = PendingRequest(request: request, bodyLimit: server.configuration.bodyLimit)
        slot.pointee = Unmanaged.passRetained(RequestSlot(pending: pending, counted: counted)).toOpaque()
        if !counted {
            pending.responded = true
            let body = Array(#"{"error":{"code":"server.shutting_down","message":"the collector is shutting down; retry later"}}"#.utf8)
            return queue(HTTPResponse(status: 503, headers: [HTTPHeader(name: "Content-Type", value: "application/json"),
                                                             HTTPHeader(name: "Connection", value: "close")], body: body),
                         connection)
        }
        if let length = request.header("content-length").flatMap(Int.init), length > pending.bodyLimit {
            // Refused before the body is read: libmicrohttpd then closes the connection.
            pending.request.bodyExceededLimit = true
            pending.responded = true
            return queue(server.handler(pending.request), connection)
        }
        return .YES
    }
    let pending = Unmanaged<RequestSlot>.fromOpaque(existing).takeUnretainedValue().pending
    if uploadSize.pointee > 0 {
        if !pending.responded, let uploadData { pending.append(UnsafeRawBufferPointer(start: uploadData, count: uploadSize.pointee)) }
        uploadSize.pointee = 0
        return .YES
    }
    if let answer = pending.takeAnswer() { return queue(answer, connection) }
    guard !pending.responded else { return .YES }
    pending.responded = true
    if let offloader = server.offloader, server.offload?(pending.request) == true {
        MHD_suspend_connection(connection)
        offloader.submit(pending, connection: connection, refusal: HTTPServer.unavailable(
            code: "server.busy", message: "too many reads are waiting; retry in a second"))
        return .YES
    }
    return queue(server.handler(pending.request), connection)
}

private let completedHandler: MHD_RequestCompletedCallback = { cls, _, slot, _ in
    guard let cls, let slot, let existing = slot.pointee else { return }
    slot.pointee = nil
    let request = Unmanaged<RequestSlot>.fromOpaque(existing).takeRetainedValue()
    if request.counted { Unmanaged<HTTPServer>.fromOpaque(cls).takeUnretainedValue().end() }
}

/// Sends `response` on `connection`.
private func queue(_ response: HTTPResponse, _ connection: OpaquePointer) -> MHD_Result {
    let created = response.body.withUnsafeBytes { bytes in
        MHD_create_response_from_buffer(bytes.count, UnsafeMutableRawPointer(mutating: bytes.baseAddress),
                                        .RESPMEM_MUST_COPY)
    }
    guard let created else { return .NO }
    defer { MHD_destroy_response(created) }
    for header in response.headers {
        _ = MHD_add_response_header(created, header.name, header.value)
    }
    return MHD_queue_response(connection, UInt32(response.status), created)
}

/// The (name, value) pairs of one kind (headers, query arguments), copied.
private func values(_ connection: OpaquePointer, _ kind: MHD_ValueKind) -> [(name: String, value: String)] {
    final class Collected { var pairs: [(name: String, value: String)] = [] }
    let collected = Collected()
    withExtendedLifetime(collected) {
        _ = MHD_get_connection_values(connection, kind, { cls, _, key, value in
            guard let cls, let key else { return .YES }
            Unmanaged<Collected>.fromOpaque(cls).takeUnretainedValue()
                .pairs.append((String(cString: key), value.map { String(cString: $0) } ?? ""))
            return .YES
        }, Unmanaged.passUnretained(collected).toOpaque())
    }
    return collected.pairs
}
