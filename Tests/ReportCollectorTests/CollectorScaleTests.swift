import Foundation
import PostgresBridge
import PostgresTestSupport
@testable import ReportCollector
import SQLiteBridge
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The collector over a large store, on each database: how long the dashboard's reads and `trustcheck
/// reports` take, what the collector's memory comes to, and what intake does while readers loop.
///
/// `make collector-load` runs it at 1,000,000 stored reports (`TRUSTCHECK_COLLECTOR_LOAD_REPORTS`) against
/// the release `trustcheck` and checks the bounds the README states; `swift test` runs it at 20,000 with no
/// timing checked, so that the harness itself is tested on every build.
@Suite(.serialized) struct CollectorScaleTests {
    static let environment = ProcessInfo.processInfo.environment
    static let reportCount = environment["TRUSTCHECK_COLLECTOR_LOAD_REPORTS"].flatMap(Int.init) ?? 20_000
    /// Bounds are checked only when asked for (`make collector-load`): under `swift test` every other suite
    /// shares the cores.
    static let checksBounds = environment["TRUSTCHECK_COLLECTOR_LOAD_REPORTS"] != nil
    /// The README's bounds: a read, the dashboard's four reads together, `trustcheck reports`.
    static let readBound: TimeInterval = 2
    /// The collector's resident memory after the reads and the intake, at most.
    static let collectorMemoryBoundMB = 256
    /// `trustcheck reports`'s resident memory at most.
    static let reportsMemoryBoundMB = 256

    @Test func sqliteAtScale() async throws {
        let directory = try TemporaryDirectory("collector-scale")
        defer { directory.remove() }
        let path = directory.file("reports.db")
        let seeded = try Self.seed(.sqlite(path: path), count: Self.reportCount) { copies, spacing, templates in
            let connection = try SQLiteConnection(path: path, create: false)
            defer { connection.close() }
            try connection.execute("BEGIN")
            _ = try connection.query(
                """
                WITH RECURSIVE copy(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM copy WHERE i < ?1)
                INSERT INTO reports (\(Self.copiedColumns)) SELECT \(Self.copiedValues("copy.i", spacing: "?2"))
                FROM copy, reports WHERE reports.id <= ?3 ORDER BY copy.i, reports.id
                """, [.integer(Int64(copies)), .integer(spacing), .integer(templates)])
            _ = try connection.query("UPDATE known_keys SET last_vouched_ms = (SELECT max(received_at_ms) FROM reports)")
            try ReportHours.rebuildAll(.sqlite) { sql, values in
                _ = try connection.query(sql, values.map { value -> SQLiteValue in
                    guard case .integer(let integer) = value else { return .null }
                    return .integer(integer)
                })
                return []
            }
            try connection.execute("COMMIT")
            try connection.execute("ANALYZE")
        }
        try await measure(database: path, name: "SQLite", seeded: seeded, directory: directory)
    }

    @Test(.enabled(if: PostgresTestServer.unavailableReason == nil, "PostgreSQL server binaries not installed"))
    func postgresAtScale() async throws {
        let directory = try TemporaryDirectory("collector-scale-pg")
        defer { directory.remove() }
        let server = try PostgresTestServer.shared.get()
        let url = server.url(database: try server.makeDatabase())
        let seeded = try Self.seed(ReportStoreLocation(url), count: Self.reportCount) { copies, spacing, templates in
            let connection = try PostgresConnection(url)
            try connection.transaction {
                try connection.execute(
                    """
                    INSERT INTO reports (\(Self.copiedColumns)) SELECT \(Self.copiedValues("copy.i", spacing: "$2"))
                    FROM generate_series(1, $1) AS copy(i), reports WHERE reports.id <= $3 ORDER BY copy.i, reports.id
                    """, [.integer(Int64(copies)), .integer(spacing), .integer(templates)])
                try connection.execute("UPDATE known_keys SET last_vouched_ms = (SELECT max(received_at_ms) FROM reports)")
                try ReportHours.rebuildAll(.postgres) { sql, values in
                    try connection.execute(sql, values.map { value -> PostgresValue in
                        guard case .integer(let integer) = value else { return .null }
                        return .integer(integer)
                    })
                    return []
                }
            }
            // Index-only scans need the visibility map, as autovacuum keeps it on a live database.
            try connection.execute("VACUUM ANALYZE")
        }
        try await measure(database: url, name: "PostgreSQL", seeded: seeded, directory: directory)
    }

    // MARK: - The store

    /// Every column of a report row but its id: what a copy repeats.
    static let copiedColumns = """
        deduplication_key, received_at_ms, source, app_bundle_id, app_version, app_platform, app_platform_version,
        app_vendor_id, trustkit_version, date_time_ms, hostname, port, noted_hostname, include_subdomains, enforce_pinning,
        validated_certificate_chain, known_pins, validation_result, known_pins_expiration_ms, anchor_check, anchor_reason,
        duplicate_count, report_format, served_certificate_chain, leaf_sha256, chain_id, group_key
        """

    /// A template's columns for copy `copy`, `spacing` ms later per copy, under its own deduplication key and
    /// device.
    static func copiedValues(_ copy: String, spacing: String) -> String {
        """
        deduplication_key || '-' || \(copy), received_at_ms + \(copy) * \(spacing), source, app_bundle_id, app_version,
        app_platform, app_platform_version, app_vendor_id || '-' || \(copy), trustkit_version, date_time_ms + \(copy) * \(spacing),
        hostname, port, noted_hostname, include_subdomains, enforce_pinning, validated_certificate_chain, known_pins,
        validation_result, known_pins_expiration_ms, anchor_check, anchor_reason, duplicate_count, report_format,
        served_certificate_chain, leaf_sha256, chain_id, group_key
        """
    }

    /// Templates stored through the store as intake stores them (12 hosts; chains that chain, do not, or chain
    /// with an extra unknown key; 50 versions; both platforms; both enforcement modes; no two alike in what the
    /// analysis groups on), then `multiply` copies them (copies, ms between copies, the templates' last id) and
    /// counts their hours, until the store holds `count` reports spread over 30 days: what a fleet's month of
    /// failures looks like, at the cost of a few statements. Every template is in every hour, so the hourly
    /// counts hold 200 rows per hour (144,000 for 30 days).
    static func seed(_ location: ReportStoreLocation, count: Int,
                     multiply: (_ copies: Int, _ spacing: Int64, _ templates: Int64) throws -> Void) throws -> Int
    {
        let templates = 200
        let store = try ReportStoreOpener.open(location)
        let hosts = (0..<12).map { "host-\($0).example.com" }
        let chains = [SampleReports.goodChain, SampleReports.goodChain, SampleReports.goodChain, SampleReports.otherChain]
        for index in 0..<templates {
            var fields = try SampleReports.fields(host: hosts[index % hosts.count], chain: chains[index % chains.count],
                                                  vendor: "template-\(index)", version: "2.\(index / 4)",
                                                  platform: index % 3 == 0 ? "ANDROID" : "IOS")
            if index % 3 == 0 { fields["served-certificate-chain"] = fields["validated-certificate-chain"] }
            fields["enforce-pinning"] = index % 2 == 0
            _ = try store.store(try SampleReports.received(try SampleReports.body(fields),
                                                           at: SampleReports.time.addingTimeInterval(TimeInterval(index))))
        }
        store.close()
        let copies = max(0, count / templates - 1)
        if copies > 0 { try multiply(copies, 30 * 86_400_000 / Int64(copies), Int64(templates)) }
        return templates * (copies + 1)
    }

    // MARK: - Measurements

    private func measure(database: String, name: String, seeded: Int, directory: TemporaryDirectory) async throws {
        let collector = try CollectorProcess(
            database: database, directory: directory,
            arguments: ["--rate-limit", "0", "--anchors", SampleReports.path("root.pem")] + (try CollectorProcess.readTokenArguments(directory)))
        defer { collector.stop() }
        let port = collector.port
        let authorization = ["Authorization": "Bearer \(CollectorProcess.readToken)"]
        var lines = ["collector load (\(name), \(seeded) stored reports):"]

        // Each read alone, its slowest of three.
        let paths = ["/api/summary", "/api/timeline", "/api/suspects", "/api/rotation", "/api/reports/1"]
        for path in paths {
            var slowest = 0.0
            for _ in 0..<3 {
                let started = Date()
                let response = try LoopbackHTTPClient(port: port).get(path, headers: authorization)
                slowest = max(slowest, Date().timeIntervalSince(started))
                #expect(response.status == 200, "\(path): \(response.text.prefix(300))")
            }
            lines.append("  \(path): \(Self.ms(slowest))")
            if Self.checksBounds { #expect(slowest < Self.readBound, "\(path) took \(slowest) s") }
        }
        let summary = try LoopbackHTTPClient(port: port).get("/api/summary", headers: authorization).json()
        #expect(summary["stored_reports"] as? Int == seeded)
        #expect((summary["suspects"] as? Int ?? 0) > 0)

        // The dashboard's load: its four reads at once.
        let dashboard = try await Self.timed { try Self.concurrently(paths.dropLast().map { ($0, authorization) }, port: port) }
        #expect(dashboard.value.allSatisfy { $0 == 200 }, "\(dashboard.value)")
        lines.append("  dashboard (4 reads at once): \(Self.ms(dashboard.seconds))")
        if Self.checksBounds { #expect(dashboard.seconds < Self.readBound) }

        // Intake while 4 readers loop over the analysis.
        let intake = try await intakeUnderReads(port: port, authorization: authorization, reports: Self.checksBounds ? 4_000 : 800)
        lines.append("  intake under 4 looping readers: \(intake.stored) reports at \(Int(intake.rate))/s, p50 \(Self.ms(intake.p50)), "
                     + "p99 \(Self.ms(intake.p99)); \(intake.reads) reads answered meanwhile (\(intake.busy) told to retry)")
        #expect(intake.stored == intake.sent, "every report sent was stored")
        if Self.checksBounds { #expect(intake.p99 < 1, "intake p99 \(intake.p99) s while readers loop") }

        let memory = collector.residentPeakMB ?? -1
        lines.append("  collector peak resident memory: \(memory) MB")
        if Self.checksBounds { #expect(memory > 0 && memory < Self.collectorMemoryBoundMB) }

        // trustcheck reports, read-only, as its own process.
        let reports = try MeasuredRun.run(try CollectorProcess.binary().path, ["reports", "--db", database, "--json"], directory: directory)
        #expect(reports.status == 0, "\(reports.output.prefix(500))")
        lines.append("  trustcheck reports: \(Self.ms(reports.seconds)), peak resident memory \(reports.peakMB) MB")
        if Self.checksBounds {
            #expect(reports.seconds < Self.readBound)
            #expect(reports.peakMB < Self.reportsMemoryBoundMB)
        }
        print(lines.joined(separator: "\n"))
    }

    struct Intake {
        var sent = 0, stored = 0, reads = 0, busy = 0
        var rate = 0.0, p50 = 0.0, p99 = 0.0
    }

    private func intakeUnderReads(port: UInt16, authorization: [String: String], reports: Int) async throws -> Intake {
        let stop = Flag(), counts = Counts()
        let readers = DispatchGroup(), senders = DispatchGroup()
        for reader in 0..<4 {
            readers.enter()
            Thread.detachNewThread {
                let client = LoopbackHTTPClient(port: port)
                let path = ["/api/summary", "/api/suspects", "/api/timeline", "/api/rotation"][reader]
                while !stop.isSet {
                    if let response = try? client.get(path, headers: authorization) { counts.read(status: response.status) }
                }
                readers.leave()
            }
        }
        try await Task.sleep(nanoseconds: 300_000_000)
        var fields = try SampleReports.fields(host: "intake.example.com")
        let bodies = try (0..<reports).map { index -> [UInt8] in
            fields["app-vendor-id"] = "intake-\(index)"
            return try SampleReports.body(fields)
        }
        let started = Date()
        for worker in 0..<4 {
            senders.enter()
            Thread.detachNewThread {
                let client = LoopbackHTTPClient(port: port)
                for body in bodies[(worker * reports / 4)..<((worker + 1) * reports / 4)] {
                    let sent = Date()
                    let status = (try? client.post("/report", body: body).status) ?? 0
                    counts.post(status: status, seconds: Date().timeIntervalSince(sent))
                }
                senders.leave()
            }
        }
        while senders.wait(timeout: .now()) != .success { try await Task.sleep(nanoseconds: 20_000_000) }
        let elapsed = Date().timeIntervalSince(started)
        stop.set()
        while readers.wait(timeout: .now()) != .success { try await Task.sleep(nanoseconds: 20_000_000) }
        let latencies = counts.latencies.sorted()
        var result = Intake()
        result.sent = reports
        result.stored = counts.stored
        result.reads = counts.reads
        result.busy = counts.busy
        result.rate = Double(counts.stored) / elapsed
        result.p50 = latencies.isEmpty ? 0 : latencies[latencies.count / 2]
        result.p99 = latencies.isEmpty ? 0 : latencies[min(latencies.count - 1, latencies.count * 99 / 100)]
        return result
    }

    // MARK: -

    static func ms(_ seconds: TimeInterval) -> String { "\(Int((seconds * 1000).rounded())) ms" }

    static func timed<T>(_ body: () async throws -> T) async throws -> (value: T, seconds: TimeInterval) {
        let started = Date()
        let value = try await body()
        return (value, Date().timeIntervalSince(started))
    }

    /// GETs at once, each on its own connection; their statuses.
    static func concurrently(_ requests: [(String, [String: String])], port: UInt16) throws -> [Int] {
        let statuses = Counts()
        let group = DispatchGroup()
        for (path, headers) in requests {
            group.enter()
            Thread.detachNewThread {
                statuses.read(status: (try? LoopbackHTTPClient(port: port).get(path, headers: headers).status) ?? 0)
                group.leave()
            }
        }
        group.wait()
        return statuses.readStatuses
    }
}

/// A flag set once, read from several threads.
private final class Flag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    var isSet: Bool { lock.withLock { value } }
    func set() { lock.withLock { value = true } }
}

/// What the load's threads saw.
private final class Counts: @unchecked Sendable {
    private let lock = NSLock()
    private var postLatencies: [TimeInterval] = []
    private var storedCount = 0, readCount = 0, busyCount = 0
    private var statuses: [Int] = []

    func post(status: Int, seconds: TimeInterval) {
        lock.withLock {
            postLatencies.append(seconds)
            if status == 201 { storedCount += 1 }
        }
    }

    func read(status: Int) {
        lock.withLock {
            statuses.append(status)
            if status == 200 { readCount += 1 } else if status == 503 { busyCount += 1 }
        }
    }

    var latencies: [TimeInterval] { lock.withLock { postLatencies } }
    var stored: Int { lock.withLock { storedCount } }
    var reads: Int { lock.withLock { readCount } }
    var busy: Int { lock.withLock { busyCount } }
    var readStatuses: [Int] { lock.withLock { statuses } }
}

/// A command run to its end with its wall time and peak resident memory (wait4's rusage), its output in a
/// file.
enum MeasuredRun {
    static func run(_ executable: String, _ arguments: [String], directory: TemporaryDirectory)
        throws -> (status: Int32, seconds: TimeInterval, peakMB: Int, output: String)
    {
        let outputPath = directory.file("measured-\(UUID().uuidString)")
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let started = Date()
        let spawned = posix_spawn(&pid, executable, &actions, nil, argv, environ)
        guard spawned == 0 else { throw LoopbackHTTPClient.Failure(description: "cannot run \(executable): \(String(cString: strerror(spawned)))") }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        let seconds = Date().timeIntervalSince(started)
        let output = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
        // ru_maxrss is in KiB on Linux.
        return ((status >> 8) & 0xFF, seconds, Int(usage.ru_maxrss) / 1024, output)
    }
}
