import TrustCertificates

/// What a challenge handler receives during the handshake, as an iOS app's
/// `urlSession(_:didReceive:completionHandler:)` receives a server-trust challenge: the host asked for
/// and the certificates the server presented, leaf first, in the order sent.
public struct ServerTrustChallenge: Sendable {
    /// The host the client connected to (the protection space's host).
    public let host: String
    /// The port connected to.
    public let port: UInt16
    /// The presented chain, leaf first.
    public let presentedChain: [Certificate]
    /// The stapled OCSP response the server sent, if any.
    public let stapledOCSPResponse: [UInt8]?
}

/// A challenge handler: runs synchronously inside the handshake's verify callback, on the connecting
/// thread, and must answer promptly (the handshake timeout keeps running).
public typealias ServerTrustChallengeHandler = @Sendable (ServerTrustChallenge) -> ChallengeDisposition
