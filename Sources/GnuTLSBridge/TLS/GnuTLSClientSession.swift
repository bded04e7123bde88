import CGnuTLS
import FoundationEssentials
import Synchronization

/// A client TLS session over a `TCPConnection`, after a successful handshake.
///
/// GnuTLS's own certificate verification never decides: the handshake hands what the server presented to
/// the caller's `verify` closure from GnuTLS's verify callback (gnutls_session_set_verify_function) and
/// continues only when it answers true. A refusal aborts the handshake and sends the alert GnuTLS maps
/// the refusal to (bad_certificate), so the server learns why.
///
/// Every wait on the socket is bounded by one deadline per operation and woken by the caller's
/// cancellation signal (DeadlineTransport), not by GnuTLS's per-read timeouts.
///
/// `@unchecked Sendable`: the handles never change after init, and every record call holds `lock`
/// (GnuTLS allows one thread at a time per session), as do `closed`, `pending` and `peerClosed`.
public final class GnuTLSClientSession: @unchecked Sendable {
    private let handles: Handles
    private var session: OpaquePointer { handles.session }
    private let lock = Mutex(())
    private var closed = false
    /// Application data a `look` read before anyone asked for it, handed out by the next `read`.
    private var pending: [UInt8] = []
    /// The server closed the stream during a `look`.
    private var peerClosed = false
    /// Bound on each `read`, `write` and `close` called without a deadline of its own.
    private let operationTimeout: TimeInterval
    /// What the server presented.
    public let peer: PresentedPeer
    /// What the handshake agreed on.
    public let negotiated: NegotiatedParameters

    /// The state the C verify callback reaches through gnutls_session_get_ptr (it cannot capture).
    private final class VerifyContext {
        let verify: (PresentedPeer) -> Bool
        var peer: PresentedPeer?
        var refused = false
        init(verify: @escaping (PresentedPeer) -> Bool) { self.verify = verify }
    }

    /// Owns the C handles (and the socket under them) from the moment they exist, on every path.
    private final class Handles {
        let session: OpaquePointer
        let credentials: OpaquePointer
        let connection: TCPConnection
        let transport: DeadlineTransport
        init(session: OpaquePointer, credentials: OpaquePointer, connection: TCPConnection) {
            self.session = session
            self.credentials = credentials
            self.connection = connection
            transport = DeadlineTransport(descriptor: connection.descriptor)
        }
        deinit {
            // The session points at the credentials, so it goes first.
            gnutls_deinit(session)
            gnutls_certificate_free_credentials(credentials)
        }
    }

    private var transport: DeadlineTransport { handles.transport }

    private init(handles: Handles, peer: PresentedPeer, negotiated: NegotiatedParameters, operationTimeout: TimeInterval) {
        self.handles = handles
        self.peer = peer
        self.negotiated = negotiated
        self.operationTimeout = operationTimeout
    }

    /// Runs a client handshake on `connection`.
    ///
    /// - Parameters:
    ///   - serverName: sent as SNI (skip for IP literals: RFC 6066 forbids them in SNI).
    ///   - alpn: protocols offered, most preferred first (empty: no ALPN extension).
    ///   - priority: a GnuTLS priority string, e.g. "NORMAL:-VERS-ALL:+VERS-TLS1.3".
    ///   - timeout: bound on the whole handshake, and later on each read.
    ///   - verify: decides trust; called once, during the handshake, with the presented chain and staple.
    public static func handshake(
        on connection: TCPConnection, serverName: String?, alpn: [String], priority: String, timeout: TimeInterval,
        verify: @escaping (PresentedPeer) -> Bool
    ) throws(TLSHandshakeError) -> GnuTLSClientSession {
        try handshake(on: connection, serverName: serverName, alpn: alpn, priority: priority,
                      deadline: Deadline(after: timeout), cancellation: nil, operationTimeout: timeout, verify: verify)
    }

    /// The same, with the handshake bounded by `deadline` and ended early by `cancellation`;
    /// `operationTimeout` bounds each later read, write and close that comes without a deadline.
    package static func handshake(
        on connection: TCPConnection, serverName: String?, alpn: [String], priority: String, deadline: Deadline,
        cancellation: CancellationSignal?, operationTimeout: TimeInterval, verify: @escaping (PresentedPeer) -> Bool
    ) throws(TLSHandshakeError) -> GnuTLSClientSession {
        var maybeSession: gnutls_session_t?
        let client: gnutls_init_flags_t = GNUTLS_CLIENT
        // NO_SIGNAL: GnuTLS's default push would otherwise raise SIGPIPE when the server has gone.
        let noSignal: gnutls_init_flags_t = GNUTLS_NO_SIGNAL
        try fail(gnutls_init(&maybeSession, client.rawValue | noSignal.rawValue), "gnutls_init")
        guard let session = maybeSession else { throw failure(-25, "gnutls_init") }
        var maybeCredentials: gnutls_certificate_credentials_t?
        guard gnutls_certificate_allocate_credentials(&maybeCredentials) == 0, let credentials = maybeCredentials else {
            gnutls_deinit(session)
            throw failure(-25, "gnutls_certificate_allocate_credentials")
        }
        let context = VerifyContext(verify: verify)
        let handles = Handles(session: session, credentials: credentials, connection: connection)

        var errorPosition: UnsafePointer<CChar>?
        let priorityRC = gnutls_priority_set_direct(session, priority, &errorPosition)
        if priorityRC < 0 {
            let at = errorPosition.map { String(cString: $0) } ?? priority
            throw failure(priorityRC, "gnutls_priority_set_direct(\"\(priority)\") at \"\(at)\"")
        }
        try fail(gnutls_credentials_set(session, GNUTLS_CRD_CERTIFICATE, UnsafeMutableRawPointer(credentials)),
                 "gnutls_credentials_set")
        if let serverName, !serverName.isEmpty {
            try fail(gnutls_server_name_set(session, GNUTLS_NAME_DNS, serverName, serverName.utf8.count),
                     "gnutls_server_name_set")
        }
        if !alpn.isEmpty { try setALPN(session, alpn) }
        // Ask for a stapled OCSP response (GnuTLS 3.7 does by default; explicit so the intent is visible).
        _ = gnutls_ocsp_status_request_enable_client(session, nil, 0, nil)

        gnutls_session_set_ptr(session, Unmanaged.passUnretained(context).toOpaque())
        gnutls_session_set_verify_function(session, verifyCallback)
        handles.transport.install(on: session)
        // No GnuTLS timeouts (GNUTLS_INDEFINITE_TIMEOUT, 0): they bound each wait, and would restart with
        // every byte; the transport bounds the whole call by the deadline instead.
        gnutls_handshake_set_timeout(session, UInt32.max)
        gnutls_record_set_timeout(session, 0)

        handles.transport.begin(deadline: deadline, cancellation: cancellation)
        var rc: Int32
        repeat { rc = gnutls_handshake(session) } while rc < 0 && gnutls_error_is_fatal(rc) == 0 && handles.transport.ended == nil
        let presented = context.peer ?? PresentedPeer(certificates: [], stapledOCSPResponse: nil)
        if rc < 0, let ended = handles.transport.ended {
            // The deadline passed or the caller cancelled: the server did nothing wrong, so no alert.
            throw TLSHandshakeError(gnutls: GnuTLSError(code: -319 /* TIMEDOUT */, function: "gnutls_handshake"),
                                    alertReceived: nil, alertSent: nil, refusedByVerifier: context.refused,
                                    cancelled: ended == .cancelled)
        }
        if rc < 0 {
            var received: String?
            if rc == -12 /* GNUTLS_E_FATAL_ALERT_RECEIVED */ || rc == -16 /* WARNING_ALERT_RECEIVED */ {
                received = gnutls_alert_get_name(gnutls_alert_get(session)).map { String(cString: $0) }
            }
            var sent: String?
            if received == nil && !(rc == -319) /* TIMEDOUT: the peer is silent, no alert */ {
                // Tell the server why (bad_certificate for a refused chain, protocol_version, ...).
                var level: Int32 = 0
                let alert = gnutls_error_to_alert(rc, &level)
                if alert >= 0, gnutls_alert_send_appropriate(session, rc) == 0 {
                    sent = gnutls_alert_get_name(gnutls_alert_description_t(UInt32(alert))).map { String(cString: $0) }
                }
            }
            throw TLSHandshakeError(gnutls: GnuTLSError(code: rc, function: "gnutls_handshake"), alertReceived: received,
                                    alertSent: sent, refusedByVerifier: context.refused)
        }
        gnutls_session_set_ptr(session, nil)
        return withExtendedLifetime(context) {
            GnuTLSClientSession(handles: handles, peer: presented, negotiated: negotiatedParameters(session),
                                operationTimeout: operationTimeout)
        }
    }

    /// Reads up to `maximum` bytes; an empty result means the server closed the connection.
    public func read(maximum: Int) throws(TLSHandshakeError) -> [UInt8] {
        try read(maximum: maximum, deadline: Deadline(after: operationTimeout), cancellation: nil)
    }

    /// Reads up to `maximum` bytes, waiting no later than `deadline`; empty when the server closed.
    package func read(maximum: Int, deadline: Deadline, cancellation: CancellationSignal?) throws(TLSHandshakeError) -> [UInt8] {
        try lock.withLock { _ throws(TLSHandshakeError) -> [UInt8] in
            if !pending.isEmpty {
                let count = min(max(1, maximum), pending.count)
                defer { pending.removeFirst(count) }
                return Array(pending.prefix(count))
            }
            guard !closed, !peerClosed else { return [] }
            transport.begin(deadline: deadline, cancellation: cancellation)
            return try receive(maximum: maximum) ?? []
        }
    }

    /// Looks at what the server sends until `quietAfter` (or `deadline`, the earlier), without requiring
    /// anything: true when it sent application data (kept for the next `read`) or closed the stream, false
    /// when it sent nothing or only post-handshake messages (a TLS 1.3 NewSessionTicket). Throws what the
    /// server's answer was when that is an error, such as the fatal alert of a TLS 1.3 server that refuses
    /// the client after the client's Finished (certificate_required). Once the server has sent something
    /// and pauses, the look ends early.
    package func look(quietAfter: Deadline, deadline: Deadline, cancellation: CancellationSignal?) throws(TLSHandshakeError) -> Bool {
        try lock.withLock { _ throws(TLSHandshakeError) -> Bool in
            guard !closed, !peerClosed, pending.isEmpty else { return true }
            transport.begin(deadline: deadline, cancellation: cancellation, quietAfter: quietAfter)
            guard let bytes = try receive(maximum: 16384) else { return false }
            if bytes.isEmpty { peerClosed = true } else { pending = bytes }
            return true
        }
    }

    /// One gnutls_record_recv, with the lock held and the transport prepared: the bytes, empty when the
    /// server closed, nil when a look ended with nothing to read (GNUTLS_E_AGAIN).
    private func receive(maximum: Int) throws(TLSHandshakeError) -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: max(1, maximum))
        var rc: Int
        repeat {
            rc = buffer.withUnsafeMutableBytes { gnutls_record_recv(session, $0.baseAddress, $0.count) }
        } while (rc == -28 /* AGAIN */ && transport.quietAfter == nil) || rc == -52 /* INTERRUPTED */
        if rc == -28 { return nil }
        // A peer that closes without close_notify ends the stream too (as most HTTP servers do).
        if rc == 0 || rc == -110 /* PREMATURE_TERMINATION */ { return [] }
        if rc < 0 { throw recordError(Int32(rc), "gnutls_record_recv") }
        return Array(buffer.prefix(rc))
    }

    /// Writes all of `bytes`.
    public func write(_ bytes: [UInt8]) throws(TLSHandshakeError) {
        try write(bytes, deadline: Deadline(after: operationTimeout), cancellation: nil)
    }

    /// Writes all of `bytes`, waiting no later than `deadline`.
    package func write(_ bytes: [UInt8], deadline: Deadline, cancellation: CancellationSignal?) throws(TLSHandshakeError) {
        try lock.withLock { _ throws(TLSHandshakeError) in
            guard !closed else { throw Self.failure(-10 /* INVALID_SESSION */, "gnutls_record_send") }
            transport.begin(deadline: deadline, cancellation: cancellation)
            var offset = 0
            while offset < bytes.count {
                let rc = bytes.withUnsafeBytes { gnutls_record_send(session, $0.baseAddress! + offset, $0.count - offset) }
                if (rc == -28 || rc == -52) && transport.ended == nil { continue }
                if rc < 0 { throw recordError(Int32(rc), "gnutls_record_send") }
                offset += rc
            }
        }
    }

    /// Sends close_notify (once, waiting at most a second for the socket); later reads return empty and
    /// writes fail.
    public func close() {
        lock.withLock { _ in
            guard !closed else { return }
            closed = true
            transport.begin(deadline: Deadline(after: min(operationTimeout, 1)), cancellation: nil)
            _ = gnutls_bye(session, GNUTLS_SHUT_WR)
        }
    }

    private static let verifyCallback: @convention(c) (OpaquePointer?) -> Int32 = { session in
        guard let session, let pointer = gnutls_session_get_ptr(session) else { return -43 }
        let context = Unmanaged<VerifyContext>.fromOpaque(pointer).takeUnretainedValue()
        var count: UInt32 = 0
        var certificates: [[UInt8]] = []
        if let list = gnutls_certificate_get_peers(session, &count) {
            // Session-owned: copied, never freed.
            for datum in UnsafeBufferPointer(start: list, count: Int(count)) {
                certificates.append(datum.data.map { Array(UnsafeBufferPointer(start: $0, count: Int(datum.size))) } ?? [])
            }
        }
        var ocsp = gnutls_datum_t()
        var staple: [UInt8]?
        if gnutls_ocsp_status_request_get(session, &ocsp) == 0, let data = ocsp.data, ocsp.size > 0 {
            staple = Array(UnsafeBufferPointer(start: data, count: Int(ocsp.size)))
        }
        let peer = PresentedPeer(certificates: certificates, stapledOCSPResponse: staple)
        context.peer = peer
        guard context.verify(peer) else {
            context.refused = true
            return -43 // GNUTLS_E_CERTIFICATE_ERROR: aborts the handshake (alert: bad_certificate)
        }
        return 0
    }

    private static func negotiatedParameters(_ session: OpaquePointer) -> NegotiatedParameters {
        let version = gnutls_protocol_get_name(gnutls_protocol_get_version(session)).map { String(cString: $0) } ?? "unknown"
        let suite = gnutls_ciphersuite_get(session).map { String(cString: $0) } ?? "unknown"
        let groupID = gnutls_group_get(session)
        let group = groupID.rawValue == 0 ? nil : gnutls_group_get_name(groupID).map { String(cString: $0) }
        var selected = gnutls_datum_t()
        var alpn: String?
        if gnutls_alpn_get_selected_protocol(session, &selected) == 0, let data = selected.data {
            alpn = String(decoding: UnsafeBufferPointer(start: data, count: Int(selected.size)), as: UTF8.self)
        }
        var description = ""
        if let text = gnutls_session_get_desc(session) {
            description = String(cString: text)
            cgnutls_free(text)
        }
        return NegotiatedParameters(protocolVersion: version, cipherSuite: suite, group: group, alpn: alpn,
                                    description: description)
    }

    private static func setALPN(_ session: OpaquePointer, _ protocols: [String]) throws(TLSHandshakeError) {
        let rc = withALPNDatums(protocols) { gnutls_alpn_set_protocols(session, $0, $1, 0) }
        try fail(rc, "gnutls_alpn_set_protocols")
    }

    /// A record call's error; the deadline or a cancellation when the transport ended the call.
    private func recordError(_ rc: Int32, _ function: String) -> TLSHandshakeError {
        if let ended = transport.ended {
            return TLSHandshakeError(gnutls: GnuTLSError(code: -319 /* TIMEDOUT */, function: function), alertReceived: nil,
                                     alertSent: nil, refusedByVerifier: false, cancelled: ended == .cancelled)
        }
        let received = rc == -12 ? gnutls_alert_get_name(gnutls_alert_get(session)).map { String(cString: $0) } : nil
        return TLSHandshakeError(gnutls: GnuTLSError(code: rc, function: function), alertReceived: received,
                                 alertSent: nil, refusedByVerifier: false)
    }

    private static func failure(_ rc: Int32, _ function: String) -> TLSHandshakeError {
        TLSHandshakeError(gnutls: GnuTLSError(code: rc, function: function), alertReceived: nil, alertSent: nil,
                          refusedByVerifier: false)
    }

    private static func fail(_ rc: Int32, _ function: String) throws(TLSHandshakeError) {
        if rc < 0 { throw failure(rc, function) }
    }
}
