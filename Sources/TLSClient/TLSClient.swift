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
/// carrying the verdict and what the server presented.
public enum TLSClient {
    /// Connects to `host`:`port` (a name, an IPv4 or an IPv6 literal), shakes hands and decides trust.
    /// The blocking socket work runs on a thread of its own, bounded by the configuration's two timeouts.
    public static func connect(host: String, port: UInt16, configuration: TLSClientConfiguration = TLSClientConfiguration())
        async throws(TLSClientError) -> TLSConnection
    {
        let result = await BlockingCall.run { () -> Result<TLSConnection, TLSClientError> in
            do throws(TLSClientError) { return .success(try connectBlocking(host: host, port: port, configuration: configuration)) } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// The same as `connect`, on the calling thread.
    public static func connectBlocking(host: String, port: UInt16, configuration: TLSClientConfiguration)
        throws(TLSClientError) -> TLSConnection
    {
        let tcp: TCPConnection
        do { tcp = try TCPConnection.connect(host: host, port: port, timeout: configuration.connectTimeout) } catch {
            throw .connect(error)
        }
        let name = configuration.serverName ?? host
        let decision = TrustDecision(host: host, port: port, name: name, configuration: configuration)
        // RFC 6066 §3: SNI carries DNS names only, never an IP literal.
        var sni: String? = name
        if case .ip = PeerName(parsing: name) { sni = nil }
        do {
            let session = try GnuTLSClientSession.handshake(
                on: tcp, serverName: sni, alpn: configuration.alpn, priority: configuration.versions.priority,
                timeout: configuration.handshakeTimeout, verify: decision.decide)
            guard let verdict = decision.verdict else {
                // Unreachable: GnuTLS calls the verify function in every certificate handshake.
                throw TLSClientError.handshake(
                    TLSHandshakeError(gnutls: GnuTLSError(code: -43, function: "verify callback not called"),
                                      alertReceived: nil, alertSent: nil, refusedByVerifier: true), presented: [])
            }
            return TLSConnection(session: session, presentedChain: decision.presented, verdict: verdict)
        } catch let error as TLSHandshakeError {
            if let failure = decision.parseFailure { throw failure }
            if error.refusedByVerifier, let verdict = decision.verdict {
                throw .untrusted(verdict, presented: decision.presented,
                                 stapledOCSPResponse: decision.stapledOCSPResponse, handshake: error)
            }
            throw .handshake(error, presented: decision.presented)
        } catch let error as TLSClientError {
            throw error
        } catch {
            throw .handshake(TLSHandshakeError(gnutls: GnuTLSError(code: -1, function: "\(error)"), alertReceived: nil,
                                               alertSent: nil, refusedByVerifier: false), presented: decision.presented)
        }
    }
}
