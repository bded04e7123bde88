import TrustCheckCLI
import Dispatch
import FileOutput
import Foundation
import HTTPServerBridge
import ReportCollector
import TrustCertificates
import TrustEvaluation

/// `trustcheck collect`: receives TrustKit pin-failure reports over HTTP(S) (GNU libmicrohttpd), stores them
/// (SQLite, or PostgreSQL by URL), serves the analysis API and the dashboard, until SIGTERM or SIGINT.
struct CollectCommand: Subcommand {
    static let name = "collect"
    static let summary = "Receive TrustKit pin-failure reports, store and analyse them, serve the API and dashboard."
    static let usage = """
        trustcheck collect --db PATH [--listen [ADDR:]PORT] [--tls-cert FILE --tls-key FILE] [--anchors PATH]... [--system-store PATH]
                   [--secret-file FILE] [--read-token-file FILE] [--allow-bundle-id ID]... [--report-path PATH]...
                   [--rate-limit N] [--rate-burst N] [--device-rate-limit N] [--device-rate-burst N] [--trusted-proxy CIDR]...
                   [--body-limit BYTES] [--max-connections N] [--connections-per-client N] [--retain DAYS] [--alert-command CMD]
                   [--alert-webhook URL] [--alert-threshold N] [--alert-window S] [--alert-flood-hosts N]
                   [--alert-flood-window S] [--alert-timeout S] [--next-pin DOMAIN=PIN]... [--next-certificate DOMAIN=FILE]...
                   [--port-file FILE] [--dashboard DIR]
        """
    static let options: [CommandOption] = [
        .value("--listen", "[ADDR:]PORT", "listen here (default 127.0.0.1:8080; a port alone is loopback's; every interface: 0.0.0.0:8443 or [::]:8443; port 0 picks a free one)"),
        .value("--db", "PATH", "store reports in this SQLite file (created), or a postgres:// URL"),
        .value("--tls-cert", "FILE", "serve HTTPS with this PEM certificate chain (needs --tls-key)"),
        .value("--tls-key", "FILE", "the PEM private key of --tls-cert"),
        .repeatable("--anchors", "PATH", "check each reported chain against these anchors (file or directory; default: the system roots)"),
        .value("--system-store", "PATH", "the system roots used without --anchors (default \(CertificateStore.defaultSystemBundlePath))"),
        .value("--secret-file", "FILE", "require the shared secret in FILE (?secret=… in the report URI, or X-TrustCheck-Secret)"),
        .value("--read-token-file", "FILE", "reading /api/* needs the token in FILE (Authorization: Bearer TOKEN); without it the API is closed"),
        .repeatable("--allow-bundle-id", "ID", "accept reports only from these app-bundle-ids"),
        .repeatable("--report-path", "PATH", "accept report POSTs at PATH (replaces the defaults /report, /trustkit/report, /log_report)"),
        .value("--rate-limit", "N", "reports per second per client address (default 500; 0 turns the limit off)"),
        .value("--rate-burst", "N", "reports a client address may send at once before the rate applies (default 5000)"),
        .value("--device-rate-limit", "N", "reports per second per device, its app-vendor-id (default 0.1; 0 turns the limit off)"),
        .value("--device-rate-burst", "N", "reports a device may send at once before the rate applies (default 20)"),
        .repeatable("--trusted-proxy", "CIDR", "take the client address from X-Forwarded-For on connections from this proxy network"),
        .value("--body-limit", "BYTES", "the largest request body accepted, reports and GETs alike (default 65536)"),
        .value("--max-connections", "N", "connections at once, in total (default 1000)"),
        .value("--connections-per-client", "N", "connections at once from one address (default 64; 0 turns the limit off, behind a proxy)"),
        .value("--retain", "DAYS", "delete reports received more than DAYS days ago (hourly; default: keep every report)"),
        .value("--alert-command", "CMD", "run CMD (sh -c) when a host's failures in the window reach the threshold"),
        .value("--alert-webhook", "URL", "POST the alert JSON to URL when the threshold is reached"),
        .value("--alert-threshold", "N", "failures of one host within the window that raise the alert (default 100)"),
        .value("--alert-window", "S", "the alert's window in seconds (default 3600)"),
        .value("--alert-flood-hosts", "N", "one flood alert instead of host alerts when more than N hosts reach the threshold within the flood window (default 10)"),
        .value("--alert-flood-window", "S", "the flood window in seconds (default: --alert-window)"),
        .value("--alert-timeout", "S", "stop an alert command or webhook request after S seconds (default 30)"),
    ] + ReportsCommandOptions.nextPinOptions + [
        .value("--port-file", "FILE", "write the port listened on to FILE once listening"),
        .value("--dashboard", "DIR", "serve the dashboard from DIR instead of the installed files"),
    ]
    static let details = """
        Reports are POSTed to /report, /trustkit/report or /log_report (or the --report-path list) as TrustKit's
        JSON with Content-Type application/json: TrustKit's current format, TrustKit 1.3-1.4's, and
        TrustKit-Android's are all accepted, and their platform (app-platform) is kept. A stored report is answered 201 {"status":"stored","id":N}, a resend of one already
        stored (same app install, same TrustKit rate-limiter identity, same UTC day) 200 {"status":"duplicate"}
        — only after the database transaction has committed. Refusals are JSON {"error":{code,message}}:
        400 malformed (counted by reason, never stored), 401/403 secret or bundle id, 413 too large, 415 not
        JSON, 429 rate limited (per client address, or per device), 503 database unavailable or shutting down.

        Behind a reverse proxy or load balancer, give its addresses with --trusted-proxy: on connections from
        them the client is the rightmost X-Forwarded-For address that is not itself a trusted proxy (a
        malformed header counts as the proxy itself). Without --trusted-proxy the header is ignored.

        GET /api/summary, /api/timeline, /api/suspects and /api/rotation (each with ?since=TIME; the timeline
        also ?bucket=S) serve the same analysis as `trustcheck reports --json` to the holder of the read token
        (--read-token-file: at least 16 characters, e.g. from `openssl rand -hex 32`), sent as
        Authorization: Bearer TOKEN; without it 401 with WWW-Authenticate: Bearer. The reporting secret does not
        open the API (it ships inside every app). Without --read-token-file the API answers every read 403.
        GET /api/reports/ID serves one stored report (its fields, chain, verdict and body as posted).
        GET / serves the dashboard's page, which asks for the read token and keeps it in the browser tab's
        sessionStorage (or takes it from the URL fragment #token=…, which never reaches the server).

        --listen with a port alone, or no --listen, listens on 127.0.0.1 only; 0.0.0.0:PORT or [::]:PORT
        listens on every interface.

        Alert actions run on 2 workers of their own with up to 64 waiting (past that the newest is dropped
        and logged), each bounded by --alert-timeout; a report's answer never waits for one. More hosts than
        --alert-flood-hosts reaching the threshold within --alert-flood-window raise one flood alert
        ("kind":"flood") and hold host alerts back until fewer do.

        SIGTERM or SIGINT stops gracefully: no new connections, requests in flight answered (up to 10 s),
        pending alert actions dropped and running ones stopped, the database closed. Every acknowledged
        report is in the database.

        exit status: 0 after a graceful stop, 2 usage error, unreadable input, or the address or database
        could not be opened.

        """

    static func run(_ arguments: ParsedArguments, io: CommandIO) -> ExitCode {
        let configuration: CollectorConfiguration
        do throws(UsageError) {
            guard let configured = try configure(arguments, io: io) else { return .usageOrInputError }
            configuration = configured
        } catch {
            return usageError(error, io: io)
        }
        guard let db = arguments.value("--db") else { return .usageOrInputError }
        guard let store = ReportsCommandOptions.openStore(db, forReading: false, io: io) else { return .usageOrInputError }

        let stderr = io.stderr
        let server = CollectorServer(configuration: configuration, store: store) { stderr.write("trustcheck collect: \($0)\n") }
        // Signals become dispatch events (ignored as signals), so any thread may receive them and the
        // shutdown runs here, in order. Their handler runs on a serial queue of its own, which Dispatch gives
        // a thread of its own when needed, so a saturated global pool cannot keep a stop from being seen.
        let stop = DispatchSemaphore(value: 0)
        let signals = DispatchQueue(label: "trustcheck.collect.signals")
        let sources = [SIGTERM, SIGINT].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: signals)
            source.setEventHandler { stop.signal() }
            source.resume()
            return source
        }
        defer { sources.forEach { $0.cancel() } }
        do {
            try server.start()
        } catch {
            store.close()
            io.report([InputFailure(code: error.code, path: nil, message: error.localizedDescription, line: error.localizedDescription)])
            return .usageOrInputError
        }
        let scheme = configuration.tls == nil ? "http" : "https"
        let host = configuration.listen.isIPv6 ? "[\(configuration.listen.host)]" : configuration.listen.host
        io.stdout.write("trustcheck collect: listening on \(scheme)://\(host):\(server.port) (database \(ReportStoreLocation(db).displayName))\n")
        for warning in startWarnings(configuration) { stderr.write("trustcheck collect: warning: \(warning)\n") }
        if let portFile = arguments.value("--port-file") {
            do { try OutputFile.write(Data("\(server.port)\n".utf8), to: portFile) } catch {
                io.error(error.description)
                server.stop()
                return .usageOrInputError
            }
        }
        stop.wait()
        let unanswered = server.stop()
        io.stdout.write("trustcheck collect: stopped" + (unanswered > 0 ? " (\(unanswered) requests unanswered after the grace period)" : "") + "\n")
        return .success
    }

    /// The configuration the arguments give; nil after reporting an unreadable input.
    private static func configure(_ arguments: ParsedArguments, io: CommandIO) throws(UsageError) -> CollectorConfiguration? {
        guard arguments.positionals.isEmpty else { throw UsageError(.unexpectedArgument, "takes no positional arguments") }
        guard arguments.value("--db") != nil else { throw UsageError(.missingArgument, "--db PATH is required") }
        let listenText = arguments.value("--listen") ?? defaultListen
        var configuration: CollectorConfiguration
        do {
            configuration = CollectorConfiguration(listen: try ListenAddress(parsing: listenText))
        } catch {
            throw UsageError(.invalidValue, error.localizedDescription)
        }
        switch (arguments.value("--tls-cert"), arguments.value("--tls-key")) {
        case (nil, nil): break
        case (let certificate?, let key?):
            guard let certificateText = text(of: certificate, io: io), let keyText = text(of: key, io: io) else { return nil }
            configuration.tls = (certificateText, keyText)
        default: throw UsageError(.conflictingOptions, "--tls-cert and --tls-key go together")
        }
        // Every chain is checked: against --anchors, else the system roots. A chain nobody checked could not
        // tell an interception from a rotation, and its report could vouch for keys it made up.
        let anchorPaths = arguments.allValues("--anchors")
        if anchorPaths.isEmpty {
            do {
                configuration.inspector = ReportChainInspector(anchors: try CertificateStore.system(
                    path: arguments.value("--system-store") ?? CertificateStore.defaultSystemBundlePath))
            } catch {
                io.inputErrors([error])
                return nil
            }
        } else {
            guard let loaded = CertificateInputs.load(anchorPaths, io: io) else { return nil }
            configuration.inspector = ReportChainInspector(anchors: CertificateStore(loaded.flatMap(\.certificates)))
        }
        if let secretFile = arguments.value("--secret-file") {
            guard let secret = text(of: secretFile, io: io)?.trimmingCharacters(in: .whitespacesAndNewlines) else { return nil }
            guard !secret.isEmpty else { throw UsageError(.invalidValue, "--secret-file \(secretFile) is empty") }
            configuration.authorization.sharedSecret = secret
        }
        if let tokenFile = arguments.value("--read-token-file") {
            guard let token = text(of: tokenFile, io: io)?.trimmingCharacters(in: .whitespacesAndNewlines) else { return nil }
            do {
                configuration.readAuthorization = try ReadAuthorization(token: token)
            } catch {
                throw UsageError(.invalidValue, "--read-token-file \(tokenFile): \(error.message)")
            }
            if let secret = configuration.authorization.sharedSecret, configuration.readAuthorization.isToken(secret) {
                throw UsageError(.conflictingOptions, "--read-token-file and --secret-file hold the same value: the reporting secret ships "
                                 + "inside every app, so it cannot also guard the analysis; use another read token")
            }
        }
        configuration.authorization.allowedBundleIDs = Set(arguments.allValues("--allow-bundle-id"))
        let rate = try number(arguments, "--rate-limit", default: SourceRateLimiter.defaultReportsPerSecond, range: 0...1_000_000)
        let burst = try number(arguments, "--rate-burst", default: SourceRateLimiter.defaultBurst, range: 1...1_000_000)
        configuration.rateLimit = rate == 0 ? nil : (rate, burst)
        let deviceRate = try number(arguments, "--device-rate-limit", default: SourceRateLimiter.defaultDeviceReportsPerSecond,
                                    range: 0...1_000_000)
        let deviceBurst = try number(arguments, "--device-rate-burst", default: SourceRateLimiter.defaultDeviceBurst, range: 1...1_000_000)
        configuration.deviceRateLimit = deviceRate == 0 ? nil : (deviceRate, deviceBurst)
        configuration.reportPaths = try reportPaths(arguments.allValues("--report-path"))
        var proxies: [IPAddressRange] = []
        for text in arguments.allValues("--trusted-proxy") {
            do {
                proxies.append(try IPAddressRange(parsing: text))
            } catch {
                throw UsageError(.invalidValue, "--trusted-proxy \(error.localizedDescription)")
            }
        }
        configuration.trustedProxies = TrustedProxies(proxies)
        configuration.bodyLimit = Int(try number(arguments, "--body-limit", default: Double(ReportReceiver.defaultBodyLimit),
                                                 range: 1_024...16_777_216))
        configuration.connectionLimit = Int(try number(arguments, "--max-connections",
                                                       default: Double(HTTPServerConfiguration.defaultConnectionLimit), range: 1...100_000))
        configuration.perClientConnectionLimit = Int(try number(arguments, "--connections-per-client",
                                                                default: Double(HTTPServerConfiguration.defaultPerClientConnectionLimit),
                                                                range: 0...100_000))
        if let text = arguments.value("--retain") {
            let days = try number(arguments, "--retain", default: 0, range: 1...36_500)
            guard days == days.rounded() else { throw UsageError(.invalidValue, "--retain '\(text)' must be a whole number of days") }
            configuration.retainDays = Int(days)
        }
        var alert = AlertConfiguration()
        alert.command = arguments.value("--alert-command")
        if let text = arguments.value("--alert-webhook") {
            guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
                throw UsageError(.invalidValue, "--alert-webhook '\(text)' is not an http or https URL")
            }
            alert.webhook = url
        }
        alert.threshold = Int(try number(arguments, "--alert-threshold", default: Double(AlertConfiguration.defaultThreshold), range: 1...1_000_000_000))
        alert.window = try number(arguments, "--alert-window", default: AlertConfiguration.defaultWindow, range: 1...31_536_000)
        alert.floodHosts = Int(try number(arguments, "--alert-flood-hosts", default: Double(AlertConfiguration.defaultFloodHosts),
                                          range: 1...1_000_000))
        alert.floodWindow = try number(arguments, "--alert-flood-window", default: alert.window, range: 1...31_536_000)
        // Up to 10 minutes: an alert action is a notification; one that needs longer holds a worker that long.
        alert.actionTimeout = try number(arguments, "--alert-timeout", default: AlertConfiguration.defaultActionTimeout, range: 1...600)
        if alert.isEnabled { configuration.alert = alert }
        guard let upcoming = ReportsCommandOptions.upcomingPins(arguments, io: io, command: name) else { return nil }
        configuration.upcoming = upcoming
        configuration.dashboardDirectory = arguments.value("--dashboard")
        return configuration
    }

    /// Where to listen without --listen: loopback, so that serving other machines is always asked for; 8080,
    /// the usual unprivileged HTTP port.
    static let defaultListen = "\(ListenAddress.defaultHost):8080"

    /// What a user should know at start-up about who can reach the collector and what it gives them.
    static func startWarnings(_ configuration: CollectorConfiguration) -> [String] {
        var warnings: [String] = []
        if !configuration.readAuthorization.isConfigured {
            warnings.append("the API and the dashboard's data are closed (403) until the collector is started with --read-token-file FILE; "
                            + "reports are received")
        }
        if !configuration.listen.isLoopback && configuration.tls == nil {
            warnings.append("listening on \(configuration.listen.host) without TLS: reports"
                            + (configuration.readAuthorization.isConfigured ? ", the read token" : "")
                            + " and answers cross the network in clear text; use --tls-cert and --tls-key, or a TLS proxy in front")
        }
        return warnings
    }

    /// The `--report-path` values, or the defaults when none is given. A path is absolute, names no query
    /// or fragment, and is not one the API or the dashboard serve (`/`, `/api/…`).
    private static func reportPaths(_ values: [String]) throws(UsageError) -> Set<String> {
        guard !values.isEmpty else { return CollectorConfiguration.defaultReportPaths }
        for path in values {
            guard path.hasPrefix("/"), path != "/", !path.hasPrefix("/api/"),
                  !path.contains(where: { $0 == "?" || $0 == "#" || $0.isWhitespace || !$0.isASCII })
            else {
                throw UsageError(.invalidValue,
                                 "--report-path '\(path)' must be an absolute ASCII path such as /report, without ?, # or spaces, and not / or under /api/")
            }
        }
        return Set(values)
    }

    private static func number(_ arguments: ParsedArguments, _ option: String, default value: Double,
                               range: ClosedRange<Double>) throws(UsageError) -> Double
    {
        guard let text = arguments.value(option) else { return value }
        guard let number = Double(text), range.contains(number) else {
            throw UsageError(.invalidValue, "\(option) '\(text)' must be a number from \(Int(range.lowerBound)) to \(Int(range.upperBound))")
        }
        return number
    }

    /// A small text file (PEM, a secret), read bounded; nil after reporting why it cannot be read.
    private static func text(of path: String, io: CommandIO) -> String? {
        do {
            return String(decoding: try io.bytes(of: path), as: UTF8.self)
        } catch {
            io.inputErrors([error])
            return nil
        }
    }
}
