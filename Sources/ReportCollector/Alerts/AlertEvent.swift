import Foundation

/// One fired host alert, as the command's standard input and the webhook's body:
/// `{"kind": "host", "host", "failures", "threshold", "window_seconds", "at"}`.
public struct AlertEvent: Sendable, Hashable, Encodable {
    /// Tells a host alert from a ``FloodAlertEvent`` to a consumer that gets both.
    public let kind = "host"
    public let host: String
    public let failures: Int
    public let threshold: Int
    public let windowSeconds: Int
    public let at: Date

    public init(host: String, failures: Int, threshold: Int, windowSeconds: Int, at: Date) {
        self.host = host
        self.failures = failures
        self.threshold = threshold
        self.windowSeconds = windowSeconds
        self.at = at
    }

    enum CodingKeys: String, CodingKey {
        case kind, host, failures, threshold, windowSeconds = "window_seconds", at
    }

    public func jsonData() -> Data { CollectorJSON.encode(self) }
}
