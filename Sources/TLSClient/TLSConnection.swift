import FoundationEssentials
import GnuTLSBridge
import TrustCertificates

/// A connection whose server was trusted: an async byte stream plus what was presented and negotiated.
/// Operations are serialized (one GnuTLS call at a time); each read or write is bounded by a deadline
/// (the handshake timeout from its start, unless given), and cancelling the calling task ends it at once.
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
    /// Bound, in seconds, on an operation called without a timeout of its own.
    public let operationTimeout: TimeInterval

    init(session: GnuTLSClientSession, presentedChain: [Certificate], verdict: ServerTrustVerdict,
         operationTimeout: TimeInterval) {
        self.session = session
        self.presentedChain = presentedChain
        self.verdict = verdict
        self.operationTimeout = operationTimeout
    }

    /// Reads up to `maximum` bytes, within `timeout` seconds (nil: `operationTimeout`); empty when the
    /// server has closed the stream.
    public func read(maximum: Int = 16384, timeout: TimeInterval? = nil) async throws(TLSClientError) -> [UInt8] {
        let deadline = Deadline(after: timeout ?? operationTimeout)
        let result = await BlockingCall.cancellable { cancellation -> Result<[UInt8], TLSClientError> in
            do throws(TLSClientError) {
                return .success(try self.read(maximum: maximum, deadline: deadline, cancellation: cancellation))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// Writes all of `bytes`, within `timeout` seconds (nil: `operationTimeout`).
    public func write(_ bytes: [UInt8], timeout: TimeInterval? = nil) async throws(TLSClientError) {
        let deadline = Deadline(after: timeout ?? operationTimeout)
        let result = await BlockingCall.cancellable { cancellation -> Result<Void, TLSClientError> in
            do throws(TLSClientError) {
                return .success(try self.write(bytes, deadline: deadline, cancellation: cancellation))
            } catch {
                return .failure(error)
            }
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
        try read(maximum: maximum, deadline: Deadline(after: operationTimeout), cancellation: nil)
    }

    /// `write(_:)` on the calling thread.
    public func writeBlocking(_ bytes: [UInt8]) throws(TLSClientError) {
        try write(bytes, deadline: Deadline(after: operationTimeout), cancellation: nil)
    }

    /// `close()` on the calling thread.
    public func closeBlocking() { session.close() }

    func read(maximum: Int, deadline: Deadline, cancellation: CancellationSignal?) throws(TLSClientError) -> [UInt8] {
        do throws(TLSHandshakeError) {
            return try session.read(maximum: maximum, deadline: deadline, cancellation: cancellation)
        } catch {
            throw .io(error)
        }
    }

    func write(_ bytes: [UInt8], deadline: Deadline, cancellation: CancellationSignal?) throws(TLSClientError) {
        do throws(TLSHandshakeError) { try session.write(bytes, deadline: deadline, cancellation: cancellation) } catch {
            throw .io(error)
        }
    }
}
