/// One failed delivery attempt of `trustcheck reports-flush`: where to, and the report error's stable code
/// (`report.timedOut`, `report.connectionFailed`, `report.serverError`…) and message.
package struct ReportFlushFailure: Sendable, Hashable, Decodable {
    /// The report URI.
    package var destination: String
    /// `ReportDeliveryError.code`.
    package var code: String
    /// What went wrong, for people.
    package var message: String

    package init(destination: String, code: String, message: String) {
        self.destination = destination
        self.code = code
        self.message = message
    }

    var json: JSONValue {
        .object([("destination", .string(destination)), ("code", .string(code)), ("message", .string(message))])
    }
}
