import Foundation

/// The one alert raised when more hosts than the flood limit reach the threshold within the flood window,
/// instead of an alert per host: `{"kind": "flood", "hosts", "sample_hosts", "flood_hosts",
/// "flood_window_seconds", "threshold", "window_seconds", "at"}`. Host alerts stay held back until fewer
/// hosts than the limit reach the threshold within a flood window.
public struct FloodAlertEvent: Sendable, Hashable, Encodable {
    /// How many names `sampleHosts` gives at most: enough to recognise a pattern (one domain's subdomains,
    /// random strings), few enough for a chat message.
    public static let sampleSize = 10
    /// Each sampled name is cut to 253 characters, the longest DNS name (RFC 1035 §2.3.4, 255 octets on the
    /// wire): report bodies may carry any text as the host name, and the flood alert must stay small.
    public static let sampleNameLimit = 253

    public let kind = "flood"
    /// Distinct hosts that reached the threshold within the flood window, this one included.
    public let hosts: Int
    /// The earliest of them in that window, at most ``sampleSize``, each at most ``sampleNameLimit`` characters.
    public let sampleHosts: [String]
    /// The limit that was exceeded, and its window.
    public let floodHosts: Int
    public let floodWindowSeconds: Int
    /// The per-host alert's threshold and window.
    public let threshold: Int
    public let windowSeconds: Int
    public let at: Date

    public init(hosts: Int, sampleHosts: [String], floodHosts: Int, floodWindowSeconds: Int, threshold: Int, windowSeconds: Int,
                at: Date)
    {
        self.hosts = hosts
        self.sampleHosts = sampleHosts.prefix(Self.sampleSize).map { String($0.prefix(Self.sampleNameLimit)) }
        self.floodHosts = floodHosts
        self.floodWindowSeconds = floodWindowSeconds
        self.threshold = threshold
        self.windowSeconds = windowSeconds
        self.at = at
    }

    enum CodingKeys: String, CodingKey {
        case kind, hosts, sampleHosts = "sample_hosts", floodHosts = "flood_hosts", floodWindowSeconds = "flood_window_seconds",
             threshold, windowSeconds = "window_seconds", at
    }

    public func jsonData() -> Data { CollectorJSON.encode(self) }
}
