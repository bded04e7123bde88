import Foundation

/// A store's totals.
public struct ReportStoreStatistics: Sendable, Hashable {
    /// Distinct stored reports (rows).
    public var storedReports: Int
    /// Copies that arrived again and were counted on an existing row.
    public var duplicates: Int
    /// Malformed bodies by reason code.
    public var malformedByReason: [String: Int]
    /// The first and last `receivedAt` of a stored report; nil when empty.
    public var firstReceived: Date?
    public var lastReceived: Date?

    public init(storedReports: Int, duplicates: Int, malformedByReason: [String: Int], firstReceived: Date?,
                lastReceived: Date?)
    {
        self.storedReports = storedReports
        self.duplicates = duplicates
        self.malformedByReason = malformedByReason
        self.firstReceived = firstReceived
        self.lastReceived = lastReceived
    }

    /// Every malformed body, whatever its reason.
    public var malformed: Int { malformedByReason.values.reduce(0, +) }
}
