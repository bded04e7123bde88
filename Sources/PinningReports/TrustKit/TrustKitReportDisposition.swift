/// What ``TrustKitReporter`` did with one validation, in TrustKit's order of checks.
public enum TrustKitReportDisposition: Sendable, Hashable {
    /// TrustKit sends nothing for it: success, not pinned, or an ignored user-defined anchor.
    case notAFailure
    /// The policy has no report URI (TSKReportUris empty and TSKDisableDefaultReportUri set).
    case noReportURI
    /// The same report already went out in the rate limiter's current 24-hour window.
    case rateLimited
    /// Spooled once for each of these URIs; URIs that cannot receive reports (not http/https) are in
    /// `skipped`.
    case spooled([ReportSpoolEntry], skipped: [String])
}
