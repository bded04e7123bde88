import Foundation

/// A report that passed validation, ready to store: the TrustKit fields, the raw body, where and when it
/// came from, and its validated chain as parsed and evaluated by the engine.
public struct ReceivedReport: Sendable, Hashable {
    /// The decoded TrustKit JSON.
    public var body: TrustKitReportBody
    /// The exact bytes POSTed (kept so a report can be re-analysed later).
    public var rawBody: [UInt8]
    /// When the collector received it (the collector's clock; the timeline and `since` use this).
    public var receivedAt: Date
    /// The sender's address (`127.0.0.1`, `::1`), the rate limiter's key.
    public var source: String
    /// `validated-certificate-chain`, leaf first, each certificate parsed.
    public var certificates: [ReportedCertificate]
    /// Whether that chain chains to the collector's configured anchors (`--anchors`).
    public var anchorCheck: AnchorCheck
    /// The deduplication key: see `TrustKitReportBody.deduplicationKey`.
    public var deduplicationKey: String

    public init(body: TrustKitReportBody, rawBody: [UInt8], receivedAt: Date, source: String,
                certificates: [ReportedCertificate], anchorCheck: AnchorCheck)
    {
        self.body = body
        self.rawBody = rawBody
        self.receivedAt = receivedAt
        self.source = source
        self.certificates = certificates
        self.anchorCheck = anchorCheck
        deduplicationKey = body.deduplicationKey
    }
}
