import FoundationEssentials

/// What carries one report body to one report URI. The spool and the reporter only need this, so that a
/// program can spool reports while linking FoundationEssentials alone, and leave the HTTP client (and its
/// FoundationNetworking and libcurl) to another module or another process: `PinningReportsURLSession`'s
/// `ReportSender` is the URLSession implementation.
public protocol ReportTransport: Sendable {
    /// Sends `body` to `destination` and waits for the outcome. A transport returns only once the attempt is
    /// over (delivered, refused or given up), so nothing of it runs on after a delivery run ends; a
    /// destination ``ReportDestination/isDeliverable(_:)`` refuses is a failure of kind
    /// ``ReportDeliveryError/Kind/unsupportedDestination``.
    func send(_ body: Data, to destination: URL) async -> ReportSendOutcome
}
