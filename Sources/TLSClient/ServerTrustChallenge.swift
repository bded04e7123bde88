import SecTrustCompat
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
    /// A SecTrust for the presented chain with SecPolicyCreateSSL(true, server name), as URLSession hands
    /// `challenge.protectionSpace.serverTrust` to the delegate: code written for Apple's Security framework
    /// (SecTrustSetAnchorCertificates, SecTrustEvaluateWithError, SecTrustCopyKey...) runs on it unchanged.
    /// What the handler does to it never changes `.performDefaultHandling`, which runs the client's own
    /// configuration.
    public let serverTrust: SecTrust
}

/// A challenge handler: runs synchronously inside the handshake's verify callback, on the connecting
/// thread, and must answer promptly (the handshake timeout keeps running).
public typealias ServerTrustChallengeHandler = @Sendable (ServerTrustChallenge) -> ChallengeDisposition
