import FoundationEssentials
import Pinning
import PinningReports

/// The pin-failure reports of one `verify` or `connect` run, as TrustKit handles them in an app: the
/// outcome's report is handed to a reporter that spools it durably (rate-limited as TrustKit does), and
/// after the verdict is out the spool is delivered by `trustcheck-collect reports-flush` within
/// `--report-wait` seconds; whatever is not delivered by then stays spooled for the next run, and the
/// command says so.
struct PinFailureReportRun {
    let options: ReportOptions
    /// The reporter, when reports are on and the pinning is a TrustKit configuration; nil otherwise.
    let reporter: TrustKitReporter?
    /// Why the spool could not be opened, when it could not.
    let unusableSpool: String?
    let environment: [String: String]

    /// Opens the spool for `pinning` (only for a TrustKit configuration with reports on) and gives the
    /// policy the reports' app fields.
    static func prepare(_ options: ReportOptions, pinning: PinningOptions?, io: CommandIO) -> (PinFailureReportRun, PinningOptions?) {
        guard let pinning, options.enabled, pinning.policy.trustKitConfiguration != nil else {
            return (PinFailureReportRun(options: options, reporter: nil, unusableSpool: nil, environment: io.environment), pinning)
        }
        let spool: ReportSpool
        do {
            spool = try ReportSpool(directory: options.spoolDirectory, creatingParents: true)
        } catch {
            io.error("warning: --report-spool \(options.spoolDirectory): \(error.description); pin-failure reports cannot be kept")
            return (PinFailureReportRun(options: options, reporter: nil, unusableSpool: error.description, environment: io.environment),
                    pinning)
        }
        let app = options.app(for: pinning)
        return (PinFailureReportRun(options: options, reporter: TrustKitReporter(app: app, spool: spool), unusableSpool: nil,
                                    environment: io.environment),
                pinning.withApp(app))
    }

    /// Hands `outcome`'s report to the reporter (for a verdict reached outside a TLS handshake, whose
    /// client hands it over itself); nil when there is nothing to report.
    func submit(_ outcome: PinningOutcome?) -> PinFailureReportStatus? {
        guard let outcome, let report = outcome.report, let reporter else { return nil }
        return reporter.submit(report, to: outcome.reportURIs)
    }

    /// The `pin_failure_report` member of the JSON report: null when the outcome has no report.
    func json(_ outcome: PinningOutcome?, status: PinFailureReportStatus?) -> JSONValue {
        guard let outcome, outcome.report != nil else { return .null }
        var members: [(String, JSONValue)] = [("spool", .string(options.enabled ? options.spoolDirectory : nil))]
        switch status {
        case nil where !options.enabled: members.insert(("status", .string("disabled")), at: 0)
        case nil: members += [("status", .string("unsaved")), ("problem", .string(unusableSpool ?? "no reporter"))]
        case .noReportURI?: members.insert(("status", .string("no_report_uri")), at: 0)
        case .rateLimited?: members.insert(("status", .string("rate_limited")), at: 0)
        case .queued(let destinations, let skipped)?:
            members = [("status", .string("queued")), ("destinations", .strings(destinations.map(\.absoluteString))),
                       ("skipped", .strings(skipped))] + members
        case .unsaved(let problem)?: members = [("status", .string("unsaved")), ("problem", .string(problem))] + members
        }
        return .object(members)
    }

    /// After the verdict: delivers the spool (this run's report and any left by earlier runs) within
    /// `--report-wait`, and says on standard error what happened.
    func deliver(_ status: PinFailureReportStatus?, io: CommandIO) {
        guard let reporter else { return }
        if case .unsaved(let problem)? = status { io.error("pin-failure report not kept: \(problem)") }
        if case .queued(_, let skipped)? = status, !skipped.isEmpty {
            io.error("pin-failure report: \(skipped.joined(separator: ", ")) cannot receive reports (only http and https URLs with a host)")
        }
        var destinations: [URL] = []
        if case .queued(let queued, _)? = status { destinations = queued }
        let waiting = reporter.spool.pendingEntries().count
        guard waiting > 0 else { return }
        let spooled = "\(waiting) report\(waiting == 1 ? "" : "s") wait\(waiting == 1 ? "s" : "") in \(options.spoolDirectory); "
            + "`trustcheck reports-flush` sends \(waiting == 1 ? "it" : "them")"
        guard options.wait > 0 else {
            io.error("pin-failure report spooled: \(spooled)")
            return
        }
        let child = ReportFlushChild(executable: environment[ReportFlushChild.executableVariable])
        switch child.run(spoolDirectory: options.spoolDirectory, timeout: options.wait) {
        case .couldNotRun(let error):
            io.error("pin-failure report not delivered (\(error.problem)): \(spooled)")
        case .finished(let summary):
            let reached = destinations.filter { destination in !summary.waiting.contains { $0.destination == destination.absoluteString } }
            if !reached.isEmpty {
                io.error("pin-failure report delivered to \(reached.map(\.absoluteString).joined(separator: ", "))")
            } else if summary.delivered > 0 {
                io.error("\(summary.delivered) pin-failure report\(summary.delivered == 1 ? "" : "s") from earlier runs delivered")
            }
            guard summary.pending > 0 else { return }
            let why = summary.failures.first.map { " (\($0.destination): \($0.message))" } ?? ""
            let left = "\(summary.pending) report\(summary.pending == 1 ? "" : "s") wait\(summary.pending == 1 ? "s" : "") in "
                + "\(options.spoolDirectory); `trustcheck reports-flush` sends \(summary.pending == 1 ? "it" : "them")"
            io.error("pin-failure report not delivered within \(Self.seconds(options.wait)) s\(why): \(left)")
        }
    }

    private static func seconds(_ value: TimeInterval) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
