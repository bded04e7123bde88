import CSQLite
import Foundation

/// A failed SQLite call: SQLite's (extended) result code, its symbol-like name, SQLite's message for the
/// connection, and the statement. SQLite's result codes are part of its stable ABI, as GnuTLS's are.
public struct SQLiteError: Error, Sendable, Hashable, LocalizedError, CustomStringConvertible {
    /// The extended result code (`sqlite3_extended_errcode`), e.g. 2067 for SQLITE_CONSTRAINT_UNIQUE.
    public let code: Int32
    /// SQLite's message (`sqlite3_errmsg`), or `sqlite3_errstr` of the code when there is no connection.
    public let message: String
    /// What was being done: `open`, `prepare`, `step`, … and the SQL when there was one.
    public let context: String

    public init(code: Int32, message: String, context: String) {
        self.code = code
        self.message = message
        self.context = context
    }

    /// The primary result code (the low byte), e.g. SQLITE_BUSY (5), SQLITE_CONSTRAINT (19).
    public var primaryCode: Int32 { code & 0xFF }

    /// The database is locked by another connection for longer than the busy timeout.
    public var isBusy: Bool { primaryCode == SQLITE_BUSY || primaryCode == SQLITE_LOCKED }

    public var description: String { "\(context): \(message) (SQLite code \(code))" }
    public var errorDescription: String? { description }

    /// The error the connection `db` holds now.
    static func last(_ db: OpaquePointer?, _ rc: Int32, _ context: String) -> SQLiteError {
        if let db {
            return SQLiteError(code: sqlite3_extended_errcode(db), message: String(cString: sqlite3_errmsg(db)),
                               context: context)
        }
        return SQLiteError(code: rc, message: String(cString: sqlite3_errstr(rc)), context: context)
    }
}
