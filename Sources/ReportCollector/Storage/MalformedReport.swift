import Foundation

/// A body the receiver refused with 400: counted by `reason`, never stored.
public struct MalformedReport: Sendable, Hashable {
    /// The stable reason code (`ReportRejection.code`, e.g. `body.not_json`, `field.missing`).
    public var reason: String
    /// The sender's address.
    public var source: String
    /// When it arrived.
    public var receivedAt: Date

    public init(reason: String, source: String, receivedAt: Date) {
        self.reason = reason
        self.source = source
        self.receivedAt = receivedAt
    }
}
