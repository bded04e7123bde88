import Foundation

/// A failed PostgreSQL operation: what failed, the server's SQLSTATE when the server answered, and its text.
///
/// `code` is TrustCheck's stable name (`postgres.connectionFailed`, …); `sqlState` is PostgreSQL's own
/// five-character code (part of its protocol, e.g. "23505" unique_violation), kept so callers can react to
/// the class of a server error without parsing its message.
public struct PostgresError: Error, LocalizedError, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, as a stable name.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// The server could not be reached, refused the login, or the connection string is malformed.
        case connectionFailed
        /// The connection broke while a statement ran: whether a COMMIT in flight took effect is unknown.
        case connectionLost
        /// The server ran the statement and reported an error (see ``PostgresError/sqlState``).
        case statementFailed
        /// A parameter cannot be sent as given (a text value with a NUL byte, which libpq's text format cannot carry).
        case invalidParameter
        /// A result value is absent or is not of the type asked for.
        case unexpectedValue
    }

    /// What went wrong.
    public let kind: Kind
    /// PostgreSQL's SQLSTATE for a server error ("23505", "40001", …); nil for errors the server did not report.
    public let sqlState: String?
    /// The primary message (the server's, libpq's, or the bridge's own).
    public let message: String
    /// The server's DETAIL, when it sent one.
    public let detail: String?
    /// The server's HINT, when it sent one.
    public let hint: String?

    /// An error of `kind` with `message` and, for a server error, its SQLSTATE, detail and hint.
    public init(kind: Kind, message: String, sqlState: String? = nil, detail: String? = nil, hint: String? = nil) {
        self.kind = kind
        self.message = message
        self.sqlState = sqlState
        self.detail = detail
        self.hint = hint
    }

    /// A stable identifier for programs: `postgres.connectionFailed`, `postgres.connectionLost`,
    /// `postgres.statementFailed`, `postgres.invalidParameter`, `postgres.unexpectedValue`.
    public var code: String { "postgres.\(kind.rawValue)" }

    /// SQLSTATE 23505: a unique or primary-key constraint refused a row.
    public var isUniqueViolation: Bool { sqlState == "23505" }
    /// SQLSTATE 40001 (serialization_failure) or 40P01 (deadlock_detected): the transaction may succeed if retried.
    public var isRetryableTransactionFailure: Bool { sqlState == "40001" || sqlState == "40P01" }

    /// "message [SQLSTATE 23505]: detail (hint: …)".
    public var description: String {
        var text = message
        if let sqlState { text += " [SQLSTATE \(sqlState)]" }
        if let detail { text += ": \(detail)" }
        if let hint { text += " (hint: \(hint))" }
        return text
    }
    /// The same as `description`.
    public var errorDescription: String? { description }
}
