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
        let result = await BlockingCall.run { () -> Result<[UInt8], TLSClientError> in
            do throws(TLSClientError) { return .success(try self.readBlocking(maximum: maximum)) } catch { return .failure(error) }
        }
        return try result.get()
    }

    /// Writes all of `bytes`.
    public func write(_ bytes: [UInt8]) async throws(TLSClientError) {
        let result = await BlockingCall.run { () -> Result<Void, TLSClientError> in
            do throws(TLSClientError) { return .success(try self.writeBlocking(bytes)) } catch { return .failure(error) }
        }
        try result.get()
    }

    /// Sends close_notify; the socket closes when the connection is released.
    public func close() async {
        await BlockingCall.run { self.closeBlocking() }
    }

    /// `read(maximum:)` on the calling thread, for callers on threads of their own (as `connectBlocking`):
    /// nothing waits for a Swift concurrency thread between the handshake and the exchange.
    public func readBlocking(maximum: Int = 16384) throws(TLSClientError) -> [UInt8] {
        do throws(TLSHandshakeError) { return try session.read(maximum: maximum) } catch { throw .io(error) }
    }

    /// `write(_:)` on the calling thread.
    public func writeBlocking(_ bytes: [UInt8]) throws(TLSClientError) {
        do throws(TLSHandshakeError) { try session.write(bytes) } catch { throw .io(error) }
    }

    /// `close()` on the calling thread.
    public func closeBlocking() { session.close() }
}
