import FoundationEssentials

/// A failed TLS handshake or record operation: GnuTLS's error, and the alert that went either way.
///
/// Stable code: "tls.handshake.GNUTLS_E_..." (GnuTLS's symbol), or "tls.timeout" when the handshake
/// or a read did not finish before its deadline, "tls.cancelled" when the caller cancelled it, or
/// "tls.refused" when the verify callback refused the server.
public struct TLSHandshakeError: Error, Sendable, Equatable, LocalizedError {
    /// GnuTLS's error.
    public let gnutls: GnuTLSError
    /// The alert received from the peer (GnuTLS's text, e.g. "Protocol version mismatch"), if any.
    public let alertReceived: String?
    /// The alert this side sent (e.g. "Certificate is bad"), if any.
    public let alertSent: String?
    /// True when our own verify callback refused the server's certificate.
    public let refusedByVerifier: Bool
    /// True when the caller cancelled the operation (its Swift task was cancelled).
    public let cancelled: Bool

    public init(gnutls: GnuTLSError, alertReceived: String?, alertSent: String?, refusedByVerifier: Bool,
                cancelled: Bool = false) {
        self.gnutls = gnutls
        self.alertReceived = alertReceived
        self.alertSent = alertSent
        self.refusedByVerifier = refusedByVerifier
        self.cancelled = cancelled
    }

    /// GNUTLS_E_TIMEDOUT.
    public var isTimeout: Bool { gnutls.code == -319 }

    /// The stable code.
    public var code: String {
        if refusedByVerifier { return "tls.refused" }
        if cancelled { return "tls.cancelled" }
        if isTimeout { return "tls.timeout" }
        return "tls.handshake." + gnutls.name
    }

    public var errorDescription: String? {
        if cancelled { return "\(gnutls.function): cancelled by the caller" }
        var text = isTimeout ? "\(gnutls.function): the deadline passed before the server answered (\(gnutls.name))"
            : "\(gnutls.function): \(gnutls.message) (\(gnutls.name))"
        if let alertReceived { text += "; the server sent the alert \"\(alertReceived)\"" }
        if let alertSent { text += "; sent the alert \"\(alertSent)\"" }
        return text
    }
}
