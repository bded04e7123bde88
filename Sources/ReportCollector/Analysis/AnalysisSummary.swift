import Foundation

/// `GET /api/summary`: totals over the analysed window (malformed bodies are counted for all time: the
/// store keeps counts, not the bodies or their times).
public struct AnalysisSummary: Sendable, Hashable, Encodable {
    public let since: Date?
    public let storedReports: Int
    public let duplicates: Int
    public let malformed: Int
    public let malformedByReason: [String: Int]
    public let firstReceived: Date?
    public let lastReceived: Date?
    public let hosts: Int
    public let suspects: Int
    /// Reports whose chain failed at the device's time only (`AnchorCheck.clockSkew`): devices with a wrong
    /// clock, not interception.
    public let clockSkew: Int

    enum CodingKeys: String, CodingKey {
        case since, storedReports = "stored_reports", duplicates, malformed, malformedByReason = "malformed_by_reason"
        case firstReceived = "first_received", lastReceived = "last_received", hosts, suspects
        case clockSkew = "clock_skew"
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        // Absent dates are written as null, as the contract shows, not left out.
        try container.encode(since, forKey: .since)
        try container.encode(storedReports, forKey: .storedReports)
        try container.encode(duplicates, forKey: .duplicates)
        try container.encode(malformed, forKey: .malformed)
        try container.encode(malformedByReason, forKey: .malformedByReason)
        try container.encode(firstReceived, forKey: .firstReceived)
        try container.encode(lastReceived, forKey: .lastReceived)
        try container.encode(hosts, forKey: .hosts)
        try container.encode(suspects, forKey: .suspects)
        try container.encode(clockSkew, forKey: .clockSkew)
    }
}
