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
/// `@unchecked Sendable`: the handles never change after init, and every record call holds `lock`
/// (GnuTLS allows one thread at a time per session).
public final class GnuTLSClientSession: @unchecked Sendable {
    private let handles: Handles
    private var session: OpaquePointer { handles.session }
    private let lock = Mutex(())
    private var closed = false
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
        init(session: OpaquePointer, credentials: OpaquePointer, connection: TCPConnection) {
            self.session = session
            self.credentials = credentials
            self.connection = connection
        }
        deinit {
            // The session points at the credentials, so it goes first.
            gnutls_deinit(session)
            gnutls_certificate_free_credentials(credentials)
        }
    }

    private init(handles: Handles, peer: PresentedPeer, negotiated: NegotiatedParameters) {
        self.handles = handles
        self.peer = peer
        self.negotiated = negotiated
    }

    /// Runs a client handshake on `connection`.
    ///
    /// - Parameters:
    ///   - serverName: sent as SNI (skip for IP literals: RFC 6066 forbids them in SNI).
    ///   - alpn: protocols offered, most preferred first (empty: no ALPN extension).
    ///   - priority: a GnuTLS priority string, e.g. "NORMAL:-VERS-ALL:+VERS-TLS1.3".
    ///   - timeout: bound on the whole handshake, and later on each read.
    ///   - verify: decides trust; called once, during the handshake, with the presented chain and staple.
    ///   - presented: receives what the server presented, also when the handshake then fails.
    public static func handshake(
        on connection: TCPConnection, serverName: String?, alpn: [String], priority: String, timeout: TimeInterval,
        verify: @escaping (PresentedPeer) -> Bool
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
        gnutls_transport_set_int2(session, connection.descriptor, connection.descriptor)
        let milliseconds = UInt32(min(max(timeout * 1000, 1), Double(UInt32.max - 1)))
        gnutls_handshake_set_timeout(session, milliseconds)
        gnutls_record_set_timeout(session, milliseconds)

        var rc: Int32
        repeat { rc = gnutls_handshake(session) } while rc < 0 && gnutls_error_is_fatal(rc) == 0
        let presented = context.peer ?? PresentedPeer(certificates: [], stapledOCSPResponse: nil)
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
            GnuTLSClientSession(handles: handles, peer: presented, negotiated: negotiatedParameters(session))
        }
    }

    /// Reads up to `maximum` bytes; an empty result means the server closed the connection.
    public func read(maximum: Int) throws(TLSHandshakeError) -> [UInt8] {
        try lock.withLock { _ throws(TLSHandshakeError) -> [UInt8] in
            guard !closed else { return [] }
            var buffer = [UInt8](repeating: 0, count: max(1, maximum))
            var rc: Int
            repeat {
                rc = buffer.withUnsafeMutableBytes { gnutls_record_recv(session, $0.baseAddress, $0.count) }
            } while rc == -28 /* AGAIN */ || rc == -52 /* INTERRUPTED */
            // A peer that closes without close_notify ends the stream too (as most HTTP servers do).
            if rc == 0 || rc == -110 /* PREMATURE_TERMINATION */ { return [] }
            if rc < 0 { throw Self.recordError(session, Int32(rc), "gnutls_record_recv") }
            return Array(buffer.prefix(rc))
        }
    }

    /// Writes all of `bytes`.
    public func write(_ bytes: [UInt8]) throws(TLSHandshakeError) {
        try lock.withLock { _ throws(TLSHandshakeError) in
            guard !closed else { throw Self.failure(-10 /* INVALID_SESSION */, "gnutls_record_send") }
            var offset = 0
            while offset < bytes.count {
                let rc = bytes.withUnsafeBytes { gnutls_record_send(session, $0.baseAddress! + offset, $0.count - offset) }
                if rc == -28 || rc == -52 { continue }
                if rc < 0 { throw Self.recordError(session, Int32(rc), "gnutls_record_send") }
                offset += rc
            }
        }
    }

    /// Sends close_notify (once); later reads return empty and writes fail.
    public func close() {
        lock.withLock { _ in
            guard !closed else { return }
            closed = true
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

    private static func recordError(_ session: OpaquePointer, _ rc: Int32, _ function: String) -> TLSHandshakeError {
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
