import Foundation
import PostgresBridge
import PostgresTestSupport
@testable import ReportCollector
import Testing

/// The PostgreSQL store against a real server the tests start: the same behaviour checks the SQLite store
/// passes, then what only a shared database has (concurrent migrations, two collector processes).
@Suite(.enabled(if: PostgresTestServer.unavailableReason == nil,
                "PostgreSQL server binaries not installed (apt-get install postgresql)"))
struct PostgresReportStoreTests {
    /// A new database of the shared server and its URL, as `--db` takes it.
    private func freshDatabase() throws -> (url: String, name: String, server: PostgresTestServer) {
        let server = try PostgresTestServer.shared.get()
        let name = try server.makeDatabase()
        return (server.url(database: name), name, server)
    }

    private func behaviour() throws -> ReportStoreBehaviour {
        let url = try freshDatabase().url
        return ReportStoreBehaviour { try ReportStoreOpener.open(ReportStoreLocation(url)) }
    }

    @Test func storesAndReadsBack() throws { try behaviour().storesAndReadsBack() }
    @Test func deduplicatesAsTrustKitKeysReports() throws { try behaviour().deduplicatesAsTrustKitKeysReports() }
    @Test func countsMalformedBodies() throws { try behaviour().countsMalformedBodies() }
    @Test func selectsByReceiveTime() throws { try behaviour().selectsByReceiveTime() }
    @Test func migratesIdempotently() throws { try behaviour().migratesIdempotently() }
    @Test func concurrentWritersNeitherLoseNorDuplicate() throws { try behaviour().concurrentWritersNeitherLoseNorDuplicate() }
    @Test func deletesReportsByAge() throws { try behaviour().deletesReportsByAge() }
    @Test func closedStoreRefuses() throws { try behaviour().closedStoreRefuses() }
    @Test func storesEveryReportFormat() throws { try behaviour().storesEveryReportFormat() }
    @Test func analysisMatchesTheReference() throws { try behaviour().analysisMatchesTheReference() }

    @Test func theOpenerPicksPostgresForAPostgresURL() throws {
        let url = try freshDatabase().url
        let store = try ReportStoreOpener.open(ReportStoreLocation(url.replacingOccurrences(of: "postgres://", with: "postgresql://")))
        defer { store.close() }
        #expect(store is PostgresReportStore)
    }

    @Test func theSchemaIsVersionedAndHasTheSQLiteStoresTables() throws {
        let (url, _, _) = try freshDatabase()
        try ReportStoreOpener.open(ReportStoreLocation(url)).close()
        let connection = try PostgresConnection(url)
        #expect(try connection.execute("SELECT version FROM schema_version").rows.map { try $0.integer("version") } == [4])
        let tables = try connection.execute(
            "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name")
            .rows.map { try $0.string("table_name") }
        #expect(tables == ["chain_keys", "chains", "known_keys", "malformed_bodies", "report_bodies", "report_certificates", "report_hours",
                           "reports", "schema_version"])
        let unique = try connection.execute(
            """
            SELECT count(*) AS n FROM pg_indexes WHERE tablename = 'reports' AND indexdef LIKE 'CREATE UNIQUE INDEX%(deduplication_key)'
            """).singleRow()?.integer("n")
        #expect(unique == 1)
    }

    /// A database of schema version 3 (before hourly counts) is migrated: each stored report gets the group key
    /// intake gives it and is counted in its hour with its resends.
    @Test func aVersionThreeDatabaseIsCountedByTheHour() throws {
        let (url, _, _) = try freshDatabase()
        let report = try SampleReports.received(try SampleReports.body())
        let store = try ReportStoreOpener.open(ReportStoreLocation(url))
        guard case .stored(let id) = try store.store(report) else {
            store.close()
            Issue.record("the report was not stored")
            return
        }
        #expect(try store.store(report) == .duplicate(id: id))
        store.close()
        let connection = try PostgresConnection(url)
        let key = try connection.execute("SELECT group_key FROM reports").singleRow()?.string("group_key")
        let hour = ReportHours.hourStart(report.receivedAt.epochMilliseconds)
        func counted() throws -> [[Int64?]] {
            try connection.execute("SELECT hour_ms, reports, duplicates, first_id, last_id FROM report_hours").rows.map { row in
                try ["hour_ms", "reports", "duplicates", "first_id", "last_id"].map { try row.integer($0) }
            }
        }
        #expect(try counted() == [[hour, 1, 1, id, id]])
        // Version 3 as it was: no hourly counts, no group keys.
        try connection.execute("DROP TABLE report_hours")
        try connection.execute("ALTER TABLE reports DROP COLUMN group_key")
        try connection.execute("UPDATE schema_version SET version = 3")
        try ReportStoreOpener.open(ReportStoreLocation(url)).close()
        #expect(try connection.execute("SELECT group_key FROM reports").singleRow()?.string("group_key") == key)
        #expect(key?.count == 64)
        #expect(try counted() == [[hour, 1, 1, id, id]])
        #expect(try connection.execute("SELECT version FROM schema_version").rows.map { try $0.integer("version") } == [4])
    }

    @Test func aNewerSchemaIsRefused() throws {
        let (url, _, _) = try freshDatabase()
        try ReportStoreOpener.open(ReportStoreLocation(url)).close()
        try PostgresConnection(url).execute("UPDATE schema_version SET version = 99")
        let error = try #require(throws: ReportStoreError.self) { _ = try ReportStoreOpener.open(ReportStoreLocation(url)) }
        #expect(error.code == "store.schema_too_new")
        #expect(error.localizedDescription.contains("newer collector"))
        #expect(error.localizedDescription.contains("99"))
    }

    @Test func collectorsStartingTogetherMigrateOnce() throws {
        let (url, _, _) = try freshDatabase()
        let stores = try (0..<4).map { _ in try PostgresReportStore(url: url) }
        defer { stores.forEach { $0.close() } }
        let failures = Outcomes()
        DispatchQueue.concurrentPerform(iterations: stores.count) { index in
            do { try stores[index].migrate() } catch { failures.fail(error) }
        }
        #expect(failures.errors.isEmpty, "\(failures.errors)")
        #expect(try PostgresConnection(url).execute("SELECT version FROM schema_version").rows.count == 1)
        #expect(try stores[3].store(try SampleReports.received(try SampleReports.body())) == .stored(id: 1))
    }

    @Test func anUnreachableServerIsAnOpenErrorWithoutThePassword() throws {
        let server = try PostgresTestServer.shared.get()
        // The server's socket directory, at a port nothing listens on.
        let url = "postgresql://trustcheck:s3cret@/postgres?host=\(server.socketDirectory)&port=1"
        let error = try #require(throws: ReportStoreError.self) { _ = try ReportStoreOpener.open(ReportStoreLocation(url)) }
        #expect(error.code == "store.open")
        #expect(error.location.contains("trustcheck:***@"))
        #expect(error.localizedDescription.contains("cannot open the report database"))
        #expect(!error.localizedDescription.contains("s3cret"))
    }

    @Test func aRowThisCollectorCannotReadIsCorruptNotACrash() throws {
        let (url, _, _) = try freshDatabase()
        let store = try ReportStoreOpener.open(ReportStoreLocation(url))
        defer { store.close() }
        _ = try store.store(try SampleReports.received(try SampleReports.body()))
        // Any app_platform is a platform (kept as the report said it); a report format is one this collector knows.
        try PostgresConnection(url).execute("UPDATE reports SET report_format = 'amiga'")
        let error = try #require(throws: ReportStoreError.self) { _ = try store.reports(since: nil) }
        #expect(error.code == "store.corrupt")
        #expect(error.detail.contains("report_format"))
    }

    /// Two `trustcheck collect` processes (as behind a load balancer) on one database, each sent every
    /// report at once (a client resending through the other collector): every report stored exactly once,
    /// each copy acknowledged, the copies counted as duplicates.
    @Test func twoCollectorProcessesOnOneDatabaseNeitherLoseNorDuplicate() throws {
        let (url, _, _) = try freshDatabase()
        let directory = try TemporaryDirectory("postgres-collectors")
        defer { directory.remove() }
        let collectors = try (0..<2).map { _ in
            try CollectorProcess(database: url, directory: directory, arguments: ["--rate-limit", "0"])
        }
        defer { collectors.forEach { $0.stop() } }
        let reportCount = 60
        let bodies = try (0..<reportCount).map { try SampleReports.body(vendor: "install-\($0)") }
        let answers = PostgresCollectorAnswers()
        let ports = collectors.map(\.port)
        // Four senders: two per collector, each sending every report once.
        DispatchQueue.concurrentPerform(iterations: 4) { sender in
            let client = LoopbackHTTPClient(port: ports[sender % 2])
            for body in bodies {
                do { answers.add(try client.post("/report", body: body)) } catch { answers.fail(error) }
            }
        }
        #expect(answers.errors.isEmpty, "\(answers.errors)")
        #expect(answers.count(201) == reportCount)
        #expect(answers.count(200) == reportCount * 3)
        #expect(Set(answers.storedIDs).count == reportCount)

        let store = try PostgresReportStore(url: url)
        defer { store.close() }
        let reports = try store.reports(since: nil)
        #expect(reports.count == reportCount)
        #expect(Set(reports.map(\.body.appVendorID)) == Set((0..<reportCount).map { "install-\($0)" }))
        #expect(reports.allSatisfy { $0.duplicateCount == 3 })
        #expect(try store.statistics().duplicates == reportCount * 3)
        // The raw body kept is the exact bytes one of the collectors received.
        let first = try #require(reports.first)
        #expect(try store.rawBody(reportID: first.id) == bodies[Int(first.body.appVendorID.dropFirst("install-".count))!])
    }
}
