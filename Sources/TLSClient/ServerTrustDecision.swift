import TrustCertificates

/// A trust decision the handshake made, kept when the connection then failed (the server refused the
/// client after its certificate was evaluated, or the deadline passed), so that what was decided, and
/// on which chain, is still reported beside the later failure.
public struct ServerTrustDecision: Sendable {
    /// How trust was decided.
    public let verdict: ServerTrustVerdict
    /// What the server presented, leaf first, in the order sent.
    public let presentedChain: [Certificate]
    /// The stapled OCSP response, if any.
    public let stapledOCSPResponse: [UInt8]?
    /// What the handshake negotiated, when it completed before the failure.
    public let negotiated: TLSNegotiation?
}
