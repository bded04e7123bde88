import FoundationEssentials
import GnuTLSBridge
import Pinning
import TrustCertificates
import TrustEvaluation

/// Opens TLS connections on GnuTLS in which TrustCheck, not GnuTLS, decides whether the server is trusted.
///
/// In the handshake's certificate verify callback the presented chain goes to the challenge handler
/// (when configured), else to the engine with the SSL policy for the server name, then to the pins. A
/// refusal aborts the handshake with the bad_certificate alert and throws `TLSClientError.untrusted`
/// carrying the verdict and what the server presented. A failure after the server was trusted (the
/// server refused the client, the deadline passed) throws `TLSClientError.afterTrustDecision`, which
/// keeps the decision beside the failure.
public enum TLSClient {
    /// Connects to `host`:`port` (a name, an IPv4 or an IPv6 literal), shakes hands and decides trust.
    /// The blocking socket work runs on a thread of its own, bounded by the configuration's deadlines;
    /// cancelling the calling task ends it at once with a "cancelled" error.
    public static func connect(host: String, port: UInt16, configuration: TLSClientConfiguration = TLSClientConfiguration())
        async throws(TLSClientError) -> TLSConnection
    {
        let result = await BlockingCall.cancellable { cancellation -> Result<TLSConnection, TLSClientError> in
            do throws(TLSClientError) {
                return .success(try connect(host: host, port: port, configuration: configuration, cancellation: cancellation))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// The same as `connect`, on the calling thread.
    public static func connectBlocking(host: String, port: UInt16, configuration: TLSClientConfiguration)
        throws(TLSClientError) -> TLSConnection
    {
        try connect(host: host, port: port, configuration: configuration, cancellation: nil)
    }

    private static func connect(host: String, port: UInt16, configuration: TLSClientConfiguration,
                                cancellation: CancellationSignal?) throws(TLSClientError) -> TLSConnection
    {
        // One deadline for the whole call, and one per stage within it: every wait on the socket is
        // bounded by what is left of them, not by a timeout that restarts with each byte.
        let whole = Deadline(after: configuration.timeout ?? configuration.connectTimeout + configuration.handshakeTimeout)
        let tcp: TCPConnection
        do {
            let seconds = min(configuration.connectTimeout, configuration.timeout ?? .infinity)
            tcp = try TCPConnection.connect(host: host, port: port, deadline: min(whole, Deadline(after: configuration.connectTimeout)),
                                            seconds: seconds, cancellation: cancellation)
        } catch {
            throw .connect(error)
        }
        let handshakeDeadline = min(whole, Deadline(after: configuration.handshakeTimeout))
        let name = configuration.serverName ?? host
        let decision = TrustDecision(host: host, port: port, name: name, configuration: configuration)
        // RFC 6066 §3: SNI carries DNS names only, never an IP literal.
        var sni: String? = name
        if case .ip = PeerName(parsing: name) { sni = nil }
        let session: GnuTLSClientSession
        do {
            session = try GnuTLSClientSession.handshake(
                on: tcp, serverName: sni, alpn: configuration.alpn, priority: configuration.offer?.priority ?? configuration.versions.priority,
                deadline: handshakeDeadline, cancellation: cancellation, operationTimeout: configuration.handshakeTimeout,
                verify: decision.decide)
        } catch {
            if let failure = decision.parseFailure { throw failure }
            if let verdict = decision.verdict {
                if error.refusedByVerifier {
                    throw .untrusted(verdict, presented: decision.presented,
                                     stapledOCSPResponse: decision.stapledOCSPResponse, handshake: error)
                }
                throw .afterTrustDecision(.handshake(error, presented: decision.presented), decided(decision, verdict, nil))
            }
            throw .handshake(error, presented: decision.presented)
        }
        guard let verdict = decision.verdict else {
            // Unreachable: GnuTLS calls the verify function in every certificate handshake.
            throw .handshake(
                TLSHandshakeError(gnutls: GnuTLSError(code: -43, function: "verify callback not called"),
                                  alertReceived: nil, alertSent: nil, refusedByVerifier: true), presented: [])
        }
        let negotiated = TLSNegotiation(session.negotiated)
        // TLS 1.3 only: a TLS 1.2 server checks the client (its certificate) before its own Finished, so a
        // refusal there fails the handshake itself.
        if configuration.serverAnswerWait > 0, negotiated.protocolVersion == "TLS1.3" {
            do {
                _ = try session.look(quietAfter: Deadline(after: configuration.serverAnswerWait), deadline: handshakeDeadline,
                                     cancellation: cancellation)
            } catch {
                // Named for the stage: the handshake's last step, as the server sees it.
                let answer = TLSHandshakeError(
                    gnutls: GnuTLSError(code: error.gnutls.code, function: "the server's answer after the handshake (\(error.gnutls.function))"),
                    alertReceived: error.alertReceived, alertSent: error.alertSent, refusedByVerifier: false, cancelled: error.cancelled)
                throw .afterTrustDecision(.handshake(answer, presented: decision.presented), decided(decision, verdict, negotiated))
            }
        }
        return TLSConnection(session: session, presentedChain: decision.presented, verdict: verdict,
                             operationTimeout: configuration.handshakeTimeout)
    }

    private static func decided(_ decision: TrustDecision, _ verdict: ServerTrustVerdict, _ negotiated: TLSNegotiation?)
        -> ServerTrustDecision
    {
        ServerTrustDecision(verdict: verdict, presentedChain: decision.presented,
                            stapledOCSPResponse: decision.stapledOCSPResponse, negotiated: negotiated)
    }
}
