import Foundation

/// What an alert action is given: a host alert or a flood alert, as JSON (standard input, webhook body)
/// and as environment variables (the command's).
public enum AlertNotice: Sendable, Hashable {
    case host(AlertEvent)
    case flood(FloodAlertEvent)

    /// Every variable an alert command may be given; any the collector itself inherited are removed, so a
    /// flood alert's command never sees a stale TRUSTCHECK_ALERT_HOST.
    static let variableNames = ["TRUSTCHECK_ALERT_KIND", "TRUSTCHECK_ALERT_HOST", "TRUSTCHECK_ALERT_FAILURES",
                                "TRUSTCHECK_ALERT_HOSTS", "TRUSTCHECK_ALERT_THRESHOLD", "TRUSTCHECK_ALERT_WINDOW_SECONDS",
                                "TRUSTCHECK_ALERT_FLOOD_WINDOW_SECONDS"]

    public func jsonData() -> Data {
        switch self {
        case .host(let event): event.jsonData()
        case .flood(let event): event.jsonData()
        }
    }

    /// The command's TRUSTCHECK_ALERT_* variables.
    public var environment: [String: String] {
        switch self {
        case .host(let event):
            ["TRUSTCHECK_ALERT_KIND": event.kind, "TRUSTCHECK_ALERT_HOST": event.host,
             "TRUSTCHECK_ALERT_FAILURES": String(event.failures), "TRUSTCHECK_ALERT_THRESHOLD": String(event.threshold),
             "TRUSTCHECK_ALERT_WINDOW_SECONDS": String(event.windowSeconds)]
        case .flood(let event):
            ["TRUSTCHECK_ALERT_KIND": event.kind, "TRUSTCHECK_ALERT_HOSTS": String(event.hosts),
             "TRUSTCHECK_ALERT_THRESHOLD": String(event.threshold), "TRUSTCHECK_ALERT_WINDOW_SECONDS": String(event.windowSeconds),
             "TRUSTCHECK_ALERT_FLOOD_WINDOW_SECONDS": String(event.floodWindowSeconds)]
        }
    }

    /// Names the alert in log lines.
    var subject: String {
        switch self {
        case .host(let event): "the alert for \(event.host)"
        case .flood(let event): "the flood alert (\(event.hosts) hosts)"
        }
    }
}
