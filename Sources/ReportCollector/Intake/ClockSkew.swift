import Foundation

/// How far a device's clock (a report's `date-time`) was from the collector's when the report arrived.
/// TrustKit posts a report as soon as validation fails, so within seconds of its `date-time` on a device
/// whose clock is right; a larger difference is the device's clock, not the network.
public struct ClockSkew: Sendable, Hashable {
    /// `date-time` minus the receipt time: positive when the device's clock was ahead.
    public let seconds: TimeInterval

    public init(deviceTime: Date, receivedAt: Date) {
        seconds = deviceTime.timeIntervalSince(receivedAt)
    }

    /// "3 days behind", "2 hours ahead of", "40 seconds behind": the difference in its largest whole unit.
    public var description: String {
        let magnitude = abs(seconds)
        let units: [(TimeInterval, String)] = [(86_400 * 365, "year"), (86_400, "day"), (3_600, "hour"), (60, "minute"), (1, "second")]
        let (size, name) = units.first { magnitude >= $0.0 } ?? (1, "second")
        let count = Int(magnitude / size)
        let amount = "\(count) \(name)\(count == 1 ? "" : "s")"
        return seconds >= 0 ? "\(amount) ahead of" : "\(amount) behind"
    }
}
