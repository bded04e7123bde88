import Foundation
import HTTPServerBridge
import TrustCertificates

/// The collector's HTTP service: report POSTs to the receiver, the analysis as JSON under `/api/` to the
/// holder of the read token (`ReadAuthorization`), the dashboard's static files. docs/reports.md gives the
/// paths and shapes.
public final class CollectorServer: Sendable {
    public let configuration: CollectorConfiguration
    public let store: any ReportStore
    public let receiver: ReportReceiver
    public let dashboard: DashboardFiles
    /// nil without `retainDays`.
    public let retention: ReportRetention?
    private let server: HTTPServer

    public init(configuration: CollectorConfiguration, store: any ReportStore, log: @escaping @Sendable (String) -> Void = { _ in }) {
        self.configuration = configuration
        self.store = store
        let alert = configuration.alert.map { FailureRateAlert(configuration: $0, store: store, log: log) }
        let limiter = configuration.rateLimit.map { SourceRateLimiter(reportsPerSecond: $0.reportsPerSecond, burst: $0.burst) }
        let deviceLimiter = configuration.deviceRateLimit.map { SourceRateLimiter(reportsPerSecond: $0.reportsPerSecond, burst: $0.burst) }
        let receiver = ReportReceiver(store: store, inspector: configuration.inspector, authorization: configuration.authorization,
                                      rateLimiter: limiter, deviceRateLimiter: deviceLimiter, alert: alert,
                                      bodyLimit: configuration.bodyLimit, log: log)
        let dashboard = DashboardFiles(directory: configuration.dashboardDirectory)
        self.receiver = receiver
        self.dashboard = dashboard
        retention = configuration.retainDays.map { ReportRetention(days: $0, store: store, log: log) }
        var http = HTTPServerConfiguration(address: configuration.listen, tls: configuration.tls, bodyLimit: configuration.bodyLimit)
        http.connectionLimit = configuration.connectionLimit
        http.perClientConnectionLimit = configuration.perClientConnectionLimit
        let upcoming = configuration.upcoming
        let readAuthorization = configuration.readAuthorization
        let reportPaths = configuration.reportPaths
        let proxies = configuration.trustedProxies
        // The analysis's reads take the database's time (up to a second or two over a million reports): they
        // are answered on threads of their own, so the pool that takes reports is never held up by them.
        server = HTTPServer(configuration: http, offload: { $0.path.hasPrefix("/api/") && $0.method != "POST" }) { request in
            // From here on the client is who the trusted proxies say it is: the rate limits, the stored
            // source and the log all see that address (the per-client connection limit, below this, counts
            // TCP peers).
            var request = request
            request.clientAddress = proxies.clientAddress(peer: request.clientAddress, forwardedFor: request.header("x-forwarded-for"))
            return Self.route(request, reportPaths: reportPaths, receiver: receiver, store: store, dashboard: dashboard,
                              upcoming: upcoming, readAuthorization: readAuthorization)
        }
    }

    /// Binds and serves.
    public func start() throws(HTTPServerError) {
        try server.start()
        retention?.start()
    }

    /// The bound port.
    public var port: UInt16 { server.port }

    /// Graceful stop: no new connections, requests in flight answered (within the configured grace); alert
    /// actions are stopped first, not waited for (pending ones dropped, running commands terminated, webhook
    /// requests cancelled), so they add at most `FailureRateAlert.stopWait` to it; the retention's batch
    /// finished; then the store is closed. Returns the requests left unanswered (0 normally).
    @discardableResult
    public func stop() -> Int {
        receiver.alert?.stopActions()
        let unanswered = server.shutdown(grace: configuration.shutdownGrace)
        retention?.stop()
        receiver.alert?.waitForStoppedActions()
        store.close()
        return unanswered
    }

    /// One request's answer.
    static func route(_ request: HTTPRequest, reportPaths: Set<String>, receiver: ReportReceiver, store: any ReportStore,
                      dashboard: DashboardFiles, upcoming: UpcomingPins, readAuthorization: ReadAuthorization) -> HTTPResponse
    {
        if reportPaths.contains(request.path) {
            guard request.method == "POST" else { return methodNotAllowed("POST") }
            return receiver.receive(request)
        }
        guard request.method == "GET" || request.method == "HEAD" else { return methodNotAllowed("GET") }
        // The body limit holds here as for reports: the server has already stopped reading a longer body.
        if request.bodyExceededLimit {
            return CollectorResponse.error(status: 413, code: "body.too_large",
                                           message: "the body is over the \(receiver.bodyLimit)-byte limit; a \(request.method) here needs none")
        }
        if request.path.hasPrefix("/api/") {
            if let refusal = readAuthorization.refusal(for: request) { return refusal }
            return api(request, store: store, upcoming: upcoming)
        }
        if let file = dashboard.file(forPath: request.path) {
            return HTTPResponse(status: 200, contentType: file.contentType, body: file.bytes)
        }
        if request.path == "/" && dashboard.directory == nil {
            return CollectorResponse.error(status: 404, code: "dashboard.not_installed",
                                           message: "the dashboard files are not installed beside trustcheck; the API is at /api/summary")
        }
        return CollectorResponse.error(status: 404, code: "not_found", message: "no such path: \(request.path)")
    }

    private static func api(_ request: HTTPRequest, store: any ReportStore, upcoming: UpcomingPins) -> HTTPResponse {
        if request.path.hasPrefix(reportPathPrefix) { return report(request, store: store) }
        var since: Date?
        if let text = request.queryValue("since"), !text.isEmpty {
            guard let date = parseTime(text) else {
                return CollectorResponse.error(status: 400, code: "query.since",
                                               message: "since '\(text)' is not a time: give RFC 3339 (2026-12-01T09:30:00Z), a date or @EPOCH")
            }
            since = date
        }
        var bucket = FailureTimeline.defaultBucket
        if let text = request.queryValue("bucket") {
            guard let seconds = TimeInterval(text), FailureTimeline.bucketRange.contains(seconds) else {
                return CollectorResponse.error(status: 400, code: "query.bucket",
                                               message: "bucket '\(text)' must be seconds from 60 to 604800")
            }
            bucket = seconds
        }
        var limit = ReportAnalysis.defaultLimit, offset = 0
        for (name, range) in [("limit", ReportAnalysis.limitRange), ("offset", 0...Int(Int32.max))] {
            guard let text = request.queryValue(name) else { continue }
            guard let value = Int(text), range.contains(value) else {
                return CollectorResponse.error(status: 400, code: "query.\(name)",
                                               message: "\(name) '\(text)' must be a whole number from \(range.lowerBound) to \(range.upperBound)")
            }
            if name == "limit" { limit = value } else { offset = value }
        }
        let analysis = ReportAnalysis(store: store, since: since, upcoming: upcoming)
        do throws(ReportStoreError) {
            switch request.path {
            case "/api/summary": return CollectorResponse.json(try analysis.summary)
            case "/api/timeline": return CollectorResponse.json(try analysis.timeline(bucket: bucket, limit: limit))
            case "/api/suspects": return CollectorResponse.json(try analysis.suspects(limit: limit, offset: offset))
            case "/api/rotation": return CollectorResponse.json(try analysis.rotation(limit: limit))
            default: return CollectorResponse.error(status: 404, code: "not_found", message: "no such API: \(request.path)")
            }
        } catch {
            return CollectorResponse.error(status: 503, code: error.code, message: error.localizedDescription)
        }
    }

    /// Where one report is read: `/api/reports/ID`.
    static let reportPathPrefix = "/api/reports/"

    /// `GET /api/reports/ID`: one report (`ReportView`), read by its id alone, never through the analysis.
    private static func report(_ request: HTTPRequest, store: any ReportStore) -> HTTPResponse {
        let text = request.path.dropFirst(reportPathPrefix.count)
        guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let id = Int64(text), id > 0 else {
            return CollectorResponse.error(status: 404, code: "report.bad_id",
                                           message: "'\(text)' is not a report id: give the number a stored report was answered with")
        }
        do {
            guard let report = try store.report(id: id) else {
                return CollectorResponse.error(status: 404, code: "report.not_found", message: "no stored report has id \(id)")
            }
            return CollectorResponse.json(ReportView(report, rawBody: try store.rawBody(reportID: id)))
        } catch {
            return CollectorResponse.error(status: 503, code: error.code, message: error.localizedDescription)
        }
    }

    /// RFC 3339, a date (midnight UTC) or @EPOCH: the forms of the CLI's TIME that make sense in a URL.
    static func parseTime(_ text: String) -> Date? {
        if text.hasPrefix("@") { return Int64(text.dropFirst()).map { Date(timeIntervalSince1970: TimeInterval($0)) } }
        return RFC3339.date(text) ?? RFC3339.date(day: text)
    }

    private static func methodNotAllowed(_ allowed: String) -> HTTPResponse {
        var response = CollectorResponse.error(status: 405, code: "method_not_allowed", message: "use \(allowed) here")
        response.headers.append(HTTPHeader(name: "Allow", value: allowed))
        return response
    }
}
