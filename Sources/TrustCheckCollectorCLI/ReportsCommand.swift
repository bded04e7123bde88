import TrustCheckCLI
import Foundation
import ReportCollector

/// `trustcheck reports --db PATH`: the collector's analysis — failures by host, app version and platform
/// over time, interception suspects, rotation readiness — the same objects the collector's HTTP API serves.
struct ReportsCommand: Subcommand {
    static let name = "reports"
    static let summary = "Analyse collected pin-failure reports: failures over time, interception suspects, rotation readiness."
    static let usage = """
        trustcheck reports --db PATH [--since TIME] [--bucket S] [--limit N] [--next-pin DOMAIN=PIN]...
                   [--next-certificate DOMAIN=FILE]... [--json]
        """
    static let options: [CommandOption] = [
        .value("--db", "PATH", "the collector's database: a SQLite file, or a postgres:// URL"),
        .value("--since", "TIME", "only reports received at or after TIME (RFC 3339, a date, @EPOCH or now)"),
        .value("--bucket", "S", "the timeline's bucket in seconds (60 to 604800, default 3600)"),
        .value("--limit", "N", "at most N hosts, suspects and pinned domains, the most reported first (1 to 1000, default 100)"),
    ] + ReportsCommandOptions.nextPinOptions + [
        .flag("--json", "print {summary, timeline, suspects, rotation}, as the HTTP API's /api/* objects"),
    ]
    static let details = """
        A suspect is a reported chain that does not chain to the collector's --anchors (does_not_chain) or
        whose keys are all unknown: none is a known pin of the reports or appears in a chain that does chain
        to the anchors (unknown_keys). Its issuers name who minted it (a corporate proxy or an attacker).

        Rotation readiness lists, per pinned domain, the app versions and the pins they carry; with
        --next-pin or --next-certificate it names the versions that lack the next key's pin. Pins that no
        reported chain carries are listed as unmatched.

        exit status: 0 success, 2 usage error or unreadable database.

        """

    static func run(_ arguments: ParsedArguments, io: CommandIO) -> ExitCode {
        guard let db = arguments.value("--db") else { return usageError(UsageError(.missingArgument, "--db PATH is required"), io: io) }
        var since: Date?
        if let text = arguments.value("--since") {
            guard let date = TimeArgument.parse(text) else {
                return usageError(UsageError(.invalidValue, "--since '\(text)' is not a time: give \(TimeArgument.forms)"), io: io)
            }
            since = date
        }
        var bucket = FailureTimeline.defaultBucket
        if let text = arguments.value("--bucket") {
            guard let seconds = TimeInterval(text), FailureTimeline.bucketRange.contains(seconds) else {
                return usageError(UsageError(.invalidValue, "--bucket '\(text)' must be seconds from 60 to 604800"), io: io)
            }
            bucket = seconds
        }
        var limit = ReportAnalysis.defaultLimit
        if let text = arguments.value("--limit") {
            guard let value = Int(text), ReportAnalysis.limitRange.contains(value) else {
                return usageError(UsageError(.invalidValue, "--limit '\(text)' must be a whole number from 1 to 1000"), io: io)
            }
            limit = value
        }
        guard let upcoming = ReportsCommandOptions.upcomingPins(arguments, io: io, command: name),
              let store = ReportsCommandOptions.openStore(db, forReading: true, io: io)
        else { return .usageOrInputError }
        defer { store.close() }
        let report: ReportAnalysis.FullReport
        do {
            report = try ReportAnalysis(store: store, since: since, upcoming: upcoming).report(bucket: bucket, limit: limit)
        } catch {
            io.report([InputFailure(code: error.code, path: error.location, message: error.detail, line: error.localizedDescription)])
            return .usageOrInputError
        }
        if io.json {
            io.stdout.write(String(decoding: CollectorJSON.encode(report), as: UTF8.self) + "\n")
        } else {
            io.stdout.write(ReportsText.render(report))
        }
        return .success
    }
}
