import FoundationEssentials
import GnuTLSBridge
import TrustCertificates

/// Why `TLSClient.connect` (or a later read or write) failed. Every case has a stable `code`.
public enum TLSClientError: Error, Sendable, LocalizedError {
    /// TCP failed: resolution, timeout, cancellation, or an errno such as ECONNREFUSED ("tcp.*").
    case connect(TCPConnectError)
    /// The handshake failed before or apart from the trust decision: a timeout, an alert from the server,
    /// a closed connection, a cancellation ("tls.timeout", "tls.cancelled", "tls.handshake.GNUTLS_E_*").
    case handshake(TLSHandshakeError, presented: [Certificate])
    /// The trust decision refused the server; the handshake was aborted with an alert ("trust.refused").
    case untrusted(ServerTrustVerdict, presented: [Certificate], stapledOCSPResponse: [UInt8]?, handshake: TLSHandshakeError)
    /// A certificate the server presented does not parse ("trust.unparseableCertificate").
    case unparseableCertificate(index: Int, CertificateParseError)
    /// A read or write on the connected stream failed ("tls.io.GNUTLS_E_*"), its deadline passed
    /// ("tls.timeout") or it was cancelled ("tls.cancelled").
    case io(TLSHandshakeError)
    /// The server's HTTP answer is not HTTP/1.x or is larger than the helper reads ("http.malformed").
    case malformedHTTPResponse(String)
    /// The server closed the stream before its HTTP answer was whole: before the end of the headers, or
    /// before as many body bytes as its Content-Length declares ("http.truncated").
    case truncatedHTTPResponse(String)
    /// The server was trusted, and then the connection failed (the first error, whose code this is): a
    /// TLS 1.3 server's refusal after the client's Finished, a TLS 1.2 server's refusal of the client, the
    /// deadline. The decision is kept, so it can be reported beside the failure.
    indirect case afterTrustDecision(TLSClientError, ServerTrustDecision)

    /// The stable code.
    public var code: String {
        switch self {
        case .connect(let error): error.code
        case .handshake(let error, _): error.code
        case .untrusted: "trust.refused"
        case .unparseableCertificate: "trust.unparseableCertificate"
        case .io(let error): error.cancelled ? "tls.cancelled" : error.isTimeout ? "tls.timeout" : "tls.io." + error.gnutls.name
        case .malformedHTTPResponse: "http.malformed"
        case .truncatedHTTPResponse: "http.truncated"
        case .afterTrustDecision(let failure, _): failure.code
        }
    }

    public var errorDescription: String? {
        switch self {
        case .connect(let error): error.errorDescription
        case .handshake(let error, _) where error.isTimeout && !error.cancelled:
            "TLS handshake timed out: " + (error.errorDescription ?? "")
        case .handshake(let error, _): "TLS handshake failed: " + (error.errorDescription ?? "")
        case .untrusted(let verdict, _, _, let handshake):
            "server not trusted: \(verdict.reason ?? "refused")"
                + (handshake.alertSent.map { "; sent the alert \"\($0)\"" } ?? "")
        case .unparseableCertificate(let index, let error): "presented certificate [\(index)] does not parse: \(error)"
        case .io(let error) where error.isTimeout && !error.cancelled:
            "TLS read/write timed out: " + (error.errorDescription ?? "")
        case .io(let error): "TLS read/write failed: " + (error.errorDescription ?? "")
        case .malformedHTTPResponse(let problem): "malformed HTTP response: \(problem)"
        case .truncatedHTTPResponse(let problem): "truncated HTTP response: \(problem)"
        case .afterTrustDecision(let failure, let decision):
            (failure.errorDescription ?? failure.code)
                + (decision.verdict.isTrusted ? " (after the server's certificate was trusted)" : "")
        }
    }

    /// The trust decision the handshake made before this failure, if it made one.
    public var trustDecision: ServerTrustDecision? {
        switch self {
        case .afterTrustDecision(_, let decision): decision
        case .untrusted(let verdict, let presented, let staple, _):
            ServerTrustDecision(verdict: verdict, presentedChain: presented, stapledOCSPResponse: staple, negotiated: nil)
        default: nil
        }
    }
}
