import CSQLite

/// One SQLite connection: the only code that owns `sqlite3*` and `sqlite3_stmt*` pointers. Statements are
/// prepared once per SQL text and cached; values go in by binding (never by building SQL) and come out
/// copied into `SQLiteValue`s.
///
/// Not thread-safe by itself: its owner serialises calls (the collector's store holds a lock around it).
public final class SQLiteConnection {
    private var db: OpaquePointer?
    private var statements: [String: OpaquePointer] = [:]
    /// The path it was opened with, for messages.
    public let path: String

    /// Opens (creating when allowed) the database at `path`. `busyTimeoutMilliseconds` is how long a call
    /// waits for another connection's lock before failing with SQLITE_BUSY.
    public init(path: String, create: Bool = true, readOnly: Bool = false, busyTimeoutMilliseconds: Int32 = 5_000)
        throws(SQLiteError)
    {
        self.path = path
        var flags = readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE
        if create && !readOnly { flags |= SQLITE_OPEN_CREATE }
        // NOMUTEX: the owner serialises; EXRESCODE: extended result codes from every call.
        flags |= SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
        var handle: OpaquePointer?
        let rc = sqlite3_open_v2(path, &handle, flags, nil)
        guard rc == SQLITE_OK, let handle else {
            let error = SQLiteError.last(handle, rc, "open \(path)")
            sqlite3_close_v2(handle)
            throw error
        }
        db = handle
        sqlite3_busy_timeout(handle, busyTimeoutMilliseconds)
    }

    deinit { close() }

    /// Keeps the `-wal` and `-shm` files when the last connection closes (`SQLITE_FCNTL_PERSIST_WAL`), so
    /// that a reader without write access to the database's folder can still open it read-only later:
    /// SQLite needs the `-shm` file to read a WAL database and cannot create it there.
    public func persistWriteAheadLog() throws(SQLiteError) {
        let db = try open()
        var on: Int32 = 1
        let rc = sqlite3_file_control(db, "main", SQLITE_FCNTL_PERSIST_WAL, &on)
        guard rc == SQLITE_OK else { throw SQLiteError.last(db, rc, "persist the write-ahead log of \(path)") }
    }

    /// Finalises every statement and closes the connection; later calls fail with SQLITE_MISUSE.
    public func close() {
        for statement in statements.values { sqlite3_finalize(statement) }
        statements.removeAll()
        if let db { sqlite3_close_v2(db) }
        db = nil
    }

    /// Runs `sql`, which may hold several statements and takes no parameters (schema, pragmas).
    public func execute(_ sql: String) throws(SQLiteError) {
        let db = try open()
        var message: UnsafeMutablePointer<CChar>?
        let rc = sqlite3_exec(db, sql, nil, nil, &message)
        guard rc == SQLITE_OK else {
            let text = message.map { String(cString: $0) } ?? String(cString: sqlite3_errstr(rc))
            sqlite3_free(message)
            throw SQLiteError(code: sqlite3_extended_errcode(db), message: text, context: "execute \(Self.short(sql))")
        }
    }

    /// Runs one statement with `parameters` bound to `?1`, `?2`, … and returns every row it yields.
    @discardableResult
    public func query(_ sql: String, _ parameters: [SQLiteValue] = []) throws(SQLiteError) -> [[SQLiteValue]] {
        let db = try open()
        let statement = try prepared(sql, db)
        defer {
            sqlite3_reset(statement)
            sqlite3_clear_bindings(statement)
        }
        for (index, value) in parameters.enumerated() {
            try bind(value, at: Int32(index + 1), statement, db, sql)
        }
        var rows: [[SQLiteValue]] = []
        while true {
            let rc = sqlite3_step(statement)
            if rc == SQLITE_DONE { break }
            guard rc == SQLITE_ROW else { throw SQLiteError.last(db, rc, "step \(Self.short(sql))") }
            let columns = sqlite3_column_count(statement)
            rows.append((0..<columns).map { column(statement, $0) })
        }
        return rows
    }

    /// Runs `body` in a `BEGIN IMMEDIATE` transaction (the write lock is taken at the start, so the body never
    /// fails half-way on a lock upgrade); commits when it returns, rolls back when it throws.
    public func immediateTransaction<T>(_ body: () throws(SQLiteError) -> T) throws(SQLiteError) -> T {
        try execute("BEGIN IMMEDIATE")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    /// The rowid of the last successful INSERT on this connection.
    public var lastInsertRowID: Int64 { db.map { sqlite3_last_insert_rowid($0) } ?? 0 }

    /// The SQLite library's version, e.g. "3.40.1".
    public static var libraryVersion: String { String(cString: sqlite3_libversion()) }

    private func open() throws(SQLiteError) -> OpaquePointer {
        guard let db else { throw SQLiteError(code: SQLITE_MISUSE, message: "the connection is closed", context: path) }
        return db
    }

    private func prepared(_ sql: String, _ db: OpaquePointer) throws(SQLiteError) -> OpaquePointer {
        if let statement = statements[sql] { return statement }
        var statement: OpaquePointer?
        let rc = sqlite3_prepare_v3(db, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
        guard rc == SQLITE_OK, let statement else { throw SQLiteError.last(db, rc, "prepare \(Self.short(sql))") }
        statements[sql] = statement
        return statement
    }

    private func bind(_ value: SQLiteValue, at index: Int32, _ statement: OpaquePointer, _ db: OpaquePointer,
                      _ sql: String) throws(SQLiteError)
    {
        let rc: Int32
        switch value {
        case .integer(let number): rc = sqlite3_bind_int64(statement, index, number)
        case .real(let number): rc = sqlite3_bind_double(statement, index, number)
        case .text(let text): rc = sqlite3_bind_text(statement, index, text, -1, csqlite_transient())
        case .blob(let bytes):
            rc = bytes.withUnsafeBytes { buffer in
                // A zero-length blob still needs a non-nil pointer, or SQLite binds NULL.
                sqlite3_bind_blob64(statement, index, buffer.baseAddress ?? UnsafeRawPointer(bitPattern: 1),
                                    sqlite3_uint64(buffer.count), csqlite_transient())
            }
        case .null: rc = sqlite3_bind_null(statement, index)
        }
        guard rc == SQLITE_OK else { throw SQLiteError.last(db, rc, "bind ?\(index) of \(Self.short(sql))") }
    }

    private func column(_ statement: OpaquePointer, _ index: Int32) -> SQLiteValue {
        switch sqlite3_column_type(statement, index) {
        case SQLITE_INTEGER: return .integer(sqlite3_column_int64(statement, index))
        case SQLITE_FLOAT: return .real(sqlite3_column_double(statement, index))
        case SQLITE_TEXT:
            let count = Int(sqlite3_column_bytes(statement, index))
            guard let text = sqlite3_column_text(statement, index) else { return .text("") }
            return .text(String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self))
        case SQLITE_BLOB:
            let count = Int(sqlite3_column_bytes(statement, index))
            guard let bytes = sqlite3_column_blob(statement, index) else { return .blob([]) }
            return .blob(Array(UnsafeRawBufferPointer(start: bytes, count: count)))
        default: return .null
        }
    }

    /// The SQL for a message: its first line, at most 80 characters.
    private static func short(_ sql: String) -> String {
        let line = sql.split(separator: "\n").first.map(String.init) ?? sql
        return line.count > 80 ? String(line.prefix(80)) + "…" : line
    }
}
