import FoundationEssentials

/// What became of a pin-failure report handed to a `PinFailureReporting`, in TrustKit's order of checks.
public enum PinFailureReportStatus: Sendable, Hashable {
    /// The policy has no report URI (TSKReportUris empty and TSKDisableDefaultReportUri set).
    case noReportURI
    /// The same report already went out in the rate limiter's current 24-hour window.
    case rateLimited
    /// Kept for delivery to `destinations`; `skipped` are report URIs that cannot receive reports (not
    /// http or https with a host).
    case queued(destinations: [URL], skipped: [String])
    /// The report could not be kept (the spool is unusable); `problem` says why.
    case unsaved(problem: String)
}
