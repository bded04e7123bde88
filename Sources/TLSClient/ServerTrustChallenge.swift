import TrustCertificates

/// What a challenge handler receives during the handshake, as an iOS app's
/// `urlSession(_:didReceive:completionHandler:)` receives a server-trust challenge: the host asked for
/// and the certificates the server presented, leaf first, in the order sent.
///
/// With `import SecTrustCompat`, `serverTrust` gives the challenge as a `SecTrust` (SecTrustCompat extends
/// this type), so code written for Apple's Security framework runs on it unchanged; this module itself
/// does not depend on SecTrustCompat, so a client (such as `trustcheck connect`) links no swift-corelibs
/// Foundation.
public struct ServerTrustChallenge: Sendable {
    /// The host the client connected to (the protection space's host).
    public let host: String
    /// The port connected to.
    public let port: UInt16
    /// The presented chain, leaf first. Never empty, and every certificate meets Apple's encoding rules
    /// (`SecCertificateCreateWithData` would accept it): a chain that does not is refused before any
    /// handler runs, as Apple's `SecTrust` could not be made from it.
    public let presentedChain: [Certificate]
    /// The stapled OCSP response the server sent, if any.
    public let stapledOCSPResponse: [UInt8]?
    /// The name the SSL policy checks (the SNI name, which may differ from `host`).
    package let serverName: String
    /// Keeps the `SecTrust` SecTrustCompat makes on first use, so that every read of `serverTrust` gives
    /// the same object (settings made through one read are seen by the next), as
    /// `protectionSpace.serverTrust` does.
    package let trustObject: ChallengeTrustObject

    init(host: String, port: UInt16, presentedChain: [Certificate], stapledOCSPResponse: [UInt8]?, serverName: String) {
        self.host = host
        self.port = port
        self.presentedChain = presentedChain
        self.stapledOCSPResponse = stapledOCSPResponse
        self.serverName = serverName
        trustObject = ChallengeTrustObject()
    }
}

/// A challenge handler: runs synchronously inside the handshake's verify callback, on the connecting
/// thread, and must answer promptly (the handshake timeout keeps running).
public typealias ServerTrustChallengeHandler = @Sendable (ServerTrustChallenge) -> ChallengeDisposition
