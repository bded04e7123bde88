import FoundationEssentials
import Pinning
import PinningReports

/// The pin-failure report options of `verify` and `connect`: with a TrustKit configuration that names report
/// URIs (or leaves TrustKit's default one on), a pin failure sends TrustKit's report, as the app would. The
/// report is spooled durably first, then `trustcheck-collect reports-flush` delivers the spool within
/// `--report-wait` seconds; what is not delivered by then stays spooled for the next run.
struct ReportOptions: Sendable {
    /// How long a command waits for delivery after its verdict (`--report-wait`): long enough for a report
    /// endpoint that answers, short enough that an unreachable one does not stall a script.
    static let defaultWait: TimeInterval = 5

    static let options: [CommandOption] = [
        .value("--report-spool", "DIR", "keep pin-failure reports in DIR until delivered (default: $TRUSTCHECK_REPORT_SPOOL, else $XDG_STATE_HOME/trustcheck/report-spool, else ~/.local/state/trustcheck/report-spool)"),
        .flag("--no-reports", "send no pin-failure report, whatever the TrustKit configuration's report URIs"),
        .value("--app-bundle-id", "ID", "the reports' app-bundle-id (default: the Info.plist's CFBundleIdentifier, else N/A)"),
        .value("--app-version", "VERSION", "the reports' app-version (default: the Info.plist's CFBundleShortVersionString, else empty)"),
        .value("--report-wait", "S", "wait at most S seconds for delivery after the verdict (default 5; 0: leave it spooled)"),
    ]

    /// Whether a pin failure's report is spooled and sent.
    let enabled: Bool
    /// The spool directory.
    let spoolDirectory: String
    /// The bound on delivery.
    let wait: TimeInterval
    let bundleIdentifier: String?
    let version: String?

    /// Reads the options; `pinning` is what the pinning options gave (reports are TrustKit's).
    static func parse(_ arguments: ParsedArguments, pinning: PinningOptions?, environment: [String: String])
        throws(UsageError) -> ReportOptions
    {
        let given = ["--report-spool", "--app-bundle-id", "--app-version", "--report-wait"].filter { arguments.value($0) != nil }
        if arguments.has("--no-reports"), let first = given.first {
            throw UsageError(.conflictingOptions, "\(first) and --no-reports cannot be combined")
        }
        // --no-reports alone is always accepted: a script may pass it whatever configuration it is given.
        if let first = given.first, pinning?.policy.trustKitConfiguration == nil {
            throw UsageError(.conflictingOptions, "\(first) needs --pin-config with a TrustKit configuration (the reports are TrustKit's)")
        }
        var wait = defaultWait
        if let text = arguments.value("--report-wait") {
            guard let seconds = TimeInterval(text), seconds >= 0, seconds <= 600 else {
                throw UsageError(.invalidValue, "--report-wait '\(text)' is not a number of seconds (0 <= S <= 600)")
            }
            wait = seconds
        }
        return ReportOptions(
            enabled: !arguments.has("--no-reports"),
            spoolDirectory: arguments.value("--report-spool") ?? ReportSpool.defaultDirectory(environment: environment),
            wait: wait, bundleIdentifier: arguments.value("--app-bundle-id"), version: arguments.value("--app-version"))
    }

    /// The app fields of the reports: the options, else the Info.plist's, else TrustKit's defaults; the
    /// vendor id is this spool's (TrustKit keeps one random id per installation).
    func app(for pinning: PinningOptions) -> TrustKitAppInfo {
        var app = TrustKitAppInfo(bundleIdentifier: bundleIdentifier ?? pinning.infoPlistApp.bundleIdentifier ?? "N/A",
                                  version: version ?? pinning.infoPlistApp.version ?? "")
        if let vendor = VendorIdentifier.read(in: spoolDirectory) { app.vendorIdentifier = vendor }
        return app
    }
}
