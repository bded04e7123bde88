import Foundation

/// Why a store call failed. `code` is stable (logs, JSON, tests); the message says what to fix.
public struct ReportStoreError: Error, LocalizedError, Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable {
        /// The database could not be opened or connected to.
        case open = "store.open"
        /// A migration failed (the schema is left at the version it had).
        case migration = "store.migration"
        /// The database's schema is newer than this collector knows.
        case schemaTooNew = "store.schema_too_new"
        /// A database opened for reading has an older schema, which only a collector (with write access)
        /// can upgrade.
        case schemaTooOld = "store.schema_too_old"
        /// A statement failed.
        case query = "store.query"
        /// Stored data could not be read back (a row this collector cannot decode).
        case corrupt = "store.corrupt"
        /// The store was closed.
        case closed = "store.closed"
    }

    public let kind: Kind
    /// The database path or URL (password removed), for the message.
    public let location: String
    /// What went wrong, in the database library's words.
    public let detail: String

    public init(_ kind: Kind, location: String, detail: String) {
        self.kind = kind
        self.location = location
        self.detail = detail
    }

    /// The stable code, e.g. `store.open`.
    public var code: String { kind.rawValue }

    public var errorDescription: String? {
        switch kind {
        case .open: return "\(location): cannot open the report database: \(detail)"
        case .migration: return "\(location): cannot migrate the report database: \(detail)"
        case .schemaTooNew:
            return "\(location): the report database was written by a newer collector (\(detail)); use that version"
        case .schemaTooOld:
            return "\(location): the report database's schema is older than this reader's (\(detail)); run `trustcheck collect` "
                + "on it once to upgrade it"
        case .query: return "\(location): report database statement failed: \(detail)"
        case .corrupt: return "\(location): the report database holds a row this collector cannot read: \(detail)"
        case .closed: return "\(location): the report database is closed"
        }
    }
}
