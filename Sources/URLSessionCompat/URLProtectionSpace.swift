import Foundation

/// Apple's URLProtectionSpace: the server (host, port, protocol) and the authentication it asks for. For a
/// server-trust challenge `serverTrust` is the chain the server presented, with Apple's SSL policy for the
/// host, the same object on every read.
open class URLProtectionSpace: NSObject, @unchecked Sendable {
    /// The server's host.
    open private(set) var host: String
    /// The server's port.
    open private(set) var port: Int
    /// The protocol: `NSURLProtectionSpaceHTTPS` for a server-trust challenge.
    open private(set) var `protocol`: String?
    /// The realm of an HTTP authentication; nil for server trust.
    open private(set) var realm: String?
    /// One of the `NSURLAuthenticationMethod…` constants.
    open private(set) var authenticationMethod: String
    /// The server's chain for a server-trust challenge; nil otherwise.
    open private(set) var serverTrust: SecTrust?
    /// Whether credentials are sent over a secure channel (https).
    open var receivesCredentialSecurely: Bool { `protocol` == NSURLProtectionSpaceHTTPS }
    /// The distinguished names of acceptable client-certificate issuers; nil here.
    open var distinguishedNames: [Data]? { nil }
    /// The proxy type; nil: not a proxy.
    open var proxyType: String? { nil }

    /// Apple's initialiser for a server's protection space.
    public init(host: String, port: Int, protocol: String?, realm: String?, authenticationMethod: String?) {
        self.host = host
        self.port = port
        self.protocol = `protocol`
        self.realm = realm
        self.authenticationMethod = authenticationMethod ?? NSURLAuthenticationMethodDefault
        super.init()
    }

    /// The protection space of a server-trust challenge for `trust`.
    init(serverTrustFor host: String, port: Int, trust: SecTrust) {
        self.host = host
        self.port = port
        self.protocol = NSURLProtectionSpaceHTTPS
        self.authenticationMethod = NSURLAuthenticationMethodServerTrust
        self.serverTrust = trust
        super.init()
    }

    /// Whether this is a proxy's protection space; never, here.
    open override func isProxy() -> Bool { false }
}
