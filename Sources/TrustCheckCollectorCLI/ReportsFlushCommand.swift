import FileOutput
import Foundation
import PinningReports
import TrustCertificates
import TrustCheckCLI

/// `trustcheck reports-flush`: delivers the pin-failure reports waiting in a spool, within a time limit. It
/// runs in the sibling executable because delivery needs URLSession (FoundationNetworking and libcurl),
/// which `trustcheck` itself never links: the CLI spools a report and starts this command to send it.
struct ReportsFlushCommand: Subcommand {
    static let name = "reports-flush"
    static let summary = "Deliver the pin-failure reports waiting in a spool, within a time limit."
    static let usage = "trustcheck reports-flush [--report-spool DIR] [--timeout S] [--due-only] [--json]"
    static let options: [CommandOption] = [
        .value("--report-spool", "DIR", "the spool to deliver (default: the per-user spool, see below)"),
        .value("--timeout", "S", "start no attempt after S seconds, and give each only what is left (default 10, at most 3600)"),
        .flag("--due-only", "try only reports whose back-off has passed (what verify and connect run after their verdict)"),
        .flag("--json", "print {spool, delivered, …, pending, failures, waiting}, described below"),
    ]
    static let details = """
        Tries every report in the spool, oldest first, POSTing each to its report URI as TrustKit does
        (Content-Type application/json, no cookies or credentials); a 2xx answer removes it. A report that
        fails stays, its next attempt pushed back (1 minute doubling to 6 hours, with jitter), which
        --due-only respects (verify and connect flush so after their verdict, so that an endpoint that is
        down is not tried on every run); one refused (a 4xx other than 408 and 429) for the third time is
        dropped. Once an
        endpoint fails without refusing (no answer, connection refused, 5xx, 408, 429) its other reports
        wait for the next flush, so a hanging endpoint costs one timeout. Several processes may flush and
        spool into the same spool at once; each report is sent by one of them.

        The per-user spool, where reports are spooled when no other is named, is $TRUSTCHECK_REPORT_SPOOL
        when set, else $XDG_STATE_HOME/trustcheck/report-spool, else ~/.local/state/trustcheck/report-spool.
        A spool directory that does not exist has nothing to deliver.

        --json prints one object: spool (the directory); delivered, retrying (failed, kept),
        dropped_as_rejected, dropped_unreadable; not_due (waiting for their back-off, not tried), busy
        (being sent by another process), deferred (their endpoint failed in this flush), out_of_time (due,
        but --timeout had passed); pending (still in the spool); failures, each {destination, code,
        message} (code as report.timedOut, report.connectionFailed, report.serverError, report.retryLater,
        report.rejected, report.unexpectedResponse, spool.unwritable); waiting, each {destination,
        attempts, next_attempt_at, last_error}. An unusable spool prints {"error": {code, path, message}}.

        exit status: 0 nothing left in the spool, 1 reports still spooled (failed, not due yet, busy or out
        of time), 2 usage error or unusable spool.

        """

    /// How long a flush may go on when `--timeout` is not given: enough for a few endpoints to answer,
    /// short enough for a command that starts it before exiting.
    static let defaultTimeout: TimeInterval = 10

    static func run(_ arguments: ParsedArguments, io: CommandIO) -> ExitCode {
        guard arguments.positionals.isEmpty else {
            return usageError(UsageError(.unexpectedArgument, "takes no positional arguments"), io: io)
        }
        var timeout = defaultTimeout
        if let text = arguments.value("--timeout") {
            guard let seconds = TimeoutArgument.seconds(text) else {
                let message = "--timeout '\(text)' must be seconds, more than 0 and at most 3600"
                return usageError(UsageError(.invalidValue, message), io: io)
            }
            timeout = seconds
        }
        let directory = arguments.value("--report-spool") ?? ReportSpool.defaultDirectory()
        let dueOnly = arguments.has("--due-only")
        guard !directory.isEmpty else { return usageError(UsageError(.invalidValue, "--report-spool needs a directory"), io: io) }

        let summary: ReportFlushSummary
        if FileSystemPath.isDirectory(directory) == nil {
            // Flushing never creates a spool: nothing was ever spooled here.
            summary = ReportFlushSummary(spool: directory)
        } else {
            let spool: ReportSpool
            do {
                spool = try ReportSpool(directory: directory)
            } catch {
                io.report([InputFailure(code: error.code, path: error.subject, message: error.problem, line: error.description)])
                return .usageOrInputError
            }
            summary = BlockingAwait.run { [timeout] in await flush(spool, timeout: timeout, dueOnly: dueOnly) }
        }
        io.stdout.write(io.json ? summary.renderedJSON() + "\n" : text(summary))
        // 1, as for verify's "not trusted": the command did its job, and the answer is "not all delivered".
        return summary.pending == 0 ? .success : .notTrusted
    }

    /// Delivery passes over `spool` until nothing due is left that has a chance (its destination has not
    /// failed in this flush), a pass makes no progress, or the time is up. One pass usually does it; more
    /// pick up what other processes spool or what comes due meanwhile.
    /// Without `dueOnly`, the first pass tries every entry, back-off or not.
    static func flush(_ spool: ReportSpool, timeout: TimeInterval, dueOnly: Bool = true) async -> ReportFlushSummary {
        let deadline = ContinuousClock.now + .milliseconds(Int64((timeout * 1000).rounded(.up)))
        let transport = DeadlineBoundTransport(deadline: deadline)
        var total: ReportDeliverySummary?
        var notDueAtStart = 0
        var failed: Set<URL> = []
        while true {
            let pass = await spool.deliverPending(using: transport, now: Date(), until: deadline, deferring: failed,
                                                  ignoringBackOff: !dueOnly && total == nil)
            if total == nil { notDueAtStart = pass.notDue }
            total = total.map { var sum = $0; sum.append(pass); return sum } ?? pass
            failed.formUnion(pass.failures.filter { !$0.isPermanent }.map(\.destination))
            let progressed = pass.delivered + pass.retrying + pass.droppedAsRejected + pass.droppedUnreadable > 0
            let now = Date()
            let dueLeft = spool.pendingEntries().contains { $0.nextAttemptAt <= now && !failed.contains($0.destination) }
            guard progressed, dueLeft, ContinuousClock.now < deadline else { break }
        }
        return summary(of: total ?? ReportDeliverySummary(), notDueAtStart: notDueAtStart, spool: spool)
    }

    private static func summary(of run: ReportDeliverySummary, notDueAtStart: Int, spool: ReportSpool) -> ReportFlushSummary {
        var summary = ReportFlushSummary(spool: spool.directory)
        summary.delivered = run.delivered
        summary.retrying = run.retrying
        summary.droppedAsRejected = run.droppedAsRejected
        summary.droppedUnreadable = run.droppedUnreadable
        summary.notDue = notDueAtStart
        summary.busy = run.busy
        summary.deferred = run.deferred
        summary.outOfTime = run.outOfTime
        summary.failures = run.failures.map {
            ReportFlushFailure(destination: $0.destination.absoluteString, code: $0.code, message: $0.problem)
        } + run.unsaved.map { ReportFlushFailure(destination: $0.subject, code: $0.code, message: $0.problem) }
        summary.waiting = spool.pendingEntries().map {
            ReportFlushWaitingEntry(destination: $0.destination.absoluteString, attempts: $0.attempts,
                                    nextAttemptAt: RFC3339.string($0.nextAttemptAt), lastError: $0.lastError)
        }
        summary.pending = summary.waiting.count
        return summary
    }

    /// For people: the counts, then each report still spooled with its last error. Destinations and
    /// messages come from the spool and the network, so they go through `TerminalText`.
    static func text(_ summary: ReportFlushSummary) -> String {
        var out = "reports-flush: \(summary.delivered) delivered, \(summary.pending) still spooled (spool \(safe(summary.spool)))\n"
        let dropped = [(summary.droppedAsRejected, "refused too often"), (summary.droppedUnreadable, "unreadable")]
            .filter { $0.0 > 0 }.map { "\($0.0) \($0.1)" }
        if !dropped.isEmpty { out += "  dropped: " + dropped.joined(separator: ", ") + "\n" }
        let untried = [(summary.notDue, "not due yet"), (summary.busy, "being sent by another process"),
                       (summary.deferred, "their endpoint failed in this flush"), (summary.outOfTime, "out of time")]
            .filter { $0.0 > 0 }.map { "\($0.0) \($0.1)" }
        if !untried.isEmpty { out += "  not tried: " + untried.joined(separator: ", ") + "\n" }
        for failure in summary.failures {
            out += "  failed: \(safe(failure.destination)): \(failure.code): \(safe(failure.message))\n"
        }
        for entry in summary.waiting {
            let attempts = entry.attempts == 1 ? "1 failed attempt" : "\(entry.attempts) failed attempts"
            out += "  waiting: \(safe(entry.destination)): \(attempts), next attempt \(entry.nextAttemptAt)"
                + (entry.lastError.map { "; last error \(safe($0))" } ?? "") + "\n"
        }
        return out
    }

    private static func safe(_ text: String) -> String { TerminalText.escaped(text) }
}
