import Foundation
import ReportCollector
import SQLiteBridge
import Testing
#if canImport(Glibc)
import Glibc
#endif

@Suite struct SQLiteReportStoreTests {
    private func behaviour(_ directory: TemporaryDirectory) -> ReportStoreBehaviour {
        let path = directory.file("reports.db")
        return ReportStoreBehaviour { try ReportStoreOpener.open(.sqlite(path: path)) }
    }

    private func withDirectory(_ body: (TemporaryDirectory) throws -> Void) throws {
        let directory = try TemporaryDirectory("sqlite-store")
        defer { directory.remove() }
        try body(directory)
    }

    @Test func storesAndReadsBack() throws { try withDirectory { try behaviour($0).storesAndReadsBack() } }
    @Test func deduplicatesAsTrustKitKeysReports() throws { try withDirectory { try behaviour($0).deduplicatesAsTrustKitKeysReports() } }
    @Test func countsMalformedBodies() throws { try withDirectory { try behaviour($0).countsMalformedBodies() } }
    @Test func selectsByReceiveTime() throws { try withDirectory { try behaviour($0).selectsByReceiveTime() } }
    @Test func migratesIdempotently() throws { try withDirectory { try behaviour($0).migratesIdempotently() } }
    @Test func concurrentWritersNeitherLoseNorDuplicate() throws {
        try withDirectory { try behaviour($0).concurrentWritersNeitherLoseNorDuplicate() }
    }
    @Test func deletesReportsByAge() throws { try withDirectory { try behaviour($0).deletesReportsByAge() } }
    @Test func closedStoreRefuses() throws { try withDirectory { try behaviour($0).closedStoreRefuses() } }

    @Test func theDatabaseIsInWALModeAtSchemaVersionOne() throws {
        try withDirectory { directory in
            let path = directory.file("reports.db")
            try ReportStoreOpener.open(.sqlite(path: path)).close()
            let connection = try SQLiteConnection(path: path, create: false)
            #expect(try connection.query("PRAGMA journal_mode").first?.first == .text("wal"))
            #expect(try connection.query("PRAGMA user_version").first?.first == .integer(1))
            let tables = try connection.query("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").compactMap { $0.first?.text }
            #expect(tables == ["malformed_bodies", "report_bodies", "report_certificates", "reports"])
        }
    }

    @Test func aNewerSchemaIsRefused() throws {
        try withDirectory { directory in
            let path = directory.file("reports.db")
            try ReportStoreOpener.open(.sqlite(path: path)).close()
            try SQLiteConnection(path: path).execute("PRAGMA user_version = 99")
            do {
                _ = try ReportStoreOpener.open(.sqlite(path: path))
                Issue.record("a schema from a newer collector was accepted")
            } catch let error as ReportStoreError {
                #expect(error.code == "store.schema_too_new")
                #expect(error.localizedDescription.contains("newer collector"))
            }
        }
    }

    @Test func aPathThatIsNotARegularFileIsRefused() throws {
        try withDirectory { directory in
            let fifo = directory.file("fifo")
            #expect(mkfifo(fifo, 0o600) == 0)
            for path in [fifo, directory.path] {
                do {
                    _ = try SQLiteReportStore(path: path)
                    Issue.record("\(path) was opened as a database")
                } catch let error as ReportStoreError {
                    #expect(error.code == "store.open")
                    #expect(error.localizedDescription.contains("not a regular file"))
                }
            }
        }
    }

    @Test func aFileThatIsNotADatabaseIsAnOpenOrMigrationError() throws {
        try withDirectory { directory in
            let path = directory.file("garbage.db")
            try Data(repeating: 0x41, count: 4096).write(to: URL(fileURLWithPath: path))
            #expect(throws: ReportStoreError.self) { _ = try ReportStoreOpener.open(.sqlite(path: path)) }
        }
    }

    @Test func aPostgresURLNamesTheBackendAndHidesThePassword() throws {
        let location = ReportStoreLocation("postgres://collector:s3cret@db.internal:5432/reports")
        #expect(location == .postgres(url: "postgres://collector:s3cret@db.internal:5432/reports"))
        #expect(location.displayName == "postgres://collector:***@db.internal:5432/reports")
        #expect(ReportStoreLocation("reports.db") == .sqlite(path: "reports.db"))
    }
}
