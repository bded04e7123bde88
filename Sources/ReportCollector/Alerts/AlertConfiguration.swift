import Foundation

/// When the collector raises an alert and how: once a host's failures within `window` reach `threshold`.
public struct AlertConfiguration: Sendable, Hashable {
    /// Default threshold: 100 distinct reports for one host within the window — far above the handful a
    /// few misconfigured devices send, and reached within minutes when a proxy or attacker intercepts a fleet.
    public static let defaultThreshold = 100
    /// Default window: one hour, the timeline's default bucket.
    public static let defaultWindow: TimeInterval = 3600

    /// Failures per host within `window` that fire the alert.
    public var threshold: Int
    public var window: TimeInterval
    /// Run with `/bin/sh -c`, with TRUSTCHECK_ALERT_HOST, TRUSTCHECK_ALERT_FAILURES,
    /// TRUSTCHECK_ALERT_THRESHOLD and TRUSTCHECK_ALERT_WINDOW_SECONDS in its environment and the alert JSON
    /// on its standard input.
    public var command: String?
    /// POSTed the alert JSON (`application/json`).
    public var webhook: URL?

    public init(threshold: Int = defaultThreshold, window: TimeInterval = defaultWindow, command: String? = nil,
                webhook: URL? = nil)
    {
        self.threshold = threshold
        self.window = window
        self.command = command
        self.webhook = webhook
    }

    /// Any action configured.
    public var isEnabled: Bool { command != nil || webhook != nil }
}
