/// How much a ``ReportSpool`` keeps. When an enqueue goes over either bound, the oldest entries are dropped
/// (and counted in ``ReportSpoolCounters/droppedForSpace``) until it fits again.
///
/// Defaults: a TrustKit report carries its validated chain as PEM, about 1.5–2 KB a certificate, so a
/// three-certificate chain makes a report of about 5 KB and a spool entry (the report in base64 plus its
/// delivery state) of about 7 KB. TrustKit's rate limiter lets each distinct failure out once a day, and
/// each report goes to every report URI (usually the app's own and TrustKit's default), so 100 entries hold
/// about 50 distinct failures waiting for an endpoint: more than an app meets in a day's outage, while
/// 1 MiB keeps a misbehaving server with huge chains from filling the disk.
public struct ReportSpoolLimits: Sendable, Hashable {
    /// The most entries kept at once (one entry is one report for one URI).
    public var maximumEntries: Int
    /// The most bytes the entry files may take together. A single report whose entry would not fit is
    /// refused at enqueue (``ReportSpoolError/Kind/reportTooLarge``) rather than evicting everything else.
    public var maximumBytes: Int

    /// Limits; non-positive values are raised to 1.
    public init(maximumEntries: Int = 100, maximumBytes: Int = 1 << 20) {
        self.maximumEntries = max(1, maximumEntries)
        self.maximumBytes = max(1, maximumBytes)
    }
}
