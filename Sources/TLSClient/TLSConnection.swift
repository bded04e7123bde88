import GnuTLSBridge
import TrustCertificates

/// A connection whose server was trusted: an async byte stream plus what was presented and negotiated.
/// Operations are serialized (one GnuTLS call at a time); each read is bounded by the handshake timeout.
public final class TLSConnection: Sendable {
    private let session: GnuTLSClientSession
    /// What the server presented, leaf first, in the order sent.
    public let presentedChain: [Certificate]
    /// How trust was decided.
    public let verdict: ServerTrustVerdict
    /// Protocol version, cipher suite, group and ALPN.
    public var negotiated: TLSNegotiation { TLSNegotiation(session.negotiated) }
    /// The stapled OCSP response (DER OCSPResponse) the server sent, if any. Checked by the OCSP stage.
    public var stapledOCSPResponse: [UInt8]? { session.peer.stapledOCSPResponse }

    init(session: GnuTLSClientSession, presentedChain: [Certificate], verdict: ServerTrustVerdict) {
        self.session = session
        self.presentedChain = presentedChain
        self.verdict = verdict
    }

    /// Reads up to `maximum` bytes; empty when the server has closed the stream.
    public func read(maximum: Int = 16384) async throws(TLSClientError) -> [UInt8] {
        let session = self.session
        let result = await BlockingCall.run { () -> Result<[UInt8], TLSClientError> in
            do throws(TLSHandshakeError) { return .success(try session.read(maximum: maximum)) } catch { return .failure(.io(error)) }
        }
        return try result.get()
    }

    /// Writes all of `bytes`.
    public func write(_ bytes: [UInt8]) async throws(TLSClientError) {
        let session = self.session
        let result = await BlockingCall.run { () -> Result<Void, TLSClientError> in
            do throws(TLSHandshakeError) { return .success(try session.write(bytes)) } catch { return .failure(.io(error)) }
        }
        try result.get()
    }

    /// Sends close_notify; the socket closes when the connection is released.
    public func close() async {
        let session = self.session
        await BlockingCall.run { session.close() }
    }
}
