import Foundation

/// One fired alert, as the command's standard input and the webhook's body:
/// `{"host", "failures", "threshold", "window_seconds", "at"}`.
public struct AlertEvent: Sendable, Hashable, Encodable {
    public let host: String
    public let failures: Int
    public let threshold: Int
    public let windowSeconds: Int
    public let at: Date

    enum CodingKeys: String, CodingKey {
        case host, failures, threshold, windowSeconds = "window_seconds", at
    }

    public func jsonData() -> Data { CollectorJSON.encode(self) }
}
