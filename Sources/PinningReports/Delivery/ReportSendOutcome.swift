/// What one POST of one report to one URI came to.
public enum ReportSendOutcome: Sendable, Hashable {
    /// The endpoint answered 2xx with this status.
    case delivered(status: Int)
    /// It did not; the error says whether a retry may succeed.
    case failed(ReportDeliveryError)
}
