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
    /// Per client address reports per second and burst; nil turns that limit off.
    public var rateLimit: (reportsPerSecond: Double, burst: Double)?
    /// Per device (`app-vendor-id`) reports per second and burst; nil turns that limit off.
    public var deviceRateLimit: (reportsPerSecond: Double, burst: Double)? =
        (SourceRateLimiter.defaultDeviceReportsPerSecond, SourceRateLimiter.defaultDeviceBurst)
    /// The paths that accept report POSTs (`--report-path`).
    public var reportPaths: Set<String> = CollectorConfiguration.defaultReportPaths
    /// The proxies whose `X-Forwarded-For` names the client (`--trusted-proxy`); none by default.
    public var trustedProxies = TrustedProxies()
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

    /// The report paths by default: the collector's own `/report`, `/trustkit/report`, and `/log_report`,
    /// the path of the report URI in TrustKit's getting-started example (`TrustKit.h`'s `kTSKReportUris`,
    /// `http://report.datatheorem.com/log_report`), which apps copy.
    public static let defaultReportPaths: Set<String> = ["/report", "/trustkit/report", "/log_report"]

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
