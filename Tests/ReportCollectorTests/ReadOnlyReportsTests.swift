import Foundation
import PostgresBridge
import PostgresTestSupport
import ReportCollector
import SQLiteBridge
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `trustcheck reports` reads with read access alone: the store opened for reading never creates, migrates
/// or writes, for an SQLite file and for a PostgreSQL user with SELECT only.
@Suite struct ReadOnlyReportsTests {
    /// A database holding one report, closed again (as a stopped collector leaves it).
    private func databaseWithOneReport(_ directory: TemporaryDirectory) throws -> String {
        let path = directory.file("reports.db")
        let store = try ReportStoreOpener.open(.sqlite(path: path))
        _ = try store.store(try SampleReports.received(try SampleReports.body(vendor: "reader")))
        store.close()
        return path
    }

    @Test func anSQLiteStoreOpenedForReadingReadsAndRefusesToWrite() throws {
        let directory = try TemporaryDirectory("read-only")
        defer { directory.remove() }
        let path = try databaseWithOneReport(directory)
        let store = try ReportStoreOpener.openForReading(.sqlite(path: path))
        defer { store.close() }
        #expect(try store.reports(since: nil).count == 1)
        #expect(throws: ReportStoreError.self) { _ = try store.store(try SampleReports.received(try SampleReports.body(vendor: "other"))) }
        #expect(throws: ReportStoreError.self) {
            try store.recordMalformed(MalformedReport(reason: "body.not_json", source: "::1", receivedAt: SampleReports.time))
        }
    }

    @Test func readingNeverCreatesADatabase() throws {
        let directory = try TemporaryDirectory("read-only-missing")
        defer { directory.remove() }
        let path = directory.file("absent.db")
        #expect(throws: ReportStoreError.self) { _ = try ReportStoreOpener.openForReading(.sqlite(path: path)) }
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test func anOlderSchemaIsNotMigratedByAReader() throws {
        let directory = try TemporaryDirectory("read-only-old")
        defer { directory.remove() }
        let path = try databaseWithOneReport(directory)
        let connection = try SQLiteConnection(path: path)
        try connection.execute("PRAGMA user_version = 0")
        connection.close()
        do {
            _ = try ReportStoreOpener.openForReading(.sqlite(path: path))
            Issue.record("an older schema was opened for reading")
        } catch {
            #expect(error.kind == .schemaTooOld)
            #expect(error.localizedDescription.contains("run `trustcheck collect` on it once to upgrade it"), "\(error.localizedDescription)")
        }
        let check = try SQLiteConnection(path: path, readOnly: true)
        #expect(try check.query("PRAGMA user_version").first?.first?.integer == 0, "the reader left the version alone")
    }

    /// The real case: an account that may read the database file and nothing else in its folder runs
    /// `trustcheck reports`. Needs root (to run as `nobody`).
    @Test(.enabled(if: geteuid() == 0, "needs root to run the reader as another account"))
    func anAccountWithReadAccessAloneRunsTrustcheckReports() throws {
        let directory = try TemporaryDirectory("read-only-account")
        defer { directory.remove() }
        let path = try databaseWithOneReport(directory)
        // The folder and the files: readable by everyone, writable by root alone.
        chmod(directory.path, 0o755)
        for file in try FileManager.default.contentsOfDirectory(atPath: directory.path) { chmod(directory.file(file), 0o644) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/sbin/runuser")
        process.arguments = ["-u", "nobody", "--", try CollectorProcess.binary().path, "reports", "--db", path, "--json"]
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let stdout = output.fileHandleForReading.readDataToEndOfFile()
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(stderr)")
        let json = try JSONSerialization.jsonObject(with: stdout) as? [String: Any]
        #expect((json?["summary"] as? [String: Any])?["stored_reports"] as? Int == 1, "\(stderr)")
    }

    @Test(.enabled(if: PostgresTestServer.unavailableReason == nil, "PostgreSQL server binaries not installed"))
    func aPostgresUserWithSelectAloneReads() throws {
        let server = try PostgresTestServer.shared.get()
        let name = try server.makeDatabase()
        let writer = try ReportStoreOpener.open(ReportStoreLocation(server.url(database: name)))
        _ = try writer.store(try SampleReports.received(try SampleReports.body(vendor: "reader")))
        writer.close()
        let admin = try PostgresConnection(server.connectionString(database: name))
        // Role and database names are this test's own constants and hex digits: no parameters needed.
        try admin.execute("DO $$ BEGIN IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'report_reader') THEN CREATE ROLE report_reader LOGIN; END IF; END $$")
        try admin.execute("REVOKE CREATE ON SCHEMA public FROM PUBLIC")
        try admin.execute("GRANT SELECT ON ALL TABLES IN SCHEMA public TO report_reader")
        let readerURL = "postgres://report_reader@127.0.0.1:\(server.port)/\(name)"
        #expect(throws: ReportStoreError.self, "migrating needs more than SELECT") {
            _ = try ReportStoreOpener.open(ReportStoreLocation(readerURL))
        }
        let store = try ReportStoreOpener.openForReading(ReportStoreLocation(readerURL))
        defer { store.close() }
        #expect(try store.reports(since: nil).count == 1)
        #expect(throws: ReportStoreError.self) { _ = try store.store(try SampleReports.received(try SampleReports.body(vendor: "other"))) }
    }
}
