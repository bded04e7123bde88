import Foundation
@testable import ReportCollector
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
    @Test func storesEveryReportFormat() throws { try withDirectory { try behaviour($0).storesEveryReportFormat() } }
    @Test func analysisMatchesTheReference() throws { try withDirectory { try behaviour($0).analysisMatchesTheReference() } }

    /// A database the first schema made, with a report in it, is rebuilt by migration 2: the report, its
    /// certificates and body keep their ids, its resend is still a duplicate, and Android reports now fit.
    @Test func aFirstVersionDatabaseMigratesKeepingItsReports() throws {
        try withDirectory { directory in
            let path = directory.file("reports.db")
            let report = try SampleReports.received(try SampleReports.body())
            do {
                // Version 1 as the first collector made it: its schema (copied below) and one report.
                let connection = try SQLiteConnection(path: path)
                try connection.execute(Self.firstSchema)
                try connection.execute("PRAGMA user_version = 1")
                let body = report.body
                _ = try connection.query(
                    """
                    INSERT INTO reports (id, deduplication_key, received_at_ms, source, app_bundle_id, app_version, app_platform,
                        app_platform_version, app_vendor_id, trustkit_version, date_time_ms, hostname, port, noted_hostname,
                        include_subdomains, enforce_pinning, validated_certificate_chain, known_pins, validation_result,
                        anchor_check, duplicate_count)
                    VALUES (7, ?1, 1000, '127.0.0.1', ?2, ?3, 'IOS', '17.1.0', ?4, '3.0.0', ?5, ?6, 0, ?7, 1, 0, ?8, ?9, 1, 'chains', 2)
                    """,
                    [.text(report.deduplicationKey), .text(body.appBundleID), .text(body.appVersion), .text(body.appVendorID),
                     .integer(Int64(body.dateTime.timeIntervalSince1970 * 1000)), .text(body.hostname), .text(body.notedHostname),
                     .text(String(decoding: try JSONEncoder().encode(body.validatedCertificateChain), as: UTF8.self)),
                     .text(String(decoding: try JSONEncoder().encode(body.knownPins), as: UTF8.self))])
                for certificate in report.certificates {
                    _ = try connection.query(
                        "INSERT INTO report_certificates VALUES (7, ?1, ?2, ?3, ?4, ?5, ?6, ?7)",
                        [.integer(Int64(certificate.position)), .text(certificate.subject), .text(certificate.issuer),
                         .text(certificate.spkiPin), .text(certificate.sha256),
                         .integer(Int64(certificate.notBefore.timeIntervalSince1970 * 1000)),
                         .integer(Int64(certificate.notAfter.timeIntervalSince1970 * 1000))])
                }
                _ = try connection.query("INSERT INTO report_bodies VALUES (7, ?1)", [.blob(report.rawBody)])
                connection.close()
            }
            let store = try ReportStoreOpener.open(.sqlite(path: path))
            defer { store.close() }
            let migrated = try store.reports(since: nil)
            #expect(migrated.map(\.id) == [7])
            #expect(migrated.first?.body == report.body)
            #expect(migrated.first?.body.format == .iOS)
            #expect(migrated.first?.certificates == report.certificates)
            #expect(migrated.first?.duplicateCount == 2)
            #expect(try store.rawBody(reportID: 7) == report.rawBody)
            #expect(try store.store(report) == .duplicate(id: 7))
            guard case .stored = try store.store(try SampleReports.received(try SampleReports.androidSample())) else {
                Issue.record("an Android report was not stored after the migration")
                return
            }
            let connection = try SQLiteConnection(path: path, create: false)
            #expect(try connection.query("PRAGMA user_version").first?.first == .integer(4))
            #expect(try connection.query("PRAGMA foreign_key_check").isEmpty)
            let indexes = try connection.query("SELECT name FROM sqlite_master WHERE type = 'index' AND name LIKE 'reports_%' ORDER BY name")
            #expect(indexes.compactMap { $0.first?.text } == ["reports_by_host", "reports_by_received"])
            // The migration derived the stored report's leaf, chain and keys, as intake does for a new one.
            let derived = try connection.query("SELECT leaf_sha256, chain_id IS NOT NULL FROM reports WHERE id = 7")
            #expect(derived.first == [.text(try #require(report.certificates.first).sha256), .integer(1)])
            let chainPins = try connection.query(
                "SELECT k.pin FROM chain_keys k JOIN reports r ON r.chain_id = k.chain_id WHERE r.id = 7 ORDER BY k.pin")
            #expect(chainPins.compactMap { $0.first?.text } == Set(report.certificates.map(\.spkiPin)).sorted())
            // Its chain chains ('chains'), so it vouches for its keys and its known pins (as bare base64), as of
            // its receipt (1000 ms), and the stored Android report's (not checked) for none.
            let known = try connection.query("SELECT pin, last_vouched_ms FROM known_keys ORDER BY pin")
            #expect(known.compactMap { $0.first?.text } == Set(report.certificates.map(\.spkiPin) + report.body.knownPinHashes).sorted())
            #expect(known.allSatisfy { $0.last == .integer(1000) })
            // It is counted in its hour (from 0 ms) with its two resends and the one after the migration, under
            // the group key of its columns as intake computes it (its stored 0 read as enforce-pinning false).
            let hour = try connection.query("SELECT hour_ms, reports, duplicates, first_id, last_id, group_key FROM report_hours WHERE first_id = 7")
            #expect(hour.first?.prefix(5) == [.integer(0), .integer(1), .integer(3), .integer(7), .integer(7)])
            let stored = try #require(try connection.query("SELECT known_pins, chain_id, group_key FROM reports WHERE id = 7").first)
            let columns = ReportHours.Dimensions(
                hostname: report.body.hostname, notedHostname: report.body.notedHostname,
                leafSHA256: try #require(report.certificates.first).sha256, chainID: stored[1].integer, anchorCheck: "chains",
                appVersion: report.body.appVersion, appPlatform: "IOS", knownPins: stored[0].text ?? "", enforcePinning: false)
            #expect(stored[2] == .text(columns.groupKey))
            #expect(hour.first?.last == .text(columns.groupKey))
        }
    }

    /// Schema version 1 as the first collector created it (SQLiteSchema's first migration, copied).
    private static let firstSchema = """
        CREATE TABLE reports (
            id INTEGER PRIMARY KEY, deduplication_key TEXT NOT NULL UNIQUE, received_at_ms INTEGER NOT NULL,
            source TEXT NOT NULL, app_bundle_id TEXT NOT NULL, app_version TEXT NOT NULL, app_platform TEXT NOT NULL,
            app_platform_version TEXT NOT NULL, app_vendor_id TEXT NOT NULL, trustkit_version TEXT NOT NULL,
            date_time_ms INTEGER NOT NULL, hostname TEXT NOT NULL, port INTEGER NOT NULL, noted_hostname TEXT NOT NULL,
            include_subdomains INTEGER NOT NULL, enforce_pinning INTEGER NOT NULL, validated_certificate_chain TEXT NOT NULL,
            known_pins TEXT NOT NULL, validation_result INTEGER NOT NULL, known_pins_expiration_ms INTEGER,
            anchor_check TEXT NOT NULL, anchor_reason TEXT, duplicate_count INTEGER NOT NULL DEFAULT 0
        );
        CREATE INDEX reports_by_received ON reports (received_at_ms, id);
        CREATE INDEX reports_by_host ON reports (hostname, received_at_ms);
        CREATE TABLE report_certificates (
            report_id INTEGER NOT NULL REFERENCES reports (id), position INTEGER NOT NULL, subject TEXT NOT NULL,
            issuer TEXT NOT NULL, spki_pin TEXT NOT NULL, sha256 TEXT NOT NULL, not_before_ms INTEGER NOT NULL,
            not_after_ms INTEGER NOT NULL, PRIMARY KEY (report_id, position)
        ) WITHOUT ROWID;
        CREATE TABLE report_bodies (report_id INTEGER PRIMARY KEY REFERENCES reports (id), body BLOB NOT NULL);
        CREATE TABLE malformed_bodies (
            reason TEXT PRIMARY KEY, count INTEGER NOT NULL, last_source TEXT NOT NULL, last_received_ms INTEGER NOT NULL
        ) WITHOUT ROWID;
        """

    @Test func theDatabaseIsInWALModeAtTheCurrentSchemaVersion() throws {
        try withDirectory { directory in
            let path = directory.file("reports.db")
            try ReportStoreOpener.open(.sqlite(path: path)).close()
            let connection = try SQLiteConnection(path: path, create: false)
            #expect(try connection.query("PRAGMA journal_mode").first?.first == .text("wal"))
            #expect(try connection.query("PRAGMA user_version").first?.first == .integer(4))
            let tables = try connection.query("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").compactMap { $0.first?.text }
            #expect(tables == ["chain_keys", "chains", "known_keys", "malformed_bodies", "report_bodies", "report_certificates", "report_hours",
                               "reports"])
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
