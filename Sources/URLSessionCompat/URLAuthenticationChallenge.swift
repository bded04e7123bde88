import Foundation

/// Apple's URLAuthenticationChallenge: what a delegate's `urlSession(_:didReceive:completionHandler:)`
/// is asked. A server-trust challenge has `protectionSpace.authenticationMethod ==
/// NSURLAuthenticationMethodServerTrust` and the server's chain in `protectionSpace.serverTrust`.
open class URLAuthenticationChallenge: NSObject, @unchecked Sendable {
    /// The server and the authentication asked for.
    open private(set) var protectionSpace: URLProtectionSpace
    /// A credential proposed by the system; nil for server trust.
    open private(set) var proposedCredential: URLCredential?
    /// How many times this challenge failed before; 0 for server trust.
    open private(set) var previousFailureCount: Int
    /// The response of the last failed attempt, if any.
    open private(set) var failureResponse: URLResponse?
    /// The error of the last failed attempt, if any.
    open private(set) var error: Error?
    /// The sender, for NSURLConnection-era code; nil for URLSession.
    open private(set) var sender: URLAuthenticationChallengeSender?

    /// Apple's initialiser.
    public init(protectionSpace space: URLProtectionSpace, proposedCredential credential: URLCredential?,
                previousFailureCount: Int, failureResponse response: URLResponse?, error: Error?,
                sender: URLAuthenticationChallengeSender)
    {
        protectionSpace = space
        proposedCredential = credential
        self.previousFailureCount = previousFailureCount
        failureResponse = response
        self.error = error
        self.sender = sender
        super.init()
    }

    /// Apple's copying initialiser.
    public init(authenticationChallenge challenge: URLAuthenticationChallenge, sender: URLAuthenticationChallengeSender) {
        protectionSpace = challenge.protectionSpace
        proposedCredential = challenge.proposedCredential
        previousFailureCount = challenge.previousFailureCount
        failureResponse = challenge.failureResponse
        error = challenge.error
        self.sender = sender
        super.init()
    }

    /// A server-trust challenge.
    init(serverTrust space: URLProtectionSpace) {
        protectionSpace = space
        previousFailureCount = 0
        super.init()
    }
}
