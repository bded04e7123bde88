/// A report still in the spool after `trustcheck reports-flush`: where it goes, how often it failed, when
/// it is tried next and the last failure, so that "still spooled" comes with its reason.
package struct ReportFlushWaitingEntry: Sendable, Hashable, Decodable {
    /// The report URI.
    package var destination: String
    /// Failed attempts so far.
    package var attempts: Int
    /// The earliest next attempt, RFC 3339 in UTC.
    package var nextAttemptAt: String
    /// The last failure's code and message (`report.connectionFailed: …`); nil before the first attempt.
    package var lastError: String?

    package init(destination: String, attempts: Int, nextAttemptAt: String, lastError: String?) {
        self.destination = destination
        self.attempts = attempts
        self.nextAttemptAt = nextAttemptAt
        self.lastError = lastError
    }

    enum CodingKeys: String, CodingKey {
        case destination, attempts, nextAttemptAt = "next_attempt_at", lastError = "last_error"
    }

    var json: JSONValue {
        .object([
            (CodingKeys.destination.rawValue, .string(destination)), (CodingKeys.attempts.rawValue, .int(attempts)),
            (CodingKeys.nextAttemptAt.rawValue, .string(nextAttemptAt)), (CodingKeys.lastError.rawValue, .string(lastError)),
        ])
    }
}
