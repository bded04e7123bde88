import FoundationEssentials

/// Why one report could not be delivered to one URI. Permanent failures (``isPermanent``) say the endpoint
/// will not take this report as it is; every other kind is worth retrying later.
public struct ReportDeliveryError: Error, LocalizedError, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, as a stable name.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// No response within the sender's timeout (a hanging or very slow endpoint).
        case timedOut
        /// No connection: refused, reset, host not found, network down.
        case connectionFailed
        /// A 5xx response.
        case serverError
        /// 408 Request Timeout or 429 Too Many Requests: the server asks to be tried again later.
        case retryLater
        /// Any other 4xx response: the server refuses this report.
        case rejected
        /// A status that is neither success nor an error (1xx, or a 3xx that was not followed).
        case unexpectedResponse
        /// Not an `http` or `https` URL with a host: nothing to send it with.
        case unsupportedDestination
    }

    /// The report URI.
    public let destination: URL
    /// What went wrong.
    public let kind: Kind
    /// The HTTP status, when there was a response.
    public let status: Int?
    /// A human explanation: the system's message, or the status.
    public let problem: String

    /// An error for `destination`.
    public init(destination: URL, kind: Kind, status: Int? = nil, problem: String) {
        self.destination = destination
        self.kind = kind
        self.status = status
        self.problem = problem
    }

    /// The error a response status stands for; nil for 2xx, which is a delivery. The rule follows RFC 9110:
    /// 5xx, 408 and 429 are transient; another 4xx is the server refusing this request as it is, so sending it
    /// again unchanged is expected to fail again.
    public init?(destination: URL, status: Int) {
        let kind: Kind
        switch status {
        case 200...299: return nil
        case 408, 429: kind = .retryLater
        case 400...499: kind = .rejected
        case 500...599: kind = .serverError
        default: kind = .unexpectedResponse
        }
        let reason = HTTPStatusReason.text(for: status)
        self.init(destination: destination, kind: kind, status: status,
                  problem: reason.isEmpty ? "HTTP \(status)" : "HTTP \(status) \(reason)")
    }

    /// Whether retrying unchanged is pointless: a refusal, or a destination that cannot be sent to.
    public var isPermanent: Bool { kind == .rejected || kind == .unsupportedDestination }

    /// A stable identifier for programs: `report.timedOut`, `report.connectionFailed`, `report.serverError`,
    /// `report.retryLater`, `report.rejected`, `report.unexpectedResponse`, `report.unsupportedDestination`.
    public var code: String { "report.\(kind.rawValue)" }

    public var description: String { "\(destination.absoluteString): report not delivered: \(problem)" }
    public var errorDescription: String? { description }
}
