import Foundation
import HTTPServerBridge
import TrustEvaluation

/// Everything `trustcheck collect` configures, apart from the store.
public struct CollectorConfiguration: Sendable {
    /// Where to listen, and TLS.
    public var listen: ListenAddress
    public var tls: (certificatePEM: String, privateKeyPEM: String)?
    /// Checks each report's chain against its anchors; by default the system roots (`SystemTrustStore`).
    public var inspector: ReportChainInspector
    public var authorization: ReportAuthorization
    /// Who may read `/api/*`; by default no one (see `ReadAuthorization`).
    public var readAuthorization = ReadAuthorization()
    /// Per-source reports per second and burst; nil turns rate limiting off.
    public var rateLimit: (reportsPerSecond: Double, burst: Double)?
    public var bodyLimit: Int
    /// Connections at once, in total and from one client address (`HTTPServerConfiguration`'s limits; a
    /// per-client limit of 0 turns it off, for a collector behind a reverse proxy).
    public var connectionLimit = HTTPServerConfiguration.defaultConnectionLimit
    public var perClientConnectionLimit = HTTPServerConfiguration.defaultPerClientConnectionLimit
    /// Reports older than this many days are deleted (`ReportRetention`); nil keeps every report.
    public var retainDays: Int?
    public var alert: AlertConfiguration?
    public var upcoming: UpcomingPins
    /// The dashboard folder; nil uses the installed resources.
    public var dashboardDirectory: String?
    /// How long shutdown waits for requests in flight: 10 s, well past a commit's time, short of the
    /// 30 s a service manager usually allows between SIGTERM and SIGKILL.
    public var shutdownGrace: TimeInterval = 10

    public init(listen: ListenAddress, tls: (certificatePEM: String, privateKeyPEM: String)? = nil,
                inspector: ReportChainInspector = ReportChainInspector(anchors: SystemTrustStore.default.store),
                authorization: ReportAuthorization = ReportAuthorization(),
                rateLimit: (reportsPerSecond: Double, burst: Double)? = (SourceRateLimiter.defaultReportsPerSecond, SourceRateLimiter.defaultBurst),
                bodyLimit: Int = ReportReceiver.defaultBodyLimit, alert: AlertConfiguration? = nil,
                upcoming: UpcomingPins = UpcomingPins(), dashboardDirectory: String? = nil)
    {
        self.listen = listen
        self.tls = tls
        self.inspector = inspector
        self.authorization = authorization
        self.rateLimit = rateLimit
        self.bodyLimit = bodyLimit
        self.alert = alert
        self.upcoming = upcoming
        self.dashboardDirectory = dashboardDirectory
    }
}
