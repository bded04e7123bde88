import FoundationEssentials

/// What takes the pin-failure reports a pinning outcome carries (`PinningOutcome.report`) and sees them
/// delivered, as TrustKit's `TSKBackgroundReporter` does for its validator.
///
/// Declared here and implemented elsewhere (`PinningReports.TrustKitReporter`), so that pinning itself never
/// links a spool or networking: a TLS client or a command calls a reporter only when one is configured.
public protocol PinFailureReporting: Sendable {
    /// Takes `report` for each of `destinations` (the policy's effective report URIs) and returns at once:
    /// a reporter keeps the report (durably, for TrustKitReporter) before it returns, and delivers it
    /// later, never holding up the connection whose outcome it came from.
    func submit(_ report: TrustKitPinFailureReport, to destinations: [URL]) -> PinFailureReportStatus
}
