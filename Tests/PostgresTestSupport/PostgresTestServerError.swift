import Foundation

/// Why the test PostgreSQL server could not be started or stopped, with the command's output.
public struct PostgresTestServerError: Error, LocalizedError, Sendable, CustomStringConvertible {
    /// What failed and what the command printed.
    public let message: String

    /// An error saying `message`.
    public init(_ message: String) { self.message = message }

    public var description: String { message }
    public var errorDescription: String? { message }
}
