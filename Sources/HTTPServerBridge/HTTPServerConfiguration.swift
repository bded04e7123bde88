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
    public var connectionLimit: Int = HTTPServerConfiguration.defaultConnectionLimit
    /// Connections at once from one client address; past it that address's new connections are refused while
    /// others are still served. Default 64: a device sends a report per connection and is done, so 64 at once
    /// leaves room for a NAT of busy devices, while one address holding connections open can take at most 6% of
    /// `connectionLimit`. 0 turns it off — for a collector behind a reverse proxy, where every connection comes
    /// from the proxy's address.
    public var perClientConnectionLimit: Int = HTTPServerConfiguration.defaultPerClientConnectionLimit
    /// Seconds an idle connection is kept. Default 30: a TrustKit upload sends its body at once, so a
    /// connection idle for longer is dead or hostile (slow-loris).
    public var connectionTimeoutSeconds: Int = 30
    /// Seconds a new connection may stay idle before its request's headers are complete; then
    /// `connectionTimeoutSeconds` applies. Default 10: a client's request line and headers go in one write, so
    /// a connection that has sent nothing complete for 10 s is dead or trickling. 0: `connectionTimeoutSeconds`
    /// from the start. libmicrohttpd counts inactivity, so a client trickling a byte every few seconds is bounded
    /// by `perClientConnectionLimit`, not by this.
    public var headerTimeoutSeconds: Int = 10
    /// Threads answering the requests the server's `offload` picks (slow reads), their connections suspended
    /// meanwhile so that none of `threadPoolSize` waits for them. Default 2: half the pool, so reads use at
    /// most as much of the machine's 2 cores as intake does.
    public var offloadThreads: Int = 2
    /// Offloaded requests waiting for a thread at most; past it they are answered 503 at once. Default 32:
    /// a few dashboards loading at once (4 reads each) wait, a client looping reads is told to slow down.
    public var offloadQueueLimit: Int = 32
    /// Memory per connection for headers and buffers (libmicrohttpd's default is 32 KiB).
    public var connectionMemoryLimit: Int = 32 * 1024

    /// See `connectionLimit`.
    public static let defaultConnectionLimit = 1_000
    /// See `perClientConnectionLimit`.
    public static let defaultPerClientConnectionLimit = 64

    public init(address: ListenAddress, tls: (certificatePEM: String, privateKeyPEM: String)? = nil, bodyLimit: Int) {
        self.address = address
        self.tls = tls
        self.bodyLimit = bodyLimit
    }
}
