import Foundation

/// When the collector raises an alert and how: once a host's failures within `window` reach `threshold`;
/// one flood alert instead when more than `floodHosts` hosts do so within `floodWindow`.
public struct AlertConfiguration: Sendable, Hashable {
    /// Default threshold: 100 distinct reports for one host within the window — far above the handful a
    /// few misconfigured devices send, and reached within minutes when a proxy or attacker intercepts a fleet.
    public static let defaultThreshold = 100
    /// Default window: one hour, the timeline's default bucket.
    public static let defaultWindow: TimeInterval = 3600
    /// Default flood limit: 10 hosts. An app pins a handful of domains (TrustKit's `kTSKPinnedDomains`), so
    /// one real incident — an intercepting network, a key rotated too early — raises a few host alerts; past
    /// 10 hosts within one window it is either a single event seen on every host or invented host names
    /// (any client that can POST chooses the name), and one alert that says so is worth more than dozens.
    public static let defaultFloodHosts = 10
    /// Default time an action may take: 30 s, as long as the report sender gives one delivery
    /// (`ReportSender.defaultRequestTimeout` is 20 s), ample for `logger` or a chat webhook; an action
    /// still running then is stopped, so a hung one occupies a worker for at most this long.
    public static let defaultActionTimeout: TimeInterval = 30

    /// Failures per host within `window` that fire the alert.
    public var threshold: Int
    public var window: TimeInterval
    /// Run with `/bin/sh -c`, with TRUSTCHECK_ALERT_KIND (`host` or `flood`), TRUSTCHECK_ALERT_HOST,
    /// TRUSTCHECK_ALERT_FAILURES (host alerts), TRUSTCHECK_ALERT_HOSTS and TRUSTCHECK_ALERT_FLOOD_WINDOW_SECONDS
    /// (flood alerts), TRUSTCHECK_ALERT_THRESHOLD and TRUSTCHECK_ALERT_WINDOW_SECONDS in its environment and
    /// the alert JSON on its standard input.
    public var command: String?
    /// POSTed the alert JSON (`application/json`).
    public var webhook: URL?
    /// More hosts than this reaching the threshold within `floodWindow` raise one flood alert, and host
    /// alerts are held back until fewer do.
    public var floodHosts: Int
    public var floodWindow: TimeInterval
    /// How long one command or one webhook request may take (the command is then terminated, the request
    /// cancelled).
    public var actionTimeout: TimeInterval

    /// `floodWindow` nil: the same as `window`.
    public init(threshold: Int = defaultThreshold, window: TimeInterval = defaultWindow, command: String? = nil,
                webhook: URL? = nil, floodHosts: Int = defaultFloodHosts, floodWindow: TimeInterval? = nil,
                actionTimeout: TimeInterval = defaultActionTimeout)
    {
        self.threshold = threshold
        self.window = window
        self.command = command
        self.webhook = webhook
        self.floodHosts = floodHosts
        self.floodWindow = floodWindow ?? window
        self.actionTimeout = actionTimeout
    }

    /// Any action configured.
    public var isEnabled: Bool { command != nil || webhook != nil }
}
