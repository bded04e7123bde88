import Foundation
import PostgresBridge
import PostgresTestSupport
import Testing

/// The libpq bridge against a real server the tests start (Debian's postgresql binaries).
@Suite(.enabled(if: PostgresTestServer.unavailableReason == nil,
                "PostgreSQL server binaries not installed (apt-get install postgresql)"))
struct PostgresConnectionTests {
    /// A connection to a new, empty database of the shared test server.
    private func freshConnection() throws -> (PostgresConnection, PostgresTestServer, String) {
        let server = try PostgresTestServer.shared.get()
        let database = try server.makeDatabase()
        return (try PostgresConnection(server.connectionString(database: database)), server, database)
    }

    @Test func connectsByKeyValueStringAndByURL() throws {
        let server = try PostgresTestServer.shared.get()
        let byPairs = try PostgresConnection(server.connectionString())
        let byURL = try PostgresConnection(server.url())
        #expect(byPairs.serverVersion >= 90_000)
        let row = try #require(try byURL.execute("SELECT current_user AS who, current_database() AS db").singleRow())
        #expect(try row.string("who") == "trustcheck")
        #expect(try row.string("db") == "postgres")
    }

    @Test func everyParameterTypeRoundTripsUnchanged() throws {
        let (connection, _, _) = try freshConnection()
        try connection.execute("CREATE TABLE v (t text, i bigint, d double precision, b boolean, raw bytea, n text)")
        let text = "héllo 'quoted' \"double\" \\ back $1 ;"
        let bytes: [UInt8] = [0, 1, 0x27, 0x5C, 0x7F, 0x80, 0xFF, 0]
        let inserted = try connection.execute(
            "INSERT INTO v VALUES ($1, $2, $3, $4, $5, $6)",
            [.text(text), .integer(-9_223_372_036_854_775_808), .double(0.1), .boolean(true), .bytes(bytes), .null])
        #expect(inserted.affectedRows == 1)
        let row = try #require(try connection.execute("SELECT * FROM v").singleRow())
        #expect(try row.string("t") == text)
        #expect(try row.integer("i") == Int64.min)
        #expect(try row.double("d") == 0.1)
        #expect(try row.boolean("b") == true)
        #expect(try row.bytes("raw") == bytes)
        #expect(try row.string("n") == nil)
        #expect(try row.bytes("n") == nil)
    }

    @Test func aValueIsNeverReadAsSQL() throws {
        let (connection, _, _) = try freshConnection()
        try connection.execute("CREATE TABLE t (name text)")
        let hostile = "x'); DROP TABLE t; --"
        try connection.execute("INSERT INTO t VALUES ($1)", [.text(hostile)])
        let rows = try connection.execute("SELECT name FROM t WHERE name = $1", [.text(hostile)]).rows
        #expect(try rows.map { try $0.string("name") } == [hostile])
    }

    @Test func serverErrorsCarrySQLSTATEAndDetail() throws {
        let (connection, _, _) = try freshConnection()
        try connection.execute("CREATE TABLE k (id integer PRIMARY KEY)")
        try connection.execute("INSERT INTO k VALUES ($1)", [.integer(1)])
        let duplicate = try #require(throws: PostgresError.self) {
            try connection.execute("INSERT INTO k VALUES ($1)", [.integer(1)])
        }
        #expect(duplicate.kind == .statementFailed)
        #expect(duplicate.sqlState == "23505")
        #expect(duplicate.isUniqueViolation)
        #expect(duplicate.code == "postgres.statementFailed")
        #expect(duplicate.detail?.contains("(id)=(1)") == true)
        #expect(duplicate.errorDescription?.contains("SQLSTATE 23505") == true)

        let syntax = try #require(throws: PostgresError.self) { try connection.execute("SELEC 1") }
        #expect(syntax.sqlState == "42601")
        #expect(!syntax.isUniqueViolation)
        // The connection is still usable after a failed statement.
        #expect(try connection.execute("SELECT 1 AS one").singleRow()?.integer("one") == 1)
    }

    @Test func onConflictDoNothingReportsZeroAffectedRows() throws {
        let (connection, _, _) = try freshConnection()
        try connection.execute("CREATE TABLE k (id integer PRIMARY KEY)")
        let first = try connection.execute("INSERT INTO k VALUES ($1) ON CONFLICT DO NOTHING RETURNING id", [.integer(7)])
        let second = try connection.execute("INSERT INTO k VALUES ($1) ON CONFLICT DO NOTHING RETURNING id", [.integer(7)])
        #expect(first.affectedRows == 1)
        #expect(try first.rows.map { try $0.integer("id") } == [7])
        #expect(second.affectedRows == 0)
        #expect(second.rows.isEmpty)
    }

    @Test func aTextParameterWithANULIsRefusedBeforeSending() throws {
        let (connection, _, _) = try freshConnection()
        try connection.execute("CREATE TABLE t (name text)")
        let error = try #require(throws: PostgresError.self) {
            try connection.execute("INSERT INTO t VALUES ($1)", [.text("a\u{0}b")])
        }
        #expect(error.kind == .invalidParameter)
        #expect(try connection.execute("SELECT count(*) AS n FROM t").singleRow()?.integer("n") == 0)
    }

    @Test func aTransactionCommitsOnReturnAndRollsBackOnThrow() throws {
        struct Abort: Error {}
        let (connection, _, _) = try freshConnection()
        try connection.execute("CREATE TABLE t (n integer)")
        let returned = try connection.transaction {
            try connection.execute("INSERT INTO t VALUES (1)")
            // A nested transaction joins the outer one.
            try connection.transaction { try connection.execute("INSERT INTO t VALUES (2)") }
            return "kept"
        }
        #expect(returned == "kept")
        #expect(throws: Abort.self) {
            try connection.transaction {
                try connection.execute("INSERT INTO t VALUES (3)")
                throw Abort()
            }
        }
        // A failed statement aborts the transaction: its earlier rows are rolled back too.
        #expect(throws: PostgresError.self) {
            try connection.transaction {
                try connection.execute("INSERT INTO t VALUES (4)")
                try connection.execute("INSERT INTO t VALUES ($1)", [.text("not a number")])
            }
        }
        let values = try connection.execute("SELECT n FROM t ORDER BY n").rows.map { try $0.integer("n") }
        #expect(values == [1, 2])
    }

    @Test func oneConnectionSharedByThreadsNeverInterleavesATransaction() async throws {
        let (connection, _, _) = try freshConnection()
        try connection.execute("CREATE TABLE counter (n integer)")
        try connection.execute("INSERT INTO counter VALUES (0)")
        // Read-then-write: correct only if no other thread's statements run between the two.
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    for _ in 0..<10 {
                        try connection.transaction {
                            let current = try connection.execute("SELECT n FROM counter").singleRow()?.integer("n") ?? -1
                            try connection.execute("UPDATE counter SET n = $1", [.integer(current + 1)])
                        }
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(try connection.execute("SELECT n FROM counter").singleRow()?.integer("n") == 80)
    }

    @Test func anUnreachableServerFailsToConnectWithLibpqsReason() throws {
        let server = try PostgresTestServer.shared.get()
        let started = Date()
        // The socket directory exists but no server listens on this port there.
        let error = try #require(throws: PostgresError.self) {
            try PostgresConnection("host=\(server.socketDirectory) port=1 user=trustcheck dbname=postgres")
        }
        #expect(error.kind == .connectionFailed)
        #expect(error.code == "postgres.connectionFailed")
        #expect(error.message.contains("could not connect to PostgreSQL"))
        #expect(error.message.contains(".s.PGSQL.1"))
        #expect(Date().timeIntervalSince(started) < 15)

        let malformed = try #require(throws: PostgresError.self) { try PostgresConnection("host=127.0.0.1 nonsense") }
        #expect(malformed.kind == .connectionFailed)
    }

    @Test func aDroppedSessionIsLostInsideATransactionAndResetOutsideOne() throws {
        let (connection, server, database) = try freshConnection()
        let admin = try PostgresConnection(server.connectionString(database: database))
        let pid = try #require(try connection.execute("SELECT pg_backend_pid() AS pid").singleRow()?.integer("pid"))

        let lost = try #require(throws: PostgresError.self) {
            try connection.transaction {
                // The second argument waits (ms) until the session is gone.
                try admin.execute("SELECT pg_terminate_backend($1::integer, 5000)", [.integer(pid)])
                try connection.execute("SELECT 1")
            }
        }
        #expect(lost.kind == .connectionLost)

        // Outside a transaction the broken connection is reset before the next statement.
        let again = try connection.execute("SELECT pg_backend_pid() AS pid").singleRow()?.integer("pid")
        #expect(again != nil)
        #expect(again != pid)
    }

    @Test func readingAMissingColumnOrAWrongTypeIsAnError() throws {
        let (connection, _, _) = try freshConnection()
        let row = try #require(try connection.execute("SELECT 'abc'::text AS word, NULL::integer AS nothing").singleRow())
        let missing = try #require(throws: PostgresError.self) { try row.string("absent") }
        #expect(missing.kind == .unexpectedValue)
        #expect(missing.message.contains("word"))
        let wrongType = try #require(throws: PostgresError.self) { try row.integer("word") }
        #expect(wrongType.kind == .unexpectedValue)
        let required = try #require(throws: PostgresError.self) { try row.required("nothing", row.integer) }
        #expect(required.message.contains("nothing"))
        #expect(throws: PostgresError.self) {
            try connection.execute("SELECT 1 UNION ALL SELECT 2").singleRow()
        }
    }
}
