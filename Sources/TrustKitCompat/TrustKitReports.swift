import Foundation
import Pinning
import PinningReports
import PinningReportsURLSession

/// Where and as whom a `TrustKit` instance reports on Linux, where there is no app bundle, caches directory
/// or background transfer service to take these from. The public initialisers use ``standard``.
struct TrustKitCompatEnvironment: Sendable {
    /// The Public Suffix List view the configuration is checked and looked up with (TrustKit's rules).
    var registry: TrustKitDomainRegistry = .system
    /// The spool directory; nil: ``TrustKitReportPipeline/defaultSpoolDirectory(bundleIdentifier:)``.
    var reportSpoolDirectory: String?
    /// The report's app fields; nil: from the main bundle, as TrustKit takes them.
    var app: TrustKitAppInfo?
    /// The idle timeout of each report upload.
    var reportRequestTimeout: TimeInterval = ReportSender.defaultRequestTimeout

    static let standard = TrustKitCompatEnvironment()
}

/// TrustKit's reporting path (`-sendValidationReport:` and `TSKBackgroundReporter`) over TrustCheck's
/// durable spool: for a validation TrustKit reports on, the report is rate-limited (the same report once per
/// 24 hours), written to the spool for every effective report URI of the policy, then uploaded in the
/// background, one POST per URI with `Content-Type: application/json`, with default TLS validation and no
/// pinning. A report that cannot be delivered stays in the spool and is retried with back-off, by this
/// process or the next one that uses the same spool.
final class TrustKitReportPipeline: Sendable {
    /// nil when no spool could be opened; pinning goes on without reports then (`problem` says why).
    let reporter: TrustKitReporter?
    /// Why there is no reporter.
    let problem: String?

    init(environment: TrustKitCompatEnvironment) {
        let app = environment.app ?? Self.mainBundleApp()
        let directory = environment.reportSpoolDirectory ?? Self.defaultSpoolDirectory(bundleIdentifier: app.bundleIdentifier)
        do {
            let spool = try ReportSpool(directory: directory, creatingParents: true)
            reporter = TrustKitReporter(app: app, spool: spool,
                                        transport: ReportSender(requestTimeout: environment.reportRequestTimeout))
            problem = nil
        } catch {
            reporter = nil
            problem = "pin failure reports are disabled: \(error.localizedDescription)"
        }
    }

    /// Spools the report TrustKit would send for `validation` and starts its upload; logs what became of it.
    func send(_ validation: TrustKitValidation, at date: Date) {
        guard let report = TrustKitPinFailureReport(validation: validation, app: reporter?.app ?? TrustKitAppInfo(), at: date),
              let policy = validation.match?.policy
        else { return }
        let destinations = policy.effectiveReportURIs
        guard !destinations.isEmpty else { return }
        guard let reporter else {
            TrustKitGlobalState.log("Not sending the pin failure report for \(validation.hostname): \(problem ?? "no reporter")")
            return
        }
        switch reporter.submit(report, to: destinations) {
        case .queued(let queued, let skipped):
            TrustKitGlobalState.log("Pin failure report for \(validation.hostname) queued for "
                + queued.map(\.absoluteString).joined(separator: ", ")
                + (skipped.isEmpty ? "" : "; not sent to \(skipped.joined(separator: ", ")) (not http or https)"))
        case .rateLimited:
            TrustKitGlobalState.log("Pin failure report for \(validation.hostname) was rate-limited")
        case .noReportURI:
            break
        case .unsaved(let problem):
            TrustKitGlobalState.log("Pin failure report for \(validation.hostname) could not be saved: \(problem)")
        }
    }

    /// The app fields TrustKit reads: CFBundleIdentifier ("N/A" without one), CFBundleShortVersionString ("")
    /// and a random vendor identifier kept in the user defaults under `TSKVendorIdentifier` ("unit-tests"
    /// without a bundle identifier).
    static func mainBundleApp() -> TrustKitAppInfo {
        let bundle = Bundle.main
        guard let identifier = bundle.bundleIdentifier, !identifier.isEmpty else { return TrustKitAppInfo() }
        let version = bundle.object(forInfoDictionaryKey: "CFBundleShortVersionString") as? String ?? ""
        let defaults = UserDefaults.standard
        let vendor: String
        if let stored = defaults.string(forKey: "TSKVendorIdentifier") {
            vendor = stored
        } else {
            vendor = UUID().uuidString
            defaults.set(vendor, forKey: "TSKVendorIdentifier")
        }
        return TrustKitAppInfo(bundleIdentifier: identifier, version: version, vendorIdentifier: vendor)
    }

    /// `$XDG_CACHE_HOME/TrustKitCompat/<bundle id>/report-spool`, else `~/.cache/…` (the XDG default), in the
    /// user's own directory rather than the shared /tmp; without a home directory, a fresh directory under
    /// the temporary directory.
    static func defaultSpoolDirectory(bundleIdentifier: String) -> String {
        let environment = ProcessInfo.processInfo.environment
        let app = bundleIdentifier.replacingOccurrences(of: "/", with: "_")
        let place = "TrustKitCompat/\(app)/report-spool"
        if let caches = environment["XDG_CACHE_HOME"], caches.hasPrefix("/") { return caches + "/" + place }
        let home = FileManager.default.homeDirectoryForCurrentUser.path
        if home.hasPrefix("/"), home != "/" { return home + "/.cache/" + place }
        return FileManager.default.temporaryDirectory.appendingPathComponent("TrustKitCompat-\(UUID().uuidString)").path
    }
}
