import Foundation

/// A report as read back from a store (without its raw body: `ReportStore.rawBody(reportID:)` has it).
public struct StoredReport: Sendable, Hashable {
    /// The store's id.
    public var id: Int64
    /// The decoded TrustKit JSON.
    public var body: TrustKitReportBody
    /// When the first copy arrived.
    public var receivedAt: Date
    /// The first copy's sender address.
    public var source: String
    /// The parsed chain, leaf first.
    public var certificates: [ReportedCertificate]
    /// The anchor check made when it arrived.
    public var anchorCheck: AnchorCheck
    /// How many more copies (same deduplication key) arrived after the first.
    public var duplicateCount: Int

    public init(id: Int64, body: TrustKitReportBody, receivedAt: Date, source: String,
                certificates: [ReportedCertificate], anchorCheck: AnchorCheck, duplicateCount: Int)
    {
        self.id = id
        self.body = body
        self.receivedAt = receivedAt
        self.source = source
        self.certificates = certificates
        self.anchorCheck = anchorCheck
        self.duplicateCount = duplicateCount
    }

    /// Reports this row stands for: the first copy and its duplicates.
    public var occurrences: Int { 1 + duplicateCount }
}
