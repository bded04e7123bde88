import CLibPQ
import Foundation

/// One connection to a PostgreSQL server: the only owner of a libpq `PGconn`.
///
/// Statements are sent with their parameters apart (PQexecParams), never as SQL built from values, and
/// every result is copied into Swift values before libpq's is freed. libpq connections must not be used
/// by two threads at once, so every call takes the connection's lock; ``transaction(_:)`` holds it for
/// the whole transaction, so statements of other threads never interleave with one.
///
/// `@unchecked Sendable`: `handle` and `transactionDepth` are only touched with `lock` held.
public final class PostgresConnection: @unchecked Sendable {
    /// Seconds libpq waits for the server when the connection string names no `connect_timeout`: libpq's
    /// own default is to wait forever, which would hang a collector's start-up on an unreachable host.
    public static let defaultConnectTimeoutSeconds = 10

    private let handle: OpaquePointer
    // Recursive: a transaction's body runs statements on this connection with the lock already held.
    private let lock = NSRecursiveLock()
    private var transactionDepth = 0

    /// Connects with a libpq connection string: `key=value` pairs (`host=127.0.0.1 port=5432 dbname=reports`)
    /// or a URI (`postgres://user@host:5432/reports?sslmode=require`), as `psql` takes them.
    public init(_ connectionString: String) throws(PostgresError) {
        let keywords = ["connect_timeout", "dbname"]
        let values = [String(Self.defaultConnectTimeoutSeconds), connectionString]
        // Later keywords win: the expanded connection string overrides the default timeout when it names one.
        let connection = Self.withCStringArray(keywords) { keywordPointers in
            Self.withCStringArray(values) { valuePointers in
                PQconnectdbParams(keywordPointers, valuePointers, 1)
            }
        }
        guard let connection else {
            throw PostgresError(kind: .connectionFailed, message: "libpq could not allocate a connection")
        }
        guard PQstatus(connection) == CONNECTION_OK else {
            let message = Self.libpqMessage(connection) ?? "the connection failed"
            PQfinish(connection)
            throw PostgresError(kind: .connectionFailed, message: "could not connect to PostgreSQL: \(message)")
        }
        clibpq_silence_notices(connection)
        handle = connection
    }

    deinit { PQfinish(handle) }

    /// The server's version as PostgreSQL numbers it (150018 for 15.18).
    public var serverVersion: Int {
        lock.lock()
        defer { lock.unlock() }
        return Int(PQserverVersion(handle))
    }

    /// Runs one statement with `$1`, `$2`, … bound to `parameters`, and returns what it returned.
    ///
    /// Outside a transaction a connection found broken is reset once first (a restarted server, a dropped
    /// socket); inside one it is not, since the transaction is gone with the old session.
    @discardableResult
    public func execute(_ sql: String, _ parameters: [PostgresValue] = []) throws(PostgresError) -> PostgresResult {
        lock.lock()
        defer { lock.unlock() }
        if transactionDepth == 0, PQstatus(handle) == CONNECTION_BAD {
            PQreset(handle)
        }
        return try run(sql, parameters)
    }

    /// Runs `body` in one transaction: BEGIN, then COMMIT when it returns, ROLLBACK when it throws.
    ///
    /// No other thread's statement runs on this connection until the transaction ends. A nested call
    /// joins the outer transaction. A failed COMMIT throws (nothing was committed, unless the error is
    /// ``PostgresError/Kind/connectionLost``, when the outcome is unknown to the client).
    @discardableResult
    public func transaction<R>(_ body: () throws -> R) throws -> R {
        lock.lock()
        defer { lock.unlock() }
        if transactionDepth > 0 { return try body() }
        if PQstatus(handle) == CONNECTION_BAD { PQreset(handle) }
        try run("BEGIN", [])
        transactionDepth = 1
        defer { transactionDepth = 0 }
        let value: R
        do {
            value = try body()
        } catch {
            // The body's error is the one to report; a ROLLBACK on a dead connection has nothing to undo.
            _ = try? run("ROLLBACK", [])
            throw error
        }
        try run("COMMIT", [])
        return value
    }

    // MARK: - libpq calls (lock held)

    @discardableResult
    private func run(_ sql: String, _ parameters: [PostgresValue]) throws(PostgresError) -> PostgresResult {
        let wire = try parameters.map { value throws(PostgresError) in try value.wireBytes() }
        let types = parameters.map(\.typeOID)
        let formats = parameters.map(\.format)
        let lengths = wire.map { Int32($0?.count ?? 0) }
        // Each value gets its own allocation, alive until PQexecParams has sent it.
        let buffers: [UnsafeMutablePointer<CChar>?] = wire.map { bytes in
            guard let bytes else { return nil }
            let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
            bytes.withUnsafeBufferPointer { source in
                source.withMemoryRebound(to: CChar.self) { buffer.update(from: $0.baseAddress!, count: bytes.count) }
            }
            buffer[bytes.count] = 0
            return buffer
        }
        defer { buffers.forEach { $0?.deallocate() } }
        let result = buffers.map { UnsafePointer($0) }.withUnsafeBufferPointer { valuePointers in
            types.withUnsafeBufferPointer { typePointers in
                lengths.withUnsafeBufferPointer { lengthPointers in
                    formats.withUnsafeBufferPointer { formatPointers in
                        PQexecParams(handle, sql, Int32(parameters.count), typePointers.baseAddress,
                                     valuePointers.baseAddress, lengthPointers.baseAddress,
                                     formatPointers.baseAddress, 0)
                    }
                }
            }
        }
        guard let result else {
            throw PostgresError(kind: connectionErrorKind, message: Self.libpqMessage(handle) ?? "libpq returned no result")
        }
        defer { PQclear(result) }
        switch PQresultStatus(result) {
        case PGRES_COMMAND_OK, PGRES_TUPLES_OK, PGRES_EMPTY_QUERY:
            return Self.copy(result)
        default:
            throw serverError(result)
        }
    }

    /// A broken connection means the statement's outcome is unknown; otherwise libpq could not even send it.
    private var connectionErrorKind: PostgresError.Kind {
        PQstatus(handle) == CONNECTION_BAD ? .connectionLost : .statementFailed
    }

    private func serverError(_ result: OpaquePointer) -> PostgresError {
        func field(_ code: Int32) -> String? {
            guard let text = PQresultErrorField(result, code) else { return nil }
            return String(cString: text)
        }
        guard let sqlState = field(clibpq_diag_sqlstate()) else {
            // libpq's own failure (lost connection mid-statement): no SQLSTATE from a server.
            let message = String(cString: PQresultErrorMessage(result)).trimmingCharacters(in: .whitespacesAndNewlines)
            return PostgresError(kind: connectionErrorKind, message: message.isEmpty ? "the statement failed" : message)
        }
        return PostgresError(
            // A FATAL error (the server ended the session, e.g. 57P01 admin_shutdown) leaves the connection broken.
            kind: PQstatus(handle) == CONNECTION_BAD ? .connectionLost : .statementFailed,
            message: field(clibpq_diag_message_primary()) ?? "the statement failed",
            sqlState: sqlState,
            detail: field(clibpq_diag_message_detail()),
            hint: field(clibpq_diag_message_hint()))
    }

    private static func copy(_ result: OpaquePointer) -> PostgresResult {
        let columnCount = Int(PQnfields(result))
        let rowCount = Int(PQntuples(result))
        let columns = (0..<columnCount).map { String(cString: PQfname(result, Int32($0))) }
        let types = (0..<columnCount).map { UInt32(PQftype(result, Int32($0))) }
        let rows = (0..<rowCount).map { row in
            PostgresRow(columns: columns, columnTypes: types, values: (0..<columnCount).map { column -> [UInt8]? in
                let (r, c) = (Int32(row), Int32(column))
                if PQgetisnull(result, r, c) == 1 { return nil }
                let length = Int(PQgetlength(result, r, c))
                guard let value = PQgetvalue(result, r, c), length > 0 else { return [] }
                return value.withMemoryRebound(to: UInt8.self, capacity: length) { Array(UnsafeBufferPointer(start: $0, count: length)) }
            })
        }
        let affected = Int(String(cString: PQcmdTuples(result))) ?? 0
        return PostgresResult(columns: columns, rows: rows, affectedRows: affected)
    }

    private static func libpqMessage(_ connection: OpaquePointer) -> String? {
        guard let text = PQerrorMessage(connection) else { return nil }
        let message = String(cString: text).trimmingCharacters(in: .whitespacesAndNewlines)
        return message.isEmpty ? nil : message
    }

    /// Lends `strings` to C as a NULL-terminated `const char *const *`.
    private static func withCStringArray<R>(_ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>) -> R) -> R {
        let copies = strings.map { strdup($0) }
        defer { copies.forEach { free($0) } }
        let pointers = copies.map { UnsafePointer($0) } + [nil]
        return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
    }
}
