/// How an `HTTPServer` listens and what it bounds.
public struct HTTPServerConfiguration: Sendable {
    /// Where to listen.
    public var address: ListenAddress
    /// PEM certificate chain and private key for HTTPS (libmicrohttpd's GnuTLS); nil for plain HTTP.
    public var tls: (certificatePEM: String, privateKeyPEM: String)?
    /// The longest request body kept; longer ones reach the handler with `bodyExceededLimit`.
    public var bodyLimit: Int
    /// Threads serving connections. Default 4: twice this machine's 2 cores, so a thread waiting on a
    /// database commit does not idle a core.
    public var threadPoolSize: Int = 4
    /// Connections at once; past it libmicrohttpd refuses new ones. Default 1,000: a few hundred apps
    /// retrying at once stay well within it, and within the default 1,024 open files.
    public var connectionLimit: Int = 1_000
    /// Seconds an idle connection is kept. Default 30: a TrustKit upload sends its body at once, so a
    /// connection idle for longer is dead or hostile (slow-loris).
    public var connectionTimeoutSeconds: Int = 30
    /// Memory per connection for headers and buffers (libmicrohttpd's default is 32 KiB).
    public var connectionMemoryLimit: Int = 32 * 1024

    public init(address: ListenAddress, tls: (certificatePEM: String, privateKeyPEM: String)? = nil, bodyLimit: Int) {
        self.address = address
        self.tls = tls
        self.bodyLimit = bodyLimit
    }
}
